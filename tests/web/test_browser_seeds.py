"""In a real browser the table page adds a random seed of the player's own to every deal by
itself (issue 28, docs/fairness.md): in the lobby for round 1, the host's going with the start
as well, and during the game for the next round."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_browser import chromium, visitor  # noqa: F401 - the browser and its visitors

from games.models import Round, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEX32 = re.compile(r"^[0-9a-f]{32}$")


def test_the_page_adds_the_players_seed_to_each_deal_by_itself(visitor):  # noqa: F811
    ana = visitor("ana").has_an_account()
    page = ana.page
    with page.expect_response(lambda r: r.url.endswith("/seed")) as added:
        table = ana.create_table(players="2", scoring="target")
    assert added.value.status == 204
    seed = Table.objects.get(pk=table).next_seeds["0"]
    assert HEX32.match(seed)
    expect(page.locator("[data-seed-status]")).to_have_text(
        "Your browser has added a random seed of yours.")
    # Before the seed was stored the start would have carried it; once stored, not again.
    ana.add_bot()  # the lobby is drawn anew, with the seed the table holds
    expect(page.locator(".fair-play summary")).to_contain_text(
        "round 1 is committed to, with your seed")
    assert page.locator("form.start-form input[name=client_seed]").input_value() == ""
    with page.expect_response(lambda r: r.url.endswith("/seed")) as next_one:
        page.get_by_role("button", name="Start the game").click()
    assert next_one.value.status == 204
    assert Round.objects.get(table_id=table, number=1).client_seeds == [
        {"seat": 0, "seed": seed}]
    later = Table.objects.get(pk=table).next_seeds["0"]
    assert HEX32.match(later) and later != seed  # a seed of its own for round 2
    expect(page.locator(".fair-play summary")).to_contain_text(
        "round 2 is committed to, with your seed")
