"""A move's tasks (its "your turn" email here) reach the broker once the answer has gone out:
the player does not wait for the broker."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from asgiref.sync import async_to_sync
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.test import RequestFactory

from wildcards import after_response

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit callbacks must fire


@pytest.fixture(autouse=True)
def turn_emails_at_once(settings):
    """A notice held back minutes is the outbox sweep's to send: no task after the move."""
    settings.WILDCARDS_TURN_NOTICE_DELAY = 0


def test_outside_a_request_the_work_runs_at_once():
    done = []
    after_response.soon(lambda: done.append(1))
    assert done == [1]


def _play_environ(player, table: int, card: str) -> dict:
    return RequestFactory().post(
        f"/api/tables/{table}/moves", data=json.dumps({"action": "play", "card": card}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {player.token}").environ


@pytest.fixture
def ben_plays_flame_3(rigged_table):
    """Ben (seat 1, left of the dealer) is to play first and will play flame-3 on the starter
    flame-5: Ana's turn begins, and she is emailed. Returns the table and Ben."""
    table, (_ana, ben) = rigged_table(
        hands=[["leaf-1", "leaf-2", "leaf-3", "leaf-4", "leaf-6", "leaf-7", "leaf-8"],
               ["flame-3", "sun-1", "sun-2", "sun-3", "sun-4", "sun-6", "sun-7"]],
        starter="flame-5")
    return table, ben


def test_the_email_task_is_queued_after_the_response_is_written(monkeypatch,
                                                                 ben_plays_flame_3):
    table, ben = ben_plays_flame_3
    queued = []
    monkeypatch.setattr("notifications.outbox._send_later",
                        lambda notice_id, due_at=None: queued.append(notice_id))

    statuses = []
    response = WSGIHandler()(_play_environ(ben, table, "flame-3"),
                             lambda status, headers: statuses.append(status))
    body = b"".join(response)  # what the server writes to the client
    assert statuses == ["200 OK"] and json.loads(body)["round"]["turn"] == 0
    assert queued == []  # the answer is complete; the broker has not been asked yet

    response.close()  # the WSGI server is done with the response
    assert len(queued) == 1


def test_under_asgi_the_task_is_published_too(monkeypatch, ben_plays_flame_3):
    """Django's ASGI handler sends the same signals from other threads and tasks: the work is
    still done, once; none is lost."""
    table, ben = ben_plays_flame_3
    queued = []
    monkeypatch.setattr("notifications.outbox._send_later",
                        lambda notice_id, due_at=None: queued.append(notice_id))
    body = json.dumps({"action": "play", "card": "flame-3"}).encode()
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": f"/api/tables/{table}/moves",
             "raw_path": f"/api/tables/{table}/moves".encode(), "root_path": "",
             "query_string": b"", "server": ("testserver", 80), "client": ("127.0.0.1", 4321),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(body)).encode()),
                         (b"authorization", f"Token {ben.token}".encode())]}
    incoming = [{"type": "http.request", "body": body, "more_body": False}]
    sent = []

    async def receive():
        if incoming:
            return incoming.pop()
        await asyncio.Event().wait()  # the client stays connected

    async def send(message):
        sent.append(message)

    async_to_sync(ASGIHandler())(scope, receive, send)
    assert sent[0]["status"] == 200, sent[1:]
    assert len(queued) == 1


def test_a_failing_piece_of_work_is_logged_and_the_rest_still_runs(caplog):
    done = []
    request_started.send(sender=WSGIHandler)
    after_response.soon(lambda: done.append("first"))
    after_response.soon(lambda: 1 / 0)
    after_response.soon(lambda: done.append("third"))
    assert done == []  # the request is still being answered
    with caplog.at_level(logging.ERROR, logger="wildcards.after_response"):
        request_finished.send(sender=WSGIHandler)
    assert done == ["first", "third"]
    assert "work left for after the response failed" in caplog.text
    after_response.soon(lambda: done.append("outside"))  # no request any more: at once
    assert done[-1] == "outside"
