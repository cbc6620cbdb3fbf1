"""A record is verified only if everything it claims is what its replay comes to: each round's
number, dealer, status, winner and points, the result with its ranking, and the final state;
the players' seeds are well-formed, and the log says of itself what it must. A change to any of
them is refused, naming the first field that does not hold (docs/fairness.md)."""

from __future__ import annotations

import copy

import pytest

from games.rules import Options
from games.rules.random_games import play_random_game
from games.rules.records import verify_record


@pytest.fixture(scope="module")
def record() -> dict:
    """A game of three to 150 points over several rounds, with the players' seeds."""
    for choices in range(50):
        game = play_random_game("classic", 3, Options(scoring="target", target=150), "3c" * 32,
                                choices, client_seeds={1: ((0, "a1"), (2, "zz")),
                                                       2: ((1, "b2"),), 3: ((0, "c3"),)})
        if game.final.round_number >= 3 and game.final.status == "finished":
            return game.as_record()
    raise AssertionError("no game of three rounds in fifty")


def verdict_of(record: dict, change) -> list[str]:
    changed = copy.deepcopy(record)
    change(changed)
    verdict = verify_record(changed)
    assert verdict.status == "failed", change
    return verdict.problems


CLAIMS = {
    "rounds[0].points": lambda r: r["rounds"][0].update(points=r["rounds"][0]["points"] + 10),
    "rounds[0].winner": lambda r: r["rounds"][0].update(
        winner=(r["rounds"][0]["winner"] or 0) + 1),
    "rounds[2].dealer": lambda r: r["rounds"][2].update(dealer=(r["rounds"][2]["dealer"] + 1) % 3),
    "rounds[0].status": lambda r: r["rounds"][0].update(status="blocked"),
    "result.status": lambda r: r["result"].update(status="playing"),
    "result.winner": lambda r: r["result"].update(winner=(r["result"]["winner"] + 1) % 3),
    "result.scores[1]": lambda r: r["result"]["scores"].__setitem__(1, r["result"]["scores"][1]
                                                                   + 1),
    "result.ranking[0].rank": lambda r: r["result"]["ranking"][0].update(rank=2),
    "final.seats[0].score": lambda r: r["final"]["seats"][0].update(
        score=r["final"]["seats"][0]["score"] + 5),
    "final.round.hands.": lambda r: next(hand for hand in r["final"]["round"]["hands"].values()
                                         if hand).__setitem__(0, "wild-draw4"),
    "final.ranking[1].left": lambda r: r["final"]["ranking"][1].update(left=1),
}


def test_the_untouched_record_is_verified(record):
    verdict = verify_record(record)
    assert verdict.ok, verdict.problems


@pytest.mark.parametrize("path", list(CLAIMS))
def test_a_claim_changed_is_refused_naming_the_field(record, path):
    problems = verdict_of(record, CLAIMS[path])
    assert len(problems) == 1 and f"the record's {path}" in problems[0], problems


def test_a_round_added_left_out_or_renumbered_is_refused(record):
    added = verdict_of(record, lambda r: r["rounds"].append({**r["rounds"][-1], "number": 4}))
    assert "the record's rounds[3] is one the replay does not have" in added[0]
    left_out = verdict_of(record, lambda r: r["rounds"].pop())
    assert "the deal of round 3 logged another commitment" in left_out[0]
    renumbered = verdict_of(record, lambda r: r["rounds"][1].update(number=7))
    assert "the rounds are numbered [1, 7, 3]" in renumbered[0]


def test_when_several_fields_are_changed_the_first_is_named(record):
    def both(r):
        CLAIMS["final.seats[0].score"](r)
        CLAIMS["rounds[0].points"](r)
    assert "rounds[0].points" in verdict_of(record, both)[0]


def test_a_changed_players_seed_deals_another_game(record):
    def seed(r):
        r["rounds"][1]["client_seeds"][0]["seed"] = "b3"
    assert "does not replay" in verdict_of(record, seed)[0]


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: r["rounds"][0]["client_seeds"].reverse(), "one per seat, in seat order"),
    (lambda r: r["rounds"][0]["client_seeds"][0].update(seat=5), "not a seat of the game"),
    (lambda r: r["rounds"][0]["client_seeds"][0].update(seed="a:b"), "may hold only"),
    (lambda r: r.update(fairness="rigged"), "a rigged table takes no players' seeds"),
    (lambda r: r.update(deck_order=["flame-0"] * 108), "has a deck_order"),
    (lambda r: r["players"][1].update(seat=2), "the players' seats are [0, 2, 2]"),
    (lambda r: r["moves"][3].update(version=1), "moves[3].version is 1"),
    (lambda r: r["moves"][1].update(by="dealer"), "moves[1].by is 'dealer'"),
])
def test_what_the_seeds_and_the_log_say_of_themselves_is_checked(record, change, says):
    problems = verdict_of(record, change)
    assert any(says in problem for problem in problems), problems


def test_a_version_1_record_without_players_seeds_is_still_read():
    game = play_random_game("all-wild", 3, Options(scoring="target", target=100), "4d" * 32, 3)
    record = game.as_record()
    record["version"] = 1
    for r in record["rounds"]:
        del r["client_seeds"]  # version 1 had none: each round was shuffled from its seed
    assert verify_record(record).ok
    record["version"] = 3
    assert "version 3 is not known" in verify_record(record).problems[0]
