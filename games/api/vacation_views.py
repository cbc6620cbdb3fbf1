"""Vacation and pause (issue 27; docs/api.md 9.3 and 9.4): `GET/PUT/DELETE /api/me/vacation`
and `POST /api/tables/{id}/pause`, `/resume`, thin views over `games.service.vacations` and
`games.service.pauses`."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from games.service import pauses, vacations
from wildcards.api_serializers import StrictSerializer

from . import schema as e
from .errors import GameAPIView
from .schema import STATE


class VacationSerializer(serializers.Serializer):
    until = serializers.DateTimeField(allow_null=True, help_text="When the vacation ends "
                                      "(null: not on vacation).")
    days_left = serializers.FloatField(help_text="The days banked, less the days the vacation "
                                       "going on has started (each started day counts).")


class VacationUntilSerializer(StrictSerializer):
    until = serializers.DateTimeField(help_text="When the vacation ends: an ISO 8601 time "
                                      "with its offset (\"2026-12-20T18:00:00Z\").")


AWAY = {"until": "2026-12-20T18:00:00Z", "days_left": 9.67}
VACATION = OpenApiResponse(VacationSerializer, "Your vacation and the days left.", [
    OpenApiExample("On vacation", value=AWAY),
    OpenApiExample("Not on vacation", value={"until": None, "days_left": 14.0})])
BAD_VACATION = e.error(
    "An end not in the future, more days than banked, or a time that is not ISO 8601.",
    e.body("vacation-in-the-past", "The end of a vacation must be in the future.",
           fields={"until": ["The end of a vacation must be in the future."]}),
    e.body("not-enough-vacation-days", "That vacation takes 5 days (each started day "
           "counts); you have 3.5 banked.",
           fields={"until": ["That vacation takes 5 days (each started day counts); you have "
                             "3.5 banked."]}),
    e.INVALID, e.PARSE_ERROR)


class VacationView(GameAPIView):
    @extend_schema(summary="Your vacation and the days you have left", tags=["accounts"],
                   operation_id="getVacation", responses={200: VACATION, **e.LOGGED_IN},
                   description="`until`: the end of the vacation going on (null: none). "
                               "`days_left`: the days banked (a twelfth of a year's each whole "
                               "month since the account was made, a year's at most), less the "
                               "days the vacation going on has started.")
    def get(self, request):
        return Response(vacations.vacation_of(request.user))

    @extend_schema(
        summary="Start a vacation, or move its end", tags=["accounts"],
        operation_id="setVacation", request=VacationUntilSerializer,
        examples=[OpenApiExample("Away until the 20th", value={"until": AWAY["until"]},
                                 request_only=True)],
        description="Until `until`, your turns at the turn-by-turn tables that allow vacation "
                    "wait for you: each is due a whole turn after the vacation ends. Days are "
                    "spent by the day, each started day counting, when the vacation ends; a "
                    "move of yours at any table ends it.",
        responses={200: VACATION, **e.WITH_BODY, 400: BAD_VACATION})
    def put(self, request):
        serializer = VacationUntilSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(vacations.set_vacation(request.user,
                                               serializer.validated_data["until"]))

    @extend_schema(summary="End your vacation now", tags=["accounts"],
                   operation_id="endVacation", request=None,
                   description="The vacation ends now: the days it started are spent, and "
                               "your waiting turns get a whole turn from now. Without a "
                               "vacation going on nothing changes.",
                   responses={200: VACATION, **e.LOGGED_IN})
    def delete(self, request):
        return Response(vacations.end_vacation(request.user))


NOT_SEATED = e.error("No seat at the table.", e.body("not-seated",
                                                     "You have no seat at this table."))
PAUSE_NOT_ALLOWED = e.body("pause-not-allowed", "Only a turn-by-turn table that allows "
                           "vacation and pause may be paused: its host chose not to.")
NOT_PLAYING = e.body("game-not-playing", "The game is not being played.")


class PauseView(GameAPIView):
    @extend_schema(
        summary="Propose a pause, or accept the one proposed", tags=["play"],
        operation_id="pauseTable", request=None,
        description="Once every person who plays their own seat has accepted (bots have no "
                    "vote), the table is paused: no deadline, and moves are refused "
                    "(`paused`) until someone resumes it. Turn-by-turn tables that allow "
                    "vacation only.",
        responses={200: STATE, 403: NOT_SEATED, 404: e.NOT_FOUND, **e.LOGGED_IN,
                   **e.conflict(PAUSE_NOT_ALLOWED, e.body("already-paused",
                                                          "The table is paused already."),
                                NOT_PLAYING)})
    def post(self, request, table_id: int):
        return Response(pauses.pause(table_id, request.user))


class ResumeView(GameAPIView):
    @extend_schema(
        summary="Resume a paused table", tags=["play"], operation_id="resumeTable",
        request=None,
        description="Anyone seated may resume it: the player to move has a whole turn from "
                    "now.",
        responses={200: STATE, 403: NOT_SEATED, 404: e.NOT_FOUND, **e.LOGGED_IN,
                   **e.conflict(PAUSE_NOT_ALLOWED, e.body("not-paused",
                                                          "The table is not paused."),
                                NOT_PLAYING)})
    def post(self, request, table_id: int):
        return Response(pauses.resume(table_id, request.user))
