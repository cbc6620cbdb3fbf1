"""docs/fairness.md's own lines check random games of both decks, with every house rule, the
players' seeds and concessions, from the first shuffle to the ranking: what the engine deals,
draws, reshuffles, scores and ranks is what the page says. And they notice a change."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path

from fairness_doc import run_doc_script
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import Options
from games.rules.random_games import play_random_game
from games.rules.records import verify_record

classic = st.builds(Options, stacking=st.booleans(), seven_zero=st.booleans(),
                    jump_in=st.booleans(), draw_until_playable=st.booleans(),
                    scoring=st.just("target"), target=st.integers(50, 200),
                    last_card_call=st.booleans())
all_wild = st.builds(Options, stacking=st.booleans(), scoring=st.just("target"),
                     target=st.integers(50, 300), last_card_call=st.booleans())
client_seed = st.text("abcdefABCDEF0123456789-_", min_size=1, max_size=64)


def seeded_game(deck: str, players: int, options: Options, seeds, choices: int):
    return play_random_game(deck, players, options, "7f" * 32, choices, concede_odds=0.01,
                            client_seeds=seeds)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=st.sampled_from(["classic", "all-wild"]), players=st.integers(2, 6),
       data=st.data(), choices=st.integers(0, 2**32))
def test_the_pages_lines_check_out_a_random_game_with_players_seeds(deck, players, data,
                                                                    choices):
    options = data.draw(classic if deck == "classic" else all_wild)
    seeds = data.draw(st.dictionaries(
        st.integers(1, 30), st.dictionaries(st.integers(0, players - 1), client_seed)
        .map(lambda by_seat: tuple(sorted(by_seat.items())))))
    record = seeded_game(deck, players, options, seeds, choices).as_record()
    assert verify_record(record).ok
    with tempfile.TemporaryDirectory() as folder:
        lines = run_doc_script(record, Path(folder))
    assert lines[-1] == "everything checks out", lines
    checked = [line for line in lines if "commitment OK" in line]
    assert len(checked) == len(record["rounds"])


def test_the_pages_lines_say_wrong_when_a_seed_a_card_or_a_score_is_changed(tmp_path):
    game = seeded_game("classic", 3, Options(scoring="target", target=150, seven_zero=True),
                       {1: ((0, "a1"), (2, "zz")), 2: ((1, "b2"),)}, 11)
    record = game.as_record()
    assert run_doc_script(record, tmp_path)[-1] == "everything checks out"

    def seed(r):
        r["rounds"][0]["client_seeds"][0]["seed"] = "a2"

    def card(r):
        drawn = next(e for m in r["moves"] for e in m["events"] if e.get("cards"))
        drawn["cards"][0] = "wild" if drawn["cards"][0] != "wild" else "flame-0"

    def score(r):
        r["result"]["scores"][0] += 1

    for change in (seed, card, score):
        changed = copy.deepcopy(record)
        change(changed)
        assert run_doc_script(changed, tmp_path)[-1].startswith("WRONG"), change.__name__
