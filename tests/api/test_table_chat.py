"""The table chat through the API (api.md, "Games over days"): who reads and writes, the
length and rate limits, text kept as written, muting, the host's hiding, reports, and that
nothing of it touches the game (its version, its move log, its record)."""

from __future__ import annotations

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import ChatMessage, ChatMute, ChatReport
from games.service import chat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

HOSTILE = '<script>alert("x")</script> & <b>bold</b>'


@pytest.fixture
def people(make_player):
    return {"ben": make_player("ben"), "cleo": make_player("cleo")}


@pytest.fixture
def table(make_table, people):
    """Ana hosts; Ben and Cleo are seated; the game is still to start."""
    return make_table(others=[people["ben"], people["cleo"]], players=3)


def url(table: int, rest: str = "") -> str:
    return f"/api/tables/{table}/chat{rest}"


def say(player, table: int, text: str):
    return player.post(url(table), {"text": text})


def texts(player, table: int) -> list[str]:
    response = player.get(url(table))
    assert response.status_code == 200, response.content
    return [message["text"] for message in response.json()["messages"]]


def test_a_message_is_kept_and_returned_as_written(host, table, people):
    written = "  Good luck,\n everyone " + HOSTILE + "  "
    response = say(people["ben"], table, written)
    assert response.status_code == 201
    message = response.json()
    assert set(message) == {"id", "seat", "name", "text", "at"}
    assert (message["seat"], message["name"], message["text"]) == (1, "ben", written)
    assert texts(host, table) == [written]


def test_the_messages_come_oldest_first_and_after_an_id(host, table, people):
    first = say(host, table, "one").json()
    say(people["ben"], table, "two")
    say(people["cleo"], table, "three")
    assert texts(host, table) == ["one", "two", "three"]
    later = host.client.get(url(table), {"after": first["id"]}).json()["messages"]
    assert [m["text"] for m in later] == ["two", "three"]
    assert host.client.get(url(table), {"after": "x"}).status_code == 400


@pytest.mark.parametrize("text, code", [("", "empty"), ("   \n\t", "empty"),
                                        ("x" * 501, "too-long")])
def test_an_empty_or_too_long_message_is_a_400_and_nothing_is_kept(host, table, text, code):
    response = say(host, table, text)
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert "text" in response.json()["fields"]
    assert not ChatMessage.objects.exists()


def test_a_message_of_500_characters_is_fine(host, table):
    assert say(host, table, "é" * 500).status_code == 201


@pytest.mark.parametrize("body", [{}, {"text": 7}, {"text": "hi", "to": 1}])
def test_a_body_of_another_shape_is_a_400(host, table, body):
    response = host.post(url(table), body)
    assert (response.status_code, response.json()["code"]) == (400, "invalid")


def test_the_rate_is_ten_messages_a_minute_then_429_with_retry_after(host, table):
    with time_machine.travel("2026-03-02T09:00:00Z", tick=False) as clock:
        for n in range(10):
            assert say(host, table, f"m{n}").status_code == 201
            clock.shift(2)
        refused = say(host, table, "one too many")
        assert refused.status_code == 429
        assert refused.json()["code"] == "too-many-messages"
        assert refused.json()["retry_after"] == 40 and refused["Retry-After"] == "40"
        clock.shift(40)
        assert say(host, table, "again").status_code == 201
    assert ChatMessage.objects.count() == 11


def test_the_rate_is_each_persons_own(host, table, people):
    with time_machine.travel("2026-03-02T09:00:00Z", tick=False):
        for n in range(10):
            say(host, table, f"m{n}")
        assert say(people["ben"], table, "my turn to talk").status_code == 201


def test_chat_is_for_the_people_seated(table, make_player):
    outsider = make_player()
    response = say(outsider, table, "hello")
    assert (response.status_code, response.json()["code"]) == (403, "not-seated")
    assert outsider.get(url(table)).status_code == 403
    assert say(outsider, 999999, "hello").status_code == 404


def test_spectators_read_the_chat_where_the_table_lets_them_watch_but_never_write(
        make_table, host, make_player):
    table = make_table(spectators=True)
    say(host, table, "welcome, watchers")
    watcher = make_player()
    assert texts(watcher, table) == ["welcome, watchers"]
    response = say(watcher, table, "hi")
    assert (response.status_code, response.json()["code"]) == (403, "not-seated")


def test_chat_touches_neither_the_version_nor_the_move_log(host, table, people):
    start = host.post(f"/api/tables/{table}/start")
    assert start.status_code == 200
    version = host.state(table)["version"]
    log = host.get(f"/api/tables/{table}/moves").json()
    say(people["ben"], table, "gl hf")
    assert host.state(table)["version"] == version
    assert host.get(f"/api/tables/{table}/moves").json() == log
    assert host.client.get(f"/api/tables/{table}/state", {"since": version}).status_code == 304


def test_a_muted_persons_messages_are_not_read_at_any_table(host, table, people, make_table):
    ben = people["ben"]
    say(ben, table, "from ben")
    say(people["cleo"], table, "from cleo")
    response = host.client.put("/api/me/mutes/Ben")
    assert (response.status_code, response.json()) == (200, {"muted": ["ben"]})
    assert texts(host, table) == ["from cleo"]
    assert texts(people["cleo"], table) == ["from ben", "from cleo"]  # hers, not ana's
    other = make_table(others=[ben])
    say(ben, other, "elsewhere")
    assert texts(host, other) == []
    assert host.get("/api/me/mutes").json() == {"muted": ["ben"]}
    response = host.client.delete("/api/me/mutes/ben")
    assert (response.status_code, response.json()) == (200, {"muted": []})
    assert texts(host, table) == ["from ben", "from cleo"]


def test_muting_nobody_or_oneself_is_refused(host):
    response = host.client.put("/api/me/mutes/nobody-here")
    assert (response.status_code, response.json()["code"]) == (404, "no-such-player")
    response = host.client.put("/api/me/mutes/ana")
    assert (response.status_code, response.json()["code"]) == (400, "cannot-mute-yourself")
    assert host.client.put("/api/me/mutes/an%00a").status_code == 404
    assert not ChatMute.objects.exists()


def test_the_host_hides_a_message_from_everyone_else_and_shows_it_again(host, table, people):
    message = say(people["ben"], table, "rude").json()
    say(people["cleo"], table, "nice")
    hidden = host.client.patch(url(table, f"/{message['id']}"), {"hidden": True}, format="json")
    assert hidden.status_code == 200 and hidden.json()["hidden"] is True
    assert texts(people["cleo"], table) == ["nice"]
    assert texts(people["ben"], table) == ["nice"]
    as_host = host.get(url(table)).json()["messages"]
    assert [(m["text"], m["hidden"]) for m in as_host] == [("rude", True), ("nice", False)]
    shown = host.client.patch(url(table, f"/{message['id']}"), {"hidden": False},
                              format="json")
    assert shown.json()["hidden"] is False
    assert texts(people["cleo"], table) == ["rude", "nice"]


def test_only_the_host_hides_and_only_messages_of_the_table(host, table, people, make_table):
    message = say(host, table, "mine").json()
    refused = people["ben"].client.patch(url(table, f"/{message['id']}"), {"hidden": True},
                                         format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "host-only")
    other = make_table()
    missing = host.client.patch(url(other, f"/{message['id']}"), {"hidden": True},
                                format="json")
    assert (missing.status_code, missing.json()["code"]) == (404, "no-such-message")
    assert texts(people["ben"], table) == ["mine"]


def test_a_message_is_reported_to_the_operator_once_per_reporter(host, table, people):
    message = say(people["ben"], table, "insult").json()
    path = url(table, f"/{message['id']}/report")
    first = host.post(path, {"reason": "an insult"})
    assert (first.status_code, first.json()) == (201, {"message": message["id"],
                                                        "reported": True})
    assert host.post(path, {"reason": "again"}).status_code == 200
    assert people["cleo"].post(path).status_code == 201
    report = ChatReport.objects.get(reporter__username="ana")
    assert (report.reason, report.message.text) == ("an insult", "insult")
    assert ChatReport.objects.count() == 2


def test_reports_that_make_no_sense_are_refused(host, table, people, make_player):
    message = say(people["ben"], table, "hello").json()
    own = people["ben"].post(url(table, f"/{message['id']}/report"))
    assert (own.status_code, own.json()["code"]) == (400, "cannot-report-own")
    outsider = make_player()
    assert outsider.post(url(table, f"/{message['id']}/report")).status_code == 403
    assert host.post(url(table, "/987654/report")).status_code == 404
    long = host.post(url(table, f"/{message['id']}/report"), {"reason": "x" * 501})
    assert (long.status_code, long.json()["code"]) == (400, "too-long")
    assert not ChatReport.objects.exists()


def test_a_closed_accounts_messages_reports_and_mutes_go_with_it(host, table, people):
    ben = people["ben"]
    said = say(ben, table, "bye").json()
    say(host, table, "stays")
    host.post(url(table, f"/{said['id']}/report"))
    host.client.put("/api/me/mutes/ben")
    from games.models import Seat

    user = Seat.objects.get(table_id=table, number=1).user
    assert chat.forget_person(user) == 1
    assert texts(people["cleo"], table) == ["stays"]
    assert not ChatReport.objects.exists() and not ChatMute.objects.exists()


def test_reading_the_chat_takes_a_few_queries_however_long_it_is(host, table, people):
    for n in range(30):
        ChatMessage.objects.create(table_id=table, author_id=people["ben"].id, text=f"m{n}")
    host.get(url(table))
    with CaptureQueriesContext(connection) as queries:
        assert len(host.get(url(table)).json()["messages"]) == 30
    assert len(queries) == 4, [q["sql"] for q in queries]  # token, table, seats, messages


def test_saying_something_takes_a_few_queries(host, table):
    say(host, table, "warm-up")
    with CaptureQueriesContext(connection) as queries:
        assert say(host, table, "hello").status_code == 201
    # The token; the transaction's savepoint and its release (in the test's transaction); the
    # seat locked; the rate; the message; the table and its seats; who mutes its author.
    assert len(queries) == 9, [q["sql"] for q in queries]


def test_a_patch_without_hidden_leaves_the_message_as_it_is(host, table, people):
    message = say(people["ben"], table, "fine").json()
    response = host.client.patch(url(table, f"/{message['id']}"), {}, format="json")
    assert (response.status_code, response.json()["hidden"]) == (200, False)
    assert texts(people["cleo"], table) == ["fine"]


def test_a_finished_games_record_holds_none_of_its_chat(make_table, host, people):
    ben = people["ben"]
    table = make_table(others=[ben], players=2)
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    say(ben, table, "a secret word: pomegranate")
    assert ben.post(f"/api/tables/{table}/concede").status_code == 200
    say(host, table, "Good game")  # the chat goes on after the end
    record = host.get(f"/api/games/{table}/record")
    assert record.status_code == 200
    assert "pomegranate" not in record.content.decode()
    assert "Good game" not in record.content.decode()
    assert texts(ben, table) == ["a secret word: pomegranate", "Good game"]
