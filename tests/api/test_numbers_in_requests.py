"""Every number read from a request goes through one parser (`wildcards.numbers`): ASCII digits
within bounds, else `400 invalid` naming the parameter, and nothing changes (issue 25, item 2).
`str.isdigit()` is true for "²", which `int()` then refuses: those were 500s."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from stream_client import Stream

from wildcards.numbers import BIGINT, BadNumber, whole_number

# Not ASCII digits, or out of any range: superscript two, Arabic-Indic three, full-width
# seven, a sign, a space, an underscore, past a bigint, past Python's int() digits limit.
NOT_NUMBERS = ["²", "٣", "７", "-1", "+7", " 7", "7 ", "1_000", "0x10", "1e3", "",
               str(BIGINT + 1), "9" * 5000]


@pytest.mark.parametrize("raw", NOT_NUMBERS)
def test_the_parser_refuses_anything_but_ascii_digits_in_range(raw):
    with pytest.raises(BadNumber) as refused:
        whole_number(raw, "since")
    assert refused.value.name == "since"
    assert refused.value.detail == "since must be a whole number, 0 or more, in ASCII digits."


def test_the_parser_takes_ascii_digits_within_its_bounds():
    assert whole_number("0", "n") == 0
    assert whole_number("007", "n") == 7
    assert whole_number(str(BIGINT), "n") == BIGINT
    assert whole_number(None, "n", default=50) == 50
    assert whole_number("100", "limit", low=1, high=100) == 100
    for raw in ("0", "101"):
        with pytest.raises(BadNumber, match="limit must be a whole number from 1 to 100."):
            whole_number(raw, "limit", low=1, high=100)


def assert_invalid(response, name: str) -> None:
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid", body
    assert name in body["fields"] and body["detail"].startswith(f"{name} must be a whole number")


@pytest.mark.parametrize("raw", ["%C2%B2", "%D9%A3", "99999999999999999999", "-1", "1_0"])
def test_a_bad_number_in_the_address_is_a_400_naming_it(make_table, host, raw):
    table = make_table()
    for path, name in [("/api/tables?limit=", "limit"), ("/api/games?limit=", "limit"),
                       (f"/api/tables/{table}/state?since=", "since"),
                       (f"/api/tables/{table}/moves?after=", "after"),
                       (f"/api/tables/{table}/events?since=", "since"),
                       ("/api/leaderboard?limit=", "limit"),
                       ("/api/leaderboard?offset=", "offset")]:
        assert_invalid(host.get(path + raw), name)


def test_the_leaderboard_api_takes_ascii_digits_only(host):
    assert host.get("/api/leaderboard?limit=3&offset=0").json()["limit"] == 3
    assert_invalid(host.get("/api/leaderboard?limit=%D9%A3"), "limit")  # int("٣") is 3


@pytest.mark.django_db(transaction=True)
def test_a_last_event_id_that_is_no_number_gets_the_reset_event(rigged_table):
    """A browser's EventSource gives up for good on any answer but 200: the stream opens and
    tells it to read the state again, as for a version the table never had."""
    table, (ana, _) = rigged_table([["flame-9", "flame-8", "sun-9", "leaf-1", "wave-1",
                                     "wave-2", "sun-2"],
                                    ["flame-1", "flame-2", "sun-3", "leaf-4", "wave-5",
                                     "wave-6", "sun-7"]], "flame-5")

    async def first_event(last_event_id: str) -> dict:
        stream = await Stream.open(ana.token, table, **{"Last-Event-ID": last_event_id})
        event = await stream.next()
        await stream.close()
        return event

    for header in ("²", "soon", "-3", "99999999999999999999999"):
        event = async_to_sync(first_event)(header)
        assert event["event"] == "reset", (header, event)
        assert "read the state again" in event["data"]["detail"]
    assert async_to_sync(first_event)("0")["event"] == "state"
