"""Turns that ran out, many tables in one transaction: the deadline sweep's way.

The sweep claims the tables whose turn is due (their rows locked; one that another transaction
holds is left to it: `storage.due.claim_due_tables`) and loads them all in two queries. Each
table whose turn is still the one that was due is played out as `play.expire_turn` plays out
one (the same check, the same moves, the same emails and tasks): the timeout move, or the seat
leaves if the table says so, then the bots until a person is to act. The writes of them all go
in one batch with the emails' INSERT last: one round trip for the group (a table that moves
again, for its bots, sends what is held first). The tasks (bots' turns, the real-time expiries)
and the tables' events are published together after the commit, the emails' a few to a task.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from django.db import transaction

from games.storage import due, reads, writes
from notifications.outbox import written_together

from . import effects, events, play, vacations


def expire_due_tables(now: datetime, limit: int,
                      skip: Collection[int] = ()) -> tuple[list[int], int]:
    """In one transaction, up to `limit` tables whose turn ran out at `now` (but `skip`'s)
    play it out. Returns the tables claimed and how many of them expired (a table whose turn
    changed between the claim and the load does not). If anything fails, nothing is changed
    and the exception goes to the caller."""
    with (transaction.atomic(), writes.written_together() as batch,
          written_together(execute=batch.run), effects.published_together(),
          events.published_together()):
        claimed = dict(due.claim_due_tables(now, limit, skip))
        expired = 0
        for game in reads.load_many(list(claimed)):
            events.watch(game)  # its viewers are told once the transaction commits
            if (play.turn_ran_out(game, now, claimed[game.table.pk])
                    and not vacations.waits_for_vacation(game, now)):
                play.move_for_seats(game, now, expired=True)
                effects.next_turn_follows(game)
                expired += 1
    return list(claimed), expired
