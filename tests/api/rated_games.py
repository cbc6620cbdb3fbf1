"""Short rated games for the ratings tests: Ana (seat 0, the host) holds seven Blue cards and
plays them out; everyone else holds nothing that plays on Blue (no Blue, no number Ana plays,
no Wild) and draws nothing that does, so the others draw while Ana wins in seven turns. Two or
three players; anyone in `concede` concedes at their first turn instead."""

from __future__ import annotations

ANA = ["wave-0", "wave-1", "wave-2", "wave-3", "wave-4", "wave-6", "wave-8"]
STUCK = [["flame-7", "flame-9", "sun-7", "sun-9", "leaf-7", "leaf-9", "flame-skip"],
         ["flame-7", "flame-9", "sun-7", "sun-9", "leaf-7", "leaf-9", "sun-skip"]]
# Non-Blue action cards: they play only on their own color or kind, never on a Blue number.
DRAWS = ["flame-skip", "sun-skip", "leaf-skip", "leaf-skip", "flame-reverse", "flame-reverse",
         "sun-reverse", "sun-reverse", "leaf-reverse", "leaf-reverse", "flame-draw2",
         "flame-draw2", "sun-draw2", "sun-draw2"]
STARTER = "wave-5"


def deal_ana_wins(rigged_table, others: list, **body) -> tuple[int, list]:
    """A started table at which Ana is dealt the winning hand; returns it and its players."""
    assert 1 <= len(others) <= 2
    hands = [ANA, *STUCK[:len(others)]]
    return rigged_table(hands, STARTER, DRAWS[:7 * len(others)], players=others, **body)


def play_out(table: int, seated: list, concede=()) -> dict:
    """Play the dealt game to its end; returns the final state (as Ana sees it)."""
    ana = seated[0]
    for _ in range(60):
        state = ana.state(table)
        if state["status"] == "finished":
            return state
        mover = seated[state["round"]["turn"]]
        if mover in concede:
            response = mover.post(f"/api/tables/{table}/concede")
        elif mover is ana:
            response = ana.move(table, "play", ana.state(table)["you"]["playable"][0])
        else:
            response = mover.move(table, "draw")
        assert response.status_code == 200, response.content
    raise AssertionError("the game did not end")


def ana_wins(rigged_table, others: list, concede=(), **body) -> tuple[int, dict]:
    table, seated = deal_ana_wins(rigged_table, others, **body)
    return table, play_out(table, seated, concede)
