"""Vacation and pause over days (issue 27), the clock frozen: the bank of days, a turn's
deadline moved by its player's vacation (reminders and expiry follow it), the sweep that never
expires a turn whose player is on vacation, and the pause that every person seated agrees to."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from timed import T0, current, round_of, started_table, timed_setup  # noqa: F401

from games import deadlines
from games.models import Move as MoveRow
from games.models import Table, Vacation
from games.rules import timeout_move
from games.service import pauses, play, vacations
from games.service.errors import Accepted, GameError, Refusal
from games.service.shown import state_view
from notifications.models import Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

DAY = timedelta(hours=24)
HOUR = timedelta(hours=1)


def joined(user, before: timedelta):
    """The account made `before` ahead of T0 (the bank counts from it)."""
    get_user_model().objects.filter(pk=user.pk).update(date_joined=T0 - before)
    user.refresh_from_db()
    return user


def on_vacation(user, until, at):
    with time_machine.travel(at, tick=False):
        return vacations.set_vacation(user, until)


def reminders(table_id: int) -> list[Notice]:
    return list(Notice.objects.filter(table_id=table_id, kind=Notice.Kind.REMINDER))


def to_move(table_id: int, people):
    game = current(table_id)
    return people[game.state.turn], game.state.turn


def a_move_of(table_id: int, people, at):
    """The player to move makes the plain timeout move themselves (always legal)."""
    user, _ = to_move(table_id, people)
    with time_machine.travel(at, tick=False):
        move = timeout_move(current(table_id).state)
        return play.make_move(table_id, user, move)


# ------------------------------------------------------------------------------ the bank

def test_a_new_account_has_no_days_and_three_months_bank_three_and_a_half():
    ana, ben = get_user_model().objects.create_user("fresh"), get_user_model().objects.create_user(
        "three-months")
    joined(ana, timedelta(days=10))
    joined(ben, timedelta(days=92))
    assert vacations.vacation_of(ana, T0) == {"until": None, "days_left": 0.0}
    assert vacations.vacation_of(ben, T0) == {"until": None, "days_left": 3.5}


def test_the_bank_holds_a_years_days_at_most(settings):
    settings.WILDCARDS_VACATION_DAYS_PER_YEAR = 21
    old = joined(get_user_model().objects.create_user("old"), timedelta(days=3 * 365))
    assert vacations.vacation_of(old, T0)["days_left"] == 21.0


def test_a_vacation_spends_each_started_day_when_it_ends():
    ana = joined(get_user_model().objects.create_user("spender"), timedelta(days=400))
    assert on_vacation(ana, T0 + DAY + HOUR, T0) == {"until": "2026-03-03T10:00:00Z",
                                                     "days_left": 14.0}
    assert vacations.vacation_of(ana, T0 + HOUR)["days_left"] == 13.0  # a day started
    assert vacations.vacation_of(ana, T0 + DAY + 30 * 60 * timedelta(seconds=1))[
        "days_left"] == 12.0
    after = vacations.vacation_of(ana, T0 + 2 * DAY)
    assert after == {"until": None, "days_left": 12.0}  # 25 hours: two started days
    with time_machine.travel(T0 + 2 * DAY, tick=False):
        vacations.end_vacation(ana)  # nothing going on: the ended one is settled
    row = Vacation.objects.get(user=ana)
    assert (row.banked, row.started_at, row.until) == (12, None, None)


def test_ending_a_vacation_early_spends_only_the_days_it_started():
    ana = joined(get_user_model().objects.create_user("early"), timedelta(days=400))
    on_vacation(ana, T0 + 10 * DAY, T0)
    with time_machine.travel(T0 + DAY + HOUR, tick=False):
        assert vacations.end_vacation(ana) == {"until": None, "days_left": 12.0}


@pytest.mark.parametrize(("until", "code"), [
    (T0, "vacation-in-the-past"), (T0 - HOUR, "vacation-in-the-past"),
    (T0 + 4 * DAY + HOUR, "not-enough-vacation-days"),  # 5 started days, 3.5 banked
])
def test_a_vacation_in_the_past_or_longer_than_the_bank_is_refused_and_changes_nothing(
        until, code):
    ben = joined(get_user_model().objects.create_user(f"refused{code}{until.hour}"),
                 timedelta(days=92))
    with time_machine.travel(T0, tick=False), pytest.raises(GameError) as refused:
        vacations.set_vacation(ben, until)
    assert (refused.value.code, refused.value.field) == (code, "until")
    assert vacations.vacation_of(ben, T0) == {"until": None, "days_left": 3.5}


def test_moving_a_vacation_keeps_its_start_and_counts_its_days_from_it():
    ben = joined(get_user_model().objects.create_user("mover"), timedelta(days=92))
    on_vacation(ben, T0 + 2 * DAY, T0)
    with time_machine.travel(T0 + DAY, tick=False), pytest.raises(GameError) as refused:
        vacations.set_vacation(ben, T0 + 3 * DAY + HOUR)  # 4 days from T0: 3.5 banked
    assert refused.value.code == "not-enough-vacation-days"
    assert on_vacation(ben, T0 + 3 * DAY, T0 + DAY)["until"] == "2026-03-05T09:00:00Z"
    assert Vacation.objects.get(user=ben).started_at == T0


# --------------------------------------------------------------------- deadlines and the sweep

def test_a_vacation_moves_the_deadline_of_the_players_turn_and_reminders_and_expiry_follow():
    table, people = started_table(turn_hours=24, vacation=True)
    user, turn = to_move(table, people)
    joined(user, timedelta(days=400))
    version = Table.objects.get(pk=table).version
    on_vacation(user, T0 + 3 * DAY, T0 + HOUR)
    r = round_of(table)
    assert (r.deadline_at, r.remind_at) == (T0 + 4 * DAY, T0 + 3 * DAY + 12 * HOUR)
    assert Table.objects.get(pk=table).version == version + 1  # everyone sees it
    assert deadlines.sweep(T0 + DAY) == {"reminders": 0, "expired": 0, "failed": 0, "orders": 0,
                                         "orders_failed": 0, "away": 0, "vacations": 0}
    lapsed = deadlines.sweep(T0 + 3 * DAY + 12 * HOUR)
    assert (lapsed["reminders"], lapsed["vacations"]) == (1, 1)
    assert Table.objects.get(pk=table).version == version + 2  # its end told to everyone
    assert Vacation.objects.get(user=user).banked == 11  # 2 days 23 hours: 3 days spent
    assert reminders(table)[0].context["deadline"] == (T0 + 4 * DAY).isoformat()
    assert deadlines.sweep(T0 + 4 * DAY - HOUR)["expired"] == 0
    assert deadlines.sweep(T0 + 4 * DAY)["expired"] == 1
    assert MoveRow.objects.filter(table_id=table, seat=turn, by=MoveRow.By.TIMER).exists()


def test_a_table_that_does_not_allow_vacation_keeps_the_rule_books_deadline():
    table, people = started_table(turn_hours=24)
    user, _ = to_move(table, people)
    joined(user, timedelta(days=400))
    on_vacation(user, T0 + 3 * DAY, T0 + HOUR)
    assert round_of(table).deadline_at == T0 + DAY
    assert deadlines.sweep(T0 + DAY)["expired"] == 1


def test_a_real_time_table_is_not_affected_even_with_vacation_set():
    table, people = started_table(mode="realtime", vacation=True)
    user, _ = to_move(table, people)
    joined(user, timedelta(days=400))
    deadline = round_of(table).deadline_at
    on_vacation(user, T0 + 3 * DAY, T0)
    assert round_of(table).deadline_at == deadline
    with time_machine.travel(T0, tick=False):
        assert state_view(current(table), None)["vacations"] == []


def test_a_turn_that_comes_to_a_player_on_vacation_is_due_a_whole_turn_after_it():
    table, people = started_table(turn_hours=24, vacation=True)
    mover, turn = to_move(table, people)
    other = people[1 - turn]
    joined(other, timedelta(days=400))
    on_vacation(other, T0 + 3 * DAY, T0)
    for _ in range(3):  # a drawn card may be played or passed: the same turn goes on
        assert isinstance(a_move_of(table, people, T0 + HOUR), Accepted)
        if to_move(table, people)[0] == other:
            break
    assert to_move(table, people)[0] == other
    assert round_of(table).deadline_at == T0 + 4 * DAY


def test_the_sweep_never_expires_a_turn_whose_player_is_on_vacation_even_once_claimed():
    """A vacation row written past the service (as if its tables were not followed yet): the
    deadline is due, the sweep finds it, and under the table's lock moves it instead."""
    table, people = started_table(turn_hours=24, vacation=True)
    user, _ = to_move(table, people)
    Vacation.objects.create(user=user, banked=14, started_at=T0, until=T0 + 5 * DAY)
    counts = deadlines.sweep(T0 + DAY)
    assert counts["expired"] == 0 and counts["failed"] == 0
    assert round_of(table).deadline_at == T0 + 6 * DAY
    assert not MoveRow.objects.filter(table_id=table, by=MoveRow.By.TIMER).exists()
    assert play.expire_turn(table, T0 + 2 * DAY, due=T0 + 6 * DAY) is False
    assert deadlines.sweep(T0 + 6 * DAY)["expired"] == 1


def test_the_state_shows_everyone_who_is_on_vacation_until_when():
    table, people = started_table(turn_hours=24, vacation=True, spectators=True)
    user, turn = to_move(table, people)
    joined(user, timedelta(days=400))
    on_vacation(user, T0 + 3 * DAY, T0)
    with time_machine.travel(T0 + HOUR, tick=False):
        game = current(table)
        seen = [state_view(game, seat)["vacations"] for seat in (*game.seats, None)]
    assert seen == [[{"seat": turn, "until": "2026-03-05T09:00:00Z"}]] * 3
    with time_machine.travel(T0 + 3 * DAY, tick=False):
        assert state_view(current(table), None)["vacations"] == []


def test_a_move_of_the_player_ends_the_vacation_and_their_other_turns_get_a_turn_from_now():
    one, people = started_table(turn_hours=24, vacation=True)
    user, turn = to_move(one, people)
    joined(user, timedelta(days=400))
    two, others = started_table(turn_hours=24, vacation=True)
    # Seat `user` where it is their turn at the second table too: the player to move there.
    mover_two, turn_two = to_move(two, others)
    from games.models import Seat
    Seat.objects.filter(table_id=two, number=turn_two).update(user=user)
    on_vacation(user, T0 + 5 * DAY, T0)
    assert round_of(two).deadline_at == T0 + 6 * DAY
    assert isinstance(a_move_of(one, people, T0 + DAY + HOUR), Accepted)
    assert vacations.vacation_of(user, T0 + DAY + HOUR) == {"until": None, "days_left": 12.0}
    assert round_of(two).deadline_at == T0 + 2 * DAY + HOUR


# ------------------------------------------------------------------------------------ pause

def test_a_pause_needs_every_person_seated_and_then_keeps_no_deadline():
    table, (ana, ben) = started_table(turn_hours=24, vacation=True)
    with time_machine.travel(T0 + HOUR, tick=False):
        first = pauses.pause(table, ana)
    assert (first["paused"], first["pause_votes"]) == (False, [0])
    assert round_of(table).deadline_at == T0 + DAY  # proposed only
    with time_machine.travel(T0 + 2 * HOUR, tick=False):
        second = pauses.pause(table, ben)
    assert (second["paused"], second["pause_votes"], second["round"]["deadline"]) == (
        True, [0, 1], None)
    r = round_of(table)
    assert (r.deadline_at, r.remind_at) == (None, None)
    assert deadlines.sweep(T0 + 30 * DAY) == {"reminders": 0, "expired": 0, "failed": 0,
                                              "orders": 0, "orders_failed": 0, "away": 0,
                                              "vacations": 0}
    user, _ = to_move(table, [ana, ben])
    with time_machine.travel(T0 + 3 * DAY, tick=False):
        refused = play.make_move(table, user, timeout_move(current(table).state))
        assert isinstance(refused, Refusal) and refused.code == "paused"
        with pytest.raises(GameError) as again:
            pauses.pause(table, ana)
        assert again.value.code == "already-paused"
        resumed = pauses.resume(table, ben)
    assert (resumed["paused"], resumed["pause_votes"]) == (False, [])
    assert round_of(table).deadline_at == T0 + 4 * DAY  # a whole turn from the resume
    assert deadlines.sweep(T0 + 4 * DAY)["expired"] == 1


def test_bots_do_not_vote_so_one_person_with_a_bot_pauses_at_once():
    table, (ana,) = started_table(players=2, bots=1, turn_hours=24, vacation=True)
    with time_machine.travel(T0 + HOUR, tick=False):
        assert pauses.pause(table, ana)["paused"] is True


def test_a_move_while_a_pause_is_proposed_is_made_and_the_proposal_stands():
    table, people = started_table(turn_hours=24, vacation=True)
    with time_machine.travel(T0 + HOUR, tick=False):
        pauses.pause(table, people[0])
    assert isinstance(a_move_of(table, people, T0 + 2 * HOUR), Accepted)
    assert Table.objects.get(pk=table).pause_votes == [0]


@pytest.mark.parametrize("fields", [{"turn_hours": 24}, {"mode": "realtime", "vacation": True}])
def test_a_table_that_does_not_allow_vacation_never_pauses(fields):
    table, (ana, _) = started_table(**fields)
    for call in (pauses.pause, pauses.resume):
        with time_machine.travel(T0 + HOUR, tick=False), pytest.raises(GameError) as refused:
            call(table, ana)
        assert refused.value.code == "pause-not-allowed"


def test_resuming_a_table_that_is_not_paused_is_refused():
    table, (ana, _) = started_table(turn_hours=24, vacation=True)
    with time_machine.travel(T0 + HOUR, tick=False), pytest.raises(GameError) as refused:
        pauses.resume(table, ana)
    assert refused.value.code == "not-paused"

