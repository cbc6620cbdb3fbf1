"""The responses of the games API for its OpenAPI schema: the table and the state with their
examples, and the error responses, each with examples of the codes it answers there (docs/api.md
has them all)."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension, OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiResponse

from games.rules import ACTIONS
from games.rules.moves import FIELDS as MOVE_FIELDS
from games.rules.options import DECK_TITLES, SETTINGS
from wildcards.api_schema import (
    INVALID,
    PARSE_ERROR,
    THROTTLED,
    TOO_LARGE,
    UNAUTHENTICATED,
    RefusalSerializer,
    body,
    error,
    without_inherited_description,
)

from . import examples as ex
from . import game_serializers as game
from . import serializers as s

# The responses of a view that answers the table resource (or the state), with its example.
TABLE = OpenApiResponse(s.TableSerializer, "The table.", [ex.example("A table", ex.TABLE)])
STATE = OpenApiResponse(game.StateSerializer, "The caller's view of the game.",
                        [ex.example("Your turn", ex.STATE)])
SWAP = OpenApiResponse(s.SwapSerializer, "Whether the swap waits for the next round, and the "
                       "table.", [ex.example("Waits for the next round", ex.SWAP)])

NO_SUCH_TABLE = body("not-found", "No such table.")
NOT_SEATED = body("not-seated",
                  "You have no seat at this table and it does not allow spectators.")
HOST_ONLY = body("host-only", "Only the host of the table may do this.")
TABLE_STARTED = body("table-started", "The game has already started.")

BAD_INPUT = error("Bad input: `code` says what, `fields` which field.", INVALID, PARSE_ERROR)
BAD_QUERY = error("A query parameter that is not valid.", body(
    "invalid", "limit must be a whole number from 1 to 100.",
    fields={"limit": ["limit must be a whole number from 1 to 100."]}))
TOO_BIG = error("The body is over the size limit.", TOO_LARGE)
NOT_FOUND = error("No such table.", NO_SUCH_TABLE)
NOT_ALLOWED = error("Not the host, or no seat at the table.", HOST_ONLY, NOT_SEATED)
SEATED_ONLY = error("No seat at the table, and it does not allow spectators.", NOT_SEATED)

# The responses every call with a body may meet, and every call needs a log-in for.
LOGGED_IN = {401: UNAUTHENTICATED}
WITH_BODY = {400: BAD_INPUT, 401: UNAUTHENTICATED, 413: TOO_BIG}


def conflict(*bodies: dict) -> dict:
    return {409: error("Not possible in the table's present state.", *bodies)}


KEY_REUSED = body("idempotency-key-reused", "This Idempotency-Key came with another move: a "
                  "new move needs a new key.",
                  fields={"Idempotency-Key": ["This Idempotency-Key came with another move: "
                                              "a new move needs a new key."]})
REFUSED_MOVE = error(
    "The rules refuse the move (`code`: the reason), or its Idempotency-Key came with another "
    "move; nothing changed.",
    body("no-match", "The card matches neither the color in play nor the number or action "
         "on top.", version=17),
    body("not-your-turn", "It is not your turn, and this is not a valid jump-in.",
         version=17),
    KEY_REUSED, serializer=RefusalSerializer)
BAD_IDEMPOTENCY_KEY = error("An Idempotency-Key that is not 1 to 255 characters.", body(
    "invalid", "Idempotency-Key must be 1 to 255 characters.",
    fields={"Idempotency-Key": ["Idempotency-Key must be 1 to 255 characters."]}))
STALE = error(
    "`expected_version` is not the table's version, or a bot plays your seat.",
    body("stale-version", "The game has moved on since that version: reload it.", version=18),
    serializer=RefusalSerializer)

__all__ = ["INVALID", "THROTTLED", "UNAUTHENTICATED", "body", "error"]


# ---- request bodies the schema can say more of than the serializers
class MoveBodyExtension(OpenApiSerializerExtension):
    """A move's body, one shape per action (`oneOf`): the fields the action takes, the others
    only null (`call` only false), as the service refuses any other with `unexpected-field`."""

    target_class = "games.api.serializers.MoveSerializer"
    priority = 1  # over the StrictSerializer's own

    def map_serializer(self, auto_schema, direction):
        schema = without_inherited_description(self.target, auto_schema._map_serializer(
            self.target, direction, bypass_extensions=True))
        if direction != "request":
            return schema
        fields = schema["properties"]
        shapes = []
        for action in ACTIONS:
            taken = MOVE_FIELDS[action]
            properties = {"action": {"type": "string", "const": action},
                          "expected_version": fields["expected_version"]}
            for name in ("card", "color", "target", "call"):
                if name in taken:
                    properties[name] = fields[name]
                else:
                    properties[name] = ({"type": "boolean", "const": False} if name == "call"
                                        else {"type": "null"})
            shapes.append({"type": "object", "title": action, "properties": properties,
                           "required": ["action"], "additionalProperties": False})
        return {**schema, "oneOf": shapes}


class TableBodyExtension(OpenApiSerializerExtension):
    """A new table's body: a whole-number setting of a fixed set (`turn_hours`) an enum of it,
    and with each deck none of the house rules it does not go with (their declarations'
    `decks`). (`seed` and `deck_order` stay, described: whether the server takes them is its
    setting, WILDCARDS_ALLOW_RIGGED_DECKS.)"""

    target_class = "games.api.serializers.TableCreateSerializer"
    priority = 1

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        if direction == "request":
            schema["additionalProperties"] = False
            for name, setting in SETTINGS.items():
                if setting.group is None and setting.kind is int and setting.choices:
                    schema["properties"][name]["enum"] = list(setting.values)
            decks = [{"if": {"properties": {"deck": {"const": deck}}, "required": ["deck"]},
                      "then": {"properties": _refused(deck)}}
                     for deck in DECK_TITLES if _refused(deck)]
            if len(decks) == 1:
                schema.update(decks[0])
            elif decks:
                schema["allOf"] = decks
        return schema


def _refused(deck: str) -> dict:
    """The body's groups with the settings `deck` does not go with, each held to false."""
    refused: dict = {}
    for setting in SETTINGS.values():
        if setting.decks and deck not in setting.decks and setting.group is not None:
            group = refused.setdefault(setting.group, {"properties": {}})
            group["properties"][setting.wire_name] = {"const": False}
    return refused


class TokenSchemes(OpenApiAuthenticationExtension):
    """The API token, either way the server takes it: `Authorization: Bearer <token>` (what
    generated clients send) or `Authorization: Token <token>`."""

    target_class = "games.api.authentication.TokenAuthentication"
    name = ["bearerAuth", "tokenAuth"]
    priority = 1  # over drf-spectacular's own for DRF's TokenAuthentication

    def get_security_requirement(self, auto_schema):
        return [{"bearerAuth": []}, {"tokenAuth": []}]  # either one

    def get_security_definition(self, auto_schema):
        made = ("The token from sign-up (POST /api/accounts) or from POST /api/auth/token, "
                "shown once.")
        return [{"type": "http", "scheme": "bearer",
                 "description": f"`Authorization: Bearer <token>`. {made}"},
                {"type": "apiKey", "in": "header", "name": "Authorization",
                 "description": f"`Authorization: Token <token>` (the same token). {made}"}]
