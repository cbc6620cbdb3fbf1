"""The ratings API: a player's profile and the leaderboard (docs/api.md, "Players and
ratings")."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from wildcards.api_errors import ApiError
from wildcards.api_schema import UNAUTHENTICATED, body, error
from wildcards.api_schema import whole_number as number_schema
from wildcards.numbers import out_of_range, whole_number

from . import standings


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
    bot_account = serializers.BooleanField(
        help_text="A bot account: a program playing through the API, never rated.")
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


MOST_OFFSET = 2**31 - 1
LIMIT_INVALID = out_of_range("limit", 1, standings.LEADERBOARD_MOST)


# Schema decorations: an example of each answer (docs/api.md, section 7).
RECENT = {"table": 6, "finished_at": "2026-12-01T23:38:34.619286Z", "players": 2, "rank": 1,
          "won": True, "left": False, "rated": True, "rating_before": 1407,
          "rating_after": 1467, "change": 60}
PROFILE = {"name": "mia", "bot_account": False, "played": 5, "won": 5, "average_rank": 1.0,
           "rating": {"display": 1467, "mu": 33.514, "sigma": 7.281, "games": 5},
           "recent": [RECENT]}
LEADERBOARD = {"min_games": 5, "count": 2, "limit": 50, "offset": 0, "players": [
    {"place": 1, "name": "mia", "rating": 1467, "mu": 33.514, "sigma": 7.281, "games": 5,
     "won": 5},
    {"place": 2, "name": "leo", "rating": 786, "mu": 16.486, "sigma": 7.281, "games": 5,
     "won": 0}]}


class PlayerView(APIView):
    @extend_schema(
        summary="A player's games, rating and recent games", tags=["players"],
        description="A player's profile: games finished (rated or not), games won, their "
                    "average place, their rating (OpenSkill's `mu` and `sigma`, and the "
                    "rating shown) and their 10 most recent finished games with how each "
                    "moved the rating.",
        operation_id="getPlayer",
        responses={200: OpenApiResponse(ProfileSerializer, "The player's profile.",
                                        [OpenApiExample("Mia", PROFILE)]),
                   401: UNAUTHENTICATED,
                   404: error("No account has that name (or it was closed).",
                              body("no-such-player", "No player is called “nobody”."))})
    def get(self, request, name: str):
        try:
            return Response(standings.profile(name))
        except standings.NoSuchPlayer:
            raise ApiError(404, {"code": "no-such-player",
                                 "detail": f"No player is called “{name}”."}) from None


class LeaderboardView(APIView):
    @extend_schema(
        summary="Players with enough rated games, best rating first", tags=["players"],
        description="Players with at least `min_games` rated games, best rating first (equal "
                    "ratings: the higher `mu` first), in pages (`limit`, `offset`). Bot "
                    "accounts and house bots are never rated, so never listed.",
        operation_id="getLeaderboard",
        parameters=[
            OpenApiParameter("limit", number_schema(1, standings.LEADERBOARD_MOST),
                             description="Players in the page: 1 to 100 (50)."),
            OpenApiParameter("offset", number_schema(0, MOST_OFFSET),
                             description="Players skipped from the top (0)."),
        ],
        responses={200: OpenApiResponse(LeaderboardSerializer, "A page of the leaderboard.",
                                        [OpenApiExample("Two players", LEADERBOARD)]),
                   400: error("`invalid`: `fields` says which parameter.",
                              body("invalid", LIMIT_INVALID, fields={"limit": [LIMIT_INVALID]})),
                   401: UNAUTHENTICATED})
    def get(self, request):
        limit = whole_number(request.query_params.get("limit"), "limit", low=1,
                             high=standings.LEADERBOARD_MOST, default=50)
        offset = whole_number(request.query_params.get("offset"), "offset", high=MOST_OFFSET,
                              default=0)
        page = standings.leaderboard(limit, offset)
        return Response({"min_games": standings.LEADERBOARD_MIN_GAMES, "count": page.count,
                         "limit": limit, "offset": offset, "players": page.rows})
