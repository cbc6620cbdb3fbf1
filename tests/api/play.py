"""Playing whole games through the API, as clients would: each reads its own state and picks
one of the moves it offers."""

from __future__ import annotations

import random

COLORS = ("red", "yellow", "green", "blue")


def choose_move(you: dict, rng: random.Random, players: int) -> dict:
    actions = you["actions"]
    others = [action for action in ("take", "draw", "pass") if action in actions]
    if "play" in actions and you["playable"] and (rng.random() < 0.9 or not others):
        card = rng.choice(you["playable"])
        move = {"action": "play", "card": card}
        if card in ("wild", "wild-draw4") or rng.random() < 0.5:
            move["color"] = rng.choice(COLORS)  # with the All Wild deck: may, changes nothing
        if card.endswith(("-7", "-targeted-draw2", "-forced-swap")):
            move["target"] = rng.choice([s for s in range(players) if s != you["seat"]])
        return move
    for action in ("take", "draw", "pass"):
        if action in actions:
            return {"action": action}
    if "choose" in actions:
        return {"action": "choose", "color": rng.choice(COLORS)}
    raise AssertionError(f"no move offered: {you}")


def play_to_the_end(players: list, table: int, seed: int = 1, max_moves: int = 5000,
                    jump_ins: bool = False, on_response=None) -> dict:
    """Play until the game is over; every response goes to `on_response(player, response)`."""
    rng = random.Random(seed)
    by_seat = {p.state(table)["you"]["seat"]: p for p in players}
    for _ in range(max_moves):
        state = players[0].state(table)
        if state["status"] == "finished":
            return state
        turn = state["round"]["turn"]
        mover, you = by_seat.get(turn), None
        if jump_ins:
            for seat, player in by_seat.items():
                view = player.state(table)["you"]
                if seat != turn and "play" in view["actions"] and rng.random() < 0.5:
                    mover, you = player, view
                    break
        if mover is None:  # a bot's turn: it has played already, read again
            continue
        view = mover.state(table)
        you = you or view["you"]
        move = choose_move(you, rng, len(state["seats"]))
        move["expected_version"] = view["version"]
        response = mover.post(f"/api/tables/{table}/moves", move)
        if on_response:
            on_response(mover, response)
        assert response.status_code == 200, (move, response.json())
    raise AssertionError("the game did not end")
