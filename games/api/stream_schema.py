"""The event stream in the OpenAPI schema: the JSON `data` of each event (`state`, `reset`,
`gone`) is a component, tied to its event's name by `x-events` on the stream's media type (the
stream itself is text, read line by line: docs/api.md, "Following a table")."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from .game_serializers import LoggedMoveSerializer, StateSerializer

STREAM = "text/event-stream"


class StateEventSerializer(serializers.Serializer):
    """The `data` of a `state` event: the table as the follower now sees it, and the moves
    that brought it there since the version it had."""

    def get_fields(self) -> dict:  # `from` is a Python keyword
        return {
            "table": serializers.IntegerField(),
            "version": serializers.IntegerField(help_text="The table's version now (the "
                                                          "event's id)."),
            "from": serializers.IntegerField(
                allow_null=True, help_text="The version the event starts from (the last event's "
                                           "id); null in the first event of a stream opened "
                                           "without a version, which brings the state alone."),
            "state": StateSerializer(help_text="As GET /api/tables/{id}/state gives it to the "
                                               "follower."),
            "moves": LoggedMoveSerializer(many=True, help_text="The move log's entries from "
                                                               "`from` to `version`, as the "
                                                               "follower may read them."),
        }

    class Meta:
        ref_name = "StateEvent"


class ResetEventSerializer(serializers.Serializer):
    """The `data` of a `reset` event: the follower is too far behind (more than 500 moves) or
    named a version the table never had. Read the state again; the stream goes on from
    `version`."""

    table = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The table's version now (the event's id).")
    detail = serializers.CharField(help_text="For people: a sentence.")

    class Meta:
        ref_name = "ResetEvent"


class GoneEventSerializer(serializers.Serializer):
    """The `data` of a `gone` event, the stream's last: the table is no more (a cancelled
    table)."""

    version = serializers.IntegerField(allow_null=True, help_text="The last version the "
                                                                  "follower was sent; null: "
                                                                  "none.")
    code = serializers.CharField(help_text="Why, as an error's code: `not-found`.")
    detail = serializers.CharField(help_text="For people: a sentence.")

    class Meta:
        ref_name = "GoneEvent"


EVENTS = {"state": StateEventSerializer, "reset": ResetEventSerializer,
          "gone": GoneEventSerializer}


class EventStreamSchema(AutoSchema):
    """The stream's operation, with `x-events` on its `text/event-stream` answer: each event's
    name, and the component of its `data`."""

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is not None:
            media = operation["responses"]["200"]["content"][STREAM]
            media["x-events"] = {name: self.resolve_serializer(serializer, "response").ref
                                 for name, serializer in EVENTS.items()}
        return operation
