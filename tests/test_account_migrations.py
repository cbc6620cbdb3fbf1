"""The accounts migrations on a database that already has rows: addresses used twice stop the
migration with their list (nothing changed), and API tokens stored in clear by Django REST
framework's `authtoken` become digests that still work."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db(transaction=True)

User = get_user_model()
BEFORE_UNIQUE = ("accounts", "0001_initial")
BEFORE_TOKENS = ("accounts", "0002_email_unique_ci")
LATEST = ("accounts", MigrationLoader(None, ignore_no_migrations=True)
          .graph.leaf_nodes("accounts")[0][1])


def user_model_at(target: tuple[str, str]):
    """The user model as the accounts app was at `target` (the present one has fields its
    table had not then)."""
    executor = MigrationExecutor(connection)
    return executor.loader.project_state(target).apps.get_model("accounts", "User")


def migrate(target: tuple[str, str]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


@contextmanager
def migrated_back_to(target: tuple[str, str]) -> Iterator[None]:
    """The accounts app at `target` inside the block, at its latest migration after it
    (whatever the test left in between is for the test to clear)."""
    migrate(target)
    try:
        yield
    finally:
        migrate(LATEST)


def test_addresses_used_twice_stop_the_migration_with_their_list():
    with migrated_back_to(BEFORE_UNIQUE):
        User = user_model_at(BEFORE_UNIQUE)  # noqa: N806
        first = User.objects.create_user("ana", "ana@example.com")
        second = User.objects.create_user("ana2", "ANA@example.com")
        User.objects.create_user("ben", "ben@example.com")
        User.objects.create_user("closed-1", "")
        User.objects.create_user("closed-2", "")

        with pytest.raises(Exception, match="used by several accounts") as refused:
            migrate(BEFORE_TOKENS)

        message = str(refused.value)
        assert (f"ana@example.com: ana (id {first.pk}, ana@example.com), ana2 (id {second.pk}, "
                f"ANA@example.com)") in message
        assert "ben" not in message and "closed" not in message
        assert sorted(User.objects.values_list("email", flat=True)) == [
            "", "", "ANA@example.com", "ana@example.com", "ben@example.com"]
        second.email = "ana.two@example.com"
        second.save()
        migrate(BEFORE_TOKENS)  # goes through once the operator gave each its own address


def test_tokens_kept_in_clear_become_digests_that_still_work():
    key = "0123456789abcdef0123456789abcdef01234567"
    with migrated_back_to(BEFORE_TOKENS):
        user = user_model_at(BEFORE_TOKENS).objects.create_user("ana", "ana@example.com")
        with connection.cursor() as cursor:
            cursor.execute("CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, "
                           "created timestamp with time zone NOT NULL, user_id bigint NOT NULL)")
            cursor.execute("INSERT INTO authtoken_token VALUES (%s, '2026-01-02 03:04:05+00', "
                           "%s)", [key, user.pk])
        try:
            migrate(LATEST)
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM authtoken_token")
                assert cursor.fetchone() == (0,)  # nothing left in clear
        finally:
            with connection.cursor() as cursor:
                cursor.execute("DROP TABLE authtoken_token")

    token = User.objects.get(pk=user.pk).api_token
    assert token.digest == hashlib.sha256(key.encode()).hexdigest()
    assert token.created.isoformat() == "2026-01-02T03:04:05+00:00"
    response = APIClient().get("/api/me", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 200 and response.json()["username"] == "ana"
