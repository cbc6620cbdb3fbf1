"""Vacation on the account's page and the table page's pause, through Django's test client (no
JavaScript: each form posts and comes back). The browser test is
test_browser_pause_and_vacation.py."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model

from games.models import Table, Vacation
from games.service import lobby

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]
NOW = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


def a_year_old(*people) -> None:
    get_user_model().objects.filter(pk__in=[p.user.pk for p in people]).update(
        date_joined=NOW - timedelta(days=400))


@pytest.fixture
def table(ana, ben) -> int:
    """Ana and Ben at a turn-by-turn table for two that allows vacation, started."""
    a_year_old(ana, ben)
    game = lobby.create_table(ana.user, {"players": 2, "vacation": True})
    lobby.join_table(game.table.pk, ben.user, game.table.invite)
    lobby.start_game(game.table.pk, ana.user)
    return game.table.pk


def test_the_account_page_links_to_the_vacation_page_with_the_days_left(ana):
    a_year_old(ana)
    assert 'href="/account/vacation"' in ana.get("/account").content.decode()
    html = ana.get("/account/vacation").content.decode()
    assert "You are not on vacation." in html and "<strong>14.0</strong> days left" in html


def test_a_vacation_is_started_from_the_page_and_ended(ana):
    a_year_old(ana)
    response = ana.post("/account/vacation", {"until": "2026-12-08T18:00"})
    assert response.status_code == 302
    assert Vacation.objects.get(user=ana.user).until == datetime(2026, 12, 8, 18, tzinfo=UTC)
    html = ana.get("/account/vacation").content.decode()
    assert "You are on vacation until <strong>Tue 8 Dec 2026, 18:00</strong> (UTC)" in html
    assert ana.post("/account/vacation/end").status_code == 302
    assert Vacation.objects.get(user=ana.user).until is None


@pytest.mark.parametrize(("until", "said"), [
    ("2026-12-04T18:00", "The end of a vacation must be in the future."),
    ("2027-02-01T18:00", "you have 14.0 banked."),
    ("someday", "Give a day and a time, such as 2026-12-24 18:00."),
    ("", "Give the day and time your vacation ends."),
])
def test_a_bad_vacation_is_a_form_error_and_changes_nothing(ana, until, said):
    a_year_old(ana)
    response = ana.post("/account/vacation", {"until": until})
    assert response.status_code == 400
    assert said in response.content.decode()
    assert not Vacation.objects.filter(user=ana.user, until__isnull=False).exists()


def test_the_new_table_form_has_the_vacation_box(ana):
    html = ana.get("/tables/new").content.decode()
    assert 'name="vacation"' in html and "Allow vacation and pause (turn by turn)" in html


def test_the_pause_is_proposed_accepted_and_resumed_from_the_table_page(ana, ben, table):
    html = ana.get(f"/tables/{table}").content.decode()
    assert "Propose a pause" in html and "vacation and pause allowed" in html
    assert ana.post(f"/tables/{table}/pause").status_code == 302
    html = ben.get(f"/tables/{table}").content.decode()
    assert "A pause is proposed: ana accepted; waiting for ben." in html
    assert "Accept the pause" in html
    ben.post(f"/tables/{table}/pause", HTTP_HX_REQUEST="true")
    assert Table.objects.get(pk=table).paused
    html = ana.get(f"/tables/{table}").content.decode()
    assert "The table is paused" in html and "Resume the game" in html
    ana.post(f"/tables/{table}/resume")
    assert not Table.objects.get(pk=table).paused


def test_a_table_that_does_not_allow_vacation_has_no_pause_buttons(ana, ben):
    game = lobby.create_table(ana.user, {"players": 2})
    lobby.join_table(game.table.pk, ben.user, game.table.invite)
    lobby.start_game(game.table.pk, ana.user)
    assert "Propose a pause" not in ana.get(f"/tables/{game.table.pk}").content.decode()


def test_a_player_on_vacation_is_shown_on_the_table_page(ana, ben, table):
    ben.post("/account/vacation", {"until": "2026-12-08T18:00"})
    assert "on vacation until Tue 8 Dec, 18:00 UTC" in ana.get(f"/tables/{table}").content.decode()
