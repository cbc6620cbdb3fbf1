"""Invitations used at the same moment, on real PostgreSQL: a link followed twice at once seats
its person once, two invitations racing for the last seat seat one person, and an invitation
racing the host's own invitation of the same person sends one email."""

from __future__ import annotations

from functools import partial

import pytest
from concurrency import at_once
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection

from games.models import Invitation, Seat, Table
from games.service import invitations, lobby
from games.service.errors import GameError

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="races need PostgreSQL's row locks (set DATABASE_URL)"),
]
RUNS = 5


def person(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.com", "a-long-passw0rd")


def codes(results: list) -> list[str]:
    return sorted(r.code if isinstance(r, GameError) else "seated" for r in results)


def test_a_link_followed_twice_at_once_seats_its_person_once():
    ana, ben = person("ana"), person("ben")
    for _ in range(RUNS):
        table = lobby.create_table(ana, {"players": 4}).table.pk
        token = invitations.token_of(invitations.invite(table, ana, "ben"))
        version = Table.objects.get(pk=table).version
        results = at_once(partial(invitations.accept, token, ben),
                          partial(invitations.accept, token, ben))
        assert codes(results) == ["invitation-used", "seated"]
        assert Seat.objects.filter(table_id=table, user=ben).count() == 1
        assert Table.objects.get(pk=table).version == version + 1


def test_two_invitations_racing_for_the_last_seat_seat_one_person():
    ana, ben, cleo = person("ana"), person("ben"), person("cleo")
    for _ in range(RUNS):
        table = lobby.create_table(ana, {"players": 2}).table.pk
        tokens = [invitations.token_of(invitations.invite(table, ana, name))
                  for name in ("ben", "cleo")]
        results = at_once(partial(invitations.accept, tokens[0], ben),
                          partial(invitations.accept, tokens[1], cleo))
        assert codes(results) == ["seated", "table-full"]
        assert Seat.objects.filter(table_id=table).count() == 2
        assert Invitation.objects.filter(table_id=table, used_at__isnull=False).count() == 1


def test_the_same_person_invited_twice_at_once_gets_one_email():
    ana, _ = person("ana"), person("ben")
    for _ in range(RUNS):
        mail.outbox.clear()
        table = lobby.create_table(ana, {"players": 4}).table.pk
        results = at_once(partial(invitations.invite, table, ana, "ben"),
                          partial(invitations.invite, table, ana, "BEN@example.com"))
        assert sorted(type(r).__name__ if not isinstance(r, GameError) else r.code
                      for r in results) == ["Invitation", "already-invited"]
        assert Invitation.objects.filter(table_id=table).count() == 1
        assert len([m for m in mail.outbox if "invites you" in m.subject]) == 1
