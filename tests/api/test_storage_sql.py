"""The hot paths read and write rows with SQL written once (games.storage.sql), or with the
plain ORM behind the switch: either way, what they read must be what the ORM reads, and what
they write what the ORM reads back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Hand, Round, Seat, Table
from games.models import Move as MoveRow
from games.storage import sql
from games.storage.follow_reads import table_and_seat
from games.storage.log_reads import LOG_FIELDS, last_log_entries, log_entries, log_entry
from games.storage.reads import NoSuchTable, load, load_game, load_table
from notifications.models import Notice
from notifications.preferences import wants


@pytest.fixture(autouse=True, params=[sql.PREPARED, sql.ORM])
def storage_sql(request, settings):
    """Every test here runs with the hand-written statements and with the plain ORM."""
    settings.WILDCARDS_STORAGE_SQL = request.param
    return request.param


def fields_of(instance) -> dict:
    return {field.attname: getattr(instance, field.attname)
            for field in type(instance)._meta.concrete_fields}


@pytest.fixture
def played(make_player, make_table, host):
    """A started 3-player table after a few moves, so that JSON fields, dates and the history
    hold something."""
    import random

    from play import choose_move

    others = [make_player(), make_player()]
    table = make_table(others=others, players=3)
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    rng = random.Random(3)
    players = [host, *others]
    for _ in range(6):
        state = host.state(table)
        mover = next(p for p in players if p.state(table)["you"]["seat"] == state["round"]["turn"])
        view = mover.state(table)
        move = choose_move(view["you"], rng, 3)
        assert mover.post(f"/api/tables/{table}/moves", move).status_code == 200
    return table


def test_a_move_saved_between_the_two_reads_of_a_table_is_read_whole(played):
    """The table row is read first, the seats and the round by a later statement: a move saved
    in between would leave the version a move must name behind the round shown ("your turn",
    then "someone moved first"). The table is read again, so both agree."""
    from games.rules import timeout_move
    from games.service import play

    table = load_table(played)
    game = load(played)
    user = game.seats[game.state.turn].user
    play.make_move(played, user, timeout_move(game.state))  # saved between the two reads
    torn = load_game(table)
    assert torn.table.version == table.version + 1 == Table.objects.get(pk=played).version
    assert torn.state == load(played).state


def test_loading_a_table_reads_what_the_orm_reads(played):
    game = load(played)
    assert fields_of(game.table) == fields_of(Table.objects.get(pk=played))
    orm_seats = Seat.objects.filter(table_id=played).select_related("user").order_by("number")
    assert [fields_of(s) for s in game.seats] == [fields_of(s) for s in orm_seats]
    assert [fields_of(s.user) for s in game.seats] == [fields_of(s.user) for s in orm_seats]
    assert fields_of(game.round) == fields_of(Round.objects.get(pk=game.table.current_round_id))
    orm_hands = Hand.objects.filter(round_id=game.round.pk).order_by("seat")
    assert [fields_of(h) for h in game.hands] == [fields_of(h) for h in orm_hands]
    assert game.round.deadline_at is not None and game.round.draw_pile  # not all blanks
    assert all(hand.round is game.round for hand in game.hands)
    assert not game.table._state.adding and game.table._state.db == "default"


def test_a_bot_seat_loads_without_a_user(make_table, host):
    table = make_table(players=2)
    assert host.post(f"/api/tables/{table}/bots", {"level": "easy"}).status_code in (200, 201)
    game = load(table)  # not dealt yet: no round to read
    assert [seat.user for seat in game.seats] == [Seat.objects.get(table_id=table, number=0)
                                                  .user, None]
    assert game.round is None and game.state is None


def test_the_seats_alone_leave_the_round_out(played):
    game = load_game(load_table(played), with_round=False)
    assert len(game.seats) == 3 and game.round is None and game.state is None


def test_the_players_email_preferences_come_with_the_table(played, host,
                                                           django_assert_num_queries):
    host.client.patch("/api/me/notifications", {"turn_emails": False}, format="json")
    game = load(played)
    with django_assert_num_queries(0):  # the seats' users carry their preferences
        wanted = [wants(seat.user, Notice.Kind.YOUR_TURN) for seat in game.seats]
    assert wanted == [False, True, True]  # the others have no row: the defaults


def test_a_reopening_stream_reads_the_table_and_the_seat_number_as_the_orm_does(
        played, make_player):
    seats = {seat.user_id: seat.number for seat in Seat.objects.filter(table_id=played)}
    for user_id, number in [*seats.items(), (make_player().id, None)]:
        table, seat = table_and_seat(played, user_id)
        assert seat == number
        assert fields_of(table) == fields_of(Table.objects.get(pk=played))


def test_the_move_log_reads_what_the_orm_reads(played):
    table = load_table(played)
    every = [log_entry(row) for row in MoveRow.objects.filter(table=table)
             .order_by("version").values(*LOG_FIELDS)]
    assert len(every) >= 6
    assert log_entries(table, every[1]["version"], 3) == every[2:5]
    assert log_entries(table, every[-1]["version"], 3) == []
    assert last_log_entries(table, 3) == every[:-4:-1]


def test_an_unknown_table_is_not_found(db):
    with pytest.raises(NoSuchTable):
        load(987654321)
    with pytest.raises(NoSuchTable):
        table_and_seat(987654321, 1)


def test_updates_write_what_the_orm_reads_back(played):
    game = load(played)
    round_row = game.round
    round_row.turn, round_row.color, round_row.drawn = 2, None, "wild"
    round_row.draw_pile = ["wave-1", "sun-2"]
    round_row.deadline_at = timezone.now() + timedelta(hours=3)
    batch = sql.Batch()
    sql.update([round_row], ["turn", "color", "drawn", "draw_pile", "deadline_at"], batch)
    for i, hand in enumerate(game.hands):
        hand.cards = [f"leaf-{i}"]
    sql.update(game.hands, ["cards"], batch)  # several rows
    batch.run()
    assert fields_of(Round.objects.get(pk=round_row.pk)) == fields_of(round_row)
    assert [h.cards for h in Hand.objects.filter(round=round_row).order_by("seat")] == [
        ["leaf-0"], ["leaf-1"], ["leaf-2"]]


def test_a_token_of_a_deactivated_account_is_refused(host, played):
    get_user_model().objects.filter(pk=host.id).update(is_active=False)
    response = host.get(f"/api/tables/{played}/state")
    assert response.status_code == 401
    assert response.json()["code"] == "not-authenticated"
    assert response.json()["detail"] == "User inactive or deleted."


def test_an_unknown_token_is_refused(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef0123456789abcdef01234567")
    response = client.get("/api/me")
    assert response.status_code == 401
    assert response.json()["detail"] == "Invalid token."


def _prepared_statements() -> list[str]:
    """The statements PostgreSQL holds prepared on the test's connection."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE NOT from_sql")
        return [text for (text,) in cursor.fetchall()]


def test_the_hot_reads_are_prepared_and_planned_once(played, host):
    """A table's seats and a token's owner are statements PostgreSQL prepares (psycopg does
    from a statement's fifth use on a connection): then they run by name, with the plan made
    once, and read what they read before."""
    from django.db import connection

    if connection.vendor != "postgresql" or not sql.prepared():
        pytest.skip("the hand-written statements, prepared by PostgreSQL")
    first = load(played)
    for _ in range(5):
        again = load(played)
        assert host.get("/api/me").status_code == 200
    prepared = _prepared_statements()
    assert any('FROM "games_seat" s' in text for text in prepared)
    assert any('FROM "accounts_apitoken" k' in text for text in prepared)
    assert any('FROM "games_table" t WHERE t.id = $1' in text for text in prepared)
    assert [fields_of(s) for s in again.seats] == [fields_of(s) for s in first.seats]
    assert fields_of(again.round) == fields_of(first.round)


def test_statements_read_together_see_each_others_writes(played):
    """Statements sent together (one round trip on PostgreSQL) run in order, each seeing what
    the one before it did."""
    from django.db import transaction

    with transaction.atomic():
        found = sql.fetch_all([
            ("UPDATE games_table SET version = version + 1 WHERE id = %s", [played]),
            ("SELECT version FROM games_table WHERE id = %s", [played]),
            ("SELECT CAST(%s AS INTEGER) + 1", [1])])
        transaction.set_rollback(True)
    assert found[0] == []
    assert found[1] == [(load_table(played).version + 1,)]
    assert found[2] == [(2,)]


def test_a_batchs_writes_are_prepared_and_planned_once(played):
    """A move's writes (the round, the hands) are statements PostgreSQL prepares from their
    second use on a connection, as the hot reads are, and write what they wrote before."""
    from django.db import connection

    if connection.vendor != "postgresql" or not sql.prepared():
        pytest.skip("the hand-written statements, prepared by PostgreSQL")
    game = load(played)
    for turn in (2, 1):  # the same writes twice: prepared at the second
        game.round.turn = turn
        batch = sql.Batch()
        sql.update([game.round], ["turn"], batch)
        sql.update(game.hands, ["cards"], batch)
        batch.run()
    prepared = _prepared_statements()
    assert any(text.startswith('UPDATE "games_round" SET "turn" = $1') for text in prepared)
    assert any(text.startswith('UPDATE "games_hand" SET "cards" = $1') for text in prepared)
    assert Round.objects.get(pk=game.round.pk).turn == 1


def test_a_batch_runs_in_order_and_stops_at_the_first_write_that_fails(played):
    """Each write sees the one before it; the one that fails raises, the rest do not run, and
    its transaction keeps nothing of it; a last statement's rows come back."""
    from django.db import IntegrityError, transaction

    version = load_table(played).version
    update = "UPDATE games_table SET version = version + 1 WHERE id = %s"
    batch = sql.Batch()
    batch.add(update, [played])
    batch.add(update, [played])
    assert batch.run("SELECT version FROM games_table WHERE id = %s", [played]) == [
        (version + 2,)]
    batch.add(update, [played])
    batch.add("UPDATE games_table SET players = NULL WHERE id = %s", [played])
    batch.add(update, [played])
    with pytest.raises(IntegrityError), transaction.atomic():
        batch.run()
    assert load_table(played).version == version + 2
    assert batch.run() == []  # nothing held after a failure
