"""The games API before and around the game: tables, seats, bots and the start (thin views over
`games.service.lobby`; api.md is the contract)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from games.service import lobby, viewing
from games.storage.reads import Game

from . import examples as ex
from . import pagination as pages
from . import schema as e
from . import serializers as s
from .errors import GameAPIView, invalid
from .pagination import TablePages
from .presenters import table_json
from .schema import STATE, SWAP, TABLE


class TablesView(GameAPIView):
    pagination_class = TablePages  # GET
    @extend_schema(
        summary="List tables, newest first, in pages", tags=["tables"],
        description="Tables by status: `open` (the default: waiting for players, with a free "
                    "seat), `waiting`, `playing` or `finished`; newest first, in pages of "
                    "`limit` (50, at most 100) with `next` the address of the next page. The "
                    "invite code is shown only at tables where you hold a seat.",
        operation_id="listTables",
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
                   description="A new table, waiting for players: you take seat 0 and host "
                               "it. Every field has a default; `options` are the house rules, "
                               "`scoring` a single round or a game to a target score. Others "
                               "join with the table's `invite` code (or an invitation), the "
                               "host seats bots, and the host starts the game.",
                   operation_id="createTable", request=s.TableCreateSerializer,
                   examples=[ex.NEW_TABLE], responses={201: TABLE, **e.WITH_BODY})
    def post(self, request):
        serializer = s.TableCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = lobby.create_table(request.user, serializer.to_settings())
        game.seats[0].user = request.user
        return Response(table_json(game, request.user), status=status.HTTP_201_CREATED)


class TableView(GameAPIView):
    @extend_schema(summary="Show a table", tags=["tables"],
    description="The table resource: its settings, its seats (who, a bot or a person, the "
                "host), its status and version. The invite code only for the host and the "
                "seated players.",
    operation_id="getTable",
                   responses={200: TABLE, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def get(self, request, table_id: int):
        return Response(table_json(viewing.table_of(table_id), request.user))

    @extend_schema(summary="Cancel a table that has not started (host)", tags=["tables"],
                   description="The host removes a table whose game has not started; the "
                               "seated players lose their seats. A started table cannot be "
                               "cancelled (its players concede instead).",
                   operation_id="cancelTable",
                   responses={204: None, 403: e.error("Not the host.", e.HOST_ONLY),
                              404: e.NOT_FOUND, **e.conflict(e.TABLE_STARTED), **e.LOGGED_IN})
    def delete(self, request, table_id: int):
        lobby.cancel_table(table_id, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _table_answer(game: Game, request, code: int = 200) -> Response:
    return Response(table_json(viewing.table_of(game.table.pk), request.user), status=code)


def _swap_answer(swapped: tuple[Game, bool], request) -> Response:
    """A seat swap's answer: whether it waits for the next round, and the table."""
    game, pending = swapped
    return Response({"pending": pending,
                     "table": table_json(viewing.table_of(game.table.pk), request.user)})


class JoinView(GameAPIView):
    @extend_schema(summary="Take the next free seat with the host's invite code",
                   tags=["tables"],
                   description="Take the next free seat of a waiting table, with the invite "
                               "code the host shares. Joining a table where you already hold "
                               "a seat is `already-seated`.",
                   operation_id="joinTable", request=s.InviteSerializer,
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
                   description="Give your seat back before the game starts; the seats after "
                               "yours move up. The host cannot leave: they cancel the table.",
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
                   description="The host seats one of the three house bots (`easy`, `normal` "
                               "or `hard`) in the next free seat. A table with a bot is never "
                               "rated.",
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
                   tags=["tables"],
                   description="The host deals the first round to the seats filled so far "
                               "(two at least); empty seats are dropped. The host may add a "
                               "seed of their own to the deal (`client_seed`). The answer is "
                               "the host's view of the game.",
                   operation_id="startGame", request=s.StartSerializer,
                   examples=[ex.request("With the host's seed", {
                       "client_seed": "4b1f0e9c2d7a8b3e6f5c4d3e2f1a0b9c"})],
                   responses={200: STATE, **e.WITH_BODY, 403: e.NOT_ALLOWED, 404: e.NOT_FOUND,
                              **e.conflict(e.TABLE_STARTED, e.body(
                                  "not-enough-players", "At least two seats must be filled."),
                                  e.body("seeds-not-taken", "This table deals from a chosen "
                                         "deck (tests and demos): it takes no players' seeds, "
                                         "so that it deals the same every time."))})
    def post(self, request, table_id: int):
        serializer = s.StartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        lobby.start_game(table_id, request.user, serializer.validated_data.get("client_seed"))
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
        return _swap_answer(lobby.swap_seat(table_id, request.user, number, to_bot=True,
                                            level=serializer.validated_data["level"]), request)


class SeatView(GameAPIView):
    @extend_schema(
        summary="Take a bot off the table before the game starts (host)", tags=["seats"],
        description="The host takes a house bot off a table whose game has not started; the "
                    "seats after it move up by one. A person's seat is given back by its "
                    "player (leave) instead.",
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
        tags=["seats"],
        description="A person takes over a bot's seat: your own seat back from the bot that "
                    "played it, or (with the invite code) a house bot's seat. Before the "
                    "first deal at once; in a game to a target score when the next round is "
                    "dealt (`pending`: true).",
        operation_id="takeSeat", request=s.TakeSeatSerializer,
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
        return _swap_answer(lobby.swap_seat(table_id, request.user, number, to_bot=False,
                                            invite=serializer.validated_data.get("invite")),
                            request)


