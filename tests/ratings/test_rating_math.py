"""The rating model's sense, with OpenSkill's Plackett–Luce model: who wins goes up, who loses
goes down, everyone's uncertainty shrinks, ties are ties, and the shown rating is the formula
the docs give."""

from __future__ import annotations

import pytest

from ratings.skill import Skill, after_game, newcomer

START = newcomer()


def test_a_newcomer_starts_at_the_models_defaults_and_shows_1000():
    assert (START.mu, round(START.sigma, 4), START.display) == (25.0, 8.3333, 1000)


def test_the_shown_rating_is_1000_plus_40_times_three_uncertainties_below_the_estimate():
    assert Skill(30.0, 2.0).display == round(1000 + 40 * (30.0 - 3 * 2.0)) == 1960
    assert Skill(20.0, 8.0).display == 1000 + 40 * (20 - 24) == 840


def test_in_a_game_of_two_the_winner_rises_the_loser_falls_and_both_grow_surer():
    winner, loser = after_game([START, START], [1, 2])
    assert winner.mu > START.mu > loser.mu
    assert winner.mu - START.mu == pytest.approx(START.mu - loser.mu)
    assert winner.sigma < START.sigma and loser.sigma < START.sigma
    assert winner.display > START.display > loser.display


def test_in_a_game_of_four_the_order_of_places_is_the_order_of_skills_after_it():
    after = after_game([START] * 4, [1, 2, 3, 4])
    assert after[0].mu > after[1].mu > after[2].mu > after[3].mu
    assert after[0].mu > START.mu > after[3].mu
    assert all(skill.sigma < START.sigma for skill in after)


def test_players_who_tie_move_alike_and_a_shared_first_place_still_rises():
    after = after_game([START] * 4, [1, 2, 2, 4])
    assert after[1] == after[2]
    assert after[0].mu > after[1].mu > after[3].mu
    shared = after_game([START] * 3, [1, 1, 3])
    assert shared[0] == shared[1] and shared[0].mu > START.mu > shared[2].mu


def test_beating_a_stronger_player_is_worth_more_than_beating_a_weaker_one():
    strong, weak = Skill(35.0, 3.0), Skill(15.0, 3.0)
    over_strong = after_game([START, strong], [1, 2])[0]
    over_weak = after_game([START, weak], [1, 2])[0]
    assert over_strong.mu > over_weak.mu > START.mu


def test_an_upset_loss_costs_a_sure_strong_player_more_than_an_expected_one():
    strong = Skill(35.0, 3.0)
    lost_to_newcomer = after_game([strong, START], [2, 1])[0]
    beat_newcomer = after_game([strong, START], [1, 2])[0]
    assert lost_to_newcomer.mu < strong.mu < beat_newcomer.mu
    assert strong.mu - lost_to_newcomer.mu > beat_newcomer.mu - strong.mu


def test_ten_players_are_rated_and_one_alone_is_not():
    after = after_game([START] * 10, list(range(1, 11)))
    assert [s.mu for s in after] == sorted((s.mu for s in after), reverse=True)
    with pytest.raises(ValueError):
        after_game([START], [1])
    with pytest.raises(ValueError):
        after_game([START, START], [1])
