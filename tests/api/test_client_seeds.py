"""The players' seeds (issue 28, docs/fairness.md): the commitment to the next deal is shown
before it; each seated person adds a seed of their own (the host's may come with the start,
anyone's through POST /api/tables/{id}/seed); the round is dealt from the server's seed mixed
with them; the record lists them. Bad seeds and seeds at the wrong moment are refused, with a
code and a sentence, and change nothing."""

from __future__ import annotations

import hashlib
import hmac
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Table
from games.rules import rules_for, timeout_move
from games.rules.fairness import round_seed
from games.service import play
from games.storage import reads

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

HEX64 = re.compile(r"^[0-9a-f]{64}$")
SEED = "4b1f0e9c2d7a8b3e6f5c4d3e2f1a0b9c"


def seed_for(player, table: int, round_number: int, seed: str = SEED):
    return player.post(f"/api/tables/{table}/seed",
                       {"round": round_number, "client_seed": seed})


@pytest.fixture
def bob(make_player):
    return make_player("bob")


@pytest.fixture
def to_200(host, bob, make_table):
    """Ana and Bob seated at a table to 200 points, not started."""
    return make_table([bob], players=2, scoring={"mode": "target", "target": 200})


def users_of(*players):
    return [get_user_model().objects.get(pk=p.id) for p in players]


def play_out_the_round(table: int, people) -> dict:
    """Timeout moves until the round being played ends (the next is dealt): the state after."""
    number = reads.load(table).state.round_number
    while (state := reads.load(table).state).round_number == number and \
            state.status == "playing":
        play.make_move(table, people[state.turn], timeout_move(state))
    return state


def test_a_waiting_table_shows_the_commitment_to_its_first_deal(to_200, host, bob):
    state = bob.state(to_200)
    assert state["status"] == "waiting"
    coming = state["next_deal"]
    assert (coming["round"], coming["seeded"]) == (1, [])
    assert HEX64.match(coming["commitment"])
    table = Table.objects.get(pk=to_200)
    server = round_seed(table.secret, 1)
    assert hashlib.sha256(f"{table.next_salt}:{server}".encode()).hexdigest() == \
        coming["commitment"]


def test_the_first_deal_mixes_the_seeds_added_before_and_with_the_start(to_200, host, bob):
    committed = bob.state(to_200)["next_deal"]["commitment"]
    answer = seed_for(bob, to_200, 1, "b0b")
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"round": 1, "seat": 1, "client_seed": "b0b", "next_deal": {
        "round": 1, "commitment": committed, "seeded": [1]}}
    version = host.state(to_200)["version"]
    assert version == Table.objects.get(pk=to_200).version  # a seed changes no version
    started = host.post(f"/api/tables/{to_200}/start", {"client_seed": SEED})
    assert started.status_code == 200, started.content
    dealt = started.json()["round"]
    assert dealt["commitment"] == committed  # the one shown before the seeds came
    assert dealt["client_seeds"] == [{"seat": 0, "seed": SEED}, {"seat": 1, "seed": "b0b"}]
    # docs/fairness.md's derivation deals what the table dealt.
    table = Table.objects.get(pk=to_200)
    server = round_seed(table.secret, 1)
    mixed = hmac.new(server.encode(), f"0:{SEED},1:b0b".encode(), hashlib.sha256).hexdigest()
    order = rules_for("classic").deck.full()
    random.Random(f"{mixed}:0").shuffle(order)
    codes = rules_for("classic").deck.codes
    # Seat 1 is dealt to first, seat 0 second (a Draw Two starter would make seat 1 take).
    assert started.json()["you"]["hand"] == [codes[c] for c in sorted(order[1:14:2])]


def test_the_next_rounds_seeds_are_added_while_a_round_is_played(to_200, host, bob):
    assert host.post(f"/api/tables/{to_200}/start").status_code == 200
    coming = bob.state(to_200)["next_deal"]
    assert (coming["round"], coming["seeded"]) == (2, [])
    assert seed_for(bob, to_200, 2, "first").status_code == 200
    assert seed_for(bob, to_200, 2, "second").json()["next_deal"]["seeded"] == [1]  # replaced
    assert seed_for(host, to_200, 2, "ana2").status_code == 200
    state = play_out_the_round(to_200, users_of(host, bob))
    shown = bob.state(to_200)
    assert shown["round"]["number"] == 2 == state.round_number
    assert shown["round"]["commitment"] == coming["commitment"]
    assert shown["round"]["client_seeds"] == [{"seat": 0, "seed": "ana2"},
                                              {"seat": 1, "seed": "second"}]
    assert shown["next_deal"]["round"] == 3 and shown["next_deal"]["seeded"] == []
    # Round 1 ended: its seeds and its server's seed are shown.
    assert shown["last_round"]["client_seeds"] == [] and shown["last_round"]["seed"]
    # A seed for round 2 now comes too late; one for round 4 too early.
    late = seed_for(bob, to_200, 2)
    assert (late.status_code, late.json()["code"]) == (409, "seed-too-late")
    assert late.json()["detail"] == "Round 2 has been dealt already: seeds go to round 3 now."
    assert late.json()["fields"] == {"round": [late.json()["detail"]]}
    early = seed_for(bob, to_200, 4)
    assert (early.status_code, early.json()["code"]) == (409, "seed-too-early")


def test_the_record_lists_the_players_seeds_and_verifies(to_200, host, bob):
    assert host.post(f"/api/tables/{to_200}/start", {"client_seed": "a1"}).status_code == 200
    seed_for(bob, to_200, 2, "zz")
    people = users_of(host, bob)
    while reads.load(to_200).state.status == "playing":
        play_out_the_round(to_200, people)
    record = host.get(f"/api/games/{to_200}/record").json()
    assert record["version"] == 2
    assert record["rounds"][0]["client_seeds"] == [{"seat": 0, "seed": "a1"}]
    if len(record["rounds"]) > 1:
        assert record["rounds"][1]["client_seeds"] == [{"seat": 1, "seed": "zz"}]
    assert host.get(f"/api/games/{to_200}/verify").json()["ok"]
    assert host.state(to_200)["next_deal"] is None  # nothing more to deal


@pytest.mark.parametrize(("seed", "says"), [
    ("x" * 65, "A client seed is 1 to 64 characters long; this one has 65."),
    ("", "A client seed is 1 to 64 characters long; this one has 0."),
    ("a b", "A client seed may hold only the letters A to Z and a to z, the digits 0 to 9, "
            "'-' and '_'."),
    ("0:a", "A client seed may hold only"),
    (12345, "Send a string."),
    (None, "Send a string."),
])
def test_a_bad_seed_is_refused_400_with_a_sentence_and_changes_nothing(to_200, host, bob, seed,
                                                                      says):
    for answer in (seed_for(bob, to_200, 1, seed),
                   host.post(f"/api/tables/{to_200}/start", {"client_seed": seed})):
        assert answer.status_code == 400, answer.content
        body = answer.json()
        assert body["code"] == "invalid" and body["detail"].startswith(f"client_seed: {says}")
        assert body["fields"]["client_seed"][0].startswith(says)
    table = Table.objects.get(pk=to_200)
    assert (table.status, table.next_seeds) == ("waiting", {})


def test_a_seed_without_its_round_is_refused(to_200, bob):
    answer = bob.post(f"/api/tables/{to_200}/seed", {"client_seed": SEED})
    assert answer.status_code == 400 and "round" in answer.json()["fields"]


def test_someone_without_a_seat_may_not_add_a_seed(to_200, make_player):
    answer = seed_for(make_player("olga"), to_200, 1)
    assert (answer.status_code, answer.json()["code"]) == (403, "not-seated")
    assert seed_for(make_player("pia"), 999999, 1).status_code == 404


def test_a_rigged_table_takes_no_seeds_at_the_start_nor_after(rigged_table, host):
    hands = [["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
             ["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wild", "wild-draw4"]]
    table, (ana, bob) = rigged_table(hands=hands, starter="wave-7", start=False,
                                     scoring={"mode": "target", "target": 200})
    assert ana.state(table)["next_deal"] is None
    for answer in (seed_for(bob, table, 1),
                   ana.post(f"/api/tables/{table}/start", {"client_seed": SEED})):
        assert (answer.status_code, answer.json()["code"]) == (409, "seeds-not-taken")
        assert "chosen deck" in answer.json()["detail"]
    assert Table.objects.get(pk=table).status == "waiting"  # the start was refused whole
    assert ana.post(f"/api/tables/{table}/start").status_code == 200
    assert ana.state(table)["next_deal"] is None and ana.state(table)["round"]["client_seeds"] == []


def test_a_single_round_game_takes_seeds_for_its_deal_only(host, bob, make_table):
    table = make_table([bob], players=2)
    assert seed_for(bob, table, 1).status_code == 200
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    assert host.state(table)["next_deal"] is None
    answer = seed_for(bob, table, 2)
    assert (answer.status_code, answer.json()["code"]) == (409, "seed-too-late")
    assert "single round" in answer.json()["detail"]


def test_a_finished_game_or_a_seat_that_left_takes_no_seed(host, bob, make_player, make_table):
    cleo = make_player("cleo")
    table = make_table([bob, cleo], players=3, scoring={"mode": "target", "target": 500})
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    assert bob.post(f"/api/tables/{table}/concede").status_code == 200
    answer = seed_for(bob, table, 2)
    assert (answer.status_code, answer.json()["code"]) == (409, "game-not-playing")
    assert host.post(f"/api/tables/{table}/concede").status_code == 200  # cleo wins
    answer = seed_for(cleo, table, 2)
    assert (answer.status_code, answer.json()["code"]) == (409, "seed-too-late")
    assert answer.json()["detail"] == "The game is over: no deal is to come."


def test_a_seat_given_back_before_the_deal_takes_its_seed_away(host, bob, make_player,
                                                              make_table):
    cleo = make_player("cleo")
    table = make_table([bob, cleo], players=3)
    seed_for(bob, table, 1, "bob1")
    seed_for(cleo, table, 1, "cleo1")
    assert bob.post(f"/api/tables/{table}/leave").status_code == 200
    assert Table.objects.get(pk=table).next_seeds == {"1": "cleo1"}  # cleo moved up to seat 1
    assert host.post(f"/api/tables/{table}/start").json()["round"]["client_seeds"] == [
        {"seat": 1, "seed": "cleo1"}]


def test_adding_a_seed_takes_a_few_queries(to_200, bob):
    """The token, the table (locked) and its seats with the round and hands (two statements in
    one query), and one write."""
    with CaptureQueriesContext(connection) as context:
        assert seed_for(bob, to_200, 1).status_code == 200
    queries = [q["sql"] for q in context.captured_queries
               if not q["sql"].upper().startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))]
    assert len(queries) == 3, queries

