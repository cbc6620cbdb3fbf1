"""A move's tasks (its "your turn" email here) reach the broker once the answer has gone out:
the player does not wait for the broker."""

from __future__ import annotations

import json
import logging
import random

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.test import RequestFactory
from play import choose_move

from wildcards import after_response

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit callbacks must fire


def test_outside_a_request_the_work_runs_at_once():
    done = []
    after_response.soon(lambda: done.append(1))
    assert done == [1]


def _move_environ(player, table: int) -> dict:
    view = player.state(table)
    move = choose_move(view["you"], random.Random(1), 2)
    return RequestFactory().post(
        f"/api/tables/{table}/moves", data=json.dumps(move), content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {player.token}").environ


def _table_with_a_turn(make_player, make_table, host):
    ben = make_player()
    table = make_table(others=[ben], players=2)
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    turn = host.state(table)["round"]["turn"]
    mover = host if turn == 0 else ben
    return table, mover


def test_the_email_task_is_queued_after_the_response_is_written(
        monkeypatch, make_player, make_table, host):
    table, mover = _table_with_a_turn(make_player, make_table, host)
    queued = []
    monkeypatch.setattr("notifications.outbox._send_later", queued.append)

    statuses = []
    response = WSGIHandler()(_move_environ(mover, table),
                             lambda status, headers: statuses.append(status))
    body = b"".join(response)  # what the server writes to the client
    assert statuses == ["200 OK"] and json.loads(body)["version"] > 0
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
