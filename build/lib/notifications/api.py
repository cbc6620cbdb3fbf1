"""GET and PATCH /api/me/notifications: the caller's email preferences."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from wildcards.api_schema import INVALID, PARSE_ERROR, TOO_LARGE, UNAUTHENTICATED, error
from wildcards.api_serializers import StrictSerializer, TrueFalseField

from .preferences import preferences_json, update_preferences


class PreferencesSerializer(serializers.Serializer):
    turn_emails = serializers.BooleanField(
        help_text="An email when a turn comes to you at a turn-by-turn table.")
    reminder_emails = serializers.BooleanField(
        help_text="An email halfway through your turn at a turn-by-turn table.")
    game_over_emails = serializers.BooleanField(
        help_text="An email with the final ranking when a game you played ends.")
    unsubscribed_all = serializers.BooleanField(
        help_text="No email at all, whatever the other three say.")


class PreferencesChangeSerializer(StrictSerializer):
    turn_emails = TrueFalseField(required=False)
    reminder_emails = TrueFalseField(required=False)
    game_over_emails = TrueFalseField(required=False)
    unsubscribed_all = TrueFalseField(required=False)


PREFERENCES = OpenApiResponse(PreferencesSerializer, "Your email preferences.", [
    OpenApiExample("No reminders", {"turn_emails": True, "reminder_emails": False,
                                    "game_over_emails": True, "unsubscribed_all": False})])


class PreferencesView(APIView):
    @extend_schema(summary="Your email preferences", tags=["accounts"],
                   operation_id="getNotificationPreferences",
                   responses={200: PREFERENCES, 401: UNAUTHENTICATED})
    def get(self, request):
        return Response(preferences_json(request.user))

    @extend_schema(
        request=PreferencesChangeSerializer, summary="Change some of your email preferences",
        tags=["accounts"], operation_id="updateNotificationPreferences",
        examples=[OpenApiExample("No reminders", {"reminder_emails": False}, request_only=True)],
        responses={200: PREFERENCES, 401: UNAUTHENTICATED,
                   400: error("Bad input: `code` says what, `fields` which field.", INVALID,
                              PARSE_ERROR),
                   413: error("The body is over the size limit.", TOO_LARGE)})
    def patch(self, request):
        serializer = PreferencesChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(update_preferences(request.user, serializer.validated_data))
