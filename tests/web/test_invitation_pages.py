"""Invitations on the pages: the host's form in the lobby, and the email's link, which seats the
person invited once. Opening the link changes nothing; every refusal shows why, with its
status, and changes nothing."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from games.models import Invitation, Seat, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

LINK = re.compile(r"https?://[^/\s]+(/invitations/\S+)")


@pytest.fixture
def cleo(make_person):
    return make_person("cleo")


def new_table(person, players: int = 4) -> int:
    response = person.post("/tables/new", {
        "players": players, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
        "move_timer": "normal", "scoring": "single", "target": 500, "rated": "on"})
    assert response.status_code == 302
    return int(response["Location"].rstrip("/").split("/")[-1])


def invite(host, table: int, to: str):
    return host.post(f"/tables/{table}/invite", {"to": to}, follow=True)


def link_in_email(to: str) -> str:
    [email] = [email for email in mail.outbox if email.to == [to]]
    return LINK.search(email.body).group(1)


def state(table: int) -> tuple:
    """What a refusal must leave as it was: the seats, the version, the invitations' use."""
    return (list(Seat.objects.filter(table_id=table).values_list("number", "user_id")),
            Table.objects.get(pk=table).version,
            list(Invitation.objects.filter(table_id=table).values_list("pk", "used_at")))


def test_the_host_invites_from_the_lobby_and_sees_who_is_invited(ana, ben):
    table = new_table(ana)
    lobby = ana.get(f"/tables/{table}").content.decode()
    assert "Invite a player" in lobby and "Username or email address" in lobby
    page = invite(ana, table, "ben").content.decode()
    assert "ben is invited" in page
    assert "Invited, not seated yet" in page and re.search(r"ben\s*<span[^>]*>· invited", page)
    [email] = mail.outbox
    assert email.to == ["ben@example.com"]
    assert "ana invites you to a game of Wild Cards" in email.subject
    # Only the host has the form and the list.
    ben.post(f"/tables/{table}/join", {"invite": Table.objects.get(pk=table).invite})
    assert "Invite a player" not in ben.get(f"/tables/{table}").content.decode()


@pytest.mark.parametrize(("to", "error"), [
    ("nobody", "Nobody is called nobody here."),
    ("ana", "That player already has a seat at this table."),
    ("not-an-address@", "to must be a username or a valid email address."),
    ("", "This field is required."),
])
def test_a_refused_invitation_shows_its_reason_on_the_form_and_changes_nothing(ana, to, error):
    table = new_table(ana)
    before = state(table)
    page = invite(ana, table, to).content.decode()
    form = page[page.index('id="invite-player"'):]
    assert error in form and 'class="field invalid"' in form
    assert f'value="{to}"' in form or not to
    assert state(table) == before and not mail.outbox
    # The refusal is said once: the next view of the lobby is clean.
    assert error not in ana.get(f"/tables/{table}").content.decode()


def test_an_invitation_refused_for_the_table_itself_is_said_above_the_table(ana, ben):
    table = new_table(ana)
    ben.post(f"/tables/{table}/join", {"invite": Table.objects.get(pk=table).invite})
    refused = invite(ben, table, "cleo@example.org")  # not the host
    assert "Only the host of the table may do this." in refused.content.decode()
    ana.post(f"/tables/{table}/start")
    refused = invite(ana, table, "cleo@example.org")
    assert "The game at this table has already started." in refused.content.decode()
    assert not Invitation.objects.exists() and not [m for m in mail.outbox
                                                    if "invites you" in m.subject]
    assert ben.post("/tables/999999/invite", {"to": "cleo"}).status_code == 404


def test_a_second_invitation_of_the_same_person_is_refused_on_the_form(ana, ben):
    table = new_table(ana)
    invite(ana, table, "ben")
    page = invite(ana, table, "ben@example.com").content.decode()
    assert "ben@example.com is already invited to this table." in page
    assert len(mail.outbox) == 1


def test_the_link_seats_the_person_invited_once(ana, ben):
    table = new_table(ana)
    invite(ana, table, "ben")
    link = link_in_email("ben@example.com")
    before = state(table)
    page = ben.get(link)  # a mail scanner, or ben reading: nothing happens
    assert page.status_code == 200
    text = page.content.decode()
    assert "ana invites you to table" in text and "Take a seat" in text
    assert "turn by turn, 24 h a turn" in text and "1 of 4 seats taken: ana." in text
    assert state(table) == before
    seated = ben.post(link, follow=True)
    assert seated.redirect_chain[-1][0] == f"/tables/{table}"
    assert "You have seat 1 at table" in seated.content.decode()
    assert Seat.objects.get(table_id=table, number=1).user == ben.user
    assert Invitation.objects.get().used_at is not None
    after = state(table)
    again = ben.post(link)
    assert again.status_code == 410
    assert "This invitation has been used." in again.content.decode()
    assert ben.get(link).status_code == 410
    assert state(table) == after


def test_a_visitor_signs_up_with_the_address_invited_and_comes_back_to_take_the_seat(ana):
    table = new_table(ana)
    invite(ana, table, "Dora@Example.org")
    link = link_in_email("dora@example.org")
    visitor = Client()
    page = visitor.get(link).content.decode()
    assert "sign up or log in first" in page and "dora@example.org" in page
    signup = re.search(r'href="(/accounts/signup\?[^"]+)"', page).group(1).replace("&amp;", "&")
    form = visitor.get(signup).content.decode()
    assert 'value="dora@example.org"' in form  # the address, ready
    signed_up = visitor.post(signup, {"username": "dora", "email": "dora@example.org",
                                      "password1": "a-long-passw0rd",
                                      "password2": "a-long-passw0rd"})
    assert signed_up.status_code == 302 and signed_up["Location"] == link
    assert visitor.post(link).status_code == 302
    assert Seat.objects.get(table_id=table, number=1).user.username == "dora"


def test_someone_with_an_account_logs_in_and_comes_back_to_the_link(ana, ben):
    table = new_table(ana)
    invite(ana, table, "ben")
    link = link_in_email("ben@example.com")
    visitor = Client()
    posted = visitor.post(link)  # not logged in: to the log-in page first, nothing done
    assert posted.status_code == 302 and posted["Location"].startswith("/accounts/login/?next=")
    login_page = visitor.get(posted["Location"]).content.decode()
    assert "/accounts/signup?next=" in login_page  # sign-up keeps the way back too
    logged_in = visitor.post(posted["Location"], {"username": "ben",
                                                  "password": "a-long-passw0rd"})
    assert logged_in["Location"] == link
    assert visitor.post(link).status_code == 302
    assert Seat.objects.filter(table_id=table, user=ben.user).exists()


def test_a_link_for_another_account_changes_nothing(ana, ben, cleo):
    table = new_table(ana)
    invite(ana, table, "ben")
    invite(ana, table, "dora@example.org")
    before = state(table)
    for link in (link_in_email("ben@example.com"), link_in_email("dora@example.org")):
        for answer in (cleo.get(link), cleo.post(link)):
            assert answer.status_code == 403
            assert "This invitation is for another account." in answer.content.decode()
    assert state(table) == before


def test_a_changed_or_cut_link_is_not_valid(ana, ben):
    table = new_table(ana)
    invite(ana, table, "ben")
    link = link_in_email("ben@example.com")
    before = state(table)
    for bad in (link[:-3], link + "x", "/invitations/hello", link.replace("/invitations/",
                                                                          "/invitations/e")):
        for answer in (ben.get(bad), ben.post(bad)):
            assert answer.status_code == 400, bad
            assert "This invitation link is not valid" in answer.content.decode()
    assert state(table) == before


def test_the_link_of_a_full_started_or_cancelled_table_changes_nothing(ana, ben, cleo):
    full = new_table(ana, players=2)
    invite(ana, full, "ben")
    cleo.post(f"/tables/{full}/join", {"invite": Table.objects.get(pk=full).invite})
    started = new_table(ana)
    invite(ana, started, "ben")
    ana.post(f"/tables/{started}/bots", {"level": "easy"})
    ana.post(f"/tables/{started}/start")
    cancelled = new_table(ana)
    invite(ana, cancelled, "ben")
    invitations = [email for email in mail.outbox if "invites you" in email.subject]
    links = {table: LINK.search(email.body).group(1)
             for table, email in zip((full, started, cancelled), invitations, strict=True)}
    ana.post(f"/tables/{cancelled}/cancel")
    for table, status, words in ((full, 409, "Every seat at this table is taken."),
                                 (started, 409, "already started"),
                                 (cancelled, 410, "The host has cancelled this table.")):
        before = state(table) if table != cancelled else None
        for answer in (ben.get(links[table]), ben.post(links[table])):
            assert answer.status_code == status, table
            assert words in answer.content.decode()
        if before:
            assert state(table) == before


def test_someone_seated_already_is_told_so_and_the_invitation_stays_unused(ana, ben):
    table = new_table(ana)
    invite(ana, table, "ben")
    ben.post(f"/tables/{table}/join", {"invite": Table.objects.get(pk=table).invite})
    before = state(table)
    answer = ben.post(link_in_email("ben@example.com"))
    assert answer.status_code == 409
    assert "You already have a seat at this table." in answer.content.decode()
    assert state(table) == before


def test_a_sign_up_never_sends_anyone_to_another_site(client):
    response = client.post("/accounts/signup?next=https://evil.example/",
                           {"username": "eve", "email": "eve@example.com",
                            "password1": "a-long-passw0rd", "password2": "a-long-passw0rd"})
    assert response.status_code == 302 and response["Location"] == "/"


def test_my_games_lists_the_invitations_waiting_for_you_even_without_email(ana, ben):
    from notifications.preferences import update_preferences

    update_preferences(ben.user, {"unsubscribed_all": True})  # no email reaches Ben
    table = new_table(ana)
    invite(ana, table, "ben")
    assert not [email for email in mail.outbox if email.to == ["ben@example.com"]]
    home = ben.get("/").content.decode()
    assert "Invitations for you" in home and f"table {table}" in home
    link = re.search(r'href="(/invitations/[^"]+)"', home).group(1)
    assert "Take a seat" in ben.get(link).content.decode()
    ben.post(link)
    assert Seat.objects.filter(table_id=table, user=ben.user).exists()
    assert "Invitations for you" not in ben.get("/").content.decode()  # taken up
    assert "Invitations for you" not in ana.get("/").content.decode()
