"""Random complete games with their move logs, for the replay's property tests and benchmark.

Each step a seat chosen at random makes one of its legal moves (out of turn too: jump-ins,
calls, catches), now and then the timeout move or a concession, until the game is over or
`max_moves` is reached. The log is what the service stores (`replay.move_entries`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .decks import DECKS, new_game
from .fairness import Seed, round_seed
from .moves import CONCEDE, Move
from .options import Options
from .replay import deal_entry, move_entries
from .state import PLAYING, GameState
from .timeout import timeout_move


@dataclass
class RecordedGame:
    deck: str
    players: int
    options: Options
    seed: Seed
    entries: list[dict]
    final: GameState
    deck_order: list[str] | None = None

    def revealed_seeds(self) -> dict[int, str]:
        """Every round's seed, by number, as revealed once each round has ended."""
        return {n: round_seed(self.seed, n) for n in range(1, self.final.round_number + 1)}


def play_random_game(deck: str, players: int, options: Options, seed: Seed, choices: int,
                     *, max_moves: int = 3000, deck_order: list[str] | None = None,
                     concede_odds: float = 0.002) -> RecordedGame:
    dice = random.Random(choices)
    dealt = new_game(players, options, seed, deck_order, deck=deck)
    state = dealt.state
    rules = DECKS[deck]
    entries = [deal_entry(state, dealt.events)]
    for _ in range(max_moves):
        if state.status != PLAYING:
            break
        seat, move = _pick(rules, state, dice, concede_odds)
        result = rules.apply(state, seat, move)
        if not result.ok:
            raise AssertionError(f"a legal move was refused: {move} by {seat}: {result.code}")
        entries += move_entries(seat, move, result)
        state = result.state
    return RecordedGame(deck, players, options, seed, entries, state, deck_order)


def _pick(rules, state: GameState, dice: random.Random, concede_odds: float) -> tuple[int, Move]:
    if dice.random() < concede_odds:
        return dice.choice(state.active_seats()), Move(CONCEDE)
    if dice.random() < 0.2:  # someone else first: a jump-in, a call, a catch
        others = [(seat, move) for seat in state.active_seats() if seat != state.turn
                  for move in rules.legal_moves(state, seat)]
        if others:
            return dice.choice(others)
    if dice.random() < 0.1:
        move = timeout_move(state)
        if move is not None:
            return state.turn, move
    return state.turn, dice.choice(rules.legal_moves(state, state.turn))
