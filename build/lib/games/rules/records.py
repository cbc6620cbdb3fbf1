"""A finished game's record (format `wild-cards-record`, version 1: docs/api.md) checked by
nothing but the record itself and the documented algorithm: `verify_record`.

The checks: each round's revealed seed and salt hash to the commitment shown from its deal
(and logged in its `dealt` event); the game replays from those seeds (`replay.replay`): every
deal, starter and card drawn comes off the deck the seed shuffles, in that order, and every
move is legal and does what its entry says; the replay ends where the record's result does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .decks import DECKS
from .fairness import commitment
from .options import InvalidSetup, Options
from .replay import DEAL, ReplayMismatch, replay
from .scoring import ranking
from .state import FINISHED, GameState

FORMAT, VERSION = "wild-cards-record", 1
VERIFIED, FAILED, UNVERIFIABLE = "verified", "failed", "unverifiable"


@dataclass
class Verdict:
    """`verified`; `failed` with the problems found; or `unverifiable` (a legacy game, dealt
    before commitments, or a record that reveals no seeds). `rigged` says the deal was chosen
    (tests, demos): it replays, but proves nothing about the shuffle's fairness."""

    status: str
    problems: list[str] = field(default_factory=list)
    rounds: int = 0
    moves: int = 0
    rigged: bool = False
    states: list[GameState] = field(default_factory=list, repr=False)

    @property
    def ok(self) -> bool:
        return self.status == VERIFIED

    def to_dict(self) -> dict:
        return {"status": self.status, "ok": self.ok, "rigged": self.rigged,
                "rounds": self.rounds, "moves": self.moves, "problems": self.problems}


def verify_record(record: object) -> Verdict:
    try:
        return _verify(record)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        return Verdict(FAILED, [f"the record is not well-formed: {error!r}"])


def _verify(record: object) -> Verdict:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return Verdict(FAILED, [f"not a {FORMAT} document"])
    if record.get("version") != VERSION:
        return Verdict(FAILED, [f"{FORMAT} version {record.get('version')!r} is not known "
                                f"(this is version {VERSION})"])
    rounds, moves = record["rounds"], record["moves"]
    fairness = record.get("fairness")
    counted = {"rounds": len(rounds), "moves": len(moves)}
    if fairness == "legacy" or any(not r.get("seed") for r in rounds):
        return Verdict(UNVERIFIABLE, ["a legacy game: it was dealt before the shuffle was "
                                      "committed to, and its seeds are not revealed"], **counted)
    rigged = fairness == "rigged"
    problems: list[str] = []
    seeds: dict[int, str] = {}
    committed = {}
    for r in rounds:
        number = r["number"]
        seeds[number] = r["seed"]
        if rigged:
            continue
        committed[number] = r["commitment"]
        if commitment(r["seed"], r["salt"]) != r["commitment"]:
            problems.append(f"round {number}: the revealed seed and salt do not hash to the "
                            f"commitment")
    for index, entry in enumerate(moves):
        if entry["action"] != DEAL or rigged:
            continue
        logged = next((e.get("commitment") for e in entry["events"] if e["kind"] == "dealt"),
                      None)
        if logged != committed.get(entry["round"]):
            problems.append(f"entry {index}: the deal of round {entry['round']} logged another "
                            f"commitment than the round's")
    if problems:
        return Verdict(FAILED, problems, rigged=rigged, **counted)
    deck = record["deck"]
    if deck not in DECKS:
        return Verdict(FAILED, [f"no deck {deck!r}"], rigged=rigged, **counted)
    try:
        options = Options.from_dict(record["options"])
        states = replay(deck, len(record["players"]), options, seeds, moves,
                        record.get("deck_order"))
    except (ReplayMismatch, InvalidSetup) as error:
        return Verdict(FAILED, [f"the game does not replay: {error}"], rigged=rigged, **counted)
    problems = _result_problems(states[-1], record["result"], DECKS[deck])
    return Verdict(FAILED if problems else VERIFIED, problems, rigged=rigged, states=states,
                   **counted)


def result_of(state: GameState) -> dict:
    """The `result` of a record: how the game ended."""
    return {"status": state.status, "winner": state.winner, "scores": list(state.scores),
            "ranking": ranking(state, DECKS[state.deck].deck) if state.status == FINISHED
            else None}


def _result_problems(final: GameState, result: dict, rules) -> list[str]:
    replayed = result_of(final)
    return [f"the record's {key} is {result.get(key)!r}, the replay's {value!r}"
            for key, value in replayed.items() if result.get(key) != value]
