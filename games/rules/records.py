"""A finished game's record (format `wild-cards-record`: docs/api.md) checked by nothing but the
record itself and the documented algorithm: `verify_record`.

The checks: each round's revealed seed and salt hash to the commitment shown before its deal
(and logged in its `dealt` event); the players' seeds added to each deal are well-formed, one
per seat at most, in seat order; the game replays from those seeds (`replay.replay`): every
deal, starter and card drawn comes off the deck they shuffle, in that order, and every move is
legal and does what its entry says; and everything the record claims besides — each round's
dealer, status, winner and points, the result, the ranking and the final state — is what the
replay comes to (`record_claims`).

Version 2 added the players' seeds (`rounds[].client_seeds`): a round's `seed` is the server's
seed, which shuffles the deck only when nobody added one. A version 1 record has no players'
seeds, so its `seed` is the one the round was shuffled from; both read the same way here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .decks import DECKS
from .fairness import ClientSeeds, client_seed_problem, commitment
from .options import InvalidSetup, Options
from .record_claims import first_false_claim, result_of
from .replay import DEAL, ReplayMismatch, replay
from .state import GameState

FORMAT, VERSION = "wild-cards-record", 2
READABLE = (1, 2)  # the versions a reader of this version understands
VERIFIED, FAILED, UNVERIFIABLE = "verified", "failed", "unverifiable"

__all__ = ["FORMAT", "VERSION", "Verdict", "result_of", "verify_record"]


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
    if record.get("version") not in READABLE:
        return Verdict(FAILED, [f"{FORMAT} version {record.get('version')!r} is not known "
                                f"(this reader knows versions {', '.join(map(str, READABLE))})"])
    rounds, moves = record["rounds"], record["moves"]
    fairness = record.get("fairness")
    counted = {"rounds": len(rounds), "moves": len(moves)}
    if fairness == "legacy" or any(not r.get("seed") for r in rounds):
        return Verdict(UNVERIFIABLE, ["a legacy game: it was dealt before the shuffle was "
                                      "committed to, and its seeds are not revealed"], **counted)
    rigged = fairness == "rigged"
    numbers = [r["number"] for r in rounds]
    if numbers != list(range(1, len(rounds) + 1)):
        return Verdict(FAILED, [f"the rounds are numbered {numbers}, not 1 to {len(rounds)} in "
                                f"order"], rigged=rigged, **counted)
    players = len(record["players"])
    added: dict[int, ClientSeeds] = {}
    problems = _seat_problems(record["players"], players)
    for r in rounds:
        added[r["number"]], problem = _client_seeds(r, players, rigged)
        problems += [problem] if problem else []
    if not rigged:
        problems += _commitment_problems(rounds, moves)
        if record.get("deck_order") is not None:
            problems.append("a committed game has a deck_order: its first deal would not come "
                            "from its seeds")
    if problems:
        return Verdict(FAILED, problems, rigged=rigged, **counted)
    deck = record["deck"]
    if deck not in DECKS:
        return Verdict(FAILED, [f"no deck {deck!r}"], rigged=rigged, **counted)
    try:
        options = Options.from_dict(record["options"])
        states = replay(deck, players, options, {r["number"]: r["seed"] for r in rounds}, moves,
                        record.get("deck_order"), added)
    except (ReplayMismatch, InvalidSetup) as error:
        return Verdict(FAILED, [f"the game does not replay: {error}"], rigged=rigged, **counted)
    false_claim = first_false_claim(record, states) or _log_problem(moves)
    return Verdict(FAILED if false_claim else VERIFIED, [false_claim] if false_claim else [],
                   rigged=rigged, states=states, **counted)


def _client_seeds(r: dict, players: int, rigged: bool) -> tuple[ClientSeeds, str | None]:
    """A round's players' seeds as the engine takes them, or what is wrong with them."""
    listed = r.get("client_seeds") or []  # none in a version 1 record
    where = f"round {r['number']}"
    if listed and rigged:
        return (), f"{where}: a rigged table takes no players' seeds"
    seats = [entry["seat"] for entry in listed]
    if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players for s in seats):
        return (), f"{where}: a client seed's seat is not a seat of the game"
    if seats != sorted(set(seats)):
        return (), f"{where}: the client seeds are not one per seat, in seat order"
    for entry in listed:
        problem = client_seed_problem(entry["seed"])
        if problem:
            return (), f"{where}: seat {entry['seat']}'s client seed: {problem}"
    return tuple((entry["seat"], entry["seed"]) for entry in listed), None


def _seat_problems(listed: list[dict], players: int) -> list[str]:
    seats = [p.get("seat") if isinstance(p, dict) else None for p in listed]
    return [] if seats == list(range(players)) else [
        f"the players' seats are {seats}, not 0 to {players - 1} in order"]


def _commitment_problems(rounds: list[dict], moves: list[dict]) -> list[str]:
    problems = []
    committed = {}
    for r in rounds:
        number = r["number"]
        committed[number] = r["commitment"]
        if commitment(r["seed"], r["salt"]) != r["commitment"]:
            problems.append(f"round {number}: the revealed seed and salt do not hash to the "
                            f"commitment")
    for index, entry in enumerate(moves):
        if entry["action"] != DEAL:
            continue
        logged = next((e.get("commitment") for e in entry["events"] if e["kind"] == "dealt"),
                      None)
        if logged != committed.get(entry["round"]):
            problems.append(f"entry {index}: the deal of round {entry['round']} logged another "
                            f"commitment than the round's")
    return problems


def _log_problem(moves: list[dict]) -> str | None:
    """What the log says of itself beyond the moves: versions going up, deals by the dealer."""
    versions = [entry.get("version") for entry in moves]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in versions):
        return "the move log's versions are not all whole numbers"
    for index in range(1, len(moves)):
        if versions[index] <= versions[index - 1]:
            return (f"the record's moves[{index}].version is {versions[index]}, not after "
                    f"{versions[index - 1]}")
    for index, entry in enumerate(moves):
        if (entry["action"] == DEAL) != (entry.get("by") == "dealer"):
            return f"the record's moves[{index}].by is {entry.get('by')!r} for a {entry['action']}"
    return None
