"""Chat messages on the table's event stream (api.md, "Games over days"): `event: chat` with
no `id:`, the table's version untouched, nothing to those who mute the author, a hidden message
taken back, spectators only where the table lets them watch."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from stream_client import Stream

from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def run(scenario):
    return async_to_sync(scenario)()


@pytest.fixture
def table(make_table, make_player):
    ben = make_player("ben")
    table = make_table(others=[ben], players=2, spectators=True)
    return table, ben


def say(player, table: int, text: str) -> dict:
    response = player.post(f"/api/tables/{table}/chat", {"text": text})
    assert response.status_code == 201, response.content
    return response.json()


def test_a_message_reaches_the_stream_as_a_chat_event_without_an_id(host, table):
    table, ben = table
    version = Table.objects.get(pk=table).version

    async def scenario():
        stream = await Stream.open(host.token, table)
        first = await stream.next()
        await sync_to_async(say)(ben, table, "<b>hi</b> & bye")
        chat = await stream.next()
        await stream.close()
        return first, chat

    first, chat = run(scenario)
    assert first["event"] == "state"
    assert chat["event"] == "chat" and chat["id"] is None
    message = chat["data"]["message"]
    assert (message["name"], message["seat"], message["text"]) == ("ben", 1, "<b>hi</b> & bye")
    assert chat["data"]["table"] == table and "version" not in chat["data"]
    assert Table.objects.get(pk=table).version == version


def test_a_move_after_a_message_still_comes_with_its_version(host, table):
    table, ben = table

    async def scenario():
        stream = await Stream.open(host.token, table)
        first = await stream.next()
        await sync_to_async(say)(ben, table, "ready?")
        chat = await stream.next()
        await sync_to_async(host.post)(f"/api/tables/{table}/start")
        started = await stream.next()
        await stream.close()
        return first, chat, started

    first, chat, started = run(scenario)
    assert chat["event"] == "chat"
    assert started["event"] == "state" and started["data"]["from"] == first["id"]
    assert started["id"] == first["id"] + 1


def test_a_muted_authors_message_does_not_reach_the_muter(host, table):
    table, ben = table
    host.client.put("/api/me/mutes/ben")

    async def scenario():
        stream = await Stream.open(host.token, table)
        await stream.next()
        await sync_to_async(say)(ben, table, "you will not see this")
        quiet = await stream.nothing_within(0.5)
        await stream.close()
        return quiet

    assert run(scenario)


def test_a_hidden_message_is_taken_back_from_the_others_streams(host, table):
    table, ben = table
    message = say(ben, table, "oops, rude")

    async def scenario():
        stream = await Stream.open(ben.token, table)
        await stream.next()
        await sync_to_async(host.client.patch)(f"/api/tables/{table}/chat/{message['id']}",
                                               {"hidden": True}, format="json")
        gone = await stream.next()
        await stream.close()
        return gone

    gone = run(scenario)
    assert gone["event"] == "chat" and gone["data"] == {"table": table, "gone": message["id"]}


def test_spectators_follow_the_chat_where_the_table_lets_them_watch(host, table, make_player):
    table, ben = table
    watcher = make_player()

    async def scenario():
        stream = await Stream.open(watcher.token, table)
        await stream.next()
        await sync_to_async(say)(host, table, "hello, watchers")
        chat = await stream.next()
        await stream.close()
        return chat

    chat = run(scenario)
    assert chat["data"]["message"]["text"] == "hello, watchers"
    assert "hidden" not in chat["data"]["message"]
