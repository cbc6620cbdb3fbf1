"""Emails over days, in whole games at turn-by-turn tables with a frozen clock: a "your turn"
email only to a player who is away, once until they come back; none to a player who follows
the table (an open page's polls, an event stream's heartbeats, reads, moves); several tables
in one email; a muted table sends none; the daily digest; the halfway reminder in the
player's waking hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from timed import T0, current, person, started_table, timed_setup  # noqa: F401

from games import deadlines
from games.models import Table
from games.rules import timeout_move
from games.rules.state import PLAYING
from games.service import lobby, play, presence, viewing, watching
from games.service.errors import Accepted
from notifications import outbox, sending
from notifications.models import Notice
from notifications.preferences import update_preferences

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

DELAY = timedelta(seconds=120)  # WILDCARDS_TURN_NOTICE_DELAY's default


@pytest.fixture(autouse=True)
def real_delay(settings):
    settings.WILDCARDS_TURN_NOTICE_DELAY = 120


def send_due(now: datetime) -> list[str]:
    """What the notice tasks would do by `now`: send every notice due. Returns the outcomes."""
    with time_machine.travel(now, tick=False):
        due = Notice.objects.filter(status="pending", due_at__lte=now).order_by("due_at")
        return [sending.deliver(notice_id, now) for notice_id in due.values_list("pk", flat=True)]


def emails_to(user, kind: str = "") -> list:
    return [message for message in mail.outbox if message.to == [user.email]
            and (not kind or kind in message.subject)]


def turn_emails_to(user) -> list:
    return [m for m in emails_to(user) if m.subject.startswith("It's your turn")]


def play_turn(table_id: int, now: datetime) -> None:
    """The player whose turn it is plays it at `now` (the timeout move: a card when one plays)."""
    game = current(table_id)
    mover = game.seats[game.state.turn].user
    with time_machine.travel(now, tick=False):
        answer = play.make_move(table_id, mover, timeout_move(game.state))
    assert isinstance(answer, Accepted), answer


def playing(table_id: int) -> bool:
    game = current(table_id)
    return game.state is not None and game.state.status == PLAYING


def test_players_who_follow_the_table_get_no_turn_email_over_a_whole_game():
    table, (ana, ben) = started_table(players=2)
    watching.start(table, ana, None)  # Ana's page holds an event stream open
    now, moves = T0, 0
    while playing(table) and moves < 400:
        # Every 15 s Ana's stream's process reports her there (with its other streams'
        # players); Ben's open page polls every few seconds.
        for _ in range(4):
            now += timedelta(seconds=15)
            with time_machine.travel(now, tick=False):
                presence.streams_open([(table, ana.pk)])
                viewing.table_page(table, ben, since=current(table).table.version)
            send_due(now)
        play_turn(table, now)
        moves += 1
        send_due(now + DELAY + timedelta(seconds=5))
    assert not playing(table) and moves > 10
    assert turn_emails_to(ana) == [] and turn_emails_to(ben) == []
    assert emails_to(ana, "Game over") == [] and emails_to(ben, "Game over") == []
    skipped = Notice.objects.filter(table_id=table, kind="your-turn", status="skipped")
    assert skipped.count() >= moves - 2  # held back, then found unneeded


def test_a_player_who_is_away_gets_one_turn_email_and_no_other_until_they_come_back():
    table, (ana, ben) = started_table(players=2)
    first = current(table).state.turn
    away, there = ((ana, ben) if first == 0 else (ben, ana))
    assert send_due(T0 + DELAY - timedelta(seconds=1)) == []  # held back for two minutes
    send_due(T0 + DELAY)
    assert len(turn_emails_to(away)) == 1
    # The away player's turn runs out day after day; the other plays at once each time.
    now = T0
    for _ in range(3):
        now += timedelta(hours=24)
        with time_machine.travel(now, tick=False):
            deadlines.sweep(now)  # the table plays the timed-out turn
        if not playing(table):
            break
        if current(table).state.turn != first:
            play_turn(table, now + timedelta(minutes=1))
        send_due(now + timedelta(hours=1))
    assert len(turn_emails_to(away)) == 1  # still the one, unanswered
    assert len(turn_emails_to(there)) == 0  # the other was there: they played each turn
    assert Notice.objects.filter(user=away, kind="your-turn", status="skipped",
                                 last_error__contains="unanswered").exists()
    # The away player opens the table; their next turn away sends one email again.
    with time_machine.travel(now + timedelta(hours=2), tick=False):
        viewing.table_page(table, away)
    play_turn(table, now + timedelta(hours=2, minutes=1))  # their own turn, played on the page
    if current(table).state.turn != first:
        play_turn(table, now + timedelta(hours=2, minutes=2))
    send_due(now + timedelta(hours=3))
    assert len(turn_emails_to(away)) == 2


def test_a_reminder_goes_only_to_a_player_who_is_not_at_the_table():
    table, (ana, ben) = started_table(players=2, turn_hours=12)
    first = current(table).state.turn
    player = (ana, ben)[first]
    halfway = T0 + timedelta(hours=6)
    with time_machine.travel(halfway - timedelta(seconds=30), tick=False):
        viewing.state_for(table, player)  # reads the table through the API
    with time_machine.travel(halfway, tick=False):
        deadlines.sweep(halfway)
    send_due(halfway)
    assert emails_to(player, "ends at") == []
    assert Notice.objects.get(kind="reminder").last_error == "The player is at the table."


def table_of(people: list, at: datetime) -> int:
    """A two-seat table of `people`, dealt at `at`, and played until it is the first one's
    turn (the other plays at once)."""
    with time_machine.travel(at, tick=False):
        game = lobby.create_table(people[0], {"players": len(people), "seed": 20260302})
        for other in people[1:]:
            lobby.join_table(game.table.pk, other, game.table.invite)
        lobby.start_game(game.table.pk, people[0])
    while current(game.table.pk).state.turn != 0:
        play_turn(game.table.pk, at)
    return game.table.pk


def test_several_tables_due_within_minutes_make_one_email():
    ana = person()
    tables = [table_of([ana, person()], T0 + timedelta(minutes=minute)) for minute in range(3)]
    send_due(T0 + DELAY)
    emails = turn_emails_to(ana)
    assert len(emails) == 1
    assert emails[0].subject == (f"It's your turn at 3 tables: {tables[0]}, {tables[1]} and "
                                 f"{tables[2]}")
    for table in tables:
        assert f"/tables/{table}" in emails[0].body
    assert Notice.objects.filter(user=ana, kind="your-turn", status="sent").count() == 3
    send_due(T0 + timedelta(minutes=10))
    assert len(turn_emails_to(ana)) == 1


def test_a_muted_table_sends_no_email_and_the_others_still_do():
    table, (ana, ben) = started_table(players=2)
    other, _ = started_table(players=2)
    first = current(table).state.turn
    player = (ana, ben)[first]
    update_preferences(player, {"muted_tables": [table]})
    send_due(T0 + DELAY)
    assert turn_emails_to(player) == []
    with pytest.raises(ValueError):  # not a table of theirs: refused, nothing changed
        update_preferences(player, {"muted_tables": [table, other]})


def test_the_daily_digest_lists_the_waiting_tables_once_a_day_in_the_morning():
    paris = datetime(2026, 3, 2, 6, 0, tzinfo=UTC)  # 07:00 in Paris
    table, (ana, ben) = started_table(players=2, at=paris)
    player = (ana, ben)[current(table).state.turn]
    update_preferences(player, {"daily_digest": True, "time_zone": "Europe/Paris"})
    send_due(paris + DELAY)
    assert turn_emails_to(player) == []  # the digest tells them instead
    assert outbox.queue_digests(paris + timedelta(minutes=30)) == 0  # 07:30 in Paris
    assert outbox.queue_digests(paris + timedelta(hours=1)) == 1  # 08:00
    assert outbox.queue_digests(paris + timedelta(hours=5)) == 0  # once a day
    send_due(paris + timedelta(hours=1))
    digest = emails_to(player, "waiting for your turn")
    assert len(digest) == 1 and f"/tables/{table}" in digest[0].body
    assert "CET" in digest[0].body  # the deadline in the reader's time


def test_a_turn_email_in_quiet_hours_waits_for_their_end():
    tokyo_night = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)  # 23:00 in Tokyo
    table, (ana, ben) = started_table(players=2, at=tokyo_night - timedelta(hours=1))
    first = current(table).state.turn
    player = (ana, ben)[first]
    update_preferences(player, {"time_zone": "Asia/Tokyo", "quiet_hours_start": "22:00",
                                "quiet_hours_end": "08:00"})
    Notice.objects.filter(user=player).delete()  # the first turn's, queued before the choice
    while current(table).state.turn == first:  # the player's move (and any skip's)...
        play_turn(table, tokyo_night - timedelta(minutes=2))
    moment = tokyo_night
    while current(table).state.turn != first:  # ...then the other's: back to them at 23:00
        play_turn(table, moment)
        moment += timedelta(seconds=1)
    send_due(tokyo_night + DELAY)
    assert turn_emails_to(player) == []  # not due: quiet until 08:00 Tokyo
    assert Notice.objects.filter(user=player, kind="your-turn").last().status == "pending"
    morning = datetime(2026, 3, 2, 23, 0, tzinfo=UTC)  # 08:00 in Tokyo
    send_due(morning)
    assert len(turn_emails_to(player)) == 1
    assert Notice.objects.filter(user=player, kind="your-turn").last().sent_at >= morning


def test_a_players_halfway_reminder_is_set_outside_their_quiet_hours():
    # New York, the night the clocks go forward (8 March 2026, 02:00 EST -> 03:00 EDT).
    start = datetime(2026, 3, 7, 20, 0, tzinfo=UTC)  # 15:00 EST
    table, (ana, ben) = started_table(players=2, at=start - timedelta(hours=1))
    for person_ in (ana, ben):
        update_preferences(person_, {"time_zone": "America/New_York",
                                     "quiet_hours_start": "22:00",
                                     "quiet_hours_end": "08:00"})
    row = Table.objects.get(pk=table)
    row.settings = row.settings.replace(turn_hours=24)
    row.save(update_fields=["options"])
    play_turn(table, start)  # the next turn starts at 15:00 EST; halfway is 03:00 EDT
    round_row = current(table).round
    assert round_row.deadline_at == start + timedelta(hours=24)
    # The last minute before 22:00 EST (03:00 UTC on the 8th).
    assert round_row.remind_at == datetime(2026, 3, 8, 2, 59, tzinfo=UTC)

