"""The schema says exactly what the server accepts (issue 25, item 8): schemathesis sends
schema-valid requests to every operation, a bounded number of examples each, and none is refused
as bad input (400 `invalid`, 413, 415) nor fails (5xx). A move the rules refuse (422), a table
that is not there (404), a seat that is not the caller's (403) or a moment that is not right
(409) are no schema matter."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from wildcards.wsgi import application

BAD_INPUT = {400, 413, 415}
# Refusals no schema can spell out, as no schema names the tables that exist: the accounts and
# addresses that exist (a username or address taken, credentials of no account), the list of
# common passwords and the likeness of a password to its name, a cursor the list did not give,
# the tables where one has a seat (muted tables), the quiet hours stored (a PATCH may set one
# end when the other is stored), a server's setting (rigged decks, off on a
# public site), and the clock and the days an account has banked (a vacation's end).
NOT_SCHEMA_MATTERS = {
    "wrong-credentials": None, "email-taken": None, "rigged-decks-off": None,
    "vacation-in-the-past": None, "not-enough-vacation-days": None,
    "invalid": ("That username is taken.", "Another account uses that address.",
                "This password is too common.",
                "The password is too similar to the", "This password is entirely numeric.",
                "cursor is not one this list gave", "You have no seat at table",
                "Quiet hours need a start and an end", "Quiet hours end at another time"),
}


def no_schema_matter(response) -> bool:
    body = response.json()
    if body.get("code") not in NOT_SCHEMA_MATTERS:
        return False
    sentences = NOT_SCHEMA_MATTERS[body["code"]]
    return sentences is None or all(
        any(message.startswith(sentence) for sentence in sentences)
        for messages in body.get("fields", {}).values() for message in messages)
EXAMPLES = 40  # per operation

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
schema.config.generation.update(modes=[GenerationMode.POSITIVE])


@pytest.fixture
def token(make_player):
    """A player's token; the requests stay in the test's transaction (as Django's test client
    keeps them: the database connection is not closed after each)."""
    token = make_player("fuzz").token  # (Django's test client connects them again)
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield token
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_schema_valid_requests_are_not_refused_as_bad_input(case, token):
    case.headers = {**(case.headers or {}), "Authorization": f"Token {token}"}
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
    assert response.status_code not in BAD_INPUT or no_schema_matter(response), (
        f"{case.method} {case.formatted_path} {case.query or ''} {case.headers or ''} "
        f"{case.body!r} -> {response.status_code} {response.text[:300]}")
