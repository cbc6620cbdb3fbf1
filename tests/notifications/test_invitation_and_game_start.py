"""The invitation and "the game has begun" emails: what they say, whom they go to, which
preference stops them, and that the start queues one notice per person seated, none for bots."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.models import Invitation, Table
from games.service import invitations, lobby
from notifications.models import Notice
from notifications.preferences import read_unsubscribe_token, update_preferences

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

BASE = "https://cards.example.com"


@pytest.fixture
def cleo(make_user):
    return make_user("cleo")


@pytest.fixture
def waiting(ana) -> int:
    """A waiting table of four hosted by Ana, turn by turn, with stacking and 7-0."""
    return lobby.create_table(ana, {"players": 4, "stacking": True, "seven_zero": True}).table.pk


def html_of(message) -> str:
    (html, mimetype), = message.alternatives
    assert mimetype == "text/html"
    return html


def test_the_invitation_names_the_host_the_table_in_words_and_the_link(ana, ben, waiting):
    invitations.invite(waiting, ana, "ben")
    [message] = mail.outbox
    assert message.to == ["ben@example.com"]
    assert message.subject == f"ana invites you to a game of Wild Cards at table {waiting}"
    words = ("4 seats · turn by turn, 24 h a turn · a single round · the classic deck · "
             "house rules: stacking, 7-0 · rated")
    assert f"ana invites you to a game of Wild Cards at table {waiting}: {words}." in message.body
    assert "Seats taken so far: 1 of 4." in message.body
    link = re.search(rf"Take a seat: ({BASE}/invitations/\S+)", message.body).group(1)
    html = html_of(message)
    assert f'href="{link}"' in html and "<li>house rules: stacking, 7-0</li>" in html
    assert "Hello ben," in message.body


def test_an_invitation_to_an_account_has_only_the_unsubscribe_from_all_link(ana, ben, waiting):
    invitations.invite(waiting, ana, "ben")
    [message] = mail.outbox
    link = message.extra_headers["List-Unsubscribe"][1:-1]
    assert read_unsubscribe_token(link.rsplit("/", 1)[1]) == (ben.pk, "all")
    assert f"Unsubscribe from all Wild Cards emails: {link}" in message.body
    assert "Unsubscribe from these emails" not in message.body + html_of(message)


def test_an_invitation_to_an_address_without_an_account_says_how_to_take_the_seat(
        ana, waiting):
    invitations.invite(waiting, ana, "Dora@Example.org")
    [message] = mail.outbox
    assert message.to == ["dora@example.org"]
    assert message.body.startswith("Hello,\n")
    assert "sign up with this address, or to log in to the account that uses it" in message.body
    assert "If you do not know them, ignore it" in message.body
    assert "List-Unsubscribe" not in message.extra_headers
    assert "unsubscribe" not in (message.body + html_of(message)).lower()
    notice = Notice.objects.get()
    assert notice.user is None and notice.context["to"] == "dora@example.org"


def test_someone_who_wants_no_email_at_all_gets_no_invitation(ana, ben, waiting):
    update_preferences(ben, {"turn_emails": False, "reminder_emails": False,
                             "game_over_emails": False})
    invitations.invite(waiting, ana, "ben")
    assert len(mail.outbox) == 1  # the kinds switched off one by one do not stop it
    update_preferences(ben, {"unsubscribed_all": True})
    Invitation.objects.all().delete()
    mail.outbox.clear()
    invitations.invite(waiting, ana, "ben")
    assert not mail.outbox and Invitation.objects.count() == 1  # invited all the same


def test_the_start_queues_one_game_start_notice_per_person_seated_and_none_for_bots(
        ana, ben, cleo, waiting):
    code = Table.objects.get(pk=waiting).invite
    lobby.join_table(waiting, ben, code)
    lobby.add_bot(waiting, ana, "easy")
    lobby.join_table(waiting, cleo, code)
    game = lobby.start_game(waiting, ana)
    first = game.state.turn
    # The person who plays first hears of it from their "your turn" email, with the turn.
    told = [(name, user) for name, user in (("ana", ana), ("ben", ben), ("cleo", cleo))
            if user.pk != game.seats[first].user_id]
    notices = Notice.objects.filter(kind=Notice.Kind.GAME_START).order_by("user_id")
    assert [(n.user.username, n.dedupe_key) for n in notices] == [
        (name, f"game-start:{waiting}:{user.pk}") for name, user in told]
    for notice in notices:
        assert notice.context["your_turn"] is False
        assert notice.context["whose_turn"] == game.seats[first].name
        assert notice.context["players"] == ["ana", "ben", "Bot Cleo (Easy)", "cleo"]
    starts = [message for message in mail.outbox if "has begun" in message.subject]
    assert sorted(message.to[0] for message in starts) == [
        f"{name}@example.com" for name, _ in told]
    assert all("has begun, with ana, ben, Bot Cleo (Easy) and cleo." in message.body
               for message in starts)


def test_the_game_start_email_says_whose_turn_it_is_and_links_the_table(
        ana, ben, waiting):
    Table.objects.filter(pk=waiting).update(mode="realtime")  # no "your turn" emails there
    lobby.join_table(waiting, ben, Table.objects.get(pk=waiting).invite)
    game = lobby.start_game(waiting, ana)
    first = game.seats[game.state.turn]
    starts = {m.to[0]: m for m in mail.outbox if "has begun" in m.subject}
    assert set(starts) == {"ana@example.com", "ben@example.com"}
    mine = starts[first.user.email]
    assert mine.subject == f"The game has begun at table {waiting}: it's your turn"
    assert "It's your turn: you play first." in mine.body
    other = starts[({"ana@example.com", "ben@example.com"} - {first.user.email}).pop()]
    assert other.subject == f"The game has begun at table {waiting}"
    assert f"{first.name} plays first." in other.body
    for message in starts.values():
        assert "with ana and ben." in message.body
        assert f"{BASE}/tables/{waiting}" in message.body
        assert f'href="{BASE}/tables/{waiting}"' in html_of(message)
        token = message.extra_headers["List-Unsubscribe"][1:-1].rsplit("/", 1)[1]
        assert read_unsubscribe_token(token)[1] == "game-start"


def test_the_game_start_email_obeys_the_switch_of_the_turn_emails(ana, ben, waiting):
    Table.objects.filter(pk=waiting).update(mode="realtime")  # both would get one
    update_preferences(ben, {"turn_emails": False})
    lobby.join_table(waiting, ben, Table.objects.get(pk=waiting).invite)
    lobby.start_game(waiting, ana)
    assert not [m for m in mail.outbox if m.to == ["ben@example.com"]]
    assert Notice.objects.filter(kind=Notice.Kind.GAME_START).count() == 1  # ana's


def test_unsubscribing_from_the_game_start_email_switches_off_the_turn_emails(
        client, ana, ben, waiting):
    Table.objects.filter(pk=waiting).update(mode="realtime")  # both get one
    lobby.join_table(waiting, ben, Table.objects.get(pk=waiting).invite)
    lobby.start_game(waiting, ana)
    [message] = [m for m in mail.outbox if m.to == ["ben@example.com"]
                 and "has begun" in m.subject]
    link = message.extra_headers["List-Unsubscribe"][1:-1]
    page = client.get(link.removeprefix(BASE)).content.decode()
    assert ("Stop “your turn” and “the game has begun” emails to the account "
            "<strong>ben</strong>?") in page
    client.post(link.removeprefix(BASE))
    ben.notification_preference.refresh_from_db()
    assert ben.notification_preference.turn_emails is False
