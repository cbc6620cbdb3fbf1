"""Cursor pagination of the API's lists (`/api/tables`, `/api/games`): `{results, next}`, where
`next` is the address of the following page, or null on the last one.

Keyset pagination on the whole sort key: the cursor holds the key of the page's last row and
the next page starts strictly after it, so a row added or changed meanwhile never repeats or
hides one that stayed put. DRF's CursorPagination positions on the first ordering field alone
(ties by an offset it caps at 1,000), and `/api/games` sorts on several computed keys. The
cursor is signed: a client can only hand back one the server made."""

from __future__ import annotations

from datetime import datetime

from django.core import signing
from django.db.models import Q, QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework.pagination import BasePagination
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

from games.service import viewing
from wildcards.api_schema import whole_number as number_schema
from wildcards.numbers import whole_number

from .errors import invalid

DEFAULT_LIMIT, MAX_LIMIT = 50, 100
_SALT = "wildcards.api.cursor"


class KeysetPagination(BasePagination):
    """`ordering`: names on the rows (fields or annotations), `-` for descending; none may be
    null, and together they must be unique (end with the primary key)."""

    ordering: tuple[str, ...] = ("-id",)

    def paginate_queryset(self, queryset: QuerySet, request, view=None) -> list:
        self.request = request
        limit = _limit(request.query_params.get("limit"))
        queryset = queryset.order_by(*self.ordering)
        raw = request.query_params.get("cursor")
        if raw is not None:
            queryset = queryset.filter(self._after(self._decode(raw)))
        rows = list(queryset[:limit + 1])
        self.page = rows[:limit]
        self.next_key = self._key(self.page[-1]) if len(rows) > limit else None
        return self.page

    def get_paginated_response(self, data: list) -> Response:
        return Response({"results": data, "next": self.get_next_link()})

    def get_next_link(self) -> str | None:
        if self.next_key is None:
            return None
        cursor = signing.dumps(self.next_key, salt=_SALT, compress=True)
        return replace_query_param(self.request.build_absolute_uri(), "cursor", cursor)

    def _key(self, row) -> list:
        values = [getattr(row, name.lstrip("-")) for name in self.ordering]
        return [v.isoformat() if isinstance(v, datetime) else v for v in values]

    def _decode(self, raw: str) -> list:
        try:
            key = signing.loads(raw, salt=_SALT)
        except signing.BadSignature:
            key = None
        if not isinstance(key, list) or len(key) != len(self.ordering):
            raise invalid("cursor is not one this list gave: follow the `next` link as it is.",
                          "cursor")
        return key

    def _after(self, key: list) -> Q:
        """Rows strictly after `key` in the ordering: (a > x) or (a = x and b > y) or ..."""
        after = Q(pk__in=[])
        equal = Q()
        for name, value in zip(self.ordering, key, strict=True):
            field = name.lstrip("-")
            beyond = "lt" if name.startswith("-") else "gt"
            after |= equal & Q(**{f"{field}__{beyond}": value})
            equal &= Q(**{field: value})
        return after

    def get_paginated_response_schema(self, schema: dict) -> dict:
        return {
            "type": "object", "required": ["results", "next"],
            "properties": {
                "results": schema,
                "next": {"type": ["string", "null"], "format": "uri",  # OpenAPI 3.1
                         "description": "The next page's address; null on the last page.",
                         "example": "http://127.0.0.1:8000/api/tables?status=open&limit=1"
                                    "&cursor=WyIyMDI2LTExLTMwVDEyOjUxOjIxWiIsMV0:1tXh2R:x7Q"},
            },
        }


# The query parameters of every paged list, for the schema (drf-spectacular does not find a
# plain APIView's pager by itself).
PARAMETERS = [
    OpenApiParameter("limit", number_schema(1, MAX_LIMIT),
                     description=f"Rows per page, 1 to {MAX_LIMIT} "
                                               f"(default {DEFAULT_LIMIT})."),
    OpenApiParameter("cursor", str, description="Where the page starts: only as found in the "
                                                "previous page's `next`."),
]


def _limit(raw: str | None) -> int:
    return whole_number(raw, "limit", low=1, high=MAX_LIMIT, default=DEFAULT_LIMIT)


class TablePages(KeysetPagination):
    ordering = viewing.TABLES_ORDER


class GamePages(KeysetPagination):
    ordering = viewing.MY_GAMES_ORDER
