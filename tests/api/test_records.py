"""Fair play you can check (issue 13): the commitment shown from each deal, the seed revealed
when the round ends, a finished game's record, its verification and its import."""

from __future__ import annotations

import copy
import hashlib
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from play import play_to_the_end

from games.models import Move as MoveRow
from games.models import Round, Table
from games.rules import timeout_move
from games.service import play, records
from games.storage import reads

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

HEX64 = re.compile(r"^[0-9a-f]{64}$")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture
def started(host, make_player, make_table):
    """Ana and Bob at a table to 100 points (several rounds), dealt at random."""
    bob = make_player("bob")
    table = make_table([bob], players=2, scoring={"mode": "target", "target": 100})
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    return table, host, bob


@pytest.fixture
def finished(host, make_player, make_table):
    """A game of Ana and Bob to 100 points over several rounds, played to its end (each turn
    the timeout move, through the service: quicker than the API)."""
    bob = make_player("bob")
    users = [get_user_model().objects.get(pk=p.id) for p in (host, bob)]
    for _ in range(10):
        table = make_table([bob], players=2, scoring={"mode": "target", "target": 100})
        assert host.post(f"/api/tables/{table}/start").status_code == 200
        while (state := reads.load(table).state).status == "playing":
            play.make_move(table, users[state.turn], timeout_move(state))
        if state.round_number >= 2:
            return table, host, bob
    raise AssertionError("no game of several rounds in ten")


def test_the_state_shows_a_commitment_from_the_deal_and_no_seed_before_the_round_ends(started):
    table, ana, bob = started
    state = bob.state(table)
    assert HEX64.match(state["round"]["commitment"])
    assert state["round"]["seed"] is None and state["round"]["salt"] is None
    deal = ana.get(f"/api/tables/{table}/moves").json()["moves"][0]
    assert (deal["action"], deal["by"], deal["round"]) == ("deal", "dealer", 1)
    dealt = next(e for e in deal["events"] if e["kind"] == "dealt")
    assert dealt["commitment"] == state["round"]["commitment"]
    assert dealt["card"] == deal["card"] == state["round"]["discard"][0]


def test_each_rounds_seed_and_salt_are_revealed_when_it_ends_and_hash_to_its_commitment(
        finished):
    table, ana, bob = finished
    final = ana.state(table)
    for shown in (final["round"], final["last_round"]):
        assert shown["seed"] and shown["salt"]
        assert sha256(f"{shown['salt']}:{shown['seed']}") == shown["commitment"]
    record = bob.get(f"/api/games/{table}/record").json()
    assert record["fairness"] == "committed"
    assert [r["number"] for r in record["rounds"]] == list(range(1, final["round"]["number"] + 1))
    for r in record["rounds"]:
        assert sha256(f"{r['salt']}:{r['seed']}") == r["commitment"]
    # Seeds of different rounds are unrelated, and the table's secret is never shown.
    assert len({r["seed"] for r in record["rounds"]}) == len(record["rounds"])
    assert Table.objects.get(pk=table).secret not in json.dumps(record)


def test_every_round_after_the_first_is_dealt_in_an_entry_of_its_own(finished):
    table, ana, _ = finished
    log = ana.get(f"/api/tables/{table}/moves").json()["moves"]
    deals = [entry for entry in log if entry["action"] == "deal"]
    assert [d["round"] for d in deals] == list(range(1, len(deals) + 1))
    assert all(e["kind"] != "dealt" for entry in log if entry["action"] != "deal"
               for e in entry["events"])
    versions = [entry["version"] for entry in log]
    assert versions == sorted(set(versions))  # one entry per version


def test_a_finished_game_verifies_through_the_endpoint_and_the_command(finished, capsys):
    table, ana, _ = finished
    verdict = ana.get(f"/api/games/{table}/verify").json()
    assert (verdict["status"], verdict["ok"], verdict["problems"]) == ("verified", True, [])
    assert verdict["rounds"] >= 2
    call_command("verify_game", str(table))
    assert f"table {table}: verified" in capsys.readouterr().out


def test_the_record_round_trips_through_import(finished, tmp_path, capsys):
    table, ana, _ = finished
    record = ana.get(f"/api/games/{table}/record").json()
    assert (record["format"], record["version"]) == ("wild-cards-record", 2)
    assert [p["name"] for p in record["players"]] == ["ana", "bob"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    call_command("import_record", str(path))
    assert "verified" in capsys.readouterr().out
    verdict = records.check_record(json.loads(path.read_text()))
    assert verdict.ok
    # The replay's last state is the final state the table shows.
    last = verdict.states[-1]
    assert last.scores == [row["score"] for row in sorted(record["result"]["ranking"],
                                                          key=lambda r: r["seat"])]
    assert record["final"]["round"]["discard"] == ana.state(table)["round"]["discard"]
    call_command("export_record", str(table), "-o", str(tmp_path / "again.json"))
    assert json.loads((tmp_path / "again.json").read_text()) == record
    record["moves"][1]["seat"] = 1 - record["moves"][1]["seat"]  # someone else's move
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError, match="not verified"):
        call_command("import_record", str(path))
    path.write_text("{not json")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_record", str(path))


def tampered(record: dict, change) -> dict:
    copied = copy.deepcopy(record)
    change(copied)
    return copied


def test_verification_fails_on_a_tampered_seed_move_deal_or_draw(finished):
    table, ana, _ = finished
    record = ana.get(f"/api/games/{table}/record").json()
    assert records.check_record(record).ok
    moves = record["moves"]
    play = next(i for i, m in enumerate(moves) if m["action"] == "play")
    draw = next(i for i, m in enumerate(moves)
                if any(e["kind"] in ("drew", "took") and e.get("cards") for e in m["events"]))
    second_deal = next(i for i, m in enumerate(moves) if m["action"] == "deal" and m["round"] == 2)

    def seed(r):
        r["rounds"][0]["seed"] = r["rounds"][1]["seed"]

    def move(r):
        r["moves"][play]["card"] = "wild" if r["moves"][play]["card"] != "wild" else "flame-0"

    def deal(r):  # another starter for round 2
        r["moves"][second_deal]["card"] = "flame-0" if moves[second_deal]["card"] != "flame-0" \
            else "flame-1"

    def drawn(r):
        event = next(e for e in r["moves"][draw]["events"] if e.get("cards"))
        event["cards"][0] = "wild" if event["cards"][0] != "wild" else "flame-0"

    def commitment(r):
        r["rounds"][1]["commitment"] = sha256("something else")

    for change, says in ((seed, "do not hash"), (move, "does not replay"),
                         (deal, "does not replay"), (drawn, "does not replay"),
                         (commitment, "do not hash")):
        verdict = records.check_record(tampered(record, change))
        assert verdict.status == "failed", change.__name__
        assert any(says in problem for problem in verdict.problems), verdict.problems


def test_verify_game_fails_when_the_stored_game_was_tampered_with(finished):
    table, _, _ = finished
    first = Round.objects.get(table_id=table, number=1)
    first.seed = "0" * 64
    first.save()
    with pytest.raises(CommandError, match="not verified"):
        call_command("verify_game", str(table))
    first.refresh_from_db()


def test_verify_game_fails_when_a_stored_move_was_changed(finished):
    table, _, _ = finished
    row = MoveRow.objects.filter(table_id=table, action="play").order_by("version").first()
    row.card = "wild" if row.card != "wild" else "flame-0"
    row.save()
    with pytest.raises(CommandError, match="not verified"):
        call_command("verify_game", str(table))


def test_malformed_or_foreign_documents_are_refused_with_a_reason():
    for document in (None, [], {"format": "pgn"}, {"format": "wild-cards-record", "version": 9},
                     {"format": "wild-cards-record", "version": 1, "rounds": "x"}):
        verdict = records.check_record(document)
        assert verdict.status == "failed" and verdict.problems


def test_the_record_says_who_held_each_seat_in_each_round(host, make_player, make_table):
    """Bob hands his seat to a Hard bot after round 1: round 1 names him, round 2 the bot (Ana
    concedes in it); the game's `players` are the seats as the game ended."""
    bob = make_player("bob")
    table = make_table([bob], players=2, scoring={"mode": "target", "target": 500})
    host.post(f"/api/tables/{table}/start")
    assert host.post(f"/api/tables/{table}/seats/1/bot", {"level": "hard"}).json()["pending"]
    users = [get_user_model().objects.get(pk=player.id) for player in (host, bob)]
    while (state := reads.load(table).state).round_number == 1:
        play.make_move(table, users[state.turn], timeout_move(state))
    assert state.status == "playing"  # 500 points are not made in one round
    assert host.post(f"/api/tables/{table}/concede").status_code == 200
    record = host.get(f"/api/games/{table}/record").json()
    ana_seat = {"seat": 0, "name": "ana", "bot": None, "bot_account": False}
    assert [r["players"] for r in record["rounds"]] == [
        [ana_seat, {"seat": 1, "name": "bob", "bot": None, "bot_account": False}],
        [ana_seat, {"seat": 1, "name": "bob", "bot": "hard", "bot_account": False}]]
    assert record["players"] == record["rounds"][-1]["players"]
    assert host.get(f"/api/games/{table}/verify").json()["ok"]


def test_before_the_end_the_record_is_409_pointing_at_the_move_log(started):
    table, ana, _ = started
    for path in (f"/api/games/{table}/record", f"/api/games/{table}/verify"):
        response = ana.get(path)
        assert response.status_code == 409
        assert response.json()["code"] == "game-not-finished"
        assert f"/api/tables/{table}/moves" in response.json()["detail"]


def test_an_outsider_may_read_a_record_only_when_the_table_allowed_spectators(
        finished, make_player, host, make_table):
    table, _, _ = finished
    outsider = make_player("olga")
    response = outsider.get(f"/api/games/{table}/record")
    assert (response.status_code, response.json()["code"]) == (403, "not-seated")
    assert outsider.get("/api/games/999999/record").status_code == 404
    row = Table.objects.get(pk=table)
    row.settings = row.settings.replace(spectators=True)
    row.save(update_fields=["options"])
    assert outsider.get(f"/api/games/{table}/record").status_code == 200
    assert outsider.get(f"/api/games/{table}/verify").json()["status"] == "verified"


def test_a_rigged_game_says_so_in_its_record_and_still_replays(rigged_table, host):
    hands = [["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
             ["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wild", "wild-draw4"]]
    table, (ana, bob) = rigged_table(hands=hands, starter="wave-7")
    assert bob.state(table)["round"]["commitment"] is None  # nothing to commit to: chosen
    play_to_the_end([ana, bob], table, seed=2)
    record = ana.get(f"/api/games/{table}/record").json()
    assert record["fairness"] == "rigged" and len(record["deck_order"]) == 108
    verdict = ana.get(f"/api/games/{table}/verify").json()
    assert (verdict["status"], verdict["rigged"]) == ("verified", True)


def test_a_legacy_game_plays_on_and_its_record_says_it_cannot_be_verified(
        host, make_player, make_table):
    """A table made before commitments (no secret) is dealt from its int seed as before."""
    bob = make_player("bob")
    table = make_table([bob], players=2)
    Table.objects.filter(pk=table).update(secret="")
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    assert bob.state(table)["round"]["commitment"] is None
    MoveRow.objects.filter(table_id=table, action="deal").delete()  # old logs had no deal
    final = play_to_the_end([host, bob], table, seed=4)
    assert final["status"] == "finished"
    record = host.get(f"/api/games/{table}/record").json()
    assert record["fairness"] == "legacy"
    assert all(r["seed"] is None and r["commitment"] is None for r in record["rounds"])
    verdict = host.get(f"/api/games/{table}/verify").json()
    assert (verdict["status"], verdict["ok"]) == ("unverifiable", False)
