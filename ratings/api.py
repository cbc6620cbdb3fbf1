"""The ratings API: a player's profile and the leaderboard (docs/api.md, "Players and
ratings")."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from wildcards.api_errors import ApiError

from . import standings


class RatingsErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()


class RatingSerializer(serializers.Serializer):
    display = serializers.IntegerField(help_text="The rating shown: round(1000 + 40 × (mu − "
                                                 "3 × sigma)).")
    mu = serializers.FloatField(help_text="OpenSkill's estimate of the player's skill.")
    sigma = serializers.FloatField(help_text="The uncertainty of that estimate.")
    games = serializers.IntegerField(help_text="Rated games played.")


class RecentGameSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    players = serializers.IntegerField()
    rank = serializers.IntegerField()
    won = serializers.BooleanField()
    left = serializers.BooleanField()
    rated = serializers.BooleanField()
    rating_before = serializers.IntegerField(allow_null=True)
    rating_after = serializers.IntegerField(allow_null=True)
    change = serializers.IntegerField(allow_null=True, help_text="null: the game was not rated.")


class ProfileSerializer(serializers.Serializer):
    name = serializers.CharField()
    played = serializers.IntegerField(help_text="Finished games, rated or not.")
    won = serializers.IntegerField()
    average_rank = serializers.FloatField(allow_null=True)
    rating = RatingSerializer()
    recent = RecentGameSerializer(many=True)


class LeaderboardRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    won = serializers.IntegerField()


class LeaderboardSerializer(serializers.Serializer):
    min_games = serializers.IntegerField(help_text="Rated games needed to be listed.")
    count = serializers.IntegerField(help_text="Players on the whole leaderboard.")
    limit = serializers.IntegerField()
    offset = serializers.IntegerField()
    players = LeaderboardRowSerializer(many=True)


class LeaderboardQuery(serializers.Serializer):
    limit = serializers.IntegerField(min_value=1, max_value=standings.LEADERBOARD_MOST,
                                     default=50)
    offset = serializers.IntegerField(min_value=0, max_value=2**31 - 1, default=0)


class PlayerView(APIView):
    @extend_schema(
        summary="A player's games, rating and recent games", tags=["players"],
        responses={200: ProfileSerializer,
                   404: OpenApiResponse(RatingsErrorSerializer, description="`no-such-player`")})
    def get(self, request, name: str):
        try:
            return Response(standings.profile(name))
        except standings.NoSuchPlayer:
            raise ApiError(404, {"code": "no-such-player",
                                 "detail": f"No player is called “{name}”."}) from None


class LeaderboardView(APIView):
    @extend_schema(
        summary="Players with enough rated games, best rating first", tags=["players"],
        parameters=[
            OpenApiParameter("limit", int, description="Players in the page: 1 to 100 (50)."),
            OpenApiParameter("offset", int, description="Players skipped from the top (0)."),
        ],
        responses={200: LeaderboardSerializer,
                   400: OpenApiResponse(RatingsErrorSerializer, description="`invalid`: `fields` "
                                                                     "says which parameter.")})
    def get(self, request):
        query = LeaderboardQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        limit, offset = query.validated_data["limit"], query.validated_data["offset"]
        page = standings.leaderboard(limit, offset)
        return Response({"min_games": standings.LEADERBOARD_MIN_GAMES, "count": page.count,
                         "limit": limit, "offset": offset, "players": page.rows})
