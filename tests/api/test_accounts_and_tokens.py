"""Accounts through the API: one account an email address (whatever its case, races
included), API tokens (stored as digests, revoked, rotated, expiring) and the limit on failed
log-ins per username."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
import time_machine
from concurrency import at_once
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from accounts.api import SignUpSerializer
from accounts.models import ApiToken

User = get_user_model()
PASSWORD = "a-long-passw0rd"


def sign_up(username: str, email: str, password: str = PASSWORD, client=None):
    return (client or APIClient()).post(
        "/api/accounts", {"username": username, "email": email, "password": password},
        format="json")


def ask_token(username: str, password: str = PASSWORD, address: str = "192.0.2.1", **headers):
    return APIClient(REMOTE_ADDR=address).post(
        "/api/auth/token", {"username": username, "password": password}, format="json",
        **headers)


def me(token: str):
    return APIClient().get("/api/me", HTTP_AUTHORIZATION=f"Token {token}")


def racing(test):
    """A test of threads racing, committing for real: PostgreSQL only (SQLite locks the whole
    table instead)."""
    only_postgresql = pytest.mark.skipif(connection.vendor != "postgresql",
                                         reason="races need PostgreSQL (set DATABASE_URL)")
    return only_postgresql(pytest.mark.django_db(transaction=True)(test))


def unique(name: str) -> str:
    """A username no other test uses: failed log-ins are counted in Redis, across tests."""
    return f"{name}-{uuid.uuid4().hex[:10]}"


# ------------------------------------------------------------------- one account an address
@pytest.mark.django_db
def test_an_address_another_account_uses_is_400_email_taken_whatever_its_case(host):
    response = sign_up("bea", "ANA@Example.COM")

    assert response.status_code == 400
    assert response.json() == {"code": "email-taken",
                                "detail": "email: Another account uses that address.",
                                "fields": {"email": ["Another account uses that address."]}}
    assert not User.objects.filter(username="bea").exists()


@pytest.mark.django_db
def test_a_taken_address_among_other_mistakes_is_one_of_the_fields_of_400_invalid(host):
    body = sign_up("bea", "ana@example.com", password="short").json()

    assert body["code"] == "invalid"
    assert body["fields"]["email"] == ["Another account uses that address."]
    assert "password" in body["fields"]


@pytest.mark.django_db
def test_a_sign_up_that_loses_the_address_at_the_database_is_400_email_taken(host,
                                                                              monkeypatch):
    """Both sign-ups passed the serializer's check before either was saved: the unique index
    on the lower-cased address decides, and the loser gets the same clear answer."""
    monkeypatch.setattr(SignUpSerializer, "validate_email", lambda self, value: value)

    response = sign_up("bea", "Ana@example.com")

    assert response.status_code == 400 and response.json()["code"] == "email-taken"
    assert not User.objects.filter(username="bea").exists()


@racing
def test_two_sign_ups_racing_for_one_address_make_one_account():
    first, second = at_once(lambda: sign_up("bea", "racer@example.com"),
                            lambda: sign_up("cid", "RACER@example.com"))

    assert sorted([first.status_code, second.status_code]) == [201, 400]
    loser = first if first.status_code == 400 else second
    assert loser.json()["code"] == "email-taken"
    assert User.objects.filter(email__iexact="racer@example.com").count() == 1


@pytest.mark.django_db
def test_accounts_without_an_address_do_not_clash():
    User.objects.create_user("closed-1", "", PASSWORD)
    User.objects.create_user("closed-2", "", PASSWORD)

    assert User.objects.filter(email="").count() == 2


# ------------------------------------------------------------------------------- tokens
@pytest.mark.django_db
def test_only_a_digest_of_a_token_is_stored(host):
    row = ApiToken.objects.get(user_id=host.id)

    assert host.token not in (row.digest, str(row.pk))
    assert len(host.token) == 40 and len(row.digest) == 64
    assert me(host.token).status_code == 200


@pytest.mark.django_db
def test_delete_revokes_the_callers_token_and_no_one_elses(host, make_player):
    ben = make_player()

    response = host.client.delete("/api/auth/token")

    assert response.status_code == 204 and response.content == b""
    assert me(host.token).json()["code"] == "not-authenticated"
    assert not ApiToken.objects.filter(user_id=host.id).exists()
    assert me(ben.token).status_code == 200


@pytest.mark.django_db
def test_delete_without_credentials_is_401(host):
    response = APIClient().delete("/api/auth/token")

    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"
    assert me(host.token).status_code == 200


@pytest.mark.django_db
def test_post_makes_a_new_token_and_the_old_one_stops_working(host):
    response = ask_token("ana")

    assert response.status_code == 200
    new = response.json()["token"]
    assert new != host.token and response.json()["expires"] is None
    assert me(host.token).status_code == 401 and me(new).status_code == 200
    assert ApiToken.objects.filter(user_id=host.id).count() == 1


@pytest.mark.django_db
def test_a_client_with_a_dead_token_can_still_ask_for_a_new_one(host):
    response = ask_token("ana", HTTP_AUTHORIZATION="Token 0000-not-a-token")

    assert response.status_code == 200


@pytest.mark.django_db
def test_a_token_expires_after_the_set_number_of_days(host, settings):
    settings.WILDCARDS_TOKEN_TTL_DAYS = 30
    with time_machine.travel("2026-03-01 12:00Z", tick=False) as clock:
        response = ask_token("ana")
        token = response.json()["token"]
        assert response.json()["expires"] == "2026-03-31T12:00:00+00:00"

        clock.shift(timedelta(days=30) - timedelta(seconds=1))
        assert me(token).status_code == 200
        clock.shift(timedelta(seconds=1))
        expired = me(token)

        assert expired.status_code == 401
        assert expired.json()["code"] == "token-expired"
        assert "POST /api/auth/token" in expired.json()["detail"]
        assert expired["WWW-Authenticate"].startswith("Token")
        assert me(ask_token("ana").json()["token"]).status_code == 200


@pytest.mark.django_db
def test_without_a_set_lifetime_a_token_keeps_working(host):
    with time_machine.travel(ApiToken.objects.get(user_id=host.id).created
                             + timedelta(days=3650)):
        assert me(host.token).status_code == 200


# ------------------------------------------------------------- failed log-ins per account
@pytest.fixture
def limit(settings):
    settings.WILDCARDS_LOGIN_FAILURES = 3
    settings.WILDCARDS_LOGIN_WINDOW_MINUTES = 10


@pytest.mark.django_db
def test_failed_log_ins_from_many_addresses_are_429_for_that_account_only(limit, make_player):
    target, other = make_player(unique("target")), make_player(unique("other"))
    with time_machine.travel("2026-03-01 12:00Z", tick=False) as clock:
        for n in range(3):
            wrong = ask_token(target.name, "not-it-at-all", address=f"198.51.100.{n}")
            assert wrong.json()["code"] == "wrong-credentials"
        clock.shift(timedelta(minutes=4))

        refused = ask_token(target.name, address="203.0.113.7")  # the right password, too

        assert refused.status_code == 429
        assert refused.json() == {
            "code": "too-many-failures",
            "detail": "Too many failed log-ins for this account. Try again in 6 minutes.",
            "retry_after": 360}
        assert refused["Retry-After"] == "360"
        assert me(target.token).status_code == 200  # a token in hand still works
        assert ask_token(other.name, address="198.51.100.0").status_code == 200

        clock.shift(timedelta(minutes=6))  # the failures leave the window
        assert ask_token(target.name, address="203.0.113.7").status_code == 200


@pytest.mark.django_db
def test_refused_attempts_do_not_make_the_wait_longer(limit, make_player):
    target = make_player(unique("target"))
    with time_machine.travel("2026-03-01 12:00Z", tick=False) as clock:
        for _ in range(3):
            ask_token(target.name, "not-it-at-all")
        for _ in range(5):
            clock.shift(timedelta(minutes=1))
            assert ask_token(target.name, "not-it-at-all").status_code == 429

        clock.shift(timedelta(minutes=5))
        assert ask_token(target.name).status_code == 200


@racing
def test_guesses_sent_at_once_cannot_all_slip_under_the_limit(limit, make_player):
    target = make_player(unique("target"))

    answers = at_once(*[lambda n=n: ask_token(target.name, f"guess-{n}",
                                              address=f"198.51.100.{n}") for n in range(8)])

    codes = sorted(answer.json()["code"] for answer in answers)
    assert codes == ["too-many-failures"] * 5 + ["wrong-credentials"] * 3
