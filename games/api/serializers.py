"""Shapes of the games API: request bodies are checked here, legality by the rules engine."""

from __future__ import annotations

import copy

from rest_framework import serializers

from games.models import Seat, Table
from games.rules import ACTIONS, COLORS, DECKS
from games.rules.fairness import CLIENT_SEED_MAX, CLIENT_SEED_PATTERN, client_seed_problem
from games.rules.options import from_wire
from wildcards.api_serializers import (
    ChoiceStringField,
    StrictSerializer,
    StringField,
    TrueFalseField,
    WholeNumberField,
)

from .setting_fields import settings_fields

# Every card code of every deck (docs/api.md, "Cards"): what `card` may be in a move.
CARD_CODES = tuple(sorted({code for rules in DECKS.values() for code in rules.deck.codes}))


class TableCreateSerializer(StrictSerializer):
    """A new table's body: every table setting (games/api/setting_fields.py), and a rigged deal."""

    seed = WholeNumberField(required=False, min_value=0, max_value=2**62,
                            help_text="Only with WILDCARDS_ALLOW_RIGGED_DECKS=1.")
    deck_order = serializers.ListField(child=StringField(max_length=32),
                                       required=False, max_length=200,
                                       help_text="Only with WILDCARDS_ALLOW_RIGGED_DECKS=1.")

    def get_fields(self) -> dict:
        return {**settings_fields(response=False), **super().get_fields()}

    def to_settings(self) -> dict:
        """The validated body as the service's choices: each setting given by its name (those
        left out take their defaults there), and the rigged-deck fields."""
        data = self.validated_data
        rigged = {name: data[name] for name in ("seed", "deck_order") if name in data}
        return {**from_wire(data), **rigged}


class ClientSeedField(serializers.RegexField):
    """A player's seed for a deal (docs/fairness.md): 1 to 64 letters, digits, '-' or '_',
    refused with the rules' own sentence."""

    default_error_messages = {"invalid": "Send a string."}

    def __init__(self, **kwargs) -> None:
        super().__init__(CLIENT_SEED_PATTERN, min_length=1, max_length=CLIENT_SEED_MAX,
                         trim_whitespace=False, **kwargs)

    def run_validation(self, data=serializers.empty):
        if data is not serializers.empty:
            if not isinstance(data, str):
                self.fail("invalid")
            problem = client_seed_problem(data)
            if problem:
                raise serializers.ValidationError(problem)
        return super().run_validation(data)


class StartSerializer(StrictSerializer):
    client_seed = ClientSeedField(
        required=False, help_text="Your seed for the first deal, added to the server's "
                                  "(docs/fairness.md); the table page sends one by itself.")


class InviteSerializer(StrictSerializer):
    invite = serializers.CharField(max_length=64)


class BotSerializer(StrictSerializer):
    level = serializers.ChoiceField(choices=Seat.Level.values, default="normal")


class TakeSeatSerializer(StrictSerializer):
    invite = serializers.CharField(max_length=64, required=False)


class InvitationCreateSerializer(StrictSerializer):
    to = StringField(max_length=254, help_text="A username, or an email address (with an @), "
                                               "whatever its case.")


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    to = serializers.CharField(help_text="As the host wrote it: the username, or the address "
                                         "(lowercased).")
    created = serializers.DateTimeField()
    used = serializers.DateTimeField(allow_null=True,
                                     help_text="When its link seated the person; null before.")


class InvitationsSerializer(serializers.Serializer):
    invitations = InvitationSerializer(many=True)


class MoveSerializer(StrictSerializer):
    def get_fields(self) -> dict:
        # Shallow copies, not DRF's deep ones: a declared field holds nothing of a request until
        # it is bound to its serializer (which sets attributes of the copy only), and a deep
        # copy built every field anew, its validators and the card codes' tuple too, at every
        # move (docs/benchmarks.md, "Issue 29, 2026-12-07 morning"). No field here nests.
        return {name: copy.copy(field) for name, field in self._declared_fields.items()}

    action = serializers.ChoiceField(choices=ACTIONS)
    card = ChoiceStringField(choices=CARD_CODES, max_length=32, required=False, allow_null=True,
                             help_text="A card code of the table's deck (docs/api.md, "
                                       "\"Cards\"); one of the other deck is `unknown-card`.")
    color = ChoiceStringField(choices=COLORS, max_length=16, required=False, allow_null=True,
                              help_text=f"One of {', '.join(COLORS)} for a Wild card.")
    target = WholeNumberField(required=False, allow_null=True, min_value=-1, max_value=99,
                              help_text="The seat a 7 under 7-0, a Wild Targeted Draw Two or a "
                                        "Wild Forced Swap names; the seat a `catch` catches.")
    call = TrueFalseField(
        required=False, default=False,
        help_text='`play` only: call "last card" with this play (it counts when the play '
                  "leaves you one card). Only where the last-card call is on.")
    expected_version = WholeNumberField(required=False, allow_null=True, min_value=0,
                                        max_value=2**31 - 1)


# ---- response shapes, for the OpenAPI schema (the views build plain dicts; the game's are in
# game_serializers)
class TableSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.ChoiceField(choices=Seat.Level.values, allow_null=True)
    state = serializers.ChoiceField(choices=Seat.State.values)
    host = serializers.BooleanField()
    bot_account = serializers.BooleanField(
        help_text="A bot account holds the seat: a program playing through the API.")
    pending = serializers.ChoiceField(
        choices=["bot", "person"], allow_null=True,
        help_text="A swap asked for during a game to a target score, made when the next round "
                  "is dealt.")


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    host = serializers.CharField()
    status = serializers.ChoiceField(choices=Table.Status.values)
    seats = TableSeatSerializer(many=True)
    version = serializers.IntegerField()
    invite = serializers.CharField(required=False,
                                   help_text="Only for the host and seated players.")
    created_at = serializers.DateTimeField()

    def get_fields(self) -> dict:
        fields = super().get_fields()
        head = {name: fields.pop(name) for name in ("id", "host", "status")}
        settings = settings_fields(response=True)
        settings["rated"] = serializers.BooleanField(
            help_text="Whether the game will move (or, once over, moved) its players' ratings: "
                      "the host's choice, false as soon as a bot is seated or plays a seat, or "
                      "when the game ends abandoned.")
        return {**head, **settings, **fields}


class SwapSerializer(serializers.Serializer):
    pending = serializers.BooleanField(
        help_text="True when the swap waits for the next round to be dealt.")
    table = TableSerializer()
