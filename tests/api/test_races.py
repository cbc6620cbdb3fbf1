"""Races on real PostgreSQL: requests for the same table sent at the same moment.

Each racer is a thread with its own API client and so its own database connection (closed when
the thread ends). A barrier releases them together. Whatever order the database serializes them
in, exactly one of the competing moves is accepted, the others get a clear refusal, the version
moves on by exactly one, one Move row is written, and every card of the deck is still there
exactly once. Each race is run several times on fresh tables; the assertions hold for every
order the database may pick, and a step-by-step test at the end forces the order.

Run against PostgreSQL (SQLite has no row locks to race on):
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wildcards \
        .venv/bin/python -m pytest tests/api/test_races.py -q
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable

import pytest
from concurrency import threads_may_run_eager_tasks
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from rest_framework.test import APIClient

from games.models import IdempotentAnswer, Table
from games.models import Move as MoveRow
from games.rules import CLASSIC, Move
from games.service import play
from games.service.errors import Accepted, Refusal
from games.storage.reads import load

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="races need PostgreSQL's row locks (set DATABASE_URL)"),
]

# A move that waited for the table's lock is judged on what the winner left: `load(lock=True)`
# takes the lock in a query of its own and reads the round afterwards. (It used to read the
# round in the locking query, and PostgreSQL re-reads only the locked row after a wait.)

ROUNDS = 6  # each race is run this many times, each time on a fresh table
BARRIER_SECONDS = 30
JOIN_SECONDS = 60
FULL_DECK = [CLASSIC.codes[card] for card in CLASSIC.full()]
VALID_CODES = {"no-match", "wild-draw4-color-held", "penalty-waiting", "only-drawn-card",
               "must-play", "not-your-turn", "not-in-hand", "unknown-card", "color-required",
               "target-required", "nothing-to-take", "cannot-pass", "game-not-playing"}


# ------------------------------------------------------------------------------- helpers
def rigged_deck(hands: dict[int, list[str]], starter: str, players: int = 4,
                pile_top: tuple[str, ...] = (), dealer: int = 0, seed: int = 0) -> list[str]:
    """A whole deck, top card first, that deals `hands` (up to 7 cards per listed seat, the rest
    filler) and turns `starter` up, with `pile_top` the draw pile's first cards. Dealing: one
    card at a time to each seat, starting with the seat after the dealer, seven times round;
    then the starter; the rest is the draw pile, top first."""
    rest = Counter(FULL_DECK)
    rest.subtract([starter, *pile_top, *(card for hand in hands.values() for card in hand)])
    assert all(n >= 0 for n in rest.values()), "more copies asked for than the deck has"
    filler = sorted(rest.elements())
    random.Random(seed).shuffle(filler)
    full_hands = {}
    for seat in range(players):
        hand = list(hands.get(seat, []))
        assert len(hand) <= 7
        while len(hand) < 7:
            hand.append(filler.pop())
        full_hands[seat] = hand
    order = [(dealer + 1 + i) % players for i in range(players)]
    deck = [full_hands[seat][r] for r in range(7) for seat in order]
    deck += [starter, *pile_top, *filler]
    assert Counter(deck) == Counter(FULL_DECK)
    return deck


def client_of(player) -> APIClient:
    """A fresh client for one thread (clients are not shared between threads)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {player.token}")
    return client


def race(calls: list[Callable[[APIClient], object]], players: list) -> list:
    """Run `calls[i](client of players[i])` each in its own thread, released together by a
    barrier. Returns what each returned; an exception in a thread fails the test."""
    assert len(calls) == len(players)
    barrier = threading.Barrier(len(calls), timeout=BARRIER_SECONDS)
    results: list = [None] * len(calls)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            client = client_of(players[i])
            connection.ensure_connection()  # connect before the line-up, not after it
            barrier.wait()
            results[i] = calls[i](client)
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)
            barrier.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,), name=f"racer-{i}")
               for i in range(len(calls))]
    with threads_may_run_eager_tasks():  # the racers' moves run their tasks eagerly
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(JOIN_SECONDS)
    assert not any(thread.is_alive() for thread in threads), "a racer did not finish in time"
    if errors:
        raise errors[0]
    return results


def post_move(table: int, body: dict, **headers) -> Callable[[APIClient], object]:
    def call(client: APIClient):
        return client.post(f"/api/tables/{table}/moves", body, format="json", **headers)
    return call


def post_concede(table: int) -> Callable[[APIClient], object]:
    def call(client: APIClient):
        return client.post(f"/api/tables/{table}/concede", {}, format="json")
    return call


def version_of(table: int) -> int:
    return Table.objects.get(pk=table).version


def moves_logged(table: int) -> int:
    return MoveRow.objects.filter(table_id=table).count()


def assert_deck_conserved(table: int) -> None:
    """Hands + draw pile + discard pile hold the 108 cards, each exactly as often as the deck."""
    state = load(table).state
    cards = [card for hand in state.hands for card in hand] + state.draw_pile + state.discard
    assert Counter(cards) == Counter(CLASSIC.full()), (
        f"deck not conserved: {len(cards)} cards, extra "
        f"{[CLASSIC.codes[c] for c in (Counter(cards) - Counter(CLASSIC.full())).elements()]}, "
        f"missing "
        f"{[CLASSIC.codes[c] for c in (Counter(CLASSIC.full()) - Counter(cards)).elements()]}")


def sorted_hand(codes: list[str]) -> list[str]:
    return [CLASSIC.codes[card] for card in sorted(CLASSIC.ids[code] for code in codes)]


def statuses(responses) -> list[int]:
    return [response.status_code for response in responses]


def describe(responses) -> list:
    return [(response.status_code, response.json().get("code")) for response in responses]


@pytest.fixture
def rigged(settings):
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True


@pytest.fixture
def four(host, make_player):
    """Four players; the host takes seat 0 of every table, the others seats 1-3 in order."""
    return [host, make_player(), make_player(), make_player()]


@pytest.fixture
def deal(make_table, host):
    """Make a table for `players` (host first), start it, and return its id."""

    def make(players: list, **body) -> int:
        table = make_table(players[1:], players=len(players), **body)
        started = host.post(f"/api/tables/{table}/start")
        assert started.status_code == 200, started.content
        return table

    return make


# The first player (seat 1, after dealer 0) holds seven different cards it may play on a red 5.
SEVEN_PLAYABLE = ["flame-1", "flame-2", "flame-3", "flame-4", "flame-6", "sun-5", "wave-5"]


# --------------------------------------------------------------------------------- races
def test_same_expected_version_one_move_wins_the_rest_are_stale(rigged, four, deal):
    deck = rigged_deck({1: SEVEN_PLAYABLE}, starter="flame-5")
    for _ in range(ROUNDS):
        table = deal(four, deck_order=deck)
        mover = four[1]
        view = mover.state(table)
        assert view["round"]["turn"] == 1
        assert sorted(view["you"]["playable"]) == sorted(SEVEN_PLAYABLE)
        version, logged = view["version"], moves_logged(table)
        # Five clients of the turn seat, each a different card, all on the same version.
        calls = [post_move(table, {"action": "play", "card": card, "expected_version": version})
                 for card in SEVEN_PLAYABLE[:5]]
        responses = race(calls, [mover] * len(calls))
        assert sorted(statuses(responses)) == [200, 409, 409, 409, 409], describe(responses)
        for response in responses:
            if response.status_code == 409:
                assert response.json()["code"] == "stale-version"
                assert response.json()["version"] == version + 1  # the current one
            else:
                assert response.json()["version"] == version + 1
        assert version_of(table) == version + 1
        assert moves_logged(table) == logged + 1
        assert_deck_conserved(table)


def test_same_expected_version_from_every_seat(rigged, four, deal):
    """All four seats send a move on the same version: the turn seat's play and three jump-ins
    or out-of-turn plays. Only the turn seat's move can be accepted; the refusals are 409 (after
    it) or 422 not-your-turn (before it)."""
    deck = rigged_deck({1: SEVEN_PLAYABLE, 2: ["flame-7"], 3: ["flame-8"], 0: ["flame-9"]},
                       starter="flame-5")
    for _ in range(ROUNDS):
        table = deal(four, deck_order=deck)
        version, logged = version_of(table), moves_logged(table)
        calls = [post_move(table, {"action": "play", "card": card, "expected_version": version})
                 for card in ("flame-9", "flame-1", "flame-7", "flame-8")]
        responses = race(calls, four)
        assert responses[1].status_code == 200, describe(responses)
        for response in (responses[0], responses[2], responses[3]):
            assert (response.status_code, response.json()["code"]) in {
                (409, "stale-version"), (422, "not-your-turn")}, describe(responses)
        assert version_of(table) == version + 1
        assert moves_logged(table) == logged + 1
        assert_deck_conserved(table)


def test_without_expected_version_one_card_is_played_the_rest_refused(rigged, four, deal):
    """The turn seat sends five different playable cards at once, with no expected_version:
    the first one locked in is played and the turn moves on, so the others are refused by the
    rules (422) and nothing else changes."""
    deck = rigged_deck({1: SEVEN_PLAYABLE}, starter="flame-5")
    for _ in range(ROUNDS):
        table = deal(four, deck_order=deck)
        mover = four[1]
        version, logged = version_of(table), moves_logged(table)
        calls = [post_move(table, {"action": "play", "card": card})
                 for card in SEVEN_PLAYABLE[2:]]
        responses = race(calls, [mover] * len(calls))
        assert sorted(statuses(responses)) == [200, 422, 422, 422, 422], describe(responses)
        played = next(body["round"]["top"] for body in (r.json() for r in responses)
                      if "round" in body)
        for response in responses:
            if response.status_code == 422:
                assert response.json()["code"] in VALID_CODES
                assert response.json()["code"] == "not-your-turn", describe(responses)
                assert response.json()["version"] == version + 1  # the current one
        assert version_of(table) == version + 1
        assert moves_logged(table) == logged + 1
        after = mover.state(table)
        assert after["round"]["top"] == played
        assert after["round"]["turn"] == 2
        assert len(after["you"]["hand"]) == 6
        assert_deck_conserved(table)


# Seat 1 holds nothing that goes on a red 5.
NO_MATCH = ["sun-1", "sun-2", "sun-3", "leaf-1", "leaf-2", "leaf-3", "wave-1"]


@pytest.mark.parametrize(("drawn", "then", "refusal"), [
    # cannot be played: the turn moves on
    pytest.param("wave-9", 2, "not-your-turn"),
    # can be played: seat 1 must play it now (the stale round happens to refuse this one too)
    ("flame-9", 1, "must-play"),
])
def test_without_expected_version_draws_race(rigged, four, deal, drawn, then, refusal):
    """The turn seat cannot play, and three of its clients draw at once: one card is drawn, the
    others are refused (not its turn any more, or must-play when the drawn card can be played).
    A second draw would deal a card twice if it read the draw pile as it was before the first."""
    deck = rigged_deck({1: NO_MATCH}, starter="flame-5", pile_top=(drawn,))
    for _ in range(ROUNDS):
        table = deal(four, deck_order=deck)
        mover = four[1]
        assert mover.state(table)["you"]["actions"] == ["draw", "concede"]
        version, logged = version_of(table), moves_logged(table)
        responses = race([post_move(table, {"action": "draw"})] * 3, [mover] * 3)
        assert sorted(statuses(responses)) == [200, 422, 422], describe(responses)
        for response in responses:
            if response.status_code == 422:
                assert response.json()["code"] == refusal, describe(responses)
        assert version_of(table) == version + 1
        assert moves_logged(table) == logged + 1
        after = mover.state(table)
        assert after["you"]["hand"] == sorted_hand([*NO_MATCH, drawn])
        assert after["round"]["turn"] == then
        assert after["round"]["draw_pile"] == 108 - 29 - 1
        assert_deck_conserved(table)


# Seat 1 (to play first) may play a red Skip: whoever wins the race, the move that loses it is
# then not allowed, not merely the next player's ordinary turn (a red card played by seat 2
# after seat 1's red 3 would be a legal play, not a refused jump-in).
SKIPPER = [*SEVEN_PLAYABLE[:6], "flame-skip"]


def test_jump_in_racing_the_turn_seat(rigged, four, deal):
    """Jump-in on: seat 2 holds the twin of the red 5 on top and jumps in while seat 1, whose
    turn it is, plays a red Skip, and seat 3 sends a green 8 that it could play on nothing here.
    (A colored card has at most two copies, and the top card is one of them, so only one seat
    can hold a card identical to it: two seats jumping in with one card is the next test.)
    Exactly one move is accepted: the jump-in takes the turn from seat 1, or seat 1's Skip
    changes the top card so that there is nothing to jump in on any more."""
    deck = rigged_deck({1: SKIPPER, 2: ["flame-5"], 3: ["leaf-8"]}, starter="flame-5")
    for _ in range(ROUNDS):
        table = deal(four, deck_order=deck, options={"jump_in": True})
        assert four[2].state(table)["you"]["actions"] == ["play", "concede"]
        assert four[2].state(table)["you"]["playable"] == ["flame-5"]
        version, logged = version_of(table), moves_logged(table)
        calls = [post_move(table, {"action": "play", "card": "flame-skip"}),
                 post_move(table, {"action": "play", "card": "flame-5"}),
                 post_move(table, {"action": "play", "card": "leaf-8"})]
        responses = race(calls, four[1:])
        assert sorted(statuses(responses)) == [200, 422, 422], describe(responses)
        skip, jump, green = responses
        after = four[0].state(table)
        if skip.status_code == 200:  # seat 2 is skipped: seat 3 to play, on a red Skip
            assert jump.json()["code"] == "not-your-turn", describe(responses)
            assert green.json()["code"] in {"not-your-turn", "no-match"}, describe(responses)
            assert (after["round"]["top"], after["round"]["turn"]) == ("flame-skip", 3)
        else:  # seat 2 jumped in: the turn goes on from seat 2
            assert jump.status_code == 200, describe(responses)
            assert skip.json()["code"] == "not-your-turn", describe(responses)
            assert green.json()["code"] in {"not-your-turn", "no-match"}, describe(responses)
            assert (after["round"]["top"], after["round"]["turn"]) == ("flame-5", 3)
        assert version_of(table) == version + 1
        assert moves_logged(table) == logged + 1
        assert_deck_conserved(table)


def test_two_jump_ins_with_one_card(rigged, four, deal):
    """Two clients of the seat holding the twin of the top card jump in with it at once, while
    the turn seat plays a red Skip: exactly one of the three is accepted."""
    deck = rigged_deck({1: SKIPPER, 2: ["flame-5"]}, starter="flame-5")
    for _ in range(ROUNDS):
        table = deal(four, deck_order=deck, options={"jump_in": True})
        version, logged = version_of(table), moves_logged(table)
        jump = post_move(table, {"action": "play", "card": "flame-5"})
        skip = post_move(table, {"action": "play", "card": "flame-skip"})
        responses = race([jump, jump, skip], [four[2], four[2], four[1]])
        assert sorted(statuses(responses)) == [200, 422, 422], describe(responses)
        for response in responses:
            if response.status_code == 422:
                assert response.json()["code"] == "not-your-turn", describe(responses)
        hand = four[2].state(table)["you"]["hand"]
        assert hand.count("flame-5") == (0 if responses[2].status_code == 422 else 1)
        assert version_of(table) == version + 1
        assert moves_logged(table) == logged + 1
        assert_deck_conserved(table)


@pytest.mark.parametrize("action", ["play", "draw"])
def test_a_move_racing_the_other_players_concede(rigged, host, make_player, deal, action):
    """Two players: seat 1 moves while seat 0 concedes. Both orders are fine, and both end the
    game (a concede leaves one player): if the concede comes first, the move is refused with
    game-not-playing; if the move comes first, the concede still goes through after it."""
    bob = make_player()
    hand = ["flame-1", "sun-2", "sun-3", "leaf-1", "leaf-2", "leaf-3", "wave-1"] \
        if action == "play" else ["sun-1", "sun-2", "sun-3", "leaf-1", "leaf-2", "leaf-3", "wave-1"]
    deck = rigged_deck({1: hand}, starter="flame-5", players=2)
    for _ in range(ROUNDS):
        table = deal([host, bob], deck_order=deck)
        version, logged = version_of(table), moves_logged(table)
        move = {"action": "play", "card": "flame-1"} if action == "play" else {"action": "draw"}
        concede, moved = race([post_concede(table), post_move(table, move)], [host, bob])
        assert concede.status_code == 200, describe([concede, moved])
        if moved.status_code == 200:
            assert version_of(table) == version + 2
            assert moves_logged(table) == logged + 2
        else:
            assert (moved.status_code, moved.json()["code"]) == (422, "game-not-playing")
            assert version_of(table) == version + 1
            assert moves_logged(table) == logged + 1
        final = host.state(table)
        assert final["status"] == "finished"
        assert final["seats"][0]["state"] == "left"
        assert_deck_conserved(table)


def test_the_same_idempotency_key_from_two_threads_acts_once(rigged, four, deal):
    deck = rigged_deck({1: SEVEN_PLAYABLE}, starter="flame-5")
    for i in range(ROUNDS):
        table = deal(four, deck_order=deck)
        mover = four[1]
        version, logged = version_of(table), moves_logged(table)
        key = {"HTTP_IDEMPOTENCY_KEY": f"race-{i}"}
        # The same request twice, as a client retrying too early would send it; and once more
        # with a different card, to show that the key, not the body, is what is remembered.
        calls = [post_move(table, {"action": "play", "card": "flame-1"}, **key)] * 3
        responses = race(calls, [mover] * 3)
        assert statuses(responses) == [200, 200, 200], describe(responses)
        bodies = [response.json() for response in responses]
        assert bodies[0] == bodies[1] == bodies[2]
        assert bodies[0]["version"] == version + 1
        assert version_of(table) == version + 1
        assert moves_logged(table) == logged + 1
        assert IdempotentAnswer.objects.filter(table_id=table).count() == 1
        assert len(mover.state(table)["you"]["hand"]) == 6
        assert_deck_conserved(table)


def test_the_same_idempotency_key_with_a_refused_first_answer(rigged, four, deal):
    """Two threads send the same key for a move that is refused: both get the same 422 and the
    game does not move."""
    deck = rigged_deck({1: SEVEN_PLAYABLE}, starter="flame-5")
    for i in range(ROUNDS):
        table = deal(four, deck_order=deck)
        version, logged = version_of(table), moves_logged(table)
        key = {"HTTP_IDEMPOTENCY_KEY": f"refused-{i}"}
        calls = [post_move(table, {"action": "play", "card": "leaf-9"}, **key)] * 2
        responses = race(calls, [four[1]] * 2)
        assert statuses(responses) == [422, 422], describe(responses)
        assert responses[0].json() == responses[1].json()
        assert version_of(table) == version
        assert moves_logged(table) == logged
        assert_deck_conserved(table)


# ------------------------------------------------- the waiter for the lock, step by step
def wait_until_a_backend_waits_for_us(seconds: float = 10) -> None:
    """Until another connection is blocked on a lock this connection holds."""
    deadline = time.monotonic() + seconds
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT pg_stat_clear_snapshot()")  # activity is cached per xact
            cursor.execute("SELECT count(*) FROM pg_stat_activity "
                           "WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))")
            if cursor.fetchone()[0]:
                return
            time.sleep(0.01)
    raise AssertionError("the second move never waited for the table's lock")


@pytest.mark.parametrize(("hand", "first", "second", "refusal"), [
    (SEVEN_PLAYABLE, Move("play", "flame-1"), Move("play", "flame-2"), "not-your-turn"),
    (NO_MATCH, Move("draw"), Move("draw"), "not-your-turn"),
], ids=["play-then-play", "draw-then-draw"])
def test_a_move_that_waited_for_the_lock_sees_the_move_that_held_it(
        rigged, four, deal, hand, first, second, refusal):
    """The same race with its order forced: this connection holds the table's lock while a
    second move by the same seat (no expected_version) waits for it, then makes the first move
    and commits. The waiter must then be judged on the game as the first move left it."""
    deck = rigged_deck({1: hand}, starter="flame-5", pile_top=("wave-9",))
    table = deal(four, deck_order=deck)
    user = get_user_model().objects.get(pk=four[1].id)
    version, logged = version_of(table), moves_logged(table)
    waited: dict = {}

    def second_move() -> None:
        try:
            waited["answer"] = play.make_move(table, user, second)
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            waited["error"] = error
        finally:
            connection.close()

    waiter = threading.Thread(target=second_move, name="waiter")
    with threads_may_run_eager_tasks():
        with transaction.atomic():
            load(table, lock=True)
            waiter.start()
            wait_until_a_backend_waits_for_us()
            answer = play.make_move(table, user, first)
            assert isinstance(answer, Accepted), answer
        waiter.join(JOIN_SECONDS)
    assert not waiter.is_alive()
    assert "error" not in waited, f"the waiting move failed: {waited['error']!r}"
    late = waited["answer"]
    assert isinstance(late, Refusal) and late.code == refusal, \
        f"the waiting move was judged on the game before the first move: {late}"
    assert version_of(table) == version + 1
    assert moves_logged(table) == logged + 1
    assert_deck_conserved(table)
