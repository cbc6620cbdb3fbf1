"""The pages read their numbers through the one parser (`wildcards.numbers`): anything but ASCII
digits in range is the page's 400 with a sentence, never a 500 (issue 25, item 2)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from replayed import finished_game

from games.models import Table
from games.service import lobby
from web.forms import MoveForm, NewTableForm

pytestmark = pytest.mark.django_db

BAD = ["%C2%B2", "%D9%A3", "99999999999999999999", "-1", "1_0"]


def assert_page_400(response, name: str) -> None:
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"].startswith("text/html")
    assert f"{name} must be a whole number" in response.content.decode()


@pytest.mark.parametrize("raw", BAD)
def test_the_leaderboard_page_answers_a_bad_page_number_with_a_400(ana, raw):
    assert_page_400(ana.get(f"/leaderboard?page={raw}"), "page")


def test_the_leaderboard_takes_a_page_past_the_last_and_refuses_one_no_offset_holds(ana):
    assert ana.get("/leaderboard?page=2").status_code == 200
    assert_page_400(ana.get("/leaderboard?page=0"), "page")
    assert_page_400(ana.get("/leaderboard?page=999999999999999999"), "page")


@pytest.mark.parametrize("raw", BAD)
def test_the_live_part_and_the_replay_answer_a_bad_number_with_a_400(ana, ben, raw):
    table = lobby.create_table(ana.user, {"players": 2}).table.pk
    assert_page_400(ana.get(f"/tables/{table}/live?since={raw}"), "since")
    finished = finished_game(ana.user, ben.user)
    assert_page_400(ana.get(f"/tables/{finished}/replay?step={raw}"), "step")


def test_the_live_part_still_reads_an_empty_since_as_none(ana):
    table = lobby.create_table(ana.user, {"players": 2}).table.pk
    assert ana.get(f"/tables/{table}/live?since=").status_code == 200
    version = Table.objects.get(pk=table).version
    assert ana.get(f"/tables/{table}/live?since={version}").status_code == 204


def test_a_form_takes_ascii_digits_only_for_its_numbers():
    assert MoveForm({"action": "play", "card": "wave-7", "target": "3"}).is_valid()
    for raw in ("٣", "²", "1_0", "99999999999999999999"):
        form = MoveForm({"action": "play", "card": "wave-7", "target": raw,
                         "expected_version": "4"})
        assert not form.is_valid() and "target" in form.errors
        form = MoveForm({"action": "draw", "expected_version": raw})
        assert not form.is_valid() and "expected_version" in form.errors
    form = NewTableForm({"players": "4", "mode": "turn", "turn_hours": "24", "on_expiry": "bot",
                         "move_timer": "normal", "scoring": "target", "target": "٥٠٠"})
    assert not form.is_valid() and "target" in form.errors


def test_the_admin_searches_a_superscript_as_text(ana):
    staff = get_user_model().objects.create_superuser("sam", "sam@example.com", "pw-long-1234")
    ana.client.force_login(staff)
    assert ana.get("/admin/games/table/?q=%C2%B2").status_code == 200
