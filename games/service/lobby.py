"""Tables and seats: creating a table, joining, bots, leaving before the deal, the start, and
swapping a person and a bot (at once before the deal, between rounds after it).

Each change is one transaction that starts by locking the table row and ends by bumping the
table's version.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.models import Seat, Table
from games.rules import InvalidSetup, new_game, rules_for
from games.rules.options import CLASSIC, SETTINGS, SINGLE, TableSettings
from games.storage import commitments, writes
from games.storage.reads import Game
from games.storage.state import engine_seed, next_seeds_of, options_of

from . import effects, results
from .clock import deadline_for
from .errors import GameError, not_seated
from .seeds import add_host_seed
from .tables import locked

AVAILABLE_DECKS = SETTINGS["deck"].values


def create_table(user, choices: dict) -> Game:
    """`choices` is the validated body of POST /api/tables (api.md's names)."""
    choices = dict(choices)
    seed, deck_order = choices.pop("seed", None), choices.pop("deck_order", None)
    if (seed is not None or deck_order is not None) and not settings.WILDCARDS_ALLOW_RIGGED_DECKS:
        raise GameError("rigged-decks-off",
                        "Reproducible decks (seed, deck_order) are switched off here.",
                        field="seed" if seed is not None else "deck_order")
    deck = choices.get("deck", CLASSIC)
    if deck not in AVAILABLE_DECKS:
        raise GameError("deck-unavailable", f"The {deck} deck is not available yet.",
                        field="deck")
    rules = rules_for(deck)
    table = Table(host=user)
    if seed is not None:
        table.seed = seed
    table.deck_order = deck_order
    if seed is not None or deck_order is not None:  # dealt as chosen: the record says so
        table.rigged, table.secret = True, ""
    try:
        table.settings = TableSettings(**choices).settled()  # left to the deck: as it has it
        options = options_of(table)
        rules.validate_options(options)
        if deck_order is not None:
            rules.new_game(table.players, options, 0, deck_order)  # checks the order
    except InvalidSetup as error:
        raise GameError("invalid", error.detail, field=error.field) from None
    with transaction.atomic():
        return writes.new_table(table, user)


def require_waiting(game: Game) -> None:
    if game.table.status != Table.Status.WAITING:
        raise GameError("table-started", "The game at this table has already started.")


def require_host(game: Game, user) -> None:
    if game.table.host_id != user.pk:
        raise GameError("host-only", "Only the host of the table may do this.")


def require_free_seat(game: Game) -> None:
    if len(game.seats) >= game.table.players:
        raise GameError("table-full", "Every seat at this table is taken.")


def _seat_numbered(game: Game, number: int) -> Seat:
    seat = game.seat_numbered(number)
    if seat is None:
        raise GameError("no-such-seat", f"Seat {number} is not taken at this table.")
    return seat


def already_seated() -> GameError:
    return GameError("already-seated", "You already have a seat at this table.")


def join_table(table_id: int, user, invite: str) -> Game:
    with transaction.atomic():
        game = locked(table_id)
        if game.seat_of(user) is not None:
            raise already_seated()
        if invite != game.table.invite:
            raise GameError("wrong-invite", "That is not this table's invite code.")
        seat_person(game, user)
    return game


def seat_person(game: Game, user) -> Seat:
    """The one way a person takes the next free seat before the deal, whether they came with
    the invite code or an invitation: the caller holds the table's lock and has checked what
    lets them in."""
    if game.seat_of(user) is not None:
        raise already_seated()
    require_waiting(game)
    require_free_seat(game)
    seat = writes.add_seat(game, user=user)
    writes.bump(game)
    return seat


def add_bot(table_id: int, user, level: str) -> Game:
    with transaction.atomic():
        game = locked(table_id)
        require_host(game, user)
        require_waiting(game)
        require_free_seat(game)
        writes.add_seat(game, bot_level=level)
        writes.bump(game)
    return game


def leave_waiting_table(table_id: int, user) -> Game:
    """Before the deal a player may give their seat back; the seats after it move up."""
    with transaction.atomic():
        game = locked(table_id)
        seat = game.seat_of(user)
        if seat is None:
            raise not_seated()
        require_waiting(game)
        if seat.number == 0:
            raise GameError("host-cannot-leave",
                            "The host cannot leave a table; cancel it instead.")
        writes.remove_seat(game, seat)
        writes.bump(game)
    return game


def remove_bot(table_id: int, user, number: int) -> Game:
    """Before the deal the host may take a bot off the table; the seats after it move up."""
    with transaction.atomic():
        game = locked(table_id)
        require_host(game, user)
        require_waiting(game)
        seat = _seat_numbered(game, number)
        if not seat.is_bot:
            raise GameError("not-a-bot",
                            "Only a bot can be taken off the table; a person leaves with "
                            "POST /api/tables/{id}/leave.")
        writes.remove_seat(game, seat)
        writes.bump(game)
    return game


def cancel_table(table_id: int, user) -> None:
    with transaction.atomic():
        game = locked(table_id)
        require_host(game, user)
        require_waiting(game)
        writes.delete_table(game)


def start_game(table_id: int, user, client_seed: str | None = None) -> Game:
    """Deal the first round; `client_seed` is the host's seed for it (docs/fairness.md)."""
    with transaction.atomic():
        game = locked(table_id)
        require_host(game, user)
        require_waiting(game)
        if len(game.seats) < 2:
            raise GameError("not-enough-players", "At least two seats must be filled to start.")
        table = game.table
        add_host_seed(game, user, client_seed)
        dealt = new_game(len(game.seats), options_of(table), engine_seed(table),
                         table.deck_order, deck=table.deck, client_seeds=next_seeds_of(table))
        table.status = Table.Status.PLAYING
        # A game started before every seat was taken is a game of those seated.
        table.players = len(game.seats)
        now = timezone.now()
        deadline = deadline_for(game, dealt.state.turn, now, effects.bot_delay(game))
        writes.deal(game, dealt.state, *deadline)
        if table.mode == Table.Mode.REALTIME:  # presence counts from the deal
            writes.see_everyone(game, now)
        table.rated = table.rated and not results.bot_plays(game)  # bots: never rated
        writes.bump(game, "status", "current_round", "players", "rated", *commitments.NEXT_DEAL)
        writes.log_first_deal(game, dealt.events, now)
        effects.tell_whose_turn(game, deadline[0])
        effects.tell_game_start(game)
        effects.next_turn_follows(game)
    return game


def swap_seat(table_id: int, user, number: int, *, to_bot: bool, level: str | None = None,
              invite: str | None = None) -> tuple[Game, bool]:
    """Swap a person for a bot or a bot for a person. Before the first deal it happens at once;
    during a game to a target score it happens when the next round is dealt (pending until
    then); a single-round game has no "between rounds" once it has started. A bot asked for a
    seat a bot already plays, at another level, is the host changing that bot's level: at
    once. Returns the table and whether the swap is pending."""
    with transaction.atomic():
        game = locked(table_id)
        table = game.table
        seat = _seat_numbered(game, number)
        if to_bot and seat.state == Seat.State.BOT and level not in (None, seat.bot_level):
            _relevel(game, seat, user, level)
            return game, False
        if to_bot:
            change = _to_bot(game, seat, user, level)
        else:
            if (seat.state != Seat.State.BOT and seat.user_id == user.pk
                    and (seat.pending_swap or {}).get("to") == "bot"):
                # The seat's player calls off the bot that was to take over next round.
                seat.pending_swap = None
                writes.write_seats([seat], ["pending_swap"])
                writes.bump(game)
                return game, False
            change = _to_person(game, seat, user, invite)
        if seat.state == Seat.State.LEFT or table.status == Table.Status.FINISHED:
            raise GameError("game-not-playing", "This seat has no more part in the game.")
        pending = table.status == Table.Status.PLAYING
        if pending and table.settings.scoring == SINGLE:
            raise GameError("not-between-rounds",
                            "Seats are swapped between rounds; this game has a single round.")
        if pending:
            seat.pending_swap = change
            writes.write_seats([seat], ["pending_swap"])
        else:
            _swap(seat, change)
            writes.write_seats([seat], ["user", "state", "bot_level", "pending_swap"])
        writes.bump(game)
    return game, pending


def _relevel(game: Game, seat: Seat, user, level: str) -> None:
    """The host sets the level of a bot already playing a seat (one seated as a bot, or one
    that took over a person's seat): at once, as a level never changes a rule."""
    require_host(game, user)
    if game.table.status == Table.Status.FINISHED:
        raise GameError("game-not-playing", "This seat has no more part in the game.")
    seat.bot_level = level
    writes.write_seats([seat], ["bot_level"])
    writes.bump(game)


def _to_bot(game: Game, seat: Seat, user, level: str | None) -> dict:
    if seat.user_id is None or seat.state == Seat.State.BOT:
        raise GameError("already-a-bot", "A bot already plays this seat.")
    if user.pk not in (game.table.host_id, seat.user_id):
        raise GameError("host-only", "Only the host or the seat's player may hand it to a bot.")
    return {"to": "bot", "level": level}


def _to_person(game: Game, seat: Seat, user, invite: str | None) -> dict:
    if seat.state != Seat.State.BOT:
        raise GameError("not-a-bot", "No bot plays this seat.")
    if seat.user_id is not None and seat.user_id != user.pk:
        raise GameError("not-your-seat", "This seat belongs to another player.")
    if seat.user_id is None:
        if game.seat_of(user) is not None:
            raise already_seated()
        if invite != game.table.invite:
            raise GameError("wrong-invite", "That is not this table's invite code.")
        if any(_claimed_by(other, user) for other in game.seats if other is not seat):
            raise GameError("already-seated",
                            "You have already claimed another seat at this table.")
        claim = seat.pending_swap or {}
        if claim.get("to") == "person" and claim.get("user") != user.pk:
            raise GameError("swap-pending", "Someone else has already claimed this seat.")
    return {"to": "person", "user": user.pk}


def _claimed_by(seat: Seat, user) -> bool:
    claim = seat.pending_swap or {}
    return claim.get("to") == "person" and claim.get("user") == user.pk


def _swap(seat: Seat, change: dict) -> None:
    if change["to"] == "bot":
        seat.state, seat.bot_level = Seat.State.BOT, change["level"]
    else:
        seat.user_id, seat.state, seat.bot_level = change["user"], Seat.State.PLAYING, None
    seat.pending_swap = None


def swaps_between_rounds(game: Game) -> list[Seat]:
    """Between rounds: bots take over and people take back or over what was asked for. A seat
    that has left stays left (nobody plays for it any more). Returns the seats changed (the
    caller writes them with the move that ended the round)."""
    changed = []
    for seat in game.seats:
        if not seat.pending_swap:
            continue
        if seat.state == Seat.State.LEFT:
            seat.pending_swap = None
        else:
            _swap(seat, seat.pending_swap)
        changed.append(seat)
    return changed
