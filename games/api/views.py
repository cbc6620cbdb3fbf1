"""The games API: thin views over the service layer (`games.service`; api.md is the
contract)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from games.rules import Move
from games.service import lobby, play, presence, viewing
from games.service.errors import Refusal
from games.storage.reads import Game
from wildcards.throttling import ScopedRateThrottle

from . import serializers as s
from .errors import GameAPIView, invalid, refusal_response
from .pagination import GamePages, TablePages
from .presenters import table_json

ERRORS = {code: OpenApiResponse(s.ErrorSerializer, description=text) for code, text in {
    400: "Bad input: `code` says what, `fields` which field.",
    403: "Not allowed for the caller.",
    404: "No such table.",
    409: "Not possible in the table's present state.",
}.items()}


class TablesView(GameAPIView):
    pagination_class = TablePages  # GET
    @extend_schema(
        summary="List tables", tags=["tables"],
        parameters=[OpenApiParameter("status", str, enum=["open", "waiting", "playing",
                                                          "finished"],
                                     description="`open`: waiting for players, a seat free.")],
        responses={200: s.TableSerializer(many=True), 400: ERRORS[400]},
    )
    def get(self, request):
        wanted = request.query_params.get("status", "open")
        if wanted not in ("open", "waiting", "playing", "finished"):
            raise invalid("status must be open, waiting, playing or finished.", "status")
        pages = self.pagination_class()
        page = pages.paginate_queryset(viewing.tables_listed(wanted), request, self)
        return pages.get_paginated_response(
            [table_json(game, request.user) for game in viewing.with_seats(page)])

    @extend_schema(summary="Create a table (you take seat 0 and host it)", tags=["tables"],
                   request=s.TableCreateSerializer,
                   responses={201: s.TableSerializer, 400: ERRORS[400]})
    def post(self, request):
        serializer = s.TableCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = lobby.create_table(request.user, serializer.to_settings())
        game.seats[0].user = request.user
        return Response(table_json(game, request.user), status=status.HTTP_201_CREATED)


class TableView(GameAPIView):
    @extend_schema(summary="Show a table", tags=["tables"],
                   responses={200: s.TableSerializer, 404: ERRORS[404]})
    def get(self, request, table_id: int):
        return Response(table_json(viewing.table_of(table_id), request.user))

    @extend_schema(summary="Cancel a table that has not started (host)", tags=["tables"],
                   responses={204: None, 403: ERRORS[403], 404: ERRORS[404], 409: ERRORS[409]})
    def delete(self, request, table_id: int):
        lobby.cancel_table(table_id, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _table_answer(game: Game, request, code: int = 200) -> Response:
    return Response(table_json(viewing.table_of(game.table.pk), request.user), status=code)


class JoinView(GameAPIView):
    @extend_schema(summary="Take the next free seat with the host's invite code",
                   tags=["tables"], request=s.InviteSerializer,
                   responses={200: s.TableSerializer, **ERRORS})
    def post(self, request, table_id: int):
        serializer = s.InviteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = lobby.join_table(table_id, request.user, serializer.validated_data["invite"])
        return _table_answer(game, request)


class LeaveView(GameAPIView):
    @extend_schema(summary="Give your seat back before the game starts", tags=["tables"],
                   request=None, responses={200: s.TableSerializer, **ERRORS})
    def post(self, request, table_id: int):
        game = lobby.leave_waiting_table(table_id, request.user)
        return _table_answer(game, request)


class BotsView(GameAPIView):
    @extend_schema(summary="Seat a bot in the next free seat (host)", tags=["tables"],
                   request=s.BotSerializer, responses={200: s.TableSerializer, **ERRORS})
    def post(self, request, table_id: int):
        serializer = s.BotSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = lobby.add_bot(table_id, request.user, serializer.validated_data["level"])
        return _table_answer(game, request)


class StartView(GameAPIView):
    @extend_schema(summary="Deal the first round with the seats filled so far (host)",
                   tags=["tables"], request=None, responses={200: s.StateSerializer, **ERRORS})
    def post(self, request, table_id: int):
        lobby.start_game(table_id, request.user)
        return Response(viewing.state_for(table_id, request.user))


class SeatBotView(GameAPIView):
    @extend_schema(
        summary="Hand a person's seat to a bot (host or the seat's player)", tags=["seats"],
        description="Before the first deal at once; in a game to a target score when the next "
                    "round is dealt (`pending`: true); not during a single-round game.",
        request=s.BotSerializer, responses={200: s.SwapSerializer, **ERRORS})
    def post(self, request, table_id: int, number: int):
        serializer = s.BotSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game, pending = lobby.swap_seat(table_id, request.user, number, to_bot=True,
                                           level=serializer.validated_data["level"])
        return Response({"pending": pending,
                         "table": table_json(viewing.table_of(table_id), request.user)})


class SeatView(GameAPIView):
    @extend_schema(
        summary="Take a bot off the table before the game starts (host)", tags=["seats"],
        description="The seats after it move up by one.",
        request=None, responses={200: s.TableSerializer, **ERRORS})
    def delete(self, request, table_id: int, number: int):
        return _table_answer(lobby.remove_bot(table_id, request.user, number), request)


class SeatPersonView(GameAPIView):
    @extend_schema(
        summary="Take a bot's seat back (your own) or over (a bot's, with the invite code)",
        tags=["seats"], request=s.TakeSeatSerializer,
        responses={200: s.SwapSerializer, **ERRORS})
    def post(self, request, table_id: int, number: int):
        serializer = s.TakeSeatSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game, pending = lobby.swap_seat(table_id, request.user, number, to_bot=False,
                                           invite=serializer.validated_data.get("invite"))
        return Response({"pending": pending,
                         "table": table_json(viewing.table_of(table_id), request.user)})


class StateView(GameAPIView):
    @extend_schema(
        summary="What the caller may see of the game", tags=["play"],
        parameters=[OpenApiParameter("since", int, description="Answer 304 if the version is "
                                                               "still this one.")],
        responses={200: s.StateSerializer, 304: OpenApiResponse(description="Nothing changed."),
                   403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request, table_id: int):
        since = _int_param(request, "since")
        view = viewing.state_for(table_id, request.user, since)
        if view is None:
            return Response(status=status.HTTP_304_NOT_MODIFIED)
        return Response(view)


def _int_param(request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        raise invalid(f"{name} must be a whole number.", name) from None


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key", str, OpenApiParameter.HEADER,
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
        parameters=[OpenApiParameter("after", int, description="Only moves after this version.")],
        responses={200: s.MoveLogSerializer, 403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request, table_id: int):
        after = _int_param(request, "after") or 0
        return Response(viewing.move_log(table_id, request.user, after))

    @extend_schema(
        summary="Make a move (a play by a seat whose turn it is not is a jump-in)",
        tags=["play"], request=s.MoveSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: s.StateSerializer, 400: ERRORS[400], 403: ERRORS[403], 404: ERRORS[404],
                   409: OpenApiResponse(s.RefusalSerializer, description="stale-version"),
                   422: OpenApiResponse(s.RefusalSerializer,
                                        description="The rules refuse the move: `code`.")})
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
                   tags=["play"], request=None, parameters=[IDEMPOTENCY_KEY],
                   responses={200: s.StateSerializer, 403: ERRORS[403], 404: ERRORS[404],
                              422: OpenApiResponse(s.RefusalSerializer)})
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
        responses={204: None, 403: ERRORS[403], 404: ERRORS[404]})
    def post(self, request, table_id: int):
        presence.heartbeat(table_id, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GamesView(GameAPIView):
    pagination_class = GamePages
    @extend_schema(summary="Your tables, those waiting on you first", tags=["play"],
                   responses={200: s.MyGameSerializer(many=True)})
    def get(self, request):
        pages = self.pagination_class()
        page = pages.paginate_queryset(viewing.my_seats(request.user), request, self)
        return pages.get_paginated_response(viewing.game_rows(page))

