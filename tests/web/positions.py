"""Tables dealt a given position (`games.rules.position`, the FEN of this game): whatever table
page a test needs — a chooser open on the next click, a hand of twenty cards, a round about to
end — built in a line, through the service layer.

    table = table_at(position([["wild", "flame-1"], ["sun-2"]], top="flame-5"), ana.user)
"""

from __future__ import annotations

from unittest import mock

from games.rules import GameState, rules_for
from games.rules.moves import Applied, Event
from games.service import lobby


def table_at(state: GameState, host, others=(), *, level: str = "easy", **fields) -> int:
    """A started table whose first round is `state`: seat 0 is `host` (a user), then `others`
    (users), then bots of `level` in the seats left. `fields` are more of the table's settings
    (`mode="realtime"`, `scoring="target"`...); the deck and house rules are the state's.

    The table deals `state` instead of shuffling (the rules' `new_game` stands aside for the
    start only), so everything after it — the deal in the log, the deadline, a bot to play
    first — happens as it would at any table."""
    options = state.options
    game = lobby.create_table(host, {
        "players": state.players, "deck": state.deck, "stacking": options.stacking,
        "seven_zero": options.seven_zero, "jump_in": options.jump_in,
        "draw_until_playable": options.draw_until_playable, "scoring": options.scoring,
        "target": options.target, "last_card_call": options.last_card_call, **fields})
    table = game.table.pk
    for user in others:
        lobby.join_table(table, user, game.table.invite)
    for _ in range(state.players - 1 - len(others)):
        lobby.add_bot(table, host, level)
    # The deal as the log tells it: by the dealer, the starter turned up (the position's first
    # card of the discard pile).
    starter = rules_for(state).deck.codes[state.discard[0]]
    dealt = [Event("dealt", seat=state.dealer, count=state.round_number, card=starter)]
    with mock.patch.object(lobby, "new_game", lambda *args, **kwargs: Applied(state, dealt)):
        lobby.start_game(table, host)
    return table
