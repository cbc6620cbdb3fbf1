"""Play again: at a game's end, a new table with the same settings and the same bots, hosted by
the player who asks. The other people of the game are not seated: each is invited to it (an
email with a link that seats them, `invitations`). Its own module, over the lobby it calls."""

from __future__ import annotations

import contextlib

from django.db import transaction

from games.models import Table
from games.rules.state import ROUND_ABANDONED
from games.storage import reads
from games.storage.reads import Game, NoSuchTable

from .errors import GameError, no_such_table, not_seated
from .invitations import invite
from .lobby import add_bot, create_table


def play_again(table_id: int, user) -> Game:
    """A new table for a player of a finished game: its settings, the user hosting it in seat 0
    and the same bots, at their levels, in the next seats; the other people's seats stay free
    for them.

    The host's choice of a rated game is not kept apart from the table's `rated`, which also
    turns off when a bot plays or the game ends abandoned: the new table is rated unless
    nothing but that choice explains the old one's being unrated."""
    try:
        game = reads.load(table_id)
    except NoSuchTable:
        raise no_such_table() from None
    if game.seat_of(user) is None:
        raise not_seated()
    table = game.table
    if table.status != Table.Status.FINISHED:
        raise GameError("game-not-finished", "The game is not over yet: play again once it is.")
    # Every setting of the game, none of its dealing (the new table shuffles afresh) nor its
    # people.
    choices = table.settings.to_dict()
    choices["rated"] = table.rated or _unrated_by_play(game)
    bots = [seat.bot_level or "normal" for seat in game.seats if seat.user_id is None]
    people = [seat.user.username for seat in game.seats
              if seat.user_id is not None and seat.user_id != user.pk and seat.user.is_active]
    with transaction.atomic():
        again = create_table(user, choices)
        for level in bots:
            again = add_bot(again.table.pk, user, level)
        for name in people:
            with contextlib.suppress(GameError):  # an account closed or renamed since
                invite(again.table.pk, user, name)
    return again


def _unrated_by_play(game: Game) -> bool:
    """Whether the game became unrated by how it went (a bot at a seat, a bot account, or an
    abandoned end) rather than by its host's choice."""
    state = game.state
    abandoned = state is not None and state.round_status == ROUND_ABANDONED
    return abandoned or any(seat.played_by_bot or seat.is_bot_account for seat in game.seats)
