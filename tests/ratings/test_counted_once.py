"""A finished game moves ratings once: asked again, or twice at the same moment from two
connections, the second ask writes nothing; two games ending at once with a player in common
both count, one after the other."""

from __future__ import annotations

import pytest
from concurrency import at_once
from django.contrib.auth import get_user_model
from django.utils import timezone

from ratings.models import Rating, Result
from ratings.record import Placing, record_game
from ratings.skill import after_game, newcomer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people():
    make = get_user_model().objects.create_user
    return [make(name, f"{name}@example.com", "a-long-passw0rd")
            for name in ("ana", "bob", "cid", "dan")]


def ana_beats_bob(table_id: int, ana, bob) -> bool:
    return record_game(table_id, timezone.now(), 2,
                       [Placing(ana.pk, 1, won=True), Placing(bob.pk, 2)], rated=True)


def snapshot() -> list[tuple]:
    return list(Rating.objects.order_by("user_id")
                .values_list("user_id", "mu", "sigma", "display", "games", "wins"))


def test_a_game_recorded_twice_moves_the_ratings_once(people):
    ana, bob, *_ = people
    assert ana_beats_bob(7, ana, bob) is True
    once = snapshot()
    assert ana_beats_bob(7, ana, bob) is False
    assert snapshot() == once
    assert Result.objects.filter(table_id=7).count() == 2
    assert Rating.objects.get(user=ana).games == 1


def test_a_game_recorded_twice_at_the_same_moment_moves_the_ratings_once(people):
    ana, bob, *_ = people
    answers = at_once(lambda: ana_beats_bob(7, ana, bob), lambda: ana_beats_bob(7, ana, bob),
                      lambda: ana_beats_bob(7, ana, bob))
    assert sorted(answers) == [False, False, True]
    won = after_game([newcomer(), newcomer()], [1, 2])[0]
    rating = Rating.objects.get(user=ana)
    assert (rating.games, rating.wins, rating.mu) == (1, 1, pytest.approx(won.mu))
    assert Result.objects.count() == 2


def test_the_second_ask_for_a_game_already_rated_changes_nothing_even_later(people):
    """A rated game asked again after another game moved the same ratings: still nothing."""
    ana, bob, *_ = people
    ana_beats_bob(7, ana, bob)
    ana_beats_bob(8, bob, ana)
    after_two = snapshot()
    assert ana_beats_bob(7, ana, bob) is False
    assert snapshot() == after_two


def test_two_games_with_a_player_in_common_ending_at_once_both_count(people):
    ana, bob, cid, dan = people
    answers = at_once(lambda: ana_beats_bob(7, ana, bob), lambda: ana_beats_bob(8, ana, cid),
                      lambda: ana_beats_bob(9, dan, ana))
    assert answers == [True, True, True]
    rating = Rating.objects.get(user=ana)
    assert (rating.games, rating.wins) == (3, 2)
    # Each game started from the rating the one before it left (no update lost): the results'
    # before and after chain up in some order.
    chain = list(Result.objects.filter(user=ana).order_by("pk")
                 .values_list("mu_before", "mu_after"))
    mus = {before for before, _ in chain} | {after for _, after in chain}
    assert len(mus) == 4 and newcomer().mu in mus and rating.mu in mus
    steps = dict(chain)
    mu = newcomer().mu
    for _ in chain:
        mu = steps[mu]
    assert mu == rating.mu


def test_an_unrated_game_records_the_places_and_moves_no_rating(people):
    ana, bob, cid, _ = people
    assert record_game(7, timezone.now(), 4, [Placing(bob.pk, 2), Placing(ana.pk, 1, won=True),
                                               Placing(cid.pk, 3, left=True)], rated=False)
    assert not Rating.objects.exists()
    assert sorted(Result.objects.values_list("user__username", "rank", "rated", "left")) == [
        ("ana", 1, False, False), ("bob", 2, False, False), ("cid", 3, False, True)]


def test_a_person_alone_with_bots_is_never_rated(people):
    ana, *_ = people
    assert record_game(7, timezone.now(), 3, [Placing(ana.pk, 1, won=True)], rated=True)
    assert Result.objects.get().rated is False and not Rating.objects.exists()


def test_a_result_for_someone_who_is_no_account_is_an_error_not_a_duplicate(people):
    from django.db import IntegrityError

    ana, *_ = people
    with pytest.raises(IntegrityError):
        record_game(7, timezone.now(), 2, [Placing(ana.pk, 1), Placing(10**9, 2)], rated=True)
    assert not Result.objects.exists() and not Rating.objects.exists()


def test_ratings_carry_over_from_game_to_game(people):
    ana, bob, *_ = people
    ana_beats_bob(7, ana, bob)
    ana_beats_bob(8, ana, bob)
    once = after_game([newcomer(), newcomer()], [1, 2])
    twice = after_game(once, [1, 2])
    rating = Rating.objects.get(user=ana)
    assert (rating.mu, rating.sigma) == (pytest.approx(twice[0].mu),
                                         pytest.approx(twice[0].sigma))
    assert rating.display == twice[0].display and rating.games == 2
