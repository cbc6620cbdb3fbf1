from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VacationUntilRequest")


@_attrs_define
class VacationUntilRequest:
    """
    Attributes:
        until (datetime.datetime): When the vacation ends: an ISO 8601 time with its offset ("2026-12-20T18:00:00Z").
    """

    until: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        until = self.until.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "until": until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        until = datetime.datetime.fromisoformat(d.pop("until"))

        vacation_until_request = cls(
            until=until,
        )

        return vacation_until_request
