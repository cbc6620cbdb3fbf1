"""A finished game for the replay pages' tests: two people, each turn the timeout move."""

from __future__ import annotations

from games.rules import timeout_move
from games.service import lobby, play
from games.storage import reads


def finished_game(host, guest, **choices) -> int:
    """`host` and `guest` are users; a game played to its end through the service."""
    game = lobby.create_table(host, {"players": 2, **choices})
    table = game.table.pk
    lobby.join_table(table, guest, game.table.invite)
    lobby.start_game(table, host)
    for _ in range(3000):
        state = reads.load(table).state
        if state.status == "finished":
            return table
        play.make_move(table, (host, guest)[state.turn], timeout_move(state))
    raise AssertionError("the game did not end")
