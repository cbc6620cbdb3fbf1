"""Tables, seats, rounds, hands and the move log.

Only `games.storage` reads and writes these rows, called by the service layer (`games.service`:
one transaction per change, the table row locked). The secrets (hands, the draw pile's order,
the seed) live here and leave only through `games.rules.views`.
"""

from __future__ import annotations

import secrets
from functools import lru_cache

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from games.rules.options import CLASSIC, REALTIME, SETTINGS, TURN, TableSettings

from .chat import ChatMessage as ChatMessage  # models of this app: registered here
from .chat import ChatMute as ChatMute
from .chat import ChatReport as ChatReport
from .invitations import Invitation as Invitation
from .moves import IdempotentAnswer as IdempotentAnswer
from .moves import Move as Move
from .orders import StandingOrders
from .vacations import Vacation as Vacation


def new_invite() -> str:
    return secrets.token_urlsafe(9)


def new_seed() -> int:
    return secrets.randbits(62)


def new_secret() -> str:
    """A table's dealing secret: every round's seed is an HMAC of it (games/rules/fairness.py)."""
    return secrets.token_hex(32)


def new_salt() -> str:
    """A round's salt, hashed with its seed into the commitment shown from the deal."""
    return secrets.token_hex(16)


# One name for each seat number, so no two bots at a table share one.
BOT_NAMES = ("Ada", "Blaise", "Cleo", "Dara", "Emmy", "Felix", "Grace", "Hugo", "Iris", "Jules")


class Table(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting"
        PLAYING = "playing"
        FINISHED = "finished"

    class Mode(models.TextChoices):
        TURN = TURN
        REALTIME = REALTIME

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_tables"
    )
    invite = models.CharField(max_length=32, unique=True, default=new_invite)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    players = models.PositiveSmallIntegerField(default=4)
    mode = models.CharField(max_length=16, choices=Mode.choices, default=Mode.TURN)
    deck = models.CharField(max_length=16, default=CLASSIC)
    # The table's other settings, by name (games/rules/options.py declares them all, with the
    # columns above); written and read whole through `settings`, which checks every value.
    options = models.JSONField(default=dict, blank=True)
    # Ratings: the host's choice, on by default; off for good once a bot plays a seat (a bot
    # seated at the deal, or one moving for a person: away, timed out, swapped).
    rated = models.BooleanField(default=True)
    # Server-side only: every shuffle of the table derives from the seed.
    seed = models.BigIntegerField(default=new_seed)
    deck_order = models.JSONField(null=True, blank=True)  # rigged first deal (tests, demos)
    # Server-side only, never revealed: each round's seed is an HMAC of it. Empty for a table
    # made before commitments (a legacy game: dealt from `seed`, nothing committed) and for a
    # rigged one (`rigged`: dealt from the seed or deck order its creator chose).
    secret = models.CharField(max_length=64, blank=True, default=new_secret)
    rigged = models.BooleanField(default=False)
    # The next deal, committed to before it is dealt (docs/fairness.md): the salt (secret until
    # that round ends) and the commitment (public) to the server's seed of the next round, and
    # the seeds the seated players have added to it so far, {"<seat>": seed}. Empty when no
    # deal is to come, and at legacy and rigged tables.
    next_salt = models.CharField(max_length=32, blank=True, default="")
    next_commitment = models.CharField(max_length=64, blank=True, default="")
    next_seeds = models.JSONField(default=dict, blank=True)
    # A pause the people seated agreed to (issue 27, `games.service.pauses`): the seat numbers
    # that accepted it so far, and whether all of them have (no deadline while it lasts).
    pause_votes = models.JSONField(default=list, blank=True)
    paused = models.BooleanField(default=False)
    # Bumped by every change anyone can see; moves name the version they were made on.
    version = models.PositiveIntegerField(default=0)
    current_round = models.ForeignKey(
        "Round", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    winner = models.SmallIntegerField(null=True, blank=True)
    last_round = models.JSONField(null=True, blank=True)  # the round before the current one
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["status", "-created_at"], name="table_status_created"),
            # The sweep looks for seats gone away at real-time games being played only: so
            # few, whatever the number of tables (games.storage.due).
            models.Index(fields=["id"], name="table_realtime_playing",
                         condition=Q(mode="realtime", status="playing")),
        ]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.status})"

    @property
    def settings(self) -> TableSettings:
        """Every setting of the table, from its columns and its `options`."""
        columns = tuple((name, getattr(self, name)) for name in setting_columns())
        return _settings_from(tuple(self.options.items()) + columns, tuple(SETTINGS))

    @settings.setter
    def settings(self, chosen: TableSettings) -> None:
        values = chosen.to_dict()
        for name in setting_columns():
            setattr(self, name, values.pop(name))
        self.options = values


def setting_columns() -> list[str]:
    """The settings the table row keeps in columns of their own (filtered and sorted on)."""
    return [name for name in SETTINGS if name in _TABLE_COLUMNS]


@lru_cache(maxsize=4096)  # the tables of a service mostly share their settings
def _settings_from(stored: tuple, declared: tuple) -> TableSettings:
    return TableSettings(**{name: value for name, value in stored if name in declared})


_TABLE_COLUMNS = frozenset(field.name for field in Table._meta.concrete_fields) - {"options"}


class Seat(StandingOrders):
    class State(models.TextChoices):
        PLAYING = "playing"
        AWAY = "away"
        BOT = "bot"
        LEFT = "left"

    class Level(models.TextChoices):
        EASY = "easy"
        NORMAL = "normal"
        HARD = "hard"

    # (No index of its own: seat_number_unique, table first, serves it.)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats",
                              db_index=False)
    number = models.PositiveSmallIntegerField()
    # A person's seat has a user; a bot's has a level; a person's seat a bot plays for has both.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=8, choices=Level.choices, null=True, blank=True)
    state = models.CharField(max_length=8, choices=State.choices, default=State.PLAYING)
    score = models.IntegerField(default=0)
    left_points = models.IntegerField(default=0)
    timeouts = models.PositiveSmallIntegerField(default=0)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    # A swap asked for during a round happens when the next one is dealt.
    pending_swap = models.JSONField(null=True, blank=True)

    class Meta(StandingOrders.Meta):
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=Q(user__isnull=False), name="seat_user_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of table {self.table_id}"

    @property
    def is_bot(self) -> bool:
        return self.user_id is None or self.state == self.State.BOT

    @property
    def is_bot_account(self) -> bool:
        """A bot account holds the seat: a program that plays through the API."""
        return self.user_id is not None and self.user.is_bot

    @property
    def played_by_bot(self) -> bool:
        """A bot moves for this seat: a bot's seat, a person's handed to a bot, or one whose
        player is away (until they return)."""
        return self.is_bot or self.state == self.State.AWAY

    @property
    def name(self) -> str:
        """What everyone at the table calls the seat: a bot by a name of its seat's and its
        level ("Bot Ada (Hard)"), so that people can tell the bots apart."""
        if self.user_id is not None:
            return self.user.username
        level = (self.bot_level or "normal").capitalize()
        return f"Bot {BOT_NAMES[self.number % len(BOT_NAMES)]} ({level})"


class Round(models.Model):
    # (No index of its own: round_number_unique, table first, serves it. Every move's update
    # of the round changes its deadline, an indexed column, so it writes every index anew.)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds",
                              db_index=False)
    number = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField()
    turn = models.PositiveSmallIntegerField()
    direction = models.SmallIntegerField(default=1)  # 1 clockwise, -1 counterclockwise
    color = models.CharField(max_length=8, null=True, blank=True)  # null: to be chosen
    penalty = models.PositiveSmallIntegerField(default=0)
    drawn = models.CharField(max_length=32, null=True, blank=True)  # must be played now
    jump_open = models.BooleanField(default=True)
    # Seats holding one card that have not called "last card" (catchable until the next move).
    uncalled = models.JSONField(default=list)
    # All Wild: seats still to lose a turn (a Wild Skip Two with two players).
    lost_turns = models.JSONField(default=list)
    shuffles = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=16, default="playing")
    winner = models.SmallIntegerField(null=True, blank=True)
    points = models.IntegerField(null=True, blank=True)
    # Server-side only: the draw pile's order, top card last.
    draw_pile = models.JSONField(default=list)
    # The provably fair shuffle: `commitment` (sha256 of salt and seed) is public from the deal;
    # `seed` and `salt` once the round has ended. All three empty in a legacy game.
    seed = models.CharField(max_length=128, blank=True, default="")
    salt = models.CharField(max_length=32, blank=True, default="")
    commitment = models.CharField(max_length=64, blank=True, default="")
    # The seeds the players added to the deal, [{"seat", "seed"}] in seat order: the round is
    # shuffled from the server's seed mixed with them (public from the deal).
    client_seeds = models.JSONField(default=list, blank=True)
    # The discard pile as it lies now, bottom first (its history is in the move log).
    discard = models.JSONField(default=list)
    deadline_at = models.DateTimeField(null=True, blank=True)
    remind_at = models.DateTimeField(null=True, blank=True)
    # Who held each seat in this round, as the deal found them: [{"seat", "name", "bot"}] (a
    # seat changes hands between rounds). Empty for rounds dealt before it was kept.
    players = models.JSONField(default=list)
    started_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="round_number_unique"),
        ]
        indexes = [
            models.Index(fields=["deadline_at"], name="round_deadline_due",
                         condition=Q(deadline_at__isnull=False)),
            models.Index(fields=["remind_at"], name="round_remind_due",
                         condition=Q(remind_at__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"round {self.number} of table {self.table_id}"


class Hand(models.Model):
    # (No index of its own: hand_seat_unique, round first, serves it.)
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hands",
                              db_index=False)
    seat = models.PositiveSmallIntegerField()
    cards = models.JSONField(default=list)  # card codes, sorted

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="hand_seat_unique"),
        ]
