"""Quiet hours read in the person's own time zone, across midnight and daylight-saving changes;
the halfway reminder moved out of them, never after the deadline."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, time, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notifications.quiet_hours import Quiet, parse_hhmm

NIGHT = (time(22, 0), time(8, 0))


def quiet(zone: str, start: time | None = NIGHT[0], end: time | None = NIGHT[1]) -> Quiet:
    return Quiet(zoneinfo.ZoneInfo(zone), start, end)


def local(zone: str, *args) -> datetime:
    return datetime(*args, tzinfo=zoneinfo.ZoneInfo(zone)).astimezone(UTC)


@pytest.mark.parametrize("zone", ["Europe/Paris", "America/New_York", "Asia/Tokyo"])
def test_night_hours_are_read_on_the_wall_clock_of_each_zone(zone):
    q = quiet(zone)
    assert not q.is_quiet(local(zone, 2026, 6, 10, 21, 59))
    assert q.is_quiet(local(zone, 2026, 6, 10, 22, 0))
    assert q.is_quiet(local(zone, 2026, 6, 11, 3, 0))
    assert q.is_quiet(local(zone, 2026, 6, 11, 7, 59))
    assert not q.is_quiet(local(zone, 2026, 6, 11, 8, 0))
    assert q.allowed_from(local(zone, 2026, 6, 10, 23, 30)) == local(zone, 2026, 6, 11, 8, 0)
    assert q.allowed_from(local(zone, 2026, 6, 11, 12, 0)) == local(zone, 2026, 6, 11, 12, 0)


def test_quiet_hours_within_one_day_work_too():
    q = quiet("Asia/Tokyo", time(13, 0), time(14, 30))  # a nap
    assert q.is_quiet(local("Asia/Tokyo", 2026, 6, 10, 13, 45))
    assert not q.is_quiet(local("Asia/Tokyo", 2026, 6, 10, 23, 0))
    assert q.allowed_from(local("Asia/Tokyo", 2026, 6, 10, 13, 0)) == local(
        "Asia/Tokyo", 2026, 6, 10, 14, 30)


def test_no_quiet_hours_means_any_time():
    q = quiet("Europe/Paris", None, None)
    moment = local("Europe/Paris", 2026, 6, 11, 3, 0)
    assert not q.is_quiet(moment) and q.allowed_from(moment) == moment


def test_the_night_the_clocks_go_forward_ends_at_eight_on_the_new_time():
    # New York, 8 March 2026: 02:00 EST becomes 03:00 EDT. The night is an hour shorter.
    q = quiet("America/New_York")
    start, end = q.span_at(local("America/New_York", 2026, 3, 8, 4, 0))
    assert start == datetime(2026, 3, 8, 3, 0, tzinfo=UTC)  # 22:00 EST on the 7th
    assert end == datetime(2026, 3, 8, 12, 0, tzinfo=UTC)  # 08:00 EDT
    assert end - start == timedelta(hours=9)


def test_the_night_the_clocks_go_back_is_an_hour_longer():
    # Paris, 25 October 2026: 03:00 CEST becomes 02:00 CET.
    q = quiet("Europe/Paris")
    start, end = q.span_at(datetime(2026, 10, 25, 1, 30, tzinfo=UTC))
    assert start == datetime(2026, 10, 24, 20, 0, tzinfo=UTC)  # 22:00 CEST
    assert end == datetime(2026, 10, 25, 7, 0, tzinfo=UTC)  # 08:00 CET
    assert end - start == timedelta(hours=11)


@pytest.mark.parametrize("zone", ["Europe/Paris", "America/New_York", "Asia/Tokyo"])
def test_a_halfway_point_at_night_moves_to_the_last_minute_of_the_evening(zone):
    q = quiet(zone)
    start = local(zone, 2026, 6, 10, 12, 0)  # a 24-hour turn from noon: halfway at midnight
    reminder = q.reminder_at(start, start + timedelta(hours=12), start + timedelta(hours=24))
    assert reminder == local(zone, 2026, 6, 10, 21, 59)


@pytest.mark.parametrize("zone", ["Europe/Paris", "America/New_York", "Asia/Tokyo"])
def test_a_turn_begun_at_night_is_reminded_as_the_night_ends(zone):
    q = quiet(zone)
    start = local(zone, 2026, 6, 10, 23, 0)  # 12 hours: halfway at 05:00, deadline 11:00
    reminder = q.reminder_at(start, start + timedelta(hours=6), start + timedelta(hours=12))
    assert reminder == local(zone, 2026, 6, 11, 8, 0)


def test_a_short_turn_inside_the_night_is_reminded_at_its_halfway_point_after_all():
    q = quiet("Europe/Paris")
    start = local("Europe/Paris", 2026, 6, 10, 22, 30)  # 4 hours: the night outlasts the turn
    halfway = start + timedelta(hours=2)
    assert q.reminder_at(start, halfway, start + timedelta(hours=4)) == halfway


def test_a_halfway_point_in_daylight_stays_where_it_is():
    q = quiet("Asia/Tokyo")
    start = local("Asia/Tokyo", 2026, 6, 10, 23, 0)  # 24 hours: halfway at 11:00
    halfway = start + timedelta(hours=12)
    assert q.reminder_at(start, halfway, start + timedelta(hours=24)) == halfway


ZONES = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe",
         "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham"]


@settings(max_examples=400, deadline=None)
@given(zone=st.sampled_from(ZONES),
       start_minute=st.integers(0, 24 * 60 - 1), end_minute=st.integers(0, 24 * 60 - 1),
       begin=st.datetimes(min_value=datetime(2026, 1, 1), max_value=datetime(2027, 12, 31)),
       hours=st.integers(1, 168))
def test_the_reminder_is_never_before_the_turn_nor_after_its_deadline(
        zone, start_minute, end_minute, begin, hours):
    q = quiet(zone, time(*divmod(start_minute, 60)), time(*divmod(end_minute, 60)))
    start = begin.replace(tzinfo=UTC)
    deadline = start + timedelta(hours=hours)
    halfway = start + (deadline - start) / 2
    reminder = q.reminder_at(start, halfway, deadline)
    assert start <= reminder < deadline
    # Inside the quiet hours only when there was no way around them.
    if q.is_quiet(reminder):
        assert reminder == halfway


@pytest.mark.parametrize("text", ["24:00", "7:05", "07:5", "22:00:00", "", "aa:bb", "²2:00",
                                  "12-30"])
def test_a_time_is_two_digits_a_colon_and_two_digits(text):
    with pytest.raises(ValueError):
        parse_hhmm(text)


def test_a_time_reads_as_hours_and_minutes():
    assert parse_hhmm("07:05") == time(7, 5) and parse_hhmm("23:59") == time(23, 59)
