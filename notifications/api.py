"""GET and PATCH /api/me/notifications: the caller's email preferences."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from wildcards.api_schema import INVALID, PARSE_ERROR, TOO_LARGE, UNAUTHENTICATED, error
from wildcards.api_serializers import StrictSerializer, TrueFalseField

from .preferences import BadPreference, preferences_json, update_preferences
from .quiet_hours import zone_names

TIME = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"
NOT_A_ZONE = ("Not a time zone: give an IANA name such as \"Europe/Paris\" or "
              "\"America/New_York\".")


class PreferencesSerializer(serializers.Serializer):
    turn_emails = serializers.BooleanField(
        help_text="An email when a turn comes to you at a turn-by-turn table and you are not "
                  "there, once until you come back.")
    reminder_emails = serializers.BooleanField(
        help_text="An email halfway through your turn at a turn-by-turn table.")
    game_over_emails = serializers.BooleanField(
        help_text="An email with the final ranking when a game you played ends.")
    unsubscribed_all = serializers.BooleanField(
        help_text="No email at all, whatever the others say.")
    daily_digest = serializers.BooleanField(
        help_text="One email a day listing the tables waiting on you, instead of a "
                  "\"your turn\" email each.")
    time_zone = serializers.CharField(
        help_text="Your time zone, an IANA name (\"Europe/Paris\"): emails and pages show "
                  "times in it, and quiet hours are read in it.")
    quiet_hours_start = serializers.RegexField(
        TIME, allow_null=True, help_text="No email from this local time (\"HH:MM\"), or null.")
    quiet_hours_end = serializers.RegexField(
        TIME, allow_null=True, help_text="... until this local time (\"HH:MM\"), or null.")
    muted_tables = serializers.ListField(
        child=serializers.IntegerField(), help_text="Tables whose emails you have muted.")


class PreferencesChangeSerializer(StrictSerializer):
    turn_emails = TrueFalseField(required=False)
    reminder_emails = TrueFalseField(required=False)
    game_over_emails = TrueFalseField(required=False)
    unsubscribed_all = TrueFalseField(required=False)
    daily_digest = TrueFalseField(required=False)
    time_zone = serializers.ChoiceField(
        choices=sorted(zone_names()), required=False,
        error_messages={"invalid_choice": NOT_A_ZONE})
    quiet_hours_start = serializers.RegexField(
        TIME, required=False, allow_null=True,
        error_messages={"invalid": "A time is written HH:MM, from 00:00 to 23:59, or null."})
    quiet_hours_end = serializers.RegexField(
        TIME, required=False, allow_null=True,
        error_messages={"invalid": "A time is written HH:MM, from 00:00 to 23:59, or null."})
    muted_tables = serializers.ListField(child=serializers.IntegerField(min_value=1),
                                         required=False, max_length=1000)


PREFERENCES_EXAMPLE = {
    "turn_emails": True, "reminder_emails": False, "game_over_emails": True,
    "unsubscribed_all": False, "daily_digest": False, "time_zone": "Europe/Paris",
    "quiet_hours_start": "22:00", "quiet_hours_end": "08:00", "muted_tables": []}
PREFERENCES = OpenApiResponse(PreferencesSerializer, "Your email preferences.", [
    OpenApiExample("No reminders, not at night in Paris", PREFERENCES_EXAMPLE)])


class PreferencesView(APIView):
    @extend_schema(summary="Your email preferences", tags=["accounts"],
                   description="Which emails you get (your turn, reminders, the game's end, "
                               "or none at all), and the quiet hours in your time zone when "
                               "no email is sent.",
                   operation_id="getNotificationPreferences",
                   responses={200: PREFERENCES, 401: UNAUTHENTICATED})
    def get(self, request):
        return Response(preferences_json(request.user))

    @extend_schema(
        request=PreferencesChangeSerializer, summary="Change some of your email preferences",
        tags=["accounts"],
        description="Change only the preferences you send; the others stay. Quiet hours need "
                    "a start and an end (both, or both null to have none).",
        operation_id="updateNotificationPreferences",
        examples=[OpenApiExample("No reminders", {"reminder_emails": False}, request_only=True),
                  OpenApiExample("Not at night in Paris", {
                      "time_zone": "Europe/Paris", "quiet_hours_start": "22:00",
                      "quiet_hours_end": "08:00"}, request_only=True)],
        responses={200: PREFERENCES, 401: UNAUTHENTICATED,
                   400: error("Bad input: `code` says what, `fields` which field.", INVALID,
                              PARSE_ERROR),
                   413: error("The body is over the size limit.", TOO_LARGE)})
    def patch(self, request):
        serializer = PreferencesChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            return Response(update_preferences(request.user, serializer.validated_data))
        except BadPreference as error:
            raise serializers.ValidationError({error.field: [error.detail]}) from None
