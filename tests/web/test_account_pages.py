"""The account pages, through Django's test client: signing up, logging in and out, passwords
changed and reset through the emailed link, a new address confirmed by the link sent to it,
the API token, email settings, and closing an account without losing anyone's games."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.throttling import ScopedRateThrottle

from accounts.models import ApiToken
from games.models import Move, Seat, Table
from games.service import lobby
from notifications.models import Preference
from notifications.preferences import preferences_json, unsubscribe_token, update_preferences

pytestmark = pytest.mark.django_db

User = get_user_model()
SITE = "https://cards.example.com"
PASSWORD = "a-long-passw0rd"
NEW_PASSWORD = "another-l0ng-secret"


@pytest.fixture(autouse=True)
def site_address(settings):
    settings.WILDCARDS_BASE_URL = SITE


@pytest.fixture
def make_account(db):
    def make(name: str, email: str | None = None):
        return User.objects.create_user(name, email or f"{name}@example.com", PASSWORD)

    return make


@pytest.fixture
def cleo(make_account):
    """The person whose account these pages are about."""
    return make_account("cleo")


@pytest.fixture
def dan(make_account):
    """Another player, who shares tables with cleo and must lose nothing."""
    return make_account("dan")


@pytest.fixture
def cleos_browser(cleo) -> Client:
    browser = Client()
    browser.force_login(cleo)
    return browser


def logged_in_as(browser: Client):
    return browser.session.get("_auth_user_id")


def errors_of(response) -> dict:
    return response.context["form"].errors


def link_in(message) -> str:
    """The path of the one site link in an email's plain-text body."""
    links = re.findall(re.escape(SITE) + r"(/\S+)", message.body)
    assert len(links) == 1, message.body
    return links[0]


def sign_up(browser: Client, **fields):
    body = {"username": "newcomer", "email": "newcomer@example.com",
            "password1": PASSWORD, "password2": PASSWORD, **fields}
    return browser.post(reverse("signup"), body)


# ---------------------------------------------------------------------------- signing up
def test_a_newcomer_signs_up_and_lands_on_my_games(client):
    assert b"Create my account" in client.get(reverse("signup")).content

    response = sign_up(client)

    assert response.status_code == 302 and response["Location"] == reverse("home")
    user = User.objects.get(username="newcomer")
    assert user.email == "newcomer@example.com" and user.check_password(PASSWORD)
    assert logged_in_as(client) == str(user.pk)
    assert client.get(reverse("home")).status_code == 200


def test_sign_up_keeps_the_browsers_time_zone_and_no_emails_at_night(client):
    page = client.get(reverse("signup")).content.decode()
    assert 'name="time_zone"' in page and "time_zone.js" in page

    sign_up(client, time_zone="America/New_York", not_at_night="on")

    chosen = preferences_json(User.objects.get(username="newcomer"))
    assert (chosen["time_zone"], chosen["quiet_hours_start"], chosen["quiet_hours_end"]) == (
        "America/New_York", "22:00", "08:00")


def test_a_time_zone_the_server_does_not_know_signs_up_in_utc(client):
    response = sign_up(client, time_zone="Mars/Olympus")

    assert response.status_code == 302
    chosen = preferences_json(User.objects.get(username="newcomer"))
    assert (chosen["time_zone"], chosen["quiet_hours_start"]) == ("UTC", None)


def test_a_taken_username_is_refused_whatever_its_case(client, cleo):
    response = sign_up(client, username="CLEO")

    assert response.status_code == 200
    assert "A user with that username already exists." in errors_of(response)["username"]
    assert b"A user with that username already exists." in response.content
    assert User.objects.count() == 1 and logged_in_as(client) is None


def test_an_address_another_account_uses_is_refused_whatever_its_case(client, cleo):
    response = sign_up(client, email="Cleo@Example.com")

    assert errors_of(response)["email"] == ["Another account uses that address."]
    assert b"Another account uses that address." in response.content
    assert not User.objects.filter(username="newcomer").exists()


def test_an_address_taken_at_the_same_moment_is_a_form_error(client, cleo, monkeypatch):
    """Both sign-ups passed the form's checks before either was saved; the database's unique
    index decides."""
    monkeypatch.setattr("web.account_forms.email_taken", lambda email: False)
    monkeypatch.setattr(User, "validate_constraints", lambda self, exclude=None: None)

    response = sign_up(client, email="CLEO@example.com")

    assert response.status_code == 200
    assert errors_of(response)["email"] == ["Another account uses that address."]
    assert not User.objects.filter(username="newcomer").exists()
    assert logged_in_as(client) is None


def test_a_weak_password_is_refused_with_the_reasons(client):
    response = sign_up(client, password1="12345678", password2="12345678")

    assert set(errors_of(response)["password2"]) >= {"This password is too common.",
                                                      "This password is entirely numeric."}
    assert b"This password is too common." in response.content
    assert not User.objects.exists()


def test_the_names_of_closed_accounts_are_kept(client):
    response = sign_up(client, username="Deleted-12")

    assert "kept for closed accounts" in errors_of(response)["username"][0]
    assert not User.objects.exists()


def test_the_api_keeps_the_names_of_closed_accounts_too(client, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"signup": None})
    response = client.post("/api/accounts", {"username": "deleted-12", "password": PASSWORD,
                                              "email": "someone@example.com"},
                           content_type="application/json")

    assert response.status_code == 400
    assert not User.objects.exists()


def test_the_sign_up_form_labels_every_field(client):
    page = client.get(reverse("signup")).content.decode()

    for field in ("id_username", "id_email", "id_password1", "id_password2"):
        assert f'<label for="{field}"' in page, field


# ---------------------------------------------------------------------------- logging in and out
def test_a_player_logs_in_and_out(client, cleo):
    page = client.get(reverse("login")).content.decode()
    assert 'for="id_username"' in page and 'for="id_password"' in page

    response = client.post(reverse("login"), {"username": "cleo", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert logged_in_as(client) == str(cleo.pk)

    assert client.get(reverse("logout")).status_code == 405  # logging out is a POST
    response = client.post(reverse("logout"))
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert logged_in_as(client) is None


def test_a_wrong_password_does_not_log_in_and_says_so(client, cleo):
    response = client.post(reverse("login"), {"username": "cleo", "password": "not-it-at-all"})

    assert response.status_code == 200
    assert b"Please enter a correct username and password." in response.content
    assert logged_in_as(client) is None


@pytest.fixture
def guarded(make_account, settings):
    """An account of a name no other test uses (failures are counted in Redis for minutes),
    locked after three failed log-ins within ten minutes."""
    settings.WILDCARDS_LOGIN_FAILURES = 3
    settings.WILDCARDS_LOGIN_WINDOW_MINUTES = 10
    return make_account(f"guarded-{uuid.uuid4().hex[:10]}")


def log_in_from(address: str, username: str, password: str):
    browser = Client(REMOTE_ADDR=address)
    return browser, browser.post(reverse("login"), {"username": username, "password": password})


def test_failed_log_ins_from_many_addresses_lock_the_account_for_a_window(guarded):
    with time_machine.travel("2026-03-01 12:00Z", tick=False) as clock:
        for n in range(3):
            _, page = log_in_from(f"198.51.100.{n}", guarded.username, "not-it-at-all")
            assert b"Please enter a correct username and password." in page.content

        clock.shift(timedelta(minutes=9))
        browser, page = log_in_from("203.0.113.9", guarded.username, PASSWORD)

        assert page.status_code == 200 and logged_in_as(browser) is None
        assert errors_of(page)["__all__"] == [
            "Too many failed log-ins for this account. Try again in 1 minute."]
        assert b"Too many failed log-ins for this account." in page.content
        # Another account is not concerned.
        other = User.objects.create_user(f"other-{uuid.uuid4().hex[:10]}", "o@example.com",
                                         PASSWORD)
        browser, _ = log_in_from("198.51.100.0", other.username, PASSWORD)
        assert logged_in_as(browser) == str(other.pk)

        clock.shift(timedelta(minutes=1, seconds=1))  # the first failure leaves the window
        browser, page = log_in_from("203.0.113.9", guarded.username, PASSWORD)
        assert page.status_code == 302 and logged_in_as(browser) == str(guarded.pk)


def test_log_ins_that_work_do_not_count_as_failures(guarded):
    for _ in range(5):
        browser, _ = log_in_from("198.51.100.1", guarded.username, PASSWORD)
        assert logged_in_as(browser) == str(guarded.pk)
    for _ in range(2):
        log_in_from("198.51.100.1", guarded.username, "not-it-at-all")

    browser, _ = log_in_from("198.51.100.1", guarded.username, PASSWORD)

    assert logged_in_as(browser) == str(guarded.pk)


def test_guessing_the_password_on_the_account_pages_counts_as_failed_log_ins(guarded):
    """Someone holding a stolen session can guess no more there than at the log-in page: the
    pages that ask for the password again count a wrong one as a failed log-in, and past the
    limit they say so, checking nothing, whatever the password."""
    browser = Client()
    browser.force_login(guarded)
    wrong = "not-it-at-all"
    with time_machine.travel("2026-03-01 12:00Z", tick=False):
        page = browser.post(reverse("account-email"), {"email": "new@example.com",
                                                       "password": wrong})
        assert errors_of(page)["password"] == ["That is not your password."]
        page = browser.post(reverse("password_change"), {
            "old_password": wrong, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
        assert "old_password" in errors_of(page)
        log_in_from("198.51.100.7", guarded.username, wrong)  # the third failure

        locked = "Too many failed log-ins for this account. Try again in 10 minutes."
        for name, body in (
                ("account-delete", {"password": PASSWORD, "understood": "on"}),
                ("account-email", {"email": "new@example.com", "password": PASSWORD}),
                ("password_change", {"old_password": PASSWORD, "new_password1": NEW_PASSWORD,
                                     "new_password2": NEW_PASSWORD})):
            page = browser.post(reverse(name), body)
            assert page.status_code == 200, name
            assert locked in str(errors_of(page)), name
        _, page = log_in_from("198.51.100.8", guarded.username, PASSWORD)
        assert errors_of(page)["__all__"] == [locked]
    guarded.refresh_from_db()
    assert guarded.is_active and guarded.check_password(PASSWORD)
    assert guarded.email == f"{guarded.username}@example.com"


def test_the_right_password_on_the_account_pages_is_not_a_failure(guarded):
    browser = Client()
    browser.force_login(guarded)
    for _ in range(4):  # more than the three failures allowed
        page = browser.post(reverse("account-email"), {"email": "new@example.com",
                                                       "password": PASSWORD})
        assert page.status_code == 302 and page["Location"] == reverse("account")
    browser, _ = log_in_from("198.51.100.1", guarded.username, PASSWORD)
    assert logged_in_as(browser) == str(guarded.pk)


def test_the_account_pages_ask_a_visitor_to_log_in(client):
    for name in ("account", "account-email", "account-notifications", "account-delete"):
        response = client.get(reverse(name))
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("login") + "?next="), name


# ---------------------------------------------------------------------------- passwords
def test_a_player_changes_their_password(cleos_browser, cleo):
    wrong = cleos_browser.post(reverse("password_change"), {
        "old_password": "not-my-password", "new_password1": NEW_PASSWORD,
        "new_password2": NEW_PASSWORD})
    assert wrong.status_code == 200 and "old_password" in errors_of(wrong)
    cleo.refresh_from_db()
    assert cleo.check_password(PASSWORD)

    response = cleos_browser.post(reverse("password_change"), {
        "old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == reverse("password_change_done")
    assert b"Password changed" in cleos_browser.get(reverse("password_change_done")).content
    visitor = Client()
    assert not visitor.login(username="cleo", password=PASSWORD)
    assert visitor.login(username="cleo", password=NEW_PASSWORD)


def test_a_forgotten_password_is_reset_through_the_emailed_link(client, cleo, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "CLEO@example.com"})
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["cleo@example.com"]
    assert mailoutbox[0].subject == "Choose a new password for Wild Cards"
    link = link_in(mailoutbox[0])
    assert SITE + link in mailoutbox[0].alternatives[0][0]  # the HTML part has the link too

    form_page = client.get(link, follow=True)  # Django moves the token out of the address
    assert b"Choose a new password" in form_page.content
    set_password = form_page.redirect_chain[-1][0]
    done = client.post(set_password, {"new_password1": NEW_PASSWORD,
                                      "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done["Location"] == reverse("password_reset_complete")

    assert client.post(reverse("login"), {"username": "cleo", "password": NEW_PASSWORD}
                       ).status_code == 302
    assert logged_in_as(client) == str(cleo.pk)
    again = Client().get(link, follow=True)
    assert b"This link does not work" in again.content  # a reset link works once


def test_a_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})

    assert response["Location"] == reverse("password_reset_done")
    assert mailoutbox == []


# ---------------------------------------------------------------------------- email address
def ask_for_a_new_address(browser, address="cleo@new.example.com", password=PASSWORD):
    return browser.post(reverse("account-email"), {"email": address, "password": password})


def test_a_new_address_is_confirmed_by_the_link_sent_to_it(cleos_browser, cleo, mailoutbox):
    response = ask_for_a_new_address(cleos_browser)

    assert response.status_code == 302 and response["Location"] == reverse("account")
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["cleo@new.example.com"]
    cleo.refresh_from_db()
    assert cleo.email == "cleo@example.com"  # nothing changes before the link is followed

    page = Client().get(link_in(mailoutbox[0]))  # from the mail program: not logged in

    assert page.status_code == 200
    assert b"Your email address is now <strong>cleo@new.example.com</strong>" in page.content
    cleo.refresh_from_db()
    assert cleo.email == "cleo@new.example.com"
    assert Client().get(link_in(mailoutbox[0])).status_code == 200  # again: no harm done


def test_a_wrong_password_or_a_taken_address_changes_nothing_and_sends_nothing(
        cleos_browser, cleo, dan, mailoutbox):
    wrong = ask_for_a_new_address(cleos_browser, password="not-my-password")
    assert errors_of(wrong)["password"] == ["That is not your password."]
    assert b"That is not your password." in wrong.content

    taken = ask_for_a_new_address(cleos_browser, address="DAN@example.com")
    assert errors_of(taken)["email"] == ["Another account uses that address."]

    same = ask_for_a_new_address(cleos_browser, address="cleo@example.com")
    assert errors_of(same)["email"] == ["That is your address already."]

    assert mailoutbox == []
    cleo.refresh_from_db()
    assert cleo.email == "cleo@example.com"


def test_a_confirmation_link_expires_after_three_days(cleos_browser, cleo, mailoutbox):
    ask_for_a_new_address(cleos_browser)

    with time_machine.travel(timezone.now() + timedelta(days=3, minutes=1)):
        page = Client().get(link_in(mailoutbox[0]))

    assert page.status_code == 400
    assert b"This link has expired" in page.content
    cleo.refresh_from_db()
    assert cleo.email == "cleo@example.com"


def test_a_tampered_confirmation_link_is_refused(cleos_browser, cleo, mailoutbox):
    ask_for_a_new_address(cleos_browser)
    link = link_in(mailoutbox[0])
    tampered = link[:-3] + ("aaa" if not link.endswith("aaa") else "bbb")

    page = Client().get(tampered)

    assert page.status_code == 400
    assert b"This link is not valid" in page.content
    cleo.refresh_from_db()
    assert cleo.email == "cleo@example.com"


def test_an_address_another_account_took_meanwhile_is_refused(cleos_browser, cleo, mailoutbox,
                                                              make_account):
    ask_for_a_new_address(cleos_browser)
    make_account("eve", "Cleo@New.example.com")

    page = cleos_browser.get(link_in(mailoutbox[0]))

    assert page.status_code == 400
    assert b"Another account has started using cleo@new.example.com" in page.content
    cleo.refresh_from_db()
    assert cleo.email == "cleo@example.com"


def test_an_older_link_cannot_undo_a_later_change(cleos_browser, cleo, mailoutbox):
    ask_for_a_new_address(cleos_browser, "first@example.com")
    ask_for_a_new_address(cleos_browser, "second@example.com")
    first, second = (link_in(message) for message in mailoutbox)

    assert cleos_browser.get(second).status_code == 200
    page = cleos_browser.get(first)

    assert page.status_code == 400
    cleo.refresh_from_db()
    assert cleo.email == "second@example.com"


# ---------------------------------------------------------------------------- API token
def token_on(page) -> str | None:
    """The token an account page shows (only the answer that made it does)."""
    found = re.search(r'id="api-token" value="([0-9a-f]{40})"', page.content.decode())
    return found and found[1]


def api_status(token: str) -> int:
    return Client().get("/api/me", HTTP_AUTHORIZATION=f"Token {token}").status_code


def test_a_new_token_is_shown_once_and_never_again(cleos_browser, cleo):
    assert b"You have no token." in cleos_browser.get(reverse("account")).content

    made = cleos_browser.post(reverse("account-token"))

    token = token_on(made)
    assert made.status_code == 200 and token
    assert b"Copy it now: it is shown this once." in made.content
    assert api_status(token) == 200
    again = cleos_browser.get(reverse("account"))
    assert token_on(again) is None and token not in again.content.decode()
    assert b"You have a token, made on" in again.content
    assert ApiToken.objects.get(user=cleo).digest != token  # only its digest is kept
    assert cleos_browser.get(reverse("account-token")).status_code == 405  # a GET changes nothing


def test_rotating_the_token_retires_the_old_one(cleos_browser):
    old = token_on(cleos_browser.post(reverse("account-token")))

    new = token_on(cleos_browser.post(reverse("account-token")))

    assert new and new != old
    assert api_status(old) == 401 and api_status(new) == 200


def test_revoking_the_token_stops_it_at_once(cleos_browser, cleo):
    token = token_on(cleos_browser.post(reverse("account-token")))

    response = cleos_browser.post(reverse("account-token-revoke"))

    assert response.status_code == 302 and response["Location"] == reverse("account")
    assert api_status(token) == 401
    assert not ApiToken.objects.filter(user=cleo).exists()
    page = cleos_browser.get(reverse("account")).content
    assert b"Your API token is revoked" in page and b"You have no token." in page
    assert b"Revoke the token" not in page


def test_the_account_page_says_when_the_token_stops_working(cleos_browser, settings):
    settings.WILDCARDS_TOKEN_TTL_DAYS = 30
    with time_machine.travel("2026-03-01 12:00Z", tick=False):
        token = token_on(cleos_browser.post(reverse("account-token")))
        assert b"works until 31 March 2026, 12:00 UTC" in cleos_browser.get(
            reverse("account")).content
    with time_machine.travel("2026-04-01 12:00Z", tick=False):
        assert b"stopped working on 31 March 2026" in cleos_browser.get(
            reverse("account")).content
        assert api_status(token) == 401


def test_the_account_page_shows_the_account_and_its_links(cleos_browser):
    page = cleos_browser.get(reverse("account")).content.decode()

    assert "cleo" in page and "cleo@example.com" in page
    for name in ("password_change", "account-email", "account-notifications", "account-delete"):
        assert f'href="{reverse(name)}"' in page, name


# ---------------------------------------------------------------------------- email settings
def test_email_settings_are_saved(cleos_browser, cleo):
    page = cleos_browser.get(reverse("account-notifications")).content.decode()
    for field in ("turn_emails", "reminder_emails", "game_over_emails", "unsubscribed_all"):
        assert f'<label for="id_{field}"' in page, field

    response = cleos_browser.post(reverse("account-notifications"),
                                  {"turn_emails": "on", "game_over_emails": "on"})

    assert response.status_code == 302
    assert preferences_json(cleo) == {
        "turn_emails": True, "reminder_emails": False, "game_over_emails": True,
        "unsubscribed_all": False, "daily_digest": False, "time_zone": "UTC",
        "quiet_hours_start": None, "quiet_hours_end": None, "muted_tables": []}
    page = cleos_browser.get(reverse("account-notifications")).content.decode()
    assert "Your email settings are saved." in page
    assert re.search(r'name="turn_emails"[^>]*checked', page)
    assert not re.search(r'name="reminder_emails"[^>]*checked', page)


def test_not_at_night_is_one_click_and_times_show_in_the_chosen_zone(cleos_browser, cleo):
    response = cleos_browser.post(reverse("account-notifications"), {
        "turn_emails": "on", "time_zone": "Asia/Tokyo", "night": "1"})

    assert response.status_code == 302
    chosen = preferences_json(cleo)
    assert (chosen["time_zone"], chosen["quiet_hours_start"], chosen["quiet_hours_end"]) == (
        "Asia/Tokyo", "22:00", "08:00")
    page = cleos_browser.get(reverse("account-notifications")).content.decode()
    assert re.search(r"Right now it is <strong>[^<]* JST</strong>", page)
    response = cleos_browser.post(reverse("account-notifications"), {
        "turn_emails": "on", "time_zone": "Asia/Tokyo", "no_quiet_hours": "1"})
    assert response.status_code == 302
    assert preferences_json(type(cleo).objects.get(pk=cleo.pk))["quiet_hours_start"] is None


@pytest.mark.parametrize("posted, field", [
    ({"time_zone": "Mars/Olympus"}, "time_zone"),
    ({"quiet_hours_start": "22:00"}, "quiet_hours_end"),
    ({"quiet_hours_start": "25:00", "quiet_hours_end": "08:00"}, "quiet_hours_start"),
    ({"quiet_hours_start": "08:00", "quiet_hours_end": "08:00"}, "quiet_hours_end"),
])
def test_bad_email_settings_are_a_form_error_and_change_nothing(cleos_browser, cleo, posted,
                                                                 field):
    before = preferences_json(cleo)
    response = cleos_browser.post(reverse("account-notifications"), posted)

    assert response.status_code == 200
    assert f'id="id_{field}"' in response.content.decode()
    assert response.context["form"].errors[field]
    assert preferences_json(cleo) == before


def test_the_unsubscribe_page_points_to_the_email_settings(client, cleo):
    page = client.post(f"/unsubscribe/{unsubscribe_token(cleo.pk, 'reminder')}")

    assert f'href="{reverse("account-notifications")}"' in page.content.decode()


# ---------------------------------------------------------------------------- closing an account
@pytest.fixture
def cleos_tables(cleo, dan, make_account):
    """cleo hosts a table that has not started, sits at one dan hosts, and plays two games:
    one against dan alone, one against dan and fay."""
    fay = make_account("fay")

    def table(host, others, start):
        game = lobby.create_table(host, {"players": max(2, len(others) + 1)})
        for other in others:
            lobby.join_table(game.table.pk, other, game.table.invite)
        if start:
            lobby.start_game(game.table.pk, host)
        return game.table.pk

    return {"hosted": table(cleo, [], start=False),
            "waiting": table(dan, [cleo], start=False),
            "duel": table(dan, [cleo], start=True),
            "three": table(dan, [cleo, fay], start=True)}


def close(browser, password=PASSWORD, understood=True):
    body = {"password": password}
    if understood:
        body["understood"] = "on"
    return browser.post(reverse("account-delete"), body)


def test_closing_an_account_needs_the_password_and_the_tick(cleos_browser, cleo, cleos_tables):
    update_preferences(cleo, {"reminder_emails": False})
    cleos_browser.post(reverse("account-token"))

    wrong = close(cleos_browser, password="not-my-password")
    unticked = close(cleos_browser, understood=False)

    assert errors_of(wrong)["password"] == ["That is not your password."]
    assert b"That is not your password." in wrong.content
    assert "understood" in errors_of(unticked)
    cleo.refresh_from_db()
    assert cleo.username == "cleo" and cleo.is_active and cleo.check_password(PASSWORD)
    assert ApiToken.objects.filter(user=cleo).exists()
    assert Preference.objects.filter(user=cleo).exists()
    assert Table.objects.filter(pk=cleos_tables["hosted"]).exists()
    assert Seat.objects.filter(user=cleo).count() == 4
    assert set(Table.objects.filter(pk__in=[cleos_tables["duel"], cleos_tables["three"]])
               .values_list("status", flat=True)) == {"playing"}
    assert logged_in_as(cleos_browser) == str(cleo.pk)


def test_closing_an_account_concedes_its_games_and_anonymises_it(cleos_browser, cleo, dan,
                                                                  cleos_tables):
    update_preferences(cleo, {"reminder_emails": False})
    cleos_browser.post(reverse("account-token"))
    duel, three = cleos_tables["duel"], cleos_tables["three"]
    moves_before = {table: Move.objects.filter(table_id=table).count() for table in (duel, three)}

    response = close(cleos_browser)

    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert logged_in_as(cleos_browser) is None
    assert b"Your account is closed" in cleos_browser.get(reverse("home")).content
    # Tables: the one cleo hosted is cancelled, her seat at dan's is given back, games conceded.
    assert not Table.objects.filter(pk=cleos_tables["hosted"]).exists()
    assert not Seat.objects.filter(table_id=cleos_tables["waiting"], user=cleo).exists()
    assert Table.objects.get(pk=duel).status == "finished"
    assert Table.objects.get(pk=three).status == "playing"  # dan and fay play on
    assert Seat.objects.get(table_id=three, user=cleo).state == "left"
    # The account: nothing of the person is left, the row stays for the games.
    cleo.refresh_from_db()
    assert cleo.username == f"deleted-{cleo.pk}" and cleo.email == ""
    assert not cleo.has_usable_password() and not cleo.is_active
    assert not ApiToken.objects.filter(user=cleo).exists()
    assert not Preference.objects.filter(user=cleo).exists()
    assert not Client().login(username="cleo", password=PASSWORD)
    assert cleos_browser.get(reverse("account")).status_code == 302  # to the log-in page
    # The other players' records: every seat and move is still there, under the new name.
    for table in (duel, three):
        assert Move.objects.filter(table_id=table).count() > moves_before[table]  # + concede
        assert Seat.objects.filter(table_id=table, user=dan).exists()
        assert Seat.objects.get(table_id=table, user=cleo).name == f"deleted-{cleo.pk}"
    dans_api = Client()
    dans_api.force_login(dan)
    state = dans_api.get(f"/api/tables/{duel}/state")
    assert state.status_code == 200
    assert f"deleted-{cleo.pk}" in [seat["name"] for seat in state.json()["seats"]]


def test_closing_an_account_deletes_its_chat_messages_reports_and_mutes(cleos_browser, cleo,
                                                                          dan, cleos_tables):
    from games.models import ChatMessage, ChatMute, ChatReport
    from games.service import chat

    three = cleos_tables["three"]
    mine = chat.post(three, cleo, "bye all")
    dans = chat.post(three, dan, "see you")
    chat.report(three, cleo, dans["id"], "just testing")
    chat.mute(cleo, "dan")
    chat.mute(dan, "cleo")

    close(cleos_browser)

    assert not ChatMessage.objects.filter(pk=mine["id"]).exists()
    assert ChatMessage.objects.filter(pk=dans["id"]).exists()
    assert not ChatReport.objects.exists() and not ChatMute.objects.exists()
    assert [m["text"] for m in chat.messages_for(three, dan)] == ["see you"]
