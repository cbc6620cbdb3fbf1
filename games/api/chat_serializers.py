"""Shapes of the table chat's endpoints (`/api/tables/{id}/chat…`, `/api/me/mutes…`). The
text's length and emptiness are the service's to judge (`too-long`, `empty`), so that the page
and the API answer alike."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.service.chat import MAX_LENGTH
from wildcards.api_serializers import StrictSerializer, StringField, TrueFalseField


@extend_schema_field({"type": "string", "minLength": 1, "maxLength": MAX_LENGTH,
                      "pattern": r"^[^\x00]*[^\s\x00][^\x00]*$"})
class MessageTextField(StringField):
    """A message's text: the service says `empty` or `too-long` (the schema tells clients);
    an empty string goes to it too, rather than DRF's own "may not be blank"."""

    def run_validation(self, data=serializers.empty):
        if data == "":
            return data
        return super().run_validation(data)


@extend_schema_field({"type": "string", "maxLength": MAX_LENGTH, "pattern": r"^[^\x00]*$"})
class ReasonField(StringField):
    """A report's reason: the service says `too-long`."""


class ChatPostSerializer(StrictSerializer):
    text = MessageTextField(trim_whitespace=False,
                       help_text=f"As written (at most {MAX_LENGTH} characters, not only "
                                 "blanks). A quick reaction is its words: `Good game`, "
                                 "`Well played`, `Oops`.")


class ChatHideSerializer(StrictSerializer):
    hidden = TrueFalseField(required=False,
                            help_text="true: hidden from everyone but the host; false: shown "
                                      "again; left out: as it is.")


class ChatReportSerializer(StrictSerializer):
    reason = ReasonField(required=False, allow_blank=True, default="", trim_whitespace=False,
                         help_text=f"Why, for the operator (at most {MAX_LENGTH} characters).")


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True,
                                    help_text="The author's seat (null: given back before the "
                                              "deal).")
    name = serializers.CharField(help_text="The author's username.")
    text = serializers.CharField(help_text="As written: escape it before showing it in HTML.")
    at = serializers.DateTimeField()
    hidden = serializers.BooleanField(required=False,
                                      help_text="To the host only: whether they hid it.")


class ChatSerializer(serializers.Serializer):
    messages = ChatMessageSerializer(many=True)


class ReportedSerializer(serializers.Serializer):
    message = serializers.IntegerField()
    reported = serializers.BooleanField(help_text="Always true: the operator has it.")


class MutesSerializer(serializers.Serializer):
    muted = serializers.ListField(child=serializers.CharField(),
                                  help_text="The names of the people you mute, A to Z.")
