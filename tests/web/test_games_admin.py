"""The admin of tables, seats, rounds and moves: staff can look a game up by player or table
and read it, never change it, and never see a hand, the draw pile or the seed."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils.html import escape

from games.models import Hand, Move, Round, Seat, Table
from games.rules import Move as RulesMove
from games.service import lobby, play
from games.service.errors import Accepted

pytestmark = pytest.mark.django_db

User = get_user_model()
MODELS = ("table", "seat", "round", "move")


@pytest.fixture
def game():
    """Ana's table with Ben and a bot, started; Ben has conceded (a move in the log)."""
    ana = User.objects.create_user("ana", "ana@example.com", "a-long-passw0rd")
    ben = User.objects.create_user("ben", "ben@example.com", "a-long-passw0rd")
    table = lobby.create_table(ana, {"players": 3}).table
    lobby.join_table(table.pk, ben, table.invite)
    lobby.add_bot(table.pk, ana, "easy")
    lobby.start_game(table.pk, ana)
    assert isinstance(play.make_move(table.pk, ben, RulesMove("concede")), Accepted)
    return Table.objects.get(pk=table.pk)


@pytest.fixture
def other_table():
    cleo = User.objects.create_user("cleo", "cleo@example.com", "a-long-passw0rd")
    return lobby.create_table(cleo, {"players": 2}).table


@pytest.fixture
def staff() -> Client:
    """Someone on the staff allowed to view games, and nothing more."""
    user = User.objects.create_user("sam", "sam@example.com", "a-long-passw0rd", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(
        content_type__app_label="games", codename__in=[f"view_{model}" for model in MODELS]))
    browser = Client()
    browser.force_login(user)
    return browser


def secrets_of(table: Table) -> list[str]:
    """What no admin page may show: the hands' cards that are not face up anywhere (in the
    discard pile or the move log), the draw pile's order, the seed, the invite."""
    face_up = set(table.current_round.discard)
    face_up |= set(Move.objects.filter(table=table).exclude(card=None)
                   .values_list("card", flat=True))
    hidden = {card for hand in Hand.objects.filter(round__table=table) for card in hand.cards}
    draw_pile = json.dumps(table.current_round.draw_pile[:3])[1:-1]
    return [*sorted(hidden - face_up), draw_pile, escape(draw_pile), str(table.seed),
            table.invite]


def test_staff_read_every_page_of_a_game_and_no_secret_is_on_any(staff, game):
    round_row = game.current_round
    seat = Seat.objects.get(table=game, number=1)
    move = Move.objects.get(table=game, action="concede")
    pages = [f"/admin/games/{model}/" for model in MODELS]
    pages += [f"/admin/games/table/{game.pk}/change/", f"/admin/games/round/{round_row.pk}/change/",
              f"/admin/games/seat/{seat.pk}/change/", f"/admin/games/move/{move.pk}/change/"]
    hidden = secrets_of(game)
    assert len(hidden) > 10  # at least the hands' cards not face up

    for page in pages:
        response = staff.get(page)
        assert response.status_code == 200, page
        content = response.content.decode()
        for secret in hidden:
            assert secret not in content, (page, secret)
        for label in ("Draw pile", "Seed", "Deck order", "Invite", "Events", "Cards"):
            assert f">{label}:<" not in content, (page, label)

    table_page = staff.get(f"/admin/games/table/{game.pk}/change/").content.decode()
    assert "ben" in table_page and "Bot" in table_page  # the seats, inline
    assert 'name="_save"' not in table_page  # nothing to save: read only


def test_nothing_can_be_added_changed_or_deleted(staff, game):
    before = (Table.objects.count(), Round.objects.count(), game.version, game.status)

    assert staff.get("/admin/games/table/add/").status_code == 403
    assert staff.post("/admin/games/table/add/", {"players": 2}).status_code == 403
    assert staff.post(f"/admin/games/table/{game.pk}/change/",
                      {"status": "finished"}).status_code == 403
    assert staff.post(f"/admin/games/table/{game.pk}/delete/",
                      {"post": "yes"}).status_code == 403
    assert staff.post("/admin/games/table/", {"action": "delete_selected",
                                              "_selected_action": [game.pk]}).status_code in (
        200, 302, 403)

    game.refresh_from_db()
    assert (Table.objects.count(), Round.objects.count(), game.version, game.status) == before


def listed(staff: Client, model: str, **query) -> str:
    response = staff.get(f"/admin/games/{model}/", query)
    assert response.status_code == 200
    return response.content.decode()


def test_tables_are_found_by_player_and_by_number_and_filtered_by_status(staff, game,
                                                                          other_table):
    def tables_in(page: str) -> set[int]:
        return {pk for pk in (game.pk, other_table.pk)
                if f'href="/admin/games/table/{pk}/change/' in page}

    assert tables_in(listed(staff, "table", q="ben")) == {game.pk}
    assert tables_in(listed(staff, "table", q="cleo")) == {other_table.pk}
    assert tables_in(listed(staff, "table", q=str(other_table.pk))) == {other_table.pk}
    assert tables_in(listed(staff, "table", status__exact="playing")) == {game.pk}
    assert tables_in(listed(staff, "table", status__exact="waiting")) == {other_table.pk}
    assert tables_in(listed(staff, "table", q="no-such-player")) == set()


def test_seats_rounds_and_moves_are_found_by_player_and_by_table(staff, game, other_table):
    assert "ben" in listed(staff, "seat", q="ben")
    assert "cleo" not in listed(staff, "seat", q="ben")
    assert "cleo" in listed(staff, "seat", q=str(other_table.pk))
    round_link = f'href="/admin/games/round/{game.current_round_id}/change/'
    assert round_link in listed(staff, "round", q="ana")
    assert round_link not in listed(staff, "round", q="cleo")
    assert round_link in listed(staff, "round", q=str(game.pk), status__exact="playing")
    assert round_link not in listed(staff, "round", status__exact="won")
    conceded = Move.objects.get(table=game, action="concede")
    move_link = f'href="/admin/games/move/{conceded.pk}/change/'
    assert move_link in listed(staff, "move", q="ben")
    assert move_link not in listed(staff, "move", q="cleo")
    assert move_link in listed(staff, "move", q=str(game.pk), action__exact="concede")
