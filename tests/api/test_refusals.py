"""Every reason code of api.md, reached through POST /api/tables/{id}/moves on rigged decks.

A refused move answers 422 {code, detail, version} and changes nothing: not the version, not
what any seat sees, not the move log. A stale expected_version answers 409 `stale-version`.
When two codes fit, the first in api.md's order wins.
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

ANA, BOB, CY = 0, 1, 2  # seats; dealer 0, so seat 1 plays first after a number starter

# Starter wave-7 (Blue 7): Bob (seat 1) is to play, with the rule book's example hand and a
# Wild Draw 4 that his Blue cards block.
BOB_TO_PLAY = dict(
    hands=[["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
           ["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wild", "wild-draw4"]],
    starter="wave-7",
)
# Bob holds nothing playable on wave-7; the draw pile's top card (wave-5) is playable.
BOB_DRAWS_A_PLAYABLE_CARD = dict(
    hands=[["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
           ["flame-2", "flame-3", "sun-4", "sun-5", "leaf-1", "leaf-2", "leaf-3"]],
    starter="wave-7", draw=["wave-5"],
)
# Stacking on: Bob plays sun-draw2 on sun-5, then a penalty of 2 waits for Ana.
PENALTY_FOR_ANA = dict(
    hands=[["flame-9", "sun-1", "sun-7", "leaf-draw2", "wave-2", "wild", "wild-draw4"],
           ["flame-2", "sun-draw2", "sun-9", "leaf-5", "wave-3", "wave-4", "wave-6"]],
    starter="sun-5", options={"stacking": True},
)
# A Wild starter: Bob, the first player, has a color to choose.
WILD_STARTER = dict(
    hands=[["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
           ["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wild", "wild-draw4"]],
    starter="wild",
)
# 7-0 on, three seats: Bob holds a matching 7 (flame-7) and a non-matching one (sun-7).
SEVEN_ZERO = dict(
    hands=[["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
           ["flame-7", "sun-7", "sun-9", "leaf-5", "wave-3", "wave-4", "wave-6"],
           ["flame-2", "flame-4", "sun-1", "sun-2", "leaf-3", "leaf-4", "wave-1"]],
    starter="flame-5", options={"seven_zero": True},
)


def moves(table: int, player) -> dict:
    response = player.get(f"/api/tables/{table}/moves")
    assert response.status_code == 200, response.content
    return response.json()


def snapshot(table: int, players: list) -> list:
    """Everything each seat may see: its state view and its move log."""
    return [(player.state(table), moves(table, player)) for player in players]


def assert_refused(table: int, players: list, mover, body: dict, code: str) -> dict:
    before = snapshot(table, players)
    version = before[0][0]["version"]
    response = mover.post(f"/api/tables/{table}/moves", body)
    assert response.status_code == 422, (body, response.content)
    answer = response.json()
    assert set(answer) == {"code", "detail", "version"}
    assert answer["code"] == code, (body, answer)
    assert isinstance(answer["detail"], str) and len(answer["detail"]) > 10
    assert answer["version"] == version
    assert snapshot(table, players) == before, f"{body} changed the game"
    return answer


def play(card, color=None, target=None) -> dict:
    return {"action": "play", "card": card, "color": color, "target": target}


CASES = [
    # id, position, seat of the mover, move, code
    ("unknown-card for a made-up code", BOB_TO_PLAY, BOB, play("flame-10"), "unknown-card"),
    ("unknown-card for an All Wild code in a classic game", BOB_TO_PLAY, BOB,
     play("wild-skip2", "red"), "unknown-card"),
    ("unknown-card for another All Wild code", BOB_TO_PLAY, BOB,
     play("wild-forced-swap", "red", ANA), "unknown-card"),
    ("unknown-card before not-your-turn", BOB_TO_PLAY, ANA, play("wild-skip2", "red"),
     "unknown-card"),
    ("not-your-turn for a card in hand", BOB_TO_PLAY, ANA, play("flame-1"), "not-your-turn"),
    ("not-your-turn before not-in-hand", BOB_TO_PLAY, ANA, play("wave-3"), "not-your-turn"),
    ("not-your-turn for a draw", BOB_TO_PLAY, ANA, {"action": "draw"}, "not-your-turn"),
    ("not-your-turn for a pass", BOB_TO_PLAY, ANA, {"action": "pass"}, "not-your-turn"),
    ("not-your-turn for a take", BOB_TO_PLAY, ANA, {"action": "take"}, "not-your-turn"),
    ("not-your-turn for a choice", BOB_TO_PLAY, ANA, {"action": "choose", "color": "red"},
     "not-your-turn"),
    ("not-in-hand", BOB_TO_PLAY, BOB, play("sun-1"), "not-in-hand"),
    ("not-in-hand for a Wild Draw 4 that is not held", BOB_DRAWS_A_PLAYABLE_CARD, BOB,
     play("wild-draw4", "red"), "not-in-hand"),
    ("no-match", BOB_TO_PLAY, BOB, play("flame-2"), "no-match"),
    ("no-match with a needless color", BOB_TO_PLAY, BOB, play("sun-9", "blue"), "no-match"),
    ("wild-draw4-color-held", BOB_TO_PLAY, BOB, play("wild-draw4", "red"),
     "wild-draw4-color-held"),
    ("wild-draw4-color-held before color-required", BOB_TO_PLAY, BOB, play("wild-draw4"),
     "wild-draw4-color-held"),
    ("color-required for a Wild without color", BOB_TO_PLAY, BOB, play("wild"),
     "color-required"),
    ("color-required for a Wild with a fifth color", BOB_TO_PLAY, BOB, play("wild", "purple"),
     "color-required"),
    ("color-required for a Wild with a symbol instead of a color", BOB_TO_PLAY, BOB,
     play("wild", "wave"), "color-required"),
    ("must-play for a draw while holding a playable card", BOB_TO_PLAY, BOB,
     {"action": "draw"}, "must-play"),
    ("must-play before cannot-pass", BOB_TO_PLAY, BOB, {"action": "pass"}, "must-play"),
    ("nothing-to-take", BOB_TO_PLAY, BOB, {"action": "take"}, "nothing-to-take"),
    ("nothing-to-choose", BOB_TO_PLAY, BOB, {"action": "choose", "color": "red"},
     "nothing-to-choose"),
    ("cannot-pass while a card can be drawn", BOB_DRAWS_A_PLAYABLE_CARD, BOB,
     {"action": "pass"}, "cannot-pass"),
    ("color-required for a play while a Wild starter's color is to be chosen", WILD_STARTER,
     BOB, play("wave-3"), "color-required"),
    ("color-required for a Wild while a Wild starter's color is to be chosen", WILD_STARTER,
     BOB, play("wild", "red"), "color-required"),
    ("color-required for a draw while a Wild starter's color is to be chosen", WILD_STARTER,
     BOB, {"action": "draw"}, "color-required"),
    ("color-required for a pass while a Wild starter's color is to be chosen", WILD_STARTER,
     BOB, {"action": "pass"}, "color-required"),
    ("color-required for a take while a Wild starter's color is to be chosen", WILD_STARTER,
     BOB, {"action": "take"}, "color-required"),
    ("color-required for a choice without a color", WILD_STARTER, BOB, {"action": "choose"},
     "color-required"),
    ("color-required for a choice of a fifth color", WILD_STARTER, BOB,
     {"action": "choose", "color": "purple"}, "color-required"),
    ("not-in-hand before the starter's color-required", WILD_STARTER, BOB, play("sun-1"),
     "not-in-hand"),
    ("not-your-turn before the starter's color-required", WILD_STARTER, ANA, play("flame-1"),
     "not-your-turn"),
    ("not-your-turn for another seat's choice of the starter's color", WILD_STARTER, ANA,
     {"action": "choose", "color": "red"}, "not-your-turn"),
    ("target-required for a 7 without target", SEVEN_ZERO, BOB, play("flame-7"),
     "target-required"),
    ("target-required for a 7 aimed at the player's own seat", SEVEN_ZERO, BOB,
     play("flame-7", target=BOB), "target-required"),
    ("target-required for a 7 aimed at a seat the table does not have", SEVEN_ZERO, BOB,
     play("flame-7", target=3), "target-required"),
    ("target-required for a 7 aimed at seat -1", SEVEN_ZERO, BOB, play("flame-7", target=-1),
     "target-required"),
    ("no-match before target-required", SEVEN_ZERO, BOB, play("sun-7"), "no-match"),
]


@pytest.mark.parametrize(("position", "mover", "body", "code"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_refused_move_answers_its_reason_and_changes_nothing(rigged_table, position, mover,
                                                                body, code):
    table, players = rigged_table(**position)
    assert_refused(table, players, players[mover], body, code)


def test_after_a_drawn_playable_card_only_that_card_may_be_played(rigged_table):
    table, (ana, bob) = rigged_table(**BOB_DRAWS_A_PLAYABLE_CARD)
    drew = bob.move(table, "draw")
    assert drew.status_code == 200, drew.content
    assert drew.json()["you"]["drawn"] == "wave-5"
    assert_refused(table, [ana, bob], bob, play("flame-2"), "only-drawn-card")
    assert_refused(table, [ana, bob], bob, {"action": "draw"}, "must-play")
    assert_refused(table, [ana, bob], bob, {"action": "pass"}, "must-play")
    assert bob.move(table, "play", "wave-5").status_code == 200


def test_after_drawing_a_wild_only_it_may_be_played_and_it_still_needs_a_color(rigged_table):
    """Bob holds nothing playable and draws a Wild: every other card is only-drawn-card (not
    no-match), and the Wild itself without a color is color-required."""
    position = dict(BOB_DRAWS_A_PLAYABLE_CARD, draw=["wild"])
    table, (ana, bob) = rigged_table(**position)
    assert bob.move(table, "draw").status_code == 200
    for card in ("flame-2", "sun-4", "leaf-1"):
        assert_refused(table, [ana, bob], bob, play(card), "only-drawn-card")
    assert_refused(table, [ana, bob], bob, play("wild"), "color-required")
    assert bob.move(table, "play", "wild", "green").status_code == 200


def test_a_waiting_penalty_refuses_every_move_that_does_not_answer_it(rigged_table):
    table, (ana, bob) = rigged_table(**PENALTY_FOR_ANA)
    assert bob.move(table, "play", "sun-draw2").status_code == 200
    assert ana.state(table)["round"]["penalty"] == 2
    players = [ana, bob]
    assert_refused(table, players, ana, play("sun-1"), "penalty-waiting")
    assert_refused(table, players, ana, play("wild", "red"), "penalty-waiting")
    # penalty-waiting comes before wild-draw4-color-held (Ana holds Yellow).
    assert_refused(table, players, ana, play("wild-draw4", "red"), "penalty-waiting")
    # and before must-play / cannot-pass for draw and pass.
    assert_refused(table, players, ana, {"action": "draw"}, "penalty-waiting")
    assert_refused(table, players, ana, {"action": "pass"}, "penalty-waiting")
    assert_refused(table, players, ana, play("wave-3"), "not-in-hand")
    stacked = ana.move(table, "play", "leaf-draw2")
    assert stacked.status_code == 200, stacked.content
    assert stacked.json()["round"]["penalty"] == 4


def test_a_seat_that_left_may_not_move_while_the_others_play_on(rigged_table):
    table, (ana, bob, cy) = rigged_table(**SEVEN_ZERO)
    assert cy.post(f"/api/tables/{table}/concede").status_code == 200
    players = [ana, bob, cy]
    assert_refused(table, players, cy, play("flame-2"), "not-your-turn")
    assert_refused(table, players, cy, {"action": "concede"}, "not-your-turn")
    # ... and a 7 may not be aimed at it.
    assert_refused(table, players, bob, play("flame-7", target=CY), "target-required")
    assert bob.move(table, "play", "flame-7", target=ANA).status_code == 200


def test_game_not_playing_before_the_game_starts(rigged_table):
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY, start=False)
    before = ana.get(f"/api/tables/{table}").json()
    for player in (ana, bob):
        for body in (play("wave-3"), play("wild-skip2"), {"action": "draw"},
                     {"action": "concede"}):
            response = player.post(f"/api/tables/{table}/moves", body)
            assert response.status_code == 422, response.content
            assert response.json()["code"] == "game-not-playing"
            assert response.json()["version"] == before["version"]
    assert ana.get(f"/api/tables/{table}").json() == before
    assert moves(table, ana) == {"moves": [], "more": False}


def test_game_not_playing_once_the_game_is_over_before_any_other_code(rigged_table):
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY)
    assert bob.post(f"/api/tables/{table}/concede").status_code == 200
    assert ana.state(table)["status"] == "finished"
    players = [ana, bob]
    for mover in players:
        for body in (play("flame-1"), play("wild-skip2"), play("wave-3"), {"action": "draw"},
                     {"action": "pass"}, {"action": "take"}, {"action": "concede"},
                     {"action": "choose", "color": "red"}):
            assert_refused(table, players, mover, body, "game-not-playing")


def test_a_stale_expected_version_is_refused_with_409_and_changes_nothing(rigged_table):
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY)
    players = [ana, bob]
    before = snapshot(table, players)
    version = before[0][0]["version"]
    for stale in (version - 1, version + 1, 0):
        response = bob.post(f"/api/tables/{table}/moves",
                            {**play("wave-3"), "expected_version": stale})
        assert response.status_code == 409, response.content
        assert response.json()["code"] == "stale-version"
        assert response.json()["version"] == version
        assert response.json()["detail"]
    assert snapshot(table, players) == before
    accepted = bob.post(f"/api/tables/{table}/moves", {**play("wave-3"), "expected_version":
                                                       version})
    assert accepted.status_code == 200, accepted.content
    assert accepted.json()["version"] == version + 1


def test_each_refusal_the_state_view_gives_is_the_code_the_move_gets(rigged_table):
    table, (ana, bob) = rigged_table(**BOB_TO_PLAY)
    you = bob.state(table)["you"]
    assert you["playable"] == ["flame-7", "wave-3", "wild"]
    assert you["refusals"] == {"flame-2": "no-match", "sun-9": "no-match",
                               "leaf-5": "no-match", "wild-draw4": "wild-draw4-color-held"}
    for card, code in you["refusals"].items():
        assert_refused(table, [ana, bob], bob, play(card, "red"), code)


def test_during_a_wild_starter_every_card_is_refused_as_color_required(rigged_table):
    table, (ana, bob) = rigged_table(**WILD_STARTER)
    you = bob.state(table)["you"]
    assert you["actions"] == ["choose", "concede"]
    assert you["playable"] == []
    assert set(you["refusals"].values()) == {"color-required"}
    assert set(you["refusals"]) == set(you["hand"])
    chose = bob.move(table, "choose", color="blue")
    assert chose.status_code == 200, chose.content
    assert chose.json()["round"]["color"] == "blue"
    assert chose.json()["round"]["turn"] == BOB
