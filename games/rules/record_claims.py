"""What a game record claims beyond its moves — each round's dealer, status, winner and points,
the result with its ranking, and the final state — recomputed from the replay, and the first
field where the record says otherwise.

Nothing here trusts a claim: the replay deals and plays the game from its seeds and moves, and
every claimed number must be the replay's. Names, bots' levels, times, the move log's version
numbers and who made each move (`by`) cannot be recomputed from the game and are not compared
(docs/fairness.md lists what is checked).
"""

from __future__ import annotations

from .decks import DECKS
from .scoring import ranking
from .state import FINISHED, GameState
from .views import public_view

# A round's fields that follow from the game (the rest are its seeds, names and times).
ROUND_CLAIMS = ("number", "dealer", "status", "winner", "points")


def result_of(state: GameState) -> dict:
    """The `result` of a record: how the game ended."""
    return {"status": state.status, "winner": state.winner, "scores": list(state.scores),
            "ranking": ranking(state, DECKS[state.deck].deck) if state.status == FINISHED
            else None}


def rounds_of(states: list[GameState]) -> list[dict]:
    """Each round as it ended (or stands, the last of an unfinished game), first first: the
    last state of a round in the replay is its end (a round's end comes back face up before
    the next deal)."""
    ends: dict[int, GameState] = {}
    for state in states:
        ends[state.round_number] = state
    return [{"number": n, "dealer": s.dealer, "status": s.round_status,
             "winner": s.round_winner, "points": s.round_points}
            for n, s in sorted(ends.items())]


def claims_of(states: list[GameState]) -> dict:
    """What a record of the game these states replay must claim."""
    final = states[-1]
    return {"rounds": rounds_of(states), "result": result_of(final), "final": public_view(final)}


def first_false_claim(record: dict, states: list[GameState]) -> str | None:
    """A sentence naming the first field of `record` that the replay does not bear out (rounds
    first, then the result, then the final state), or None when every claim holds."""
    replayed = claims_of(states)
    claimed = {
        "rounds": [{key: r.get(key) for key in ROUND_CLAIMS} if isinstance(r, dict) else r
                   for r in record.get("rounds") or []],
        "result": record.get("result"), "final": record.get("final")}
    for name in ("rounds", "result", "final"):
        found = _difference(claimed[name], replayed[name], name)
        if found is not None:
            path, said, truth = found
            if said is _MISSING:
                return f"the record has no {path}: the replay's is {_short(truth)}"
            if truth is _MISSING:
                return f"the record's {path} is one the replay does not have"
            return f"the record's {path} is {_short(said)}, the replay's {_short(truth)}"
    return None


_MISSING = object()


def _difference(said: object, truth: object, path: str) -> tuple[str, object, object] | None:
    """The first place, in the replay's order, where `said` is not `truth`: its path, and the
    two values there. True is not 1, nor 1.0 a whole number, in a record."""
    if isinstance(truth, dict) and isinstance(said, dict):
        for key in truth:
            found = _difference(said.get(key, _MISSING), truth[key], f"{path}.{key}")
            if found is not None:
                return found
        extra = next((key for key in said if key not in truth), None)
        return None if extra is None else (f"{path}.{extra}", said[extra], _MISSING)
    if isinstance(truth, list) and isinstance(said, list):
        for index, (a, b) in enumerate(zip(said, truth, strict=False)):
            found = _difference(a, b, f"{path}[{index}]")
            if found is not None:
                return found
        if len(said) != len(truth):
            index = min(len(said), len(truth))
            return (f"{path}[{index}]", said[index] if index < len(said) else _MISSING,
                    truth[index] if index < len(truth) else _MISSING)
        return None
    if type(said) is not type(truth) or said != truth:
        return path, said, truth
    return None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
