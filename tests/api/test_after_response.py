"""A move's tasks (its "your turn" email here) reach the broker once the answer has gone out:
the player does not wait for the broker."""

from __future__ import annotations

import json
import logging

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.test import RequestFactory

from wildcards import after_response

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit callbacks must fire


def test_outside_a_request_the_work_runs_at_once():
    done = []
    after_response.soon(lambda: done.append(1))
    assert done == [1]


def _play_environ(player, table: int, card: str) -> dict:
    return RequestFactory().post(
        f"/api/tables/{table}/moves", data=json.dumps({"action": "play", "card": card}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {player.token}").environ


def test_the_email_task_is_queued_after_the_response_is_written(monkeypatch, rigged_table):
    # Ben (seat 1, left of the dealer) plays first: flame-3 on flame-5. Ana's turn begins, and
    # she is emailed.
    table, (ana, ben) = rigged_table(
        hands=[["leaf-1", "leaf-2", "leaf-3", "leaf-4", "leaf-6", "leaf-7", "leaf-8"],
               ["flame-3", "sun-1", "sun-2", "sun-3", "sun-4", "sun-6", "sun-7"]],
        starter="flame-5")
    queued = []
    monkeypatch.setattr("notifications.outbox._send_later", queued.append)

    statuses = []
    response = WSGIHandler()(_play_environ(ben, table, "flame-3"),
                             lambda status, headers: statuses.append(status))
    body = b"".join(response)  # what the server writes to the client
    assert statuses == ["200 OK"] and json.loads(body)["round"]["turn"] == 0
    assert queued == []  # the answer is complete; the broker has not been asked yet

    response.close()  # the WSGI server is done with the response
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
