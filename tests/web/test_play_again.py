"""Play again (issue 23): at a game's end a player gets a new table with the same settings and
the same bots, through the service (`games.service.again.play_again`) and the button on the
table's page.
The other people are not seated: each is invited to it, by email."""

from __future__ import annotations

import pytest
from replayed import finished_game

from games.models import Invitation, Seat, Table
from games.service import again, lobby, play
from games.service.errors import GameError
from notifications.models import Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

SETTINGS = {"players": 4, "mode": "realtime", "move_timer": "fast", "scoring": "target",
            "target": 300, "stacking": True, "seven_zero": True, "jump_in": True,
            "spectators": True}


def over_with_bots(host, **choices) -> int:
    """`host` and an Easy and a Hard bot; the host concedes and the bots play it out."""
    game = lobby.create_table(host, {"players": 3, "scoring": "single", **choices})
    table = game.table.pk
    lobby.add_bot(table, host, "easy")
    lobby.add_bot(table, host, "hard")
    lobby.start_game(table, host)
    play.concede(table, host)
    assert Table.objects.get(pk=table).status == Table.Status.FINISHED
    return table


def test_a_player_gets_a_new_table_with_the_same_settings_and_hosts_it(ana, ben):
    old = finished_game(ana.user, ben.user, **{**SETTINGS, "players": 2})
    new = again.play_again(old, ben.user)
    before, after = Table.objects.get(pk=old), new.table
    assert after.settings == before.settings  # every setting of the game, rated as well
    assert after.status == Table.Status.WAITING and after.host == ben.user
    assert after.invite != before.invite and not after.rigged
    assert [seat.user for seat in new.seats] == [ben.user]  # Ana is invited, not seated
    assert after.rated
    [invited] = Invitation.objects.filter(table=after)
    assert invited.user == ana.user and invited.used_at is None
    assert Notice.objects.filter(kind="invitation", user=ana.user, table=after).exists()


def test_the_same_bots_come_along_at_their_levels(ana):
    old = over_with_bots(ana.user, stacking=True)
    new = again.play_again(old, ana.user)
    seats = list(Seat.objects.filter(table=new.table).order_by("number"))
    assert [(s.user, s.bot_level) for s in seats] == [(ana.user, None), (None, "easy"),
                                                       (None, "hard")]
    assert new.table.players == 3 and new.table.settings.stacking
    # Bots made the old game unrated, not its host: the new one is rated once they leave.
    assert new.table.rated


def test_a_host_who_chose_an_unrated_game_gets_one_again(ana, ben):
    old = finished_game(ana.user, ben.user, rated=False)
    assert not again.play_again(old, ana.user).table.rated


def test_only_a_player_of_a_finished_game_plays_again(ana, ben, make_person):
    old = finished_game(ana.user, ben.user)
    with pytest.raises(GameError) as refused:
        again.play_again(old, make_person("cleo").user)
    assert refused.value.code == "not-seated"
    going = lobby.create_table(ana.user, {"players": 2}).table.pk
    lobby.add_bot(going, ana.user, "easy")
    lobby.start_game(going, ana.user)
    with pytest.raises(GameError) as refused:
        again.play_again(going, ana.user)
    assert refused.value.code == "game-not-finished"


def test_the_button_at_game_over_leads_to_the_new_tables_lobby(ana, ben):
    old = finished_game(ana.user, ben.user)
    page = ana.get(f"/tables/{old}").content.decode()
    assert f'action="/tables/{old}/again"' in page and "Play again" in page
    response = ana.post(f"/tables/{old}/again")
    new = Table.objects.exclude(pk=old).get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{new.pk}"
    lobby_page = ana.get(response["Location"]).content.decode()
    assert "Waiting for players" in lobby_page and "same settings and bots" in lobby_page
