"""GET and PATCH /api/me/notifications: a person's email preferences, for them alone."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.tokens import new_api_token
from notifications.models import Preference
from notifications.preferences import preferences_json, update_preferences

pytestmark = pytest.mark.django_db

URL = "/api/me/notifications"
DEFAULTS = {"turn_emails": True, "reminder_emails": True, "game_over_emails": True,
            "unsubscribed_all": False, "daily_digest": False, "time_zone": "UTC",
            "quiet_hours_start": None, "quiet_hours_end": None, "muted_tables": []}


def client_of(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {new_api_token(user)}")
    return client


def test_a_newcomer_has_every_email_on(ana):
    response = client_of(ana).get(URL)

    assert response.status_code == 200
    assert response.json() == DEFAULTS


def test_reading_the_preferences_writes_nothing(ana):
    client_of(ana).get(URL)

    assert preferences_json(ana) == DEFAULTS
    assert not Preference.objects.exists()


def test_patch_changes_only_what_it_names(ana):
    client = client_of(ana)

    response = client.patch(URL, {"turn_emails": False}, format="json")

    assert response.status_code == 200
    assert response.json() == {**DEFAULTS, "turn_emails": False}
    response = client.patch(URL, {"unsubscribed_all": True, "game_over_emails": False},
                            format="json")
    assert response.json() == {**DEFAULTS, "turn_emails": False, "reminder_emails": True,
                               "game_over_emails": False, "unsubscribed_all": True}
    assert client.get(URL).json() == response.json()


def test_an_empty_patch_changes_nothing(ana):
    response = client_of(ana).patch(URL, {}, format="json")

    assert response.status_code == 200
    assert response.json() == DEFAULTS


def test_each_person_sees_and_changes_only_their_own(ana, ben):
    client_of(ana).patch(URL, {"reminder_emails": False}, format="json")

    assert client_of(ben).get(URL).json() == DEFAULTS


def test_resubscribing_keeps_the_kinds_switched_off(ana):
    update_preferences(ana, {"turn_emails": False, "unsubscribed_all": True})

    response = client_of(ana).patch(URL, {"unsubscribed_all": False}, format="json")

    assert response.json() == {**DEFAULTS, "turn_emails": False}


@pytest.mark.parametrize("method", ["get", "patch"])
def test_it_needs_an_account(method, db):
    response = getattr(APIClient(), method)(URL, {}, format="json")

    assert response.status_code == 401
    assert response.json()["code"] == "not-authenticated"


def test_an_unknown_field_is_refused(ana):
    response = client_of(ana).patch(URL, {"turn_emails": False, "newsletter": True},
                                    format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert body["detail"] == "newsletter: This field is not known."
    assert preferences_json(ana) == DEFAULTS  # nothing of a refused change is kept


@pytest.mark.parametrize("value", ["false", "no", 0, 1, None, [], {}])
def test_a_preference_is_true_or_false_and_nothing_else(value, ana):
    response = client_of(ana).patch(URL, {"turn_emails": value}, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert body["fields"] == {"turn_emails": [
        "This field may not be null." if value is None else "Send true or false."]}
    assert preferences_json(ana) == DEFAULTS


def test_a_body_that_is_not_an_object_is_refused(ana):
    response = client_of(ana).patch(URL, [True], format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_malformed_json_is_refused(ana):
    response = client_of(ana).patch(URL, "{", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["code"] == "parse-error"


@pytest.mark.parametrize("method", ["put", "post", "delete"])
def test_other_methods_are_not_allowed(method, ana):
    response = getattr(client_of(ana), method)(URL, {}, format="json")

    assert response.status_code == 405
    assert response.json()["code"] == "method-not-allowed"


def test_update_preferences_refuses_unknown_names_and_non_booleans(ana):
    with pytest.raises(ValueError):
        update_preferences(ana, {"newsletter": False})
    with pytest.raises(ValueError):
        update_preferences(ana, {"turn_emails": "no"})
    assert preferences_json(ana) == DEFAULTS
