"""The games API at play: the state, moves, conceding, the heartbeat and the caller's games
(thin views over `games.service`; api.md is the contract)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from games.rules import Move
from games.service import play, presence, viewing
from games.service.errors import Refusal
from wildcards.api_schema import whole_number as number_schema
from wildcards.numbers import whole_number
from wildcards.throttling import ScopedRateThrottle

from . import examples as ex
from . import game_serializers as game
from . import pagination as pages
from . import schema as e
from . import serializers as s
from .errors import GameAPIView, invalid, refusal_response
from .pagination import GamePages
from .schema import STATE


class StateView(GameAPIView):
    @extend_schema(
        summary="What the caller may see of the game", tags=["play"],
        description="Your view of the game: the seats, the round (the top card, the color in "
                    "play, the turn, the deadline), your hand with the cards you may play and "
                    "why the others are refused, and the actions open to you now. A spectator "
                    "(a table that allows them) gets the same without `you`. With "
                    "`?since=<version>`, an unchanged table answers 304 with no body: poll "
                    "with it, or follow the table's event stream instead.",
        operation_id="getTableState",
        parameters=[OpenApiParameter("since", number_schema(),
                                     description="Answer 304 if the version is still this one.")],
        responses={200: STATE, 304: OpenApiResponse(description="Nothing changed."),
                   400: e.BAD_QUERY, 403: e.SEATED_ONLY, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def get(self, request, table_id: int):
        since = _int_param(request, "since")
        view = viewing.state_for(table_id, request.user, since)
        if view is None:
            return Response(status=status.HTTP_304_NOT_MODIFIED)
        return Response(view)


def _int_param(request, name: str) -> int | None:
    return whole_number(request.query_params.get(name), name)


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key", {"type": "string", "minLength": 1, "maxLength": 255},
    OpenApiParameter.HEADER,
    description="A retry with the same key answers the first answer again and acts once.")


def _idempotency_key(request) -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= 255:
        raise invalid("Idempotency-Key must be 1 to 255 characters.", "Idempotency-Key")
    return key


def _move_response(answer: play.Answer) -> Response:
    if isinstance(answer, Refusal):
        return refusal_response(answer)
    return Response(answer.view)


class MovesView(GameAPIView):
    throttle_scope = "moves"

    def get_throttles(self):
        return [ScopedRateThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        summary="The public move log", tags=["play"],
        description="The table's move log, oldest first, from the deal on: every accepted "
                    "move with what it did (`events`). Another seat's draw is `private`: its "
                    "cards are not shown. Read it in pages with `?after=<version>` (the last "
                    "entry's `version`); `more` says whether there are more.",
        operation_id="listMoves",
        parameters=[OpenApiParameter("after", number_schema(),
                                     description="Only moves after this version.")],
        responses={200: OpenApiResponse(game.MoveLogSerializer, "The moves after `after`, oldest "
                                        "first, at most 500 (`more`: there are others).",
                                        [ex.example("A draw and a play", ex.MOVE_LOG)]),
                   400: e.BAD_QUERY, 403: e.SEATED_ONLY, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def get(self, request, table_id: int):
        after = _int_param(request, "after") or 0
        return Response(viewing.move_log(table_id, request.user, after))

    @extend_schema(
        summary="Make a move (a play by a seat whose turn it is not is a jump-in)",
        tags=["play"],
        description="One move of the seat you hold: `play` (a `card`, with a `color` for a "
                    "Wild, a `target` where the card names a seat), `draw`, `take` (a draw "
                    "penalty), `pass`, `choose` (a color, after a Wild starter), `concede`, "
                    "`call` or `catch` (the last-card call). Send `expected_version` (the "
                    "state's `version`) to be refused with 409 `stale-version` if the table "
                    "has moved on, and an `Idempotency-Key` to retry safely. A move the rules "
                    "refuse is 422 with one reason code; nothing changes. The answer is your "
                    "new view of the game.",
        operation_id="playMove", request=s.MoveSerializer,
        parameters=[IDEMPOTENCY_KEY], examples=ex.MOVES,
        responses={200: STATE, **e.WITH_BODY,
                   400: e.error("Bad input, or a field the action does not take.", e.INVALID,
                                e.body("unexpected-field", '"draw" does not take "card": '
                                       "send only the action (and expected_version).",
                                       fields={"card": ['"draw" does not take "card": send only '
                                                        "the action (and expected_version)."]})),
                   403: e.SEATED_ONLY, 404: e.NOT_FOUND, 409: e.STALE, 422: e.REFUSED_MOVE,
                   429: e.THROTTLED})
    def post(self, request, table_id: int):
        serializer = s.MoveSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        move = Move(data["action"], data.get("card"), data.get("color"), data.get("target"),
                    data.get("call", False))
        answer = play.make_move(table_id, request.user, move,
                                expected_version=data.get("expected_version"),
                                idempotency_key=_idempotency_key(request))
        return _move_response(answer)


class ConcedeView(GameAPIView):
    @extend_schema(summary="Concede: your cards go to the bottom of the draw pile",
                   tags=["play"],
                   description="Leave the game for good: your cards go to the bottom of the "
                               "draw pile and play goes on without you; if only one player is "
                               "left, they win at once. The same as `POST moves` with "
                               "`{\"action\": \"concede\"}`.",
                   operation_id="concede", request=None,
                   parameters=[IDEMPOTENCY_KEY],
                   responses={200: STATE, 400: e.BAD_IDEMPOTENCY_KEY, 403: e.SEATED_ONLY,
                              404: e.NOT_FOUND, 422: e.REFUSED_MOVE, **e.LOGGED_IN})
    def post(self, request, table_id: int):
        answer = play.concede(table_id, request.user, idempotency_key=_idempotency_key(request))
        return _move_response(answer)


class HeartbeatView(GameAPIView):
    @extend_schema(
        summary="Say you are still at the table (real time: a quiet client's presence)",
        tags=["play"], request=None,
        description="At a real-time table a seat without presence (state, moves, heartbeat) "
                    "for two minutes is `away` and a bot plays for it; the next request gives "
                    "it back.",
        operation_id="sendHeartbeat",
        responses={204: None, 403: e.SEATED_ONLY, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def post(self, request, table_id: int):
        presence.heartbeat(table_id, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GamesView(GameAPIView):
    pagination_class = GamePages
    @extend_schema(summary="Your tables, those waiting on you first, in pages", tags=["play"],
                   description="The tables where you hold a seat: those waiting on your move "
                               "first, then by the turn's deadline, then playing before "
                               "waiting before finished, the latest changed first. In pages "
                               "of `limit` (50, at most 100); `next` is the address of the "
                               "next page, null on the last.",
                   operation_id="listMyGames", parameters=pages.PARAMETERS,
                   responses={200: OpenApiResponse(game.MyGameSerializer(many=True),
                                                   "A page of your tables.",
                                                   [ex.example("A page", ex.MY_GAMES_PAGE)]),
                              400: e.BAD_QUERY, **e.LOGGED_IN})
    def get(self, request):
        pager = self.pagination_class()
        page = pager.paginate_queryset(viewing.my_seats(request.user), request, self)
        return pager.get_paginated_response(viewing.game_rows(page))

