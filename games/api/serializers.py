"""Shapes of the games API: request bodies are checked here, legality by the rules engine."""

from __future__ import annotations

from rest_framework import serializers

from games.models import Seat, Table
from games.rules import ACTIONS, COLORS
from games.rules.fairness import CLIENT_SEED_MAX, CLIENT_SEED_PATTERN, client_seed_problem
from games.rules.options import from_wire
from wildcards.api_serializers import (
    StrictSerializer,
    StringField,
    TrueFalseField,
    WholeNumberField,
)

from .setting_fields import settings_fields


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


class ClientSeedEntrySerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    seed = serializers.CharField()


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
    action = serializers.ChoiceField(choices=ACTIONS)
    card = StringField(max_length=32, required=False, allow_null=True)
    color = StringField(max_length=16, required=False, allow_null=True,
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


# ---- response shapes, for the OpenAPI schema (the views build plain dicts)
class SeatViewSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.ChoiceField(choices=Seat.Level.values, allow_null=True)
    cards = serializers.IntegerField()
    score = serializers.IntegerField()
    state = serializers.ChoiceField(choices=Seat.State.values)


class TableSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.ChoiceField(choices=Seat.Level.values, allow_null=True)
    state = serializers.ChoiceField(choices=Seat.State.values)
    host = serializers.BooleanField()
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


class HandsField(serializers.DictField):
    child = serializers.ListField(child=serializers.CharField())


class FairnessFields(serializers.Serializer):
    """The provably fair shuffle (docs/fairness.md): null in a legacy game."""

    commitment = serializers.CharField(
        allow_null=True, help_text="sha256 of `<salt>:<seed>` in hex, shown from the deal.")
    seed = serializers.CharField(allow_null=True,
                                 help_text="The round's seed: null until the round has ended.")
    salt = serializers.CharField(allow_null=True,
                                 help_text="The round's salt: null until the round has ended.")
    client_seeds = ClientSeedEntrySerializer(
        many=True, help_text="The players' seeds added to the deal, in seat order: the round "
                             "was shuffled from its seed mixed with them (docs/fairness.md).")


class EndedRoundSerializer(FairnessFields):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    status = serializers.CharField()
    winner = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    hands = HandsField()


class RoundViewSerializer(FairnessFields):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    turn = serializers.IntegerField(allow_null=True)
    direction = serializers.ChoiceField(choices=["clockwise", "counterclockwise"])
    top = serializers.CharField()
    color = serializers.ChoiceField(choices=COLORS, allow_null=True)
    discard = serializers.ListField(child=serializers.CharField())
    draw_pile = serializers.IntegerField()
    penalty = serializers.IntegerField()
    catchable = serializers.ListField(
        child=serializers.IntegerField(),
        help_text='Seats holding one card that have not called "last card": any other seat may '
                  "`catch` them until the next move.")
    turns_to_lose = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Seats that lose a turn when play next comes to them, once per entry (a Wild "
                  "Skip Two with two players: the other player loses this turn and the next).")
    deadline = serializers.DateTimeField(allow_null=True)
    status = serializers.ChoiceField(choices=["playing", "won", "blocked", "abandoned"])
    winner = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)
    hands = HandsField(allow_null=True)


class YouSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    hand = serializers.ListField(child=serializers.CharField())
    playable = serializers.ListField(child=serializers.CharField())
    refusals = serializers.DictField(child=serializers.CharField())
    drawn = serializers.CharField(allow_null=True)
    actions = serializers.ListField(child=serializers.ChoiceField(choices=ACTIONS))


class RankSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    rank = serializers.IntegerField()
    score = serializers.IntegerField()
    left = serializers.BooleanField()


class NextDealSerializer(serializers.Serializer):
    """The deal to come (docs/fairness.md): null when none is, or at a rigged table."""

    round = serializers.IntegerField()
    commitment = serializers.CharField(help_text="sha256 of `<salt>:<server's seed>` in hex.")
    seeded = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="The seats that have added a seed to it.")


class VacationSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    until = serializers.DateTimeField()


class StateSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Table.Status.values)
    seats = SeatViewSerializer(many=True)
    round = RoundViewSerializer(allow_null=True)
    last_round = EndedRoundSerializer(allow_null=True)
    you = YouSerializer(required=False, help_text="Absent for a spectator.")
    ranking = RankSerializer(many=True, allow_null=True)
    next_deal = NextDealSerializer(allow_null=True)
    paused = serializers.BooleanField(
        help_text="Every person seated accepted a pause: no turn has a deadline, moves are "
                  "refused (`paused`) until someone resumes it (docs/api.md 9.4).")
    pause_votes = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The seats whose players accepted the pause proposed (or in force).")
    vacations = VacationSeatSerializer(
        many=True, help_text="The seats whose players are on vacation, at a table that allows "
                             "it: their turns wait for them until `until` (docs/api.md 9.3).")


class EventSerializer(serializers.Serializer):
    kind = serializers.CharField()
    seat = serializers.IntegerField(required=False)
    card = serializers.CharField(required=False)
    color = serializers.CharField(required=False)
    target = serializers.IntegerField(required=False)
    cards = serializers.ListField(child=serializers.CharField(), required=False,
                                  help_text="Drawn cards: only for the seat that drew them.")
    count = serializers.IntegerField(required=False)
    points = serializers.IntegerField(required=False)
    commitment = serializers.CharField(
        required=False, help_text="A `dealt` event's: the commitment to its round's seed.")


class LoggedMoveSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    round = serializers.IntegerField()
    seat = serializers.IntegerField()
    action = serializers.CharField()
    card = serializers.CharField(allow_null=True)
    color = serializers.CharField(allow_null=True)
    target = serializers.IntegerField(allow_null=True)
    by = serializers.ChoiceField(choices=["player", "bot", "timer", "dealer"],
                                 help_text="`dealer`: a round's deal (action `deal`).")
    at = serializers.DateTimeField()
    events = EventSerializer(many=True)


class MoveLogSerializer(serializers.Serializer):
    moves = LoggedMoveSerializer(many=True)
    more = serializers.BooleanField()


class MyGameSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    status = serializers.CharField()
    seat = serializers.IntegerField()
    your_turn = serializers.BooleanField()
    version = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    players = serializers.IntegerField()
    mode = serializers.CharField()


class SwapSerializer(serializers.Serializer):
    pending = serializers.BooleanField(
        help_text="True when the swap waits for the next round to be dealt.")
    table = TableSerializer()
