"""The replay page: a finished game step by step, every hand face up, with plain links."""

from __future__ import annotations

import re

import pytest
from replayed import finished_game

from games.models import Move as MoveRow
from games.models import Table
from games.rules import timeout_move
from games.service import lobby, play
from games.storage import reads

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(ana, ben) -> int:
    return finished_game(ana.user, ben.user, scoring="target", target=60)


def step_of(html: str) -> int:
    return int(re.search(r'<strong id="step">(\d+)</strong>', html).group(1))


def test_the_replay_starts_at_the_deal_and_steps_with_plain_links(ana, table):
    page = ana.get(f"/tables/{table}/replay").content.decode()
    assert step_of(page) == 0
    assert "a new round is dealt" in page.lower()  # (after a Wild Draw 4 sent back, if any)
    assert f'href="/tables/{table}/replay?step=1" rel="next"' in page
    page = ana.get(f"/tables/{table}/replay?step=1").content.decode()
    what = page.split('id="what"')[1][:200].lower()
    assert step_of(page) == 1 and "a new round is dealt" not in what
    entries = MoveRow.objects.filter(table_id=table).count()
    page = ana.get(f"/tables/{table}/replay?step=99999").content.decode()
    assert step_of(page) == entries - 1 and "Final ranking" in page
    assert ana.get(f"/tables/{table}/replay?step=nonsense").status_code == 400


def test_every_hand_shows_face_up_at_each_step(ana, table):
    page = ana.get(f"/tables/{table}/replay?step=0").content.decode()
    assert page.count('class="discard-all"') == 2
    assert page.count('class="card ') >= 7 + 7 + 1  # both hands dealt, and the starter


def test_the_finished_table_and_my_games_link_to_the_replay(ana, table):
    link = f"/tables/{table}/replay"
    assert link in ana.get(f"/tables/{table}").content.decode()
    assert link in ana.get("/").content.decode()


def test_an_outsider_may_not_replay_a_private_game(make_person, table):
    assert make_person("olga").get(f"/tables/{table}/replay").status_code == 403


def test_a_game_still_played_or_a_legacy_game_has_no_replay(ana, ben, table):
    game = lobby.create_table(ana.user, {"players": 2})
    lobby.join_table(game.table.pk, ben.user, game.table.invite)
    lobby.start_game(game.table.pk, ana.user)
    response = ana.get(f"/tables/{game.table.pk}/replay")
    assert response.status_code == 409 and "not over" in response.content.decode()
    Table.objects.filter(pk=table).update(secret="")  # as if made before commitments
    response = ana.get(f"/tables/{table}/replay")
    assert response.status_code == 409 and "cannot be replayed" in response.content.decode()


def test_each_round_of_the_replay_names_who_held_the_seats_then(ana, make_person):
    """Olga takes the bot's seat over after round 1: the replay calls seat 1 the bot in round 1
    and Olga in round 2, where Ana concedes."""
    olga = make_person("olga")
    game = lobby.create_table(ana.user, {"players": 2, "scoring": "target", "target": 500})
    table = game.table.pk
    lobby.add_bot(table, ana.user, "easy")
    lobby.start_game(table, ana.user)
    lobby.swap_seat(table, olga.user, 1, to_bot=False, invite=game.table.invite)
    while (state := reads.load(table).state).round_number == 1:
        if state.turn == 0:
            play.make_move(table, ana.user, timeout_move(state))
        else:
            play.play_bot_turns(table, reads.load(table).table.version)
    play.concede(table, ana.user)
    steps = MoveRow.objects.filter(table_id=table).count()
    first = ana.get(f"/tables/{table}/replay?step=1").content.decode()
    last = ana.get(f"/tables/{table}/replay?step={steps - 1}").content.decode()
    bot = "Bot Blaise (Easy)"
    table_part = [page.split("The log around this step")[0] for page in (first, last)]
    assert bot in table_part[0] and "olga" not in table_part[0]
    assert "olga" in table_part[1] and bot not in table_part[1]
    # The log names each entry's seats as they were in its round (what the bot did last in
    # round 1 depends on the deal: a play, a draw, a penalty taken, a skip...).
    assert re.search(rf"{re.escape(bot)} (played|drew|took|passed|is skipped|won)", last)
    assert "ana conceded" in last and "olga wins" in last
