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


def fresh(user):
    """The user read again, with their preference as stored now."""
    return type(user).objects.get(pk=user.pk)


def test_time_zone_and_quiet_hours_are_set_together_and_read_back(ana):
    client = client_of(ana)

    response = client.patch(URL, {"time_zone": "Europe/Paris", "quiet_hours_start": "22:00",
                                  "quiet_hours_end": "08:00"}, format="json")

    assert response.status_code == 200
    assert response.json() == {**DEFAULTS, "time_zone": "Europe/Paris",
                               "quiet_hours_start": "22:00", "quiet_hours_end": "08:00"}
    response = client.patch(URL, {"quiet_hours_start": None, "quiet_hours_end": None},
                            format="json")
    assert response.json()["quiet_hours_start"] is None
    assert response.json()["quiet_hours_end"] is None


@pytest.mark.parametrize("body, field", [
    ({"time_zone": "Mars/Olympus"}, "time_zone"),
    ({"time_zone": ""}, "time_zone"),
    ({"time_zone": 3}, "time_zone"),
    ({"quiet_hours_start": "22:00"}, "quiet_hours_end"),
    ({"quiet_hours_end": "08:00"}, "quiet_hours_start"),
    ({"quiet_hours_start": "24:00", "quiet_hours_end": "08:00"}, "quiet_hours_start"),
    ({"quiet_hours_start": "10pm", "quiet_hours_end": "08:00"}, "quiet_hours_start"),
    ({"quiet_hours_start": "08:00", "quiet_hours_end": "08:00"}, "quiet_hours_end"),
    ({"daily_digest": "yes"}, "daily_digest"),
    ({"muted_tables": "12"}, "muted_tables"),
    ({"muted_tables": [0]}, "muted_tables"),
    ({"muted_tables": [999999]}, "muted_tables"),
])
def test_bad_settings_are_refused_with_the_field_and_change_nothing(ana, body, field):
    response = client_of(ana).patch(URL, body, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert field in response.json()["fields"]
    assert preferences_json(fresh(ana)) == DEFAULTS


def test_a_table_of_ones_own_can_be_muted_and_unmuted(ana, ben, client):
    from games.models import Seat, Table

    table = Table.objects.create(host=ana, status=Table.Status.PLAYING, players=2)
    Seat.objects.create(table=table, number=0, user=ana)
    other = Table.objects.create(host=ben, status=Table.Status.PLAYING, players=2)
    Seat.objects.create(table=other, number=0, user=ben)
    api = client_of(ana)

    assert api.patch(URL, {"muted_tables": [table.pk]}, format="json").json()[
        "muted_tables"] == [table.pk]
    refused = api.patch(URL, {"muted_tables": [table.pk, other.pk]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["fields"] == {"muted_tables": [f"You have no seat at table {other.pk}."]}
    assert preferences_json(fresh(ana))["muted_tables"] == [table.pk]
    # The table page's switch.
    client.force_login(ana)
    assert client.post(f"/tables/{table.pk}/emails", {"muted": "0"}).status_code == 302
    assert preferences_json(fresh(ana))["muted_tables"] == []
    assert client.post(f"/tables/{other.pk}/emails", {"muted": "1"}).status_code == 403
    assert preferences_json(fresh(ana))["muted_tables"] == []
