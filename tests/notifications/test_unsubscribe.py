"""One-click unsubscribe (RFC 8058): the link in every email opens a page with a button; a mail
program's POST of `List-Unsubscribe=One-Click` switches the emails off with no login and no
CSRF token; a changed or foreign token is refused."""

from __future__ import annotations

import pytest
from django.core import signing
from django.test import Client

from notifications.preferences import preferences_json, unsubscribe_token


def switches(user) -> dict:
    """The four on/off switches the unsubscribe links touch."""
    return {key: value for key, value in preferences_json(user).items()
            if key in ("turn_emails", "reminder_emails", "game_over_emails", "unsubscribed_all")}


pytestmark = pytest.mark.django_db

ONE_CLICK = "List-Unsubscribe=One-Click"


@pytest.fixture
def mail_program():
    """What posts the one-click request: no session, no cookies, and CSRF checks on."""
    return Client(enforce_csrf_checks=True)


def one_click(client, token: str):
    return client.post(f"/unsubscribe/{token}", ONE_CLICK,
                       content_type="application/x-www-form-urlencoded")


def test_the_one_click_post_unsubscribes_without_login_or_csrf_token(ana, mail_program):
    response = one_click(mail_program, unsubscribe_token(ana.pk, "reminder"))

    assert response.status_code == 200
    assert "You are unsubscribed" in response.content.decode()
    assert "halfway reminders" in response.content.decode()
    assert switches(ana) == {"turn_emails": True, "reminder_emails": False,
                                     "game_over_emails": True, "unsubscribed_all": False}


@pytest.mark.parametrize("scope, switched_off", [
    ("your-turn", {"turn_emails": False}),
    ("game-over", {"game_over_emails": False}),
    ("all", {"unsubscribed_all": True}),
])
def test_each_link_switches_off_what_it_names(scope, switched_off, ana, mail_program):
    assert one_click(mail_program, unsubscribe_token(ana.pk, scope)).status_code == 200

    expected = {"turn_emails": True, "reminder_emails": True, "game_over_emails": True,
                "unsubscribed_all": False, **switched_off}
    assert switches(ana) == expected


def test_unsubscribing_twice_is_fine(ana, mail_program):
    token = unsubscribe_token(ana.pk, "all")

    assert one_click(mail_program, token).status_code == 200
    assert one_click(mail_program, token).status_code == 200
    assert preferences_json(ana)["unsubscribed_all"] is True


def test_it_unsubscribes_only_the_person_the_link_was_made_for(ana, ben, mail_program):
    one_click(mail_program, unsubscribe_token(ana.pk, "all"))

    assert preferences_json(ben)["unsubscribed_all"] is False


def test_opening_the_link_shows_a_button_and_changes_nothing(ana, client):
    token = unsubscribe_token(ana.pk, "game-over")

    response = client.get(f"/unsubscribe/{token}")

    assert response.status_code == 200
    page = response.content.decode()
    assert "Stop “game over” emails to the account <strong>ana</strong>?" in page
    assert 'class="site"' in page  # the site's header, with its links
    assert '<form method="post">' in page
    assert '<input type="hidden" name="List-Unsubscribe" value="One-Click">' in page
    assert preferences_json(ana)["game_over_emails"] is True


def test_the_button_on_the_page_unsubscribes(ana, mail_program):
    token = unsubscribe_token(ana.pk, "your-turn")

    response = mail_program.post(f"/unsubscribe/{token}", {"List-Unsubscribe": "One-Click"})

    assert response.status_code == 200
    assert preferences_json(ana)["turn_emails"] is False


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_tampered_token_is_refused(method, ana, mail_program):
    token = unsubscribe_token(ana.pk, "reminder")
    payload, rest = token.split(":", 1)
    other = unsubscribe_token(ana.pk + 1, "reminder").split(":", 1)[0]
    for bad in (f"{other}:{rest}", token[:-2] + ("AA" if not token.endswith("AA") else "BB"),
                "not-a-token", payload):
        response = getattr(mail_program, method)(f"/unsubscribe/{bad}")

        assert response.status_code == 400, bad
        assert "This unsubscribe link is not valid." in response.content.decode()
    assert preferences_json(ana)["reminder_emails"] is True


def test_a_token_signed_for_something_else_is_refused(ana, mail_program):
    token = signing.dumps({"u": ana.pk, "s": "all"})  # signed with the default salt

    assert one_click(mail_program, token).status_code == 400
    assert preferences_json(ana)["unsubscribed_all"] is False


def test_a_token_naming_an_unknown_kind_is_refused(ana, mail_program):
    token = signing.dumps({"u": ana.pk, "s": "newsletter"}, salt="notifications.unsubscribe")

    assert one_click(mail_program, token).status_code == 400


def test_the_link_of_a_deleted_account_changes_nothing_and_answers_200(ana, mail_program):
    token = unsubscribe_token(ana.pk, "all")
    ana.delete()

    assert one_click(mail_program, token).status_code == 200


def test_other_methods_are_not_allowed(ana, mail_program):
    response = mail_program.put(f"/unsubscribe/{unsubscribe_token(ana.pk, 'all')}")

    assert response.status_code == 405


def test_a_link_of_an_address_already_unsubscribed_says_so(ana, client):
    token = unsubscribe_token(ana.pk, "your-turn")
    client.post(f"/unsubscribe/{token}")

    page = client.get(f"/unsubscribe/{token}").content.decode()
    assert "Already unsubscribed" in page and "<strong>ana</strong>" in page
    assert '<form method="post">' not in page
    again = client.post(f"/unsubscribe/{token}").content.decode()
    assert "You were already unsubscribed" in again


def test_a_link_of_a_closed_account_says_so_and_changes_nothing(client):
    response = client.get(f"/unsubscribe/{unsubscribe_token(999999, 'all')}")
    assert response.status_code == 200
    assert "has been closed" in response.content.decode()
