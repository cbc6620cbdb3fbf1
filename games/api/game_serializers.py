"""The game as a viewer sees it, for the OpenAPI schema (the service builds plain dicts,
`games.service.shown`): the state, the move log and the caller's games."""

from __future__ import annotations

from rest_framework import serializers

from games.models import Move as MoveRow
from games.models import Seat, Table
from games.rules import ACTIONS, COLORS
from games.rules.moves import EVENT_KINDS
from games.rules.replay import DEAL
from wildcards.api_serializers import KnownStringField

# The actions of the move log: the moves', and a round's deal.
LOGGED_ACTIONS = (*ACTIONS, DEAL)


class SeatViewSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.ChoiceField(choices=Seat.Level.values, allow_null=True)
    cards = serializers.IntegerField()
    score = serializers.IntegerField()
    state = serializers.ChoiceField(choices=Seat.State.values)
    bot_account = serializers.BooleanField(
        help_text="A bot account holds the seat: a program playing through the API.")


class HandsField(serializers.DictField):
    child = serializers.ListField(child=serializers.CharField())


class ClientSeedEntrySerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    seed = serializers.CharField()


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


ROUND_ENDS = ("won", "blocked", "abandoned")


class EndedRoundSerializer(FairnessFields):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ROUND_ENDS)
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
    actions = serializers.ListField(child=KnownStringField(
        known=ACTIONS, help_text="An action the seat may take now."))


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
    kind = KnownStringField(known=EVENT_KINDS,
                            help_text="What happened (docs/api.md, \"The move log\").")
    seat = serializers.IntegerField(required=False)
    card = serializers.CharField(required=False)
    color = serializers.ChoiceField(choices=COLORS, required=False)
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
    action = KnownStringField(known=LOGGED_ACTIONS,
                              help_text="The move's action, or `deal`: a round dealt.")
    card = serializers.CharField(allow_null=True)
    color = serializers.ChoiceField(choices=COLORS, allow_null=True)
    target = serializers.IntegerField(allow_null=True)
    by = KnownStringField(
        known=MoveRow.By.values,
        help_text="Who made the move: the seat's `player`, a `bot`, the `timer` (a "
                  "deadline passed), the `dealer` (a round's deal, action `deal`), a standing "
                  "`order` of the player's, or an `email` link.")
    private = serializers.BooleanField(
        required=False,
        help_text="On a `draw` by another seat (for a spectator, on every `draw`), and then "
                  "true: the cards drawn are not shown (its `drew` event has `count`, no "
                  "`cards`).")
    at = serializers.DateTimeField()
    events = EventSerializer(many=True)


class MoveLogSerializer(serializers.Serializer):
    moves = LoggedMoveSerializer(many=True)
    more = serializers.BooleanField()


class MyGameSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Table.Status.values)
    seat = serializers.IntegerField()
    your_turn = serializers.BooleanField()
    version = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    players = serializers.IntegerField()
    mode = serializers.ChoiceField(choices=Table.Mode.values)
