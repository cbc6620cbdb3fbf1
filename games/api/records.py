"""Game records: a finished game's export (format `wild-cards-record`) and its verification."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from games.service import records

from .errors import GameAPIView
from .serializers import ErrorSerializer, LoggedMoveSerializer

NOT_FINISHED = OpenApiResponse(
    ErrorSerializer, description="`game-not-finished`: the game is still being played (read "
                                 "the redacted move log, GET /api/tables/{id}/moves).")
FORBIDDEN = OpenApiResponse(ErrorSerializer, description="`not-seated`: not a player of the "
                                                         "game, and it allowed no spectators.")


class RecordPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.CharField(allow_null=True, help_text="The level of a bot's seat.")


class RecordRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    commitment = serializers.CharField(allow_null=True,
                                       help_text="sha256 of `<salt>:<seed>`, hex; null: legacy "
                                                 "or rigged.")
    seed = serializers.CharField(allow_null=True, help_text="The round's seed, revealed.")
    salt = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    winner = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)


class RecordMoveSerializer(LoggedMoveSerializer):
    call = serializers.BooleanField(help_text='A play that called "last card" with it.')


class RecordResultSerializer(serializers.Serializer):
    status = serializers.CharField()
    winner = serializers.IntegerField(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    ranking = serializers.ListField(child=serializers.DictField(), allow_null=True)


class RecordSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["wild-cards-record"])
    version = serializers.IntegerField(help_text="1")
    table = serializers.IntegerField()
    deck = serializers.ChoiceField(choices=["classic", "all-wild"])
    players = RecordPlayerSerializer(many=True)
    options = serializers.DictField()
    mode = serializers.CharField()
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
    @extend_schema(summary="A finished game's record (format wild-cards-record 1)",
                   tags=["records"],
                   responses={200: RecordSerializer, 403: FORBIDDEN, 409: NOT_FINISHED})
    def get(self, request, table_id: int):
        return Response(records.record_of(table_id, request.user))


class VerifyView(GameAPIView):
    @extend_schema(summary="Check a finished game: commitments, deals, draws and moves",
                   tags=["records"],
                   responses={200: VerdictSerializer, 403: FORBIDDEN, 409: NOT_FINISHED})
    def get(self, request, table_id: int):
        return Response(records.verify(table_id, request.user))
