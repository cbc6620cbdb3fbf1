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

from . import examples as ex
from . import pagination as pages
from . import schema as e
from . import serializers as s
from .errors import GameAPIView, invalid, refusal_response
from .pagination import GamePages, TablePages
from .presenters import table_json

# The responses of a view that answers the table resource (or the state), with its example.
TABLE = OpenApiResponse(s.TableSerializer, "The table.", [ex.example("A table", ex.TABLE)])
STATE = OpenApiResponse(s.StateSerializer, "The caller's view of the game.",
                        [ex.example("Your turn", ex.STATE)])
SWAP = OpenApiResponse(s.SwapSerializer, "Whether the swap waits for the next round, and the "
                       "table.", [ex.example("Waits for the next round", ex.SWAP)])


class TablesView(GameAPIView):
    pagination_class = TablePages  # GET
    @extend_schema(
        summary="List tables, newest first, in pages", tags=["tables"], operation_id="listTables",
        parameters=[OpenApiParameter("status", str, enum=["open", "waiting", "playing",
                                                          "finished"],
                                     description="`open`: waiting for players, a seat free."),
                    *pages.PARAMETERS],
        responses={200: OpenApiResponse(s.TableSerializer(many=True), "A page of tables.",
                                        [ex.example("A page", ex.TABLES_PAGE)]),
                   400: e.BAD_QUERY, **e.LOGGED_IN},
    )
    def get(self, request):
        wanted = request.query_params.get("status", "open")
        if wanted not in ("open", "waiting", "playing", "finished"):
            raise invalid("status must be open, waiting, playing or finished.", "status")
        pager = self.pagination_class()
        page = pager.paginate_queryset(viewing.tables_listed(wanted), request, self)
        return pager.get_paginated_response(
            [table_json(game, request.user) for game in viewing.with_seats(page)])

    @extend_schema(summary="Create a table (you take seat 0 and host it)", tags=["tables"],
                   operation_id="createTable", request=s.TableCreateSerializer,
                   examples=[ex.NEW_TABLE], responses={201: TABLE, **e.WITH_BODY})
    def post(self, request):
        serializer = s.TableCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = lobby.create_table(request.user, serializer.to_settings())
        game.seats[0].user = request.user
        return Response(table_json(game, request.user), status=status.HTTP_201_CREATED)


class TableView(GameAPIView):
    @extend_schema(summary="Show a table", tags=["tables"], operation_id="getTable",
                   responses={200: TABLE, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def get(self, request, table_id: int):
        return Response(table_json(viewing.table_of(table_id), request.user))

    @extend_schema(summary="Cancel a table that has not started (host)", tags=["tables"],
                   operation_id="cancelTable",
                   responses={204: None, 403: e.error("Not the host.", e.HOST_ONLY),
                              404: e.NOT_FOUND, **e.conflict(e.TABLE_STARTED), **e.LOGGED_IN})
    def delete(self, request, table_id: int):
        lobby.cancel_table(table_id, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _table_answer(game: Game, request, code: int = 200) -> Response:
    return Response(table_json(viewing.table_of(game.table.pk), request.user), status=code)


class JoinView(GameAPIView):
    @extend_schema(summary="Take the next free seat with the host's invite code",
                   tags=["tables"], operation_id="joinTable", request=s.InviteSerializer,
                   examples=[ex.INVITE],
                   responses={200: TABLE, **e.WITH_BODY, 404: e.NOT_FOUND,
                              403: e.error("The wrong invite code.", e.body(
                                  "wrong-invite", "That is not this table's invite code.")),
                              **e.conflict(e.TABLE_STARTED, e.body(
                                  "table-full", "Every seat at this table is taken."))})
    def post(self, request, table_id: int):
        serializer = s.InviteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = lobby.join_table(table_id, request.user, serializer.validated_data["invite"])
        return _table_answer(game, request)


class LeaveView(GameAPIView):
    @extend_schema(summary="Give your seat back before the game starts", tags=["tables"],
                   operation_id="leaveTable", request=None,
                   responses={200: TABLE, 403: e.SEATED_ONLY, 404: e.NOT_FOUND,
                              **e.conflict(e.TABLE_STARTED, e.body(
                                  "host-cannot-leave",
                                  "The host cannot leave: cancel the table instead.")),
                              **e.LOGGED_IN})
    def post(self, request, table_id: int):
        game = lobby.leave_waiting_table(table_id, request.user)
        return _table_answer(game, request)


class BotsView(GameAPIView):
    @extend_schema(summary="Seat a bot in the next free seat (host)", tags=["tables"],
                   operation_id="addBot", request=s.BotSerializer, examples=[ex.BOT],
                   responses={200: TABLE, **e.WITH_BODY, 403: e.NOT_ALLOWED, 404: e.NOT_FOUND,
                              **e.conflict(e.TABLE_STARTED, e.body(
                                  "table-full", "Every seat at this table is taken."))})
    def post(self, request, table_id: int):
        serializer = s.BotSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = lobby.add_bot(table_id, request.user, serializer.validated_data["level"])
        return _table_answer(game, request)


class StartView(GameAPIView):
    @extend_schema(summary="Deal the first round with the seats filled so far (host)",
                   tags=["tables"], operation_id="startGame", request=None,
                   responses={200: STATE, 403: e.NOT_ALLOWED, 404: e.NOT_FOUND,
                              **e.conflict(e.TABLE_STARTED, e.body(
                                  "not-enough-players", "At least two seats must be filled.")),
                              **e.LOGGED_IN})
    def post(self, request, table_id: int):
        lobby.start_game(table_id, request.user)
        return Response(viewing.state_for(table_id, request.user))


class SeatBotView(GameAPIView):
    @extend_schema(
        summary="Hand a person's seat to a bot (host or the seat's player)", tags=["seats"],
        description="Before the first deal at once; in a game to a target score when the next "
                    "round is dealt (`pending`: true); not during a single-round game.",
        operation_id="handSeatToBot", request=s.BotSerializer, examples=[ex.BOT],
        responses={200: SWAP, **e.WITH_BODY, 404: e.NOT_FOUND,
                   403: e.error("Neither the host nor the seat's player.", e.body(
                       "host-only", "Only the host or the seat's player may hand it to a bot.")),
                   **e.conflict(e.body("already-a-bot", "A bot already plays this seat."),
                                e.body("not-between-rounds", "Seats are swapped between "
                                       "rounds; this game has a single round."))})
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
        operation_id="removeBot", request=None,
        responses={200: TABLE, 403: e.error("Not the host.", e.HOST_ONLY),
                   404: e.error("No such table or seat.", e.NO_SUCH_TABLE, e.body(
                       "no-such-seat", "Seat 5 is not taken at this table.")),
                   **e.conflict(e.TABLE_STARTED, e.body("not-a-bot", "No bot plays this seat.")),
                   **e.LOGGED_IN})
    def delete(self, request, table_id: int, number: int):
        return _table_answer(lobby.remove_bot(table_id, request.user, number), request)


class SeatPersonView(GameAPIView):
    @extend_schema(
        summary="Take a bot's seat back (your own) or over (a bot's, with the invite code)",
        tags=["seats"], operation_id="takeSeat", request=s.TakeSeatSerializer,
        examples=[ex.TAKE_SEAT],
        responses={200: SWAP, **e.WITH_BODY, 404: e.NOT_FOUND,
                   403: e.error("Another person's seat, or the wrong invite code.", e.body(
                       "not-your-seat", "This seat belongs to another player.")),
                   **e.conflict(e.body("not-a-bot", "No bot plays this seat."),
                                e.body("swap-pending", "Someone has already claimed this seat "
                                       "for the next round."))})
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
        operation_id="getTableState",
        parameters=[OpenApiParameter("since", int, description="Answer 304 if the version is "
                                                               "still this one.")],
        responses={200: STATE, 304: OpenApiResponse(description="Nothing changed."),
                   400: e.BAD_QUERY, 403: e.SEATED_ONLY, 404: e.NOT_FOUND, **e.LOGGED_IN})
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
        summary="The public move log", tags=["play"], operation_id="listMoves",
        parameters=[OpenApiParameter("after", int, description="Only moves after this version.")],
        responses={200: OpenApiResponse(s.MoveLogSerializer, "The moves after `after`, oldest "
                                        "first, at most 500 (`more`: there are others).",
                                        [ex.example("A draw and a play", ex.MOVE_LOG)]),
                   400: e.BAD_QUERY, 403: e.SEATED_ONLY, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def get(self, request, table_id: int):
        after = _int_param(request, "after") or 0
        return Response(viewing.move_log(table_id, request.user, after))

    @extend_schema(
        summary="Make a move (a play by a seat whose turn it is not is a jump-in)",
        tags=["play"], operation_id="playMove", request=s.MoveSerializer,
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
                   tags=["play"], operation_id="concede", request=None,
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
                   operation_id="listMyGames", parameters=pages.PARAMETERS,
                   responses={200: OpenApiResponse(s.MyGameSerializer(many=True),
                                                   "A page of your tables.",
                                                   [ex.example("A page", ex.MY_GAMES_PAGE)]),
                              400: e.BAD_QUERY, **e.LOGGED_IN})
    def get(self, request):
        pager = self.pagination_class()
        page = pager.paginate_queryset(viewing.my_seats(request.user), request, self)
        return pager.get_paginated_response(viewing.game_rows(page))

