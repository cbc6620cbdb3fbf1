"""The SQL queries of reading the state and of making a move are few, and as many with a 7-card
hand as with a 40-card hand, and as many after a long game as at its start."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from play import choose_move

pytestmark = pytest.mark.django_db(transaction=True)

MOST = 12  # queries for a read or a plain move, transaction control aside
# What each request takes, exactly. A read: the token; then the table, and the seats with
# their users and, unless nothing changed since the version the client holds (304), the hands
# and their round (two statements in one query on PostgreSQL). A move: the token; the table
# (locked), and the seats with the hands, the round and the players' email preferences (one
# query, as a read); then one batch of writes (the round with its discard pile, the hands that
# changed, the table's version, the move log's row and, the table being turn by turn, the next
# person's "your turn" email in the outbox: several statements in one query on PostgreSQL). An
# Idempotency-Key adds its look-up and its row.
EXPECTED = {"state": 2, "state?since (changed)": 2, "state?since (304)": 2, "play": 3,
            "play with an Idempotency-Key": 5, "log": 4}
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT",
                       "ROLLBACK TO SAVEPOINT")

# Starter wave-7 (Blue 7), draw until playable on. Bob (seat 1) holds nothing Blue and no 7:
# he draws until wave-5 comes and plays it. Then Ana plays wave-1, and Bob flame-1 on it.
ANA = ["wave-1", "wave-2", "wave-3", "wave-4", "wave-6", "wave-8", "wave-9"]
BOB = ["flame-1", "flame-2", "flame-3", "sun-1", "sun-2", "leaf-1", "leaf-2"]
UNPLAYABLE = [f"{symbol}-{n}" for symbol in ("flame", "sun", "leaf") for n in (0, 3, 4, 5, 6,
                                                                               8, 9)]
UNPLAYABLE += [f"{symbol}-{n}" for symbol in ("flame", "sun", "leaf") for n in (4, 5, 6, 8)]
UNPLAYABLE += ["sun-skip", "leaf-skip"]  # 21 + 12 + 2 = 35 cards: none Blue, none a 7


@pytest.fixture(autouse=True)
def emails_sent_by_a_worker(monkeypatch):
    """A worker sends the queued email after the move; here tasks run eagerly inside the
    request, so its queries would be counted as the move's: leave the outbox row unsent."""
    monkeypatch.setattr("notifications.outbox._send_later", lambda notice_id, due_at: None)
    monkeypatch.setattr("notifications.outbox._send_together", lambda batches: None)


def sql(context: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in context.captured_queries
            if not q["sql"].upper().startswith(TRANSACTION_CONTROL)]


def count(request, status: int = 200) -> tuple[int, list[str], object]:
    with CaptureQueriesContext(connection) as context:
        response = request()
    assert response.status_code == status, response.content
    queries = sql(context)
    return len(queries), queries, response


@pytest.fixture
def bob_with(rigged_table, make_player):
    """A table at which Bob, after drawing until playable and playing wave-5, holds 7 + `extra`
    cards and it is Ana's turn on wave-5."""

    def make(extra: int):
        assert extra <= len(UNPLAYABLE)
        table, (ana, bob) = rigged_table(hands=[ANA, BOB], starter="wave-7",
                                         draw=[*UNPLAYABLE[:extra], "wave-5"],
                                         players=[make_player()],
                                         options={"draw_until_playable": True})
        assert bob.move(table, "draw").json()["you"]["drawn"] == "wave-5"
        assert bob.move(table, "play", "wave-5").status_code == 200
        assert len(bob.state(table)["you"]["hand"]) == 7 + extra
        return table, ana, bob

    return make


def counts_of_a_turn(table: int, ana, bob) -> dict:
    """Queries of: Bob reading the state (in full, and since a version), Ana playing wave-1,
    Bob playing flame-1 on it with an Idempotency-Key, Bob reading the move log."""
    counts, queries = {}, {}

    def measure(name, request, status=200):
        counts[name], queries[name], _ = count(request, status)

    version = bob.state(table)["version"]
    measure("state", lambda: bob.get(f"/api/tables/{table}/state"))
    measure("state?since (changed)", lambda: bob.get(f"/api/tables/{table}/state?since=1"))
    measure("state?since (304)", lambda: bob.get(f"/api/tables/{table}/state?since={version}"),
            304)
    measure("play", lambda: ana.move(table, "play", "wave-1"))
    measure("play with an Idempotency-Key", lambda: bob.client.post(
        f"/api/tables/{table}/moves", {"action": "play", "card": "flame-1"}, format="json",
        HTTP_IDEMPOTENCY_KEY="k"))
    measure("log", lambda: bob.get(f"/api/tables/{table}/moves"))
    counts["sql"] = queries
    return counts


def test_reading_the_state_and_moving_take_few_queries(bob_with):
    counts = counts_of_a_turn(*bob_with(0))
    for name, expected in EXPECTED.items():
        assert counts[name] == expected, (name, counts[name], counts["sql"][name])
    assert counts["state"] <= MOST and counts["play"] <= MOST


def test_a_player_unseen_for_an_hour_moves_in_as_many_queries_the_time_seen_with_the_move(
        bob_with):
    """The time a player was seen goes in the move's batch; a move refused writes it alone."""
    from django.utils import timezone

    from games.models import Seat

    table, ana, bob = bob_with(0)
    hour_ago = timezone.now() - timezone.timedelta(hours=1)
    seats = Seat.objects.filter(table_id=table)
    seats.update(last_seen_at=hour_ago)
    refused, _, response = count(lambda: bob.move(table, "play", "flame-1"), 422)
    assert response.json()["code"] == "not-your-turn"
    assert refused == EXPECTED["play"]  # the token, the table and its seats, the time seen
    assert seats.get(number=1).last_seen_at > hour_ago
    played, queries, _ = count(lambda: ana.move(table, "play", "wave-1"))
    assert played == EXPECTED["play"], queries
    assert seats.get(number=0).last_seen_at > hour_ago


def test_a_40_card_hand_takes_as_many_queries_as_a_7_card_hand(bob_with):
    small = counts_of_a_turn(*bob_with(0))
    big_table, ana, bob = bob_with(33)
    assert len(bob.state(big_table)["you"]["hand"]) == 40
    big = counts_of_a_turn(big_table, ana, bob)
    for name in EXPECTED:
        assert big[name] == small[name], (name, small[name], big[name])


def test_a_long_game_takes_as_many_queries_as_a_fresh_one(make_player, make_table, host):
    """Four people play 150 moves of a game to 5000 points, over rounds and reshuffles; then
    reading the state and playing a number card take as many queries as at the start."""
    others = [make_player() for _ in range(3)]
    players = [host, *others]
    table = make_table(others, players=4, scoring={"mode": "target", "target": 5000})
    host.post(f"/api/tables/{table}/start")
    rng = random.Random(2)

    def move(measure: bool):
        """One move; measured when it is the play of a number card that ends nothing."""
        state = host.get(f"/api/tables/{table}/state").json()
        assert state["status"] == "playing"
        mover = players[state["round"]["turn"]]
        you = mover.state(table)["you"]
        body = choose_move(you, rng, 4)
        plain = (body["action"] == "play" and body["card"][-1].isdigit()
                 and len(you["hand"]) > 2)
        if measure and plain:
            read, _, _ = count(lambda: mover.get(f"/api/tables/{table}/state"))
            played, queries, _ = count(lambda: mover.post(f"/api/tables/{table}/moves", body))
            return read, played, queries
        response = mover.post(f"/api/tables/{table}/moves", body)
        assert response.status_code == 200, response.content
        return None

    def measured():
        for _ in range(50):
            result = move(measure=True)
            if result is not None:
                return result
        raise AssertionError("no plain play of a number card in 50 moves")

    first = measured()
    for _ in range(150):
        move(measure=False)
    later = measured()
    log = host.get(f"/api/tables/{table}/moves").json()["moves"]
    assert len(log) > 150 and log[-1]["round"] >= 1
    assert later[0] == first[0] == EXPECTED["state"], "reading the state"
    assert later[1] == first[1] == EXPECTED["play"], (first[2], later[2])


# ---------------------------------------------------------------------------- ratings
# The move that ends a game writes each person's result (+1) and, when the game is rated, moves
# the ratings in the same transaction (+3: rows for newcomers, the players' ratings locked, the
# new ratings); the game-over emails go to the outbox with the move's writes (one statement
# for all, in the batch). Every other move is as above. A profile is the token, the person
# with their rating, their totals and their recent games; the leaderboard the token, the
# board's size and its page: however many games.
RATINGS_EXPECTED = {"last move, rated": 3 + 1 + 3, "last move, unrated": 3 + 1,
                    "profile": 4, "leaderboard": 3}


@pytest.mark.parametrize("rated", [True, False])
def test_the_move_that_ends_a_game_adds_the_results_and_ratings_queries_and_no_more(
        rigged_table, make_player, host, rated):
    from rated_games import deal_ana_wins

    bob = make_player("bob")
    table, _ = deal_ana_wins(rigged_table, [bob], rated=rated)
    for _ in range(6):
        assert bob.move(table, "draw").status_code == 200
        assert host.move(table, "play", host.state(table)["you"]["playable"][0]).status_code \
            == 200
    drew, _, _ = count(lambda: bob.move(table, "draw"))
    last = host.state(table)["you"]["playable"][0]
    ended, queries, response = count(lambda: host.move(table, "play", last))
    assert response.json()["status"] == "finished"
    assert drew == EXPECTED["play"]
    name = "last move, rated" if rated else "last move, unrated"
    assert ended == RATINGS_EXPECTED[name], queries


def test_a_profile_and_the_leaderboard_take_as_many_queries_after_many_games(host,
                                                                             make_player):
    from django.utils import timezone

    from ratings.record import Placing, record_game

    bob = make_player("bob")

    def measured() -> tuple[int, int]:
        profile, queries, _ = count(lambda: bob.get("/api/players/ana"))
        board, _, _ = count(lambda: bob.get("/api/leaderboard"))
        return profile, board

    fresh = measured()
    for n in range(12):
        record_game(n + 1, timezone.now(), 2,
                    [Placing(host.id, 1 + n % 2, won=n % 2 == 0), Placing(bob.id, 2 - n % 2)],
                    rated=True)
    assert measured() == fresh == (RATINGS_EXPECTED["profile"], RATINGS_EXPECTED["leaderboard"])
    assert len(bob.get("/api/leaderboard").json()["players"]) == 2
