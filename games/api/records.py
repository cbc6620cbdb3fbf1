"""Game records: a finished game's export (format `wild-cards-record`) and its verification."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from games.models import Seat, Table
from games.rules.options import TableSettings
from games.rules.state import (
    FINISHED,
    PLAYING,
    ROUND_ABANDONED,
    ROUND_BLOCKED,
    ROUND_PLAYING,
    ROUND_WON,
)
from games.service import records
from wildcards.api_schema import UNAUTHENTICATED, body, error

from .errors import GameAPIView
from .game_serializers import ClientSeedEntrySerializer, LoggedMoveSerializer, RankSerializer
from .schema import NOT_FOUND, NOT_SEATED

NOT_FINISHED = error(
    "`game-not-finished`: the game is still being played (read the redacted move log, "
    "GET /api/tables/{id}/moves).",
    body("game-not-finished", "The game is still being played: its record comes once it is "
         "over. Until then, the move log is at /api/tables/4/moves."))
FORBIDDEN = error("`not-seated`: not a player of the game, and it allowed no spectators.",
                  NOT_SEATED)
ROUND = {"number": 1, "dealer": 0,
         "commitment": "5d41402abc4b2a76b9719d911017c592e3c1f3ac0e1e2c8f1d4b9bd5bd0bc4a1",
         "seed": "8c6f2e0d9b1a4c3e5f7a9b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6",
         "salt": "3f9a0c2b7d1e4f6a",
         "client_seeds": [{"seat": 0, "seed": "9f1c2e8a0b7d4c3f6e5a1b2c3d4e5f60"}],
         "status": "won", "winner": 0, "points": 8,
         "players": [{"seat": 0, "name": "ana", "bot": None, "bot_account": False},
                     {"seat": 1, "name": "Bot Ada (Normal)", "bot": "normal",
                      "bot_account": False}],
         "started_at": "2026-12-01T10:00:00Z", "ended_at": "2026-12-01T10:20:00Z"}
RECORD = {
    "format": "wild-cards-record", "version": 2, "table": 4, "deck": "classic",
    "players": [{"seat": 0, "name": "ana", "bot": None, "bot_account": False},
                {"seat": 1, "name": "Bot Ada (Normal)", "bot": "normal", "bot_account": False}],
    "options": TableSettings().settled().options().to_dict(),
    "mode": "turn", "fairness": "committed", "deck_order": None, "rounds": [ROUND],
    "moves": [{"version": 2, "round": 1, "seat": 0, "action": "deal", "card": "wave-7",
               "color": None, "target": None, "by": "dealer", "at": "2026-12-01T10:00:00Z",
               "events": [{"kind": "dealt", "seat": 0, "count": 1, "card": "wave-7"}],
               "call": False},
              {"version": 3, "round": 1, "seat": 1, "action": "play", "card": "wave-3",
               "color": None, "target": None, "by": "bot", "at": "2026-12-01T10:00:02Z",
               "events": [{"kind": "played", "seat": 1, "card": "wave-3"}], "call": False}],
    "result": {"status": "finished", "winner": 0, "scores": [8, 0],
               "ranking": [{"seat": 0, "rank": 1, "score": 8, "left": False},
                           {"seat": 1, "rank": 2, "score": 0, "left": False}]},
    "final": {"status": "finished", "...": "the state's public part, every hand face up"},
}
VERDICT = {"table": 4, "status": "verified", "ok": True, "rigged": False, "rounds": 1,
           "moves": 41, "problems": []}
ACCESS = {401: UNAUTHENTICATED, 403: FORBIDDEN, 404: NOT_FOUND, 409: NOT_FINISHED}


class RecordPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.ChoiceField(choices=Seat.Level.values, allow_null=True,
                                  help_text="The level of a bot's seat.")
    bot_account = serializers.BooleanField(
        required=False, help_text="A bot account held the seat (absent in a round dealt "
                                  "before the service had bot accounts).")


class RecordRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    commitment = serializers.CharField(allow_null=True,
                                       help_text="sha256 of `<salt>:<seed>`, hex; null: legacy "
                                                 "or rigged.")
    seed = serializers.CharField(allow_null=True, help_text="The round's (the server's) seed, "
                                                            "revealed.")
    salt = serializers.CharField(allow_null=True)
    client_seeds = ClientSeedEntrySerializer(
        many=True, help_text="The players' seeds added to the deal, in seat order: the deal "
                             "seed is HMAC-SHA256(seed, \"<seat>:<seed>,...\"), or `seed` itself "
                             "when there are none (docs/fairness.md).")
    status = serializers.ChoiceField(choices=[ROUND_PLAYING, ROUND_WON, ROUND_BLOCKED,
                                              ROUND_ABANDONED])
    winner = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)
    players = RecordPlayerSerializer(
        many=True, allow_null=True,
        help_text="Who held each seat when the round was dealt (seats change hands between "
                  "rounds); null for a round dealt before the service kept it.")
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)


class RecordMoveSerializer(LoggedMoveSerializer):
    call = serializers.BooleanField(help_text='A play that called "last card" with it.')


class RecordResultSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=[PLAYING, FINISHED])
    winner = serializers.IntegerField(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    ranking = RankSerializer(many=True, allow_null=True)


class RecordSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["wild-cards-record"])
    version = serializers.IntegerField(help_text="2 (a reader reads 1 as well: no client_seeds)")
    table = serializers.IntegerField()
    deck = serializers.ChoiceField(choices=["classic", "all-wild"])
    players = RecordPlayerSerializer(many=True)
    options = serializers.DictField()
    mode = serializers.ChoiceField(choices=Table.Mode.values)
    fairness = serializers.ChoiceField(choices=["committed", "rigged", "legacy"])
    deck_order = serializers.ListField(child=serializers.CharField(), allow_null=True)
    rounds = RecordRoundSerializer(many=True)
    moves = RecordMoveSerializer(many=True)
    result = RecordResultSerializer()
    final = serializers.DictField(help_text="The final state as everyone sees it.")


class VerdictSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["verified", "failed", "unverifiable"])
    ok = serializers.BooleanField()
    rigged = serializers.BooleanField()
    rounds = serializers.IntegerField()
    moves = serializers.IntegerField()
    problems = serializers.ListField(child=serializers.CharField())


class RecordView(GameAPIView):
    @extend_schema(summary="A finished game's record (format wild-cards-record 2)",
                   tags=["records"],
                   description="The whole finished game, in the format `wild-cards-record` "
                               "version 2: its players, settings, every round with its "
                               "revealed seed, salt and players' seeds, and every move with "
                               "what it did, "
                               "every card face up. Anyone may check it offline: the seeds "
                               "reproduce every deal and draw. Only for the game's players, "
                               "or anyone when it allowed spectators.",
                   operation_id="getGameRecord",
                   responses={200: OpenApiResponse(RecordSerializer, "The record.",
                                                   [OpenApiExample("A game of two", RECORD)]),
                              **ACCESS})
    def get(self, request, table_id: int):
        return Response(records.record_of(table_id, request.user))


class VerifyView(GameAPIView):
    @extend_schema(summary="Check a finished game: commitments, deals, draws and moves",
                   tags=["records"],
                   description="The server replays the game's record: each round's commitment "
                               "against its revealed seed and salt, each deal and draw "
                               "against the seed, each move against the rules, and the end "
                               "against the stored result. `status`: `verified`, `failed` "
                               "(with `problems`) or `unverifiable` (a game played before "
                               "commitments).",
                   operation_id="verifyGame",
                   responses={200: OpenApiResponse(VerdictSerializer, "The verdict.",
                                                   [OpenApiExample("Verified", VERDICT)]),
                              **ACCESS})
    def get(self, request, table_id: int):
        return Response(records.verify(table_id, request.user))
