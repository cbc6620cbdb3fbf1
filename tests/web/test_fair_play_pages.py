"""The table page's fair-play panel (issue 28, docs/fairness.md): the commitment to the next
deal, the seed form that works without JavaScript, the page script's own seed (`auto=1`),
and the host's seed that goes with the start. Refusals come back as a sentence and change
nothing."""

from __future__ import annotations

import pytest

from games.models import Round, Table

pytestmark = pytest.mark.django_db(transaction=True)


def new_table(person, **fields) -> int:
    body = {"players": 2, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
            "move_timer": "normal", "scoring": "target", "target": 500, **fields}
    response = person.post("/tables/new", body)
    assert response.status_code == 302, response.content.decode()[:2000]
    return int(response["Location"].rstrip("/").split("/")[-1])


@pytest.fixture
def seated(ana, ben) -> int:
    """Ana's table to 500 points, Ben seated, not started."""
    table = new_table(ana)
    ben.post(f"/tables/{table}/join", {"invite": Table.objects.get(pk=table).invite})
    return table


def test_the_lobby_shows_the_commitment_and_a_seed_form(seated, ana):
    page = ana.get(f"/tables/{seated}").content.decode()
    commitment = Table.objects.get(pk=seated).next_commitment
    assert "Fair play: round 1 is committed to" in page and commitment in page
    assert 'class="seed-form" data-round="1"' in page
    assert '<input type="hidden" name="client_seed" value="">' in page  # the start's, for JS


def test_a_typed_seed_is_added_and_the_panel_says_so(seated, ben):
    answer = ben.post(f"/tables/{seated}/seed", {"round": "1", "client_seed": "my-own_seed"})
    assert answer.status_code == 302
    page = ben.get(f"/tables/{seated}").content.decode()
    assert "Your seed is added to the deal of round 1." in page
    assert "round 1 is committed to, with your seed" in page and "Seeds added so far: ben" in page
    assert Table.objects.get(pk=seated).next_seeds == {"1": "my-own_seed"}


def test_a_bad_seed_or_one_too_late_comes_back_as_a_sentence_and_changes_nothing(seated, ana,
                                                                               ben):
    ben.post(f"/tables/{seated}/seed", {"round": "1", "client_seed": "a b"})
    assert "may hold only the letters" in ben.get(f"/tables/{seated}").content.decode()
    ana.post(f"/tables/{seated}/start")
    ben.post(f"/tables/{seated}/seed", {"round": "1", "client_seed": "late"})
    assert "Round 1 has been dealt already: seeds go to round 2 now." in \
        ben.get(f"/tables/{seated}").content.decode()
    assert Table.objects.get(pk=seated).next_seeds == {}


def test_the_pages_script_is_answered_204_or_the_refusal_in_plain_words(seated, ben,
                                                                        make_person):
    answer = ben.post(f"/tables/{seated}/seed", {"round": "1", "client_seed": "c0ffee",
                                                 "auto": "1"})
    assert answer.status_code == 204
    refused = ben.post(f"/tables/{seated}/seed", {"round": "1", "client_seed": "x" * 65,
                                                  "auto": "1"})
    assert refused.status_code == 400 and b"1 to 64 characters" in refused.content
    outsider = make_person("olga").post(f"/tables/{seated}/seed", {
        "round": "1", "client_seed": "c0ffee", "auto": "1"})
    assert (outsider.status_code, outsider.content) == (403, b"You have no seat at this table.")
    assert Table.objects.get(pk=seated).next_seeds == {"1": "c0ffee"}


def test_the_hosts_seed_goes_with_the_start_and_the_game_shows_the_next_commitment(seated,
                                                                                  ana):
    assert ana.post(f"/tables/{seated}/start", {"client_seed": "f00d"}).status_code == 302
    assert Round.objects.get(table_id=seated, number=1).client_seeds == [
        {"seat": 0, "seed": "f00d"}]
    page = ana.get(f"/tables/{seated}").content.decode()
    assert "Fair play: round 2 is committed to" in page
    assert Table.objects.get(pk=seated).next_commitment in page
    assert "Round 1 was dealt with the seeds of ana." in page


def test_a_bad_seed_with_the_start_refuses_the_start(seated, ana):
    ana.post(f"/tables/{seated}/start", {"client_seed": "no way"})
    assert Table.objects.get(pk=seated).status == "waiting"
    assert "may hold only the letters" in ana.get(f"/tables/{seated}").content.decode()


def test_the_replay_names_whose_seeds_each_round_was_mixed_with(seated, ana, ben):
    ana.post(f"/tables/{seated}/start", {"client_seed": "f00d"})
    ben.post(f"/tables/{seated}/concede")  # two players: the game is over
    page = ana.get(f"/tables/{seated}/replay?step=0").content.decode()
    assert "mixed with the seeds of ana" in page
    assert "It checks out" in ana.get(f"/tables/{seated}/verify").content.decode()
