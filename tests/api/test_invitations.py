"""Invitations through the API: the host invites by username or email address, each person gets
one email with a link (never in an answer), and every refusal answers its status and code and
changes nothing."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.models import Invitation, Table
from games.service.invitations import MOST_INVITATIONS
from notifications.models import Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

LINK = re.compile(r"https?://\S+/invitations/(\S+)")


@pytest.fixture
def ben(make_player):
    return make_player("ben")


@pytest.fixture
def cleo(make_player):
    return make_player("cleo")


def invite(host, table: int, to) -> object:
    return host.post(f"/api/tables/{table}/invitations", {"to": to})


def nothing_changed(table: int, version: int) -> bool:
    return (not Invitation.objects.exists() and not mail.outbox
            and not Notice.objects.filter(kind=Notice.Kind.INVITATION).exists()
            and Table.objects.get(pk=table).version == version)


def test_the_host_invites_a_player_by_username_and_the_answer_never_holds_the_link(
        host, ben, make_table):
    table = make_table()
    response = invite(host, table, "BEN")
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"id", "to", "created", "used"}
    assert body["to"] == "ben" and body["used"] is None
    [email] = mail.outbox
    assert email.to == ["ben@example.com"]
    token = LINK.search(email.body).group(1)
    assert token not in response.content.decode()
    listed = host.get(f"/api/tables/{table}/invitations")
    assert listed.status_code == 200 and token not in listed.content.decode()
    assert listed.json() == {"invitations": [body]}


def test_an_address_is_answered_as_written_never_with_the_name_of_its_account(
        host, ben, make_table):
    table = make_table()
    response = invite(host, table, "Ben@Example.COM")
    assert response.status_code == 201
    assert response.json()["to"] == "ben@example.com"  # not "ben": no account is given away
    invitation = Invitation.objects.get()
    assert invitation.user.username == "ben" and invitation.address == "ben@example.com"
    [email] = mail.outbox
    assert email.to == ["ben@example.com"]


def test_an_address_no_account_uses_gets_its_invitation_by_email(host, make_table):
    table = make_table()
    response = invite(host, table, "dora@example.org")
    assert response.status_code == 201
    notice = Notice.objects.get(kind=Notice.Kind.INVITATION)
    assert notice.user is None and notice.status == Notice.Status.SENT
    [email] = mail.outbox
    assert email.to == ["dora@example.org"]
    assert "List-Unsubscribe" not in email.extra_headers  # no account: nothing to unsubscribe
    assert LINK.search(email.body)


def test_inviting_the_same_person_again_is_refused_and_sends_no_second_email(
        host, ben, make_table):
    table = make_table()
    assert invite(host, table, "ben").status_code == 201
    for again in ("ben", "Ben", "BEN@example.com"):
        response = invite(host, table, again)
        assert response.status_code == 409, again
        assert response.json()["code"] == "already-invited"
        assert response.json()["fields"] == {"to": [response.json()["detail"]]}
    assert len(mail.outbox) == 1 and Invitation.objects.count() == 1


def test_an_address_invited_before_its_owner_signed_up_is_the_same_person(
        host, make_player, make_table):
    table = make_table()
    assert invite(host, table, "dora@example.com").status_code == 201
    make_player("dora")  # signs up with dora@example.com
    response = invite(host, table, "dora")
    assert response.status_code == 409 and response.json()["code"] == "already-invited"


@pytest.mark.parametrize(("to", "status", "code"), [
    ("nobody", 404, "no-such-player"),
    ("not an address@", 400, "invalid"),
    ("ana", 409, "already-seated"),  # the host
    ("ana@example.com", 409, "already-seated"),
])
def test_a_refused_invitation_answers_its_code_and_changes_nothing(
        host, make_table, to, status, code):
    table = make_table()
    version = Table.objects.get(pk=table).version
    response = invite(host, table, to)
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert set(response.json()["fields"]) == {"to"}
    assert nothing_changed(table, version)


def test_only_the_host_may_invite_or_list_invitations(host, ben, cleo, make_table):
    table = make_table(others=[ben])
    version = Table.objects.get(pk=table).version
    for person in (ben, cleo):
        response = invite(person, table, "dora@example.org")
        assert response.status_code == 403 and response.json()["code"] == "host-only"
        listed = person.get(f"/api/tables/{table}/invitations")
        assert listed.status_code == 403 and listed.json()["code"] == "host-only"
    assert nothing_changed(table, version)


def test_nobody_is_invited_to_a_table_that_started_is_full_or_does_not_exist(
        host, ben, cleo, make_table):
    started = make_table(others=[ben])
    assert host.post(f"/api/tables/{started}/start").status_code == 200
    full = make_table(others=[ben], players=2)
    mail.outbox.clear()
    for table, status, code in ((started, 409, "table-started"), (full, 409, "table-full"),
                                (999_999, 404, "not-found")):
        response = invite(host, table, "cleo")
        assert (response.status_code, response.json()["code"]) == (status, code)
        assert host.get(f"/api/tables/{table}/invitations").status_code == (
            404 if code == "not-found" else 200)
    assert not Invitation.objects.exists() and not mail.outbox


@pytest.mark.parametrize("body", [{}, {"to": 7}, {"to": "ben", "message": "hi"},
                                  {"to": "x" * 300}])
def test_a_body_of_the_wrong_shape_is_400_invalid(host, make_table, body):
    table = make_table()
    response = host.post(f"/api/tables/{table}/invitations", body)
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    assert not Invitation.objects.exists()


def test_a_table_sends_at_most_thirty_invitations(host, make_table):
    table = make_table()
    for number in range(MOST_INVITATIONS):
        assert invite(host, table, f"friend{number}@example.org").status_code == 201
    response = invite(host, table, "one-more@example.org")
    assert response.status_code == 409 and response.json()["code"] == "too-many-invitations"
    assert Invitation.objects.count() == MOST_INVITATIONS


def test_invitations_need_a_log_in(client, host, make_table):
    table = make_table()
    assert client.post(f"/api/tables/{table}/invitations", {"to": "ben"},
                       content_type="application/json").status_code == 401
    assert client.get(f"/api/tables/{table}/invitations").status_code == 401
