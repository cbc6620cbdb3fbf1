"""Presence at real-time tables: two minutes without a request puts the seat `away` and a bot
plays for it; the player's next request (state, moves, heartbeat) gives it back. Presence is
written at most every few seconds, with one conditional UPDATE."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient
from timed import T0, current, person, seat, started_table, timed_setup  # noqa: F401

from games import deadlines
from games.models import Move as MoveRow
from games.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def client_of(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def at(moment, function):
    with time_machine.travel(moment, tick=False):
        return function()


def test_the_heartbeat_answers_204_to_a_seated_player_only():
    table, people = started_table(mode="realtime")
    assert client_of(people[1]).post(f"/api/tables/{table}/heartbeat").status_code == 204
    assert client_of(person()).post(f"/api/tables/{table}/heartbeat").status_code == 403
    assert client_of(people[1]).post("/api/tables/999999/heartbeat").status_code == 404


def test_two_minutes_without_presence_the_seat_is_away_and_a_bot_plays_for_it():
    table, people = started_table(mode="realtime", move_timer="relaxed")
    turn = current(table).state.turn
    other = 1 - turn
    # The other player keeps polling; the player whose turn it is says nothing.
    at(T0 + timedelta(seconds=60), lambda: client_of(people[other]).post(
        f"/api/tables/{table}/heartbeat"))
    assert seat(table, other).last_seen_at == T0 + timedelta(seconds=60)
    counts = at(T0 + timedelta(seconds=119), lambda: deadlines.sweep(T0 + timedelta(
        seconds=119)))
    assert counts["away"] == 0
    # (the 45-second timer ran out meanwhile in real life; here only presence is swept)
    now = T0 + timedelta(seconds=121)
    counts = at(now, lambda: deadlines.mark_away(now))
    assert counts == 1
    gone = seat(table, turn)
    assert gone.state == Seat.State.AWAY and gone.user_id == people[turn].pk
    assert seat(table, other).state == Seat.State.PLAYING
    # The bot played the away seat's turn (at once, the task runs in process).
    assert MoveRow.objects.filter(table_id=table, seat=turn, by="bot").exists()
    assert current(table).state.turn == other or current(table).state.status != "playing"


def test_the_next_request_gives_the_seat_back():
    table, people = started_table(mode="realtime", move_timer="relaxed")
    turn = current(table).state.turn
    other = 1 - turn
    at(T0 + timedelta(seconds=100), lambda: client_of(people[other]).get(
        f"/api/tables/{table}/state"))
    now = T0 + timedelta(seconds=121)
    at(now, lambda: deadlines.mark_away(now))
    assert seat(table, turn).state == Seat.State.AWAY
    version = current(table).table.version
    back = at(now + timedelta(seconds=5), lambda: client_of(people[turn]).get(
        f"/api/tables/{table}/state"))
    assert back.status_code == 200
    mine = next(s for s in back.json()["seats"] if s["seat"] == turn)
    assert mine["state"] == "playing"
    assert seat(table, turn).state == Seat.State.PLAYING
    assert seat(table, turn).last_seen_at == now + timedelta(seconds=5)
    assert current(table).table.version > version  # the others see it too


def test_the_heartbeat_gives_the_seat_back_as_well():
    table, people = started_table(mode="realtime")
    Seat.objects.filter(table_id=table, number=1).update(state=Seat.State.AWAY)
    assert client_of(people[1]).post(f"/api/tables/{table}/heartbeat").status_code == 204
    assert seat(table, 1).state == Seat.State.PLAYING


def test_presence_is_written_at_most_every_ten_seconds():
    table, people = started_table(mode="realtime")
    client = client_of(people[1])

    def updates(moment) -> int:
        with CaptureQueriesContext(connection) as context:
            at(moment, lambda: client.post(f"/api/tables/{table}/heartbeat"))
        return sum(1 for q in context.captured_queries if q["sql"].startswith("UPDATE"))

    assert updates(T0 + timedelta(seconds=5)) == 0  # seen at the deal
    assert updates(T0 + timedelta(seconds=11)) == 1
    assert updates(T0 + timedelta(seconds=12)) == 0
    assert seat(table, 1).last_seen_at == T0 + timedelta(seconds=11)


def test_presence_at_a_turn_by_turn_table_never_hands_a_seat_to_a_bot():
    table, people = started_table(mode="turn")
    assert client_of(people[1]).post(f"/api/tables/{table}/heartbeat").status_code == 204
    assert seat(table, 1).last_seen_at is not None  # it holds back the turn emails
    now = T0 + timedelta(days=1)
    assert deadlines.mark_away(now) == 0
    assert seat(table, 1).state == "playing"


def test_moves_and_the_move_log_count_as_presence():
    table, people = started_table(mode="realtime", move_timer="relaxed")
    client = client_of(people[1])
    at(T0 + timedelta(seconds=20), lambda: client.get(f"/api/tables/{table}/moves"))
    assert seat(table, 1).last_seen_at == T0 + timedelta(seconds=20)
    # Even a refused move says the player is there.
    refused = at(T0 + timedelta(seconds=40), lambda: client.post(
        f"/api/tables/{table}/moves", {"action": "play", "card": "wave-99"}, format="json"))
    assert refused.status_code != 200
    assert seat(table, 1).last_seen_at == T0 + timedelta(seconds=40)



def test_a_disconnect_changes_neither_the_rules_nor_the_cards():
    """Rule book, "If you disconnect": "A disconnect never changes the rules or your cards." A
    seat says nothing for two minutes while the others play in time, goes away, and comes back
    before its own turn: the same hand, the same house rules."""
    from games.rules import CLASSIC, timeout_move
    from games.service import play
    from games.service.errors import Accepted

    table, people = started_table(players=5, mode="realtime", move_timer="relaxed",
                                  stacking=True, draw_until_playable=True)
    moved = set()
    for second in (30, 60, 90):  # three moves in time, each well inside its 45 seconds
        state = current(table).state
        answer = at(T0 + timedelta(seconds=second), lambda state=state: play.make_move(
            table, people[state.turn], timeout_move(state)))
        assert isinstance(answer, Accepted), answer
        moved.add(state.turn)
    before = current(table).state
    gone = next(number for number in range(5) if number not in moved
                and number not in (before.turn, before.next_seat(before.turn)))
    for number in set(range(5)) - {gone}:
        at(T0 + timedelta(seconds=100), lambda number=number: client_of(
            people[number]).post(f"/api/tables/{table}/heartbeat"))
    now = T0 + timedelta(seconds=121)
    assert at(now, lambda: deadlines.mark_away(now)) == 1
    assert seat(table, gone).state == Seat.State.AWAY
    assert current(table).state.hands[gone] == before.hands[gone]
    back = at(now + timedelta(seconds=5), lambda: client_of(people[gone]).get(
        f"/api/tables/{table}/state")).json()
    assert seat(table, gone).state == Seat.State.PLAYING
    after = current(table).state
    assert after.hands[gone] == before.hands[gone]
    assert after.options == before.options
    assert after.options.stacking and after.options.draw_until_playable
    assert back["you"]["seat"] == gone
    assert back["you"]["hand"] == [CLASSIC.codes[card] for card in before.hands[gone]]
