"""Shapes of the games API: request bodies are checked here, legality by the rules engine."""

from __future__ import annotations

from rest_framework import serializers

from games.models import Seat, Table
from games.rules import ACTIONS, COLORS, DECKS
from games.rules.options import TARGET_MAX, TARGET_MIN
from wildcards.api_serializers import (
    ChoiceStringField,
    StrictSerializer,
    StringField,
    TrueFalseField,
    WholeNumberField,
)

# Every card code of every deck (docs/api.md, "Cards"): what `card` may be in a move.
CARD_CODES = tuple(sorted({code for rules in DECKS.values() for code in rules.deck.codes}))


class OptionsSerializer(StrictSerializer):
    stacking = TrueFalseField(default=False)
    seven_zero = TrueFalseField(default=False)
    jump_in = TrueFalseField(default=False)
    draw_until_playable = TrueFalseField(default=False)
    last_card_call = TrueFalseField(
        required=False, allow_null=True,
        help_text='Say "last card" with your second-to-last card or be caught (draw 2). '
                  "Left out or null: as the deck has it (on with all-wild, off with classic).")


class ScoringSerializer(StrictSerializer):
    mode = serializers.ChoiceField(choices=["single", "target"], default="single")
    target = WholeNumberField(min_value=TARGET_MIN, max_value=TARGET_MAX, default=500)


TURN_HOURS = (12, 24, 72)


class TableCreateSerializer(StrictSerializer):
    players = WholeNumberField(min_value=2, max_value=10, default=4)
    mode = serializers.ChoiceField(choices=Table.Mode.values, default="turn")
    turn_hours = WholeNumberField(default=24, help_text="12, 24 or 72.")
    on_expiry = serializers.ChoiceField(choices=Table.OnExpiry.values, default="bot")
    move_timer = serializers.ChoiceField(choices=Table.MoveTimer.values, default="normal")
    deck = serializers.ChoiceField(choices=["classic", "all-wild"], default="classic")
    options = OptionsSerializer(required=False)
    scoring = ScoringSerializer(required=False)
    spectators = TrueFalseField(default=False)
    rated = TrueFalseField(
        default=True,
        help_text="The game moves its players' ratings (docs/playing.md). On by default; a "
                  "table at which a bot plays a seat is never rated, whatever this says.")
    seed = WholeNumberField(required=False, min_value=0, max_value=2**62,
                                    help_text="Only with WILDCARDS_ALLOW_RIGGED_DECKS=1.")
    deck_order = serializers.ListField(child=StringField(max_length=32),
                                       required=False, max_length=200,
                                       help_text="Only with WILDCARDS_ALLOW_RIGGED_DECKS=1.")

    def validate_turn_hours(self, value: int) -> int:
        if value not in TURN_HOURS:
            raise serializers.ValidationError("turn_hours must be 12, 24 or 72.")
        return value

    def to_settings(self) -> dict:
        """The validated body as Table fields (the rigged-deck fields kept apart by name)."""
        data = dict(self.validated_data)
        options = data.pop("options", None) or OptionsSerializer().to_internal_value({})
        scoring = data.pop("scoring", None) or {"mode": "single", "target": 500}
        data.update(options)
        data["scoring"] = scoring.get("mode", "single")
        data["target"] = scoring.get("target", 500)
        return data


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
    players = serializers.IntegerField()
    mode = serializers.CharField()
    turn_hours = serializers.IntegerField()
    on_expiry = serializers.CharField()
    move_timer = serializers.CharField()
    deck = serializers.CharField()
    options = OptionsSerializer()
    scoring = ScoringSerializer()
    spectators = serializers.BooleanField()
    rated = serializers.BooleanField(
        help_text="Whether the game will move (or, once over, moved) its players' ratings: the "
                  "host's choice, false as soon as a bot is seated or plays a seat, or when the "
                  "game ends abandoned.")
    seats = TableSeatSerializer(many=True)
    version = serializers.IntegerField()
    invite = serializers.CharField(required=False,
                                   help_text="Only for the host and seated players.")
    created_at = serializers.DateTimeField()


class SwapSerializer(serializers.Serializer):
    pending = serializers.BooleanField(
        help_text="True when the swap waits for the next round to be dealt.")
    table = TableSerializer()
