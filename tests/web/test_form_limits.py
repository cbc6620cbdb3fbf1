"""The web forms share the API's limits (issue 25, item 4): one window per address for the
sign-up form and `POST /api/accounts`, for the log-in form and `POST /api/auth/token` (and the
failed log-ins per account, tests/api/test_accounts_and_tokens.py); a password-reset email goes
to an address at most once per WILDCARDS_PASSWORD_RESET_MINUTES, with the same answer either
way, and the reset form has a per-address limit of its own."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

pytestmark = pytest.mark.django_db
User = get_user_model()
PASSWORD = "a-long-passw0rd"


@pytest.fixture
def rates():
    def set_rates(**scopes):
        ScopedRateThrottle.THROTTLE_RATES = {**ScopedRateThrottle.THROTTLE_RATES, **scopes}
        cache.clear()  # the windows of earlier tests, from the same address

    yield set_rates
    cache.clear()


def web_sign_up(browser, name: str):
    return browser.post(reverse("signup"), {"username": name, "email": f"{name}@example.com",
                                            "password1": PASSWORD, "password2": PASSWORD})


def assert_waits(response, what: str) -> None:
    assert response.status_code == 429, response.status_code
    assert int(response["Retry-After"]) > 0
    assert f"Too many {what} from your address lately" in response.content.decode()


def test_the_sign_up_form_counts_in_the_apis_window(rates):
    rates(signup="2/hour")
    for name in ("zed0", "zed1"):
        created = APIClient().post("/api/accounts", {"username": name,
                                                     "email": f"{name}@example.com",
                                                     "password": PASSWORD}, format="json")
        assert created.status_code == 201
    assert APIClient().post("/api/accounts", {}, format="json").status_code == 429
    assert_waits(web_sign_up(Client(), "zed2"), "sign-ups")
    assert not User.objects.filter(username="zed2").exists()


def test_the_api_counts_the_sign_up_forms_too(rates):
    rates(signup="1/hour")
    assert web_sign_up(Client(), "amy").status_code == 302
    refused = APIClient().post("/api/accounts", {"username": "bob", "email": "bob@example.com",
                                                 "password": PASSWORD}, format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"


def test_failed_log_ins_on_the_form_are_slowed_per_address(rates):
    rates(token="3/minute")
    browser = Client()
    for n in range(3):  # three usernames: the per-account count alone would never stop these
        failed = browser.post(reverse("login"), {"username": f"who{n}", "password": "guess"})
        assert failed.status_code == 200  # the form again, with its error
    assert_waits(browser.post(reverse("login"), {"username": "who3", "password": "guess"}),
                 "log-ins")
    token = APIClient().post("/api/auth/token", {"username": "who4", "password": "guess"},
                             format="json")
    assert token.status_code == 429  # the same window as the API's token


def test_the_log_in_page_itself_is_not_counted(rates):
    rates(token="1/minute")
    browser = Client()
    for _ in range(3):
        assert browser.get(reverse("login")).status_code == 200


def test_a_reset_email_goes_once_per_address_per_window_with_the_same_answer(
        settings, mailoutbox):
    settings.WILDCARDS_PASSWORD_RESET_MINUTES = 15
    cache.clear()
    User.objects.create_user("cleo", "cleo@example.com", PASSWORD)
    answers = []
    for n in range(20):  # from as many browsers, in any case of the address
        response = Client().post(reverse("password_reset"),
                                 {"email": "CLEO@example.com" if n % 2 else "cleo@example.com"})
        answers.append((response.status_code, response["Location"]))
    assert set(answers) == {(302, reverse("password_reset_done"))}
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["cleo@example.com"]
    unknown = Client().post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert (unknown.status_code, unknown["Location"]) == answers[0]


def test_the_reset_form_is_limited_per_address(rates, mailoutbox):
    rates(**{"password-reset": "2/hour"})
    browser = Client()
    for n in range(2):
        assert browser.post(reverse("password_reset"),
                            {"email": f"x{n}@example.com"}).status_code == 302
    assert_waits(browser.post(reverse("password_reset"), {"email": "x2@example.com"}),
                 "password resets")
