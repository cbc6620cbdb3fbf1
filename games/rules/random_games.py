"""Random complete games with their move logs, for the replay's property tests and benchmark.

Each step a seat chosen at random makes one of its legal moves (out of turn too: jump-ins,
calls, catches), now and then the timeout move or a concession, until the game is over or
`max_moves` is reached. The log is what the service stores (`replay.move_entries`), and
`as_record` makes the game's record as the service exports it (docs/api.md, "Game records").
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from .decks import DECKS, new_game
from .fairness import ClientSeeds, Seed, commitment, round_seed
from .moves import CONCEDE, Move
from .options import Options
from .record_claims import claims_of
from .records import FORMAT, VERSION
from .replay import DEAL, deal_entry, move_entries, replay
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
    client_seeds: Mapping[int, ClientSeeds] = field(default_factory=dict)

    def revealed_seeds(self) -> dict[int, str]:
        """Every round's seed, by number, as revealed once each round has ended."""
        return {n: round_seed(self.seed, n) for n in range(1, self.final.round_number + 1)}

    def as_record(self, salt: str = "5a" * 16) -> dict:
        """The game's record (format `wild-cards-record`, this version) of a committed table
        (a secret for its seed): what the service exports, with every round's claims made by a
        replay, and made-up names, versions and times."""
        seeds = self.revealed_seeds()
        states = replay(self.deck, self.players, self.options, seeds, self.entries,
                        self.deck_order, self.client_seeds)
        claims = claims_of(states)
        rounds = [{**claimed, "commitment": commitment(seeds[claimed["number"]], salt),
                   "seed": seeds[claimed["number"]], "salt": salt,
                   "client_seeds": [{"seat": seat, "seed": seed} for seat, seed
                                    in self.client_seeds.get(claimed["number"], ())]}
                  for claimed in claims["rounds"]]
        moves = []
        for version, entry in enumerate(self.entries, 2):
            events = [{**e, "commitment": rounds[entry["round"] - 1]["commitment"]}
                      if e["kind"] == "dealt" else e for e in entry["events"]]
            moves.append({**entry, "version": version, "events": events,
                          "by": "dealer" if entry["action"] == DEAL else "player"})
        record = {"format": FORMAT, "version": VERSION, "table": 1, "deck": self.deck,
                  "players": [{"seat": seat, "name": f"player {seat}", "bot": None}
                              for seat in range(self.players)],
                  "options": self.options.to_dict(), "mode": "turn", "fairness": "committed",
                  "deck_order": None, "rounds": rounds, "moves": moves,
                  "result": claims["result"], "final": claims["final"]}
        return json.loads(json.dumps(record))  # as a file holds it: lists, not tuples


def play_random_game(deck: str, players: int, options: Options, seed: Seed, choices: int,
                     *, max_moves: int = 3000, deck_order: list[str] | None = None,
                     concede_odds: float = 0.002,
                     client_seeds: Mapping[int, ClientSeeds] | None = None) -> RecordedGame:
    """`client_seeds`: the players' seeds added to each deal, by round number."""
    dice = random.Random(choices)
    added = client_seeds or {}
    dealt = new_game(players, options, seed, deck_order, deck=deck,
                     client_seeds=added.get(1, ()))
    state = dealt.state
    rules = DECKS[deck]
    entries = [deal_entry(state, dealt.events)]
    for _ in range(max_moves):
        if state.status != PLAYING:
            break
        if state.next_seeds != added.get(state.round_number + 1, ()):
            state = state.copy()  # the seeds added to the next deal while this round is played
            state.next_seeds = added.get(state.round_number + 1, ())
        seat, move = _pick(rules, state, dice, concede_odds)
        result = rules.apply(state, seat, move)
        if not result.ok:
            raise AssertionError(f"a legal move was refused: {move} by {seat}: {result.code}")
        entries += move_entries(seat, move, result)
        state = result.state
    return RecordedGame(deck, players, options, seed, entries, state, deck_order, added)


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
