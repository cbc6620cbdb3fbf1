"""Nothing leaks: every response to every seat and to a spectator is scanned, over whole games.

A seat sees its own hand and nobody else's while a round is played (at a round's end every hand
is face up, which is allowed); nobody ever sees the draw pile's order or the seed; the move log
shows a drawn card only to the seat that drew it; nothing tells a seat who else could jump in.
"""

from __future__ import annotations

import json
import random

import pytest
from play import choose_move

from games.models import Hand, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

HOUSE_RULES = {"stacking": True, "seven_zero": True, "jump_in": True,
               "draw_until_playable": True}


# ------------------------------------------------------------------------ the scanner
def walk(value, path=()):
    """Every (path, value) in a JSON document, the document itself first."""
    yield path, value
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from walk(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from walk(inner, (*path, i))


class Secrets:
    """What the server knows and no response may tell, read from the rows at a moment."""

    def __init__(self, table_id: int) -> None:
        table = Table.objects.select_related("current_round").get(pk=table_id)
        self.seed = table.seed
        self.secret = table.secret  # the dealing secret: never shown
        current = table.current_round
        self.round_playing = current is not None and current.status == "playing"
        # The round's own seed is shown once the round has ended, never before.
        self.round_seed = current.seed if current is not None and self.round_playing else ""
        self.hands = {} if current is None else {
            hand.seat: hand.cards for hand in Hand.objects.filter(round=current)}
        pile = [] if current is None else current.draw_pile  # top card last
        self.pile_orders = [pile, pile[::-1]] if len(pile) >= 2 else []


def check_response(response, viewer_seat: int | None, table_id: int,
                   secrets: Secrets | None = None) -> None:
    """`viewer_seat` None: a spectator. Fails the test on any leak in this response.
    `secrets`: as read after the last move (read now when not given)."""
    if response.status_code == 304 or not response.content:
        return
    raw = response.content.decode()
    secrets = secrets or Secrets(table_id)
    assert str(secrets.seed) not in raw, "the seed leaked"
    assert not secrets.secret or secrets.secret not in raw, "the table's secret leaked"
    assert not secrets.round_seed or secrets.round_seed not in raw, "the round's seed leaked"
    body = json.loads(raw)
    others = [cards for seat, cards in secrets.hands.items()
              if seat != viewer_seat and len(cards) >= 2]
    for path, value in walk(body):
        if isinstance(value, dict):
            if "seed" in value:  # a round's, revealed once it has ended (docs/fairness.md)
                assert path in (("round",), ("last_round",)), f"a 'seed' key at {path}"
                assert value["seed"] is None or value["status"] != "playing", path
            assert "draw_order" not in value and "deck_order" not in value, path
            if "hand" in value:
                assert path == ("you",), f"a hand at {path}"
                assert value["seat"] == viewer_seat
                assert value["hand"] == secrets.hands.get(viewer_seat, value["hand"])
        if isinstance(value, list) and len(value) >= 2 and all(isinstance(v, str)
                                                                for v in value):
            assert value not in secrets.pile_orders, f"the draw pile's order at {path}"
            if secrets.round_playing and path[:1] != ("you",):
                assert value not in others, f"another seat's hand at {path}"
        if isinstance(value, dict) and value.get("kind") in ("drew", "took"):
            if "cards" in value:
                assert viewer_seat is not None and value.get("seat") == viewer_seat, (
                    f"seat {viewer_seat} sees the cards seat {value.get('seat')} drew")
            assert "count" in value
    if isinstance(body, dict) and "round" in body and body.get("round") is not None:
        if viewer_seat is None:
            assert "you" not in body, "a spectator got a `you`"
        if body["round"]["status"] == "playing":
            assert body["round"]["hands"] is None
        # Stored and loaded again move after move, reshuffles included, no card goes missing.
        in_hands = sum(seat["cards"] for seat in body["seats"])
        assert in_hands + body["round"]["draw_pile"] + len(body["round"]["discard"]) == 108


class Watched:
    """The people at one table and a spectator, every response of theirs scanned."""

    def __init__(self, table_id: int, players: list, spectator=None) -> None:
        self.id, self.players, self.spectator = table_id, players, spectator
        self.viewers = [(p, seat) for seat, p in enumerate(players)]
        if spectator is not None:
            self.viewers.append((spectator, None))
        self.seen = {seat: 0 for _, seat in self.viewers}  # the log read so far, by viewer
        self.responses = 0
        self.secrets = Secrets(table_id)  # nothing changes them but a move

    def get(self, who, path: str, seat: int | None):
        response = who.get(path)
        assert response.status_code in (200, 304), (path, response.content[:200])
        check_response(response, seat, self.id, self.secrets)
        self.responses += 1
        return response

    def look(self, everywhere: bool = False) -> None:
        """Each viewer reads the state and the moves it has not read yet; `everywhere` adds
        the table, the caller's games and the list of tables."""
        for who, seat in self.viewers:
            self.get(who, f"/api/tables/{self.id}/state", seat)
            log = self.get(who, f"/api/tables/{self.id}/moves?after={self.seen[seat]}", seat)
            self.seen[seat] = max([self.seen[seat], *(m["version"] for m in log.json()["moves"])])
            if everywhere:
                self.get(who, f"/api/tables/{self.id}", seat)
                self.get(who, "/api/games", seat)
                self.get(who, "/api/tables?status=playing", seat)

    def play_to_the_end(self, seed: int, max_moves: int = 3000) -> dict:
        rng = random.Random(seed)
        for n in range(max_moves):
            self.look(everywhere=n % 10 == 0)
            views = [self.get(p, f"/api/tables/{self.id}/state", seat).json()
                     for seat, p in enumerate(self.players)]
            if views[0]["status"] == "finished":
                return views[0]
            turn = views[0]["round"]["turn"]
            movers = [seat for seat, view in enumerate(views)
                      if seat != turn and "play" in view["you"]["actions"]]
            seat = movers[0] if movers and rng.random() < 0.5 else turn
            move = choose_move(views[seat]["you"], rng, len(self.players))
            response = self.players[seat].post(f"/api/tables/{self.id}/moves", move)
            assert response.status_code == 200, (move, response.content)
            self.secrets = Secrets(self.id)
            check_response(response, seat, self.id, self.secrets)
        raise AssertionError("the game did not end")


@pytest.fixture
def olga(make_player):
    return make_player("olga")


@pytest.mark.parametrize(("players", "body", "seed"), [
    (3, {"options": HOUSE_RULES}, 11),
    (2, {"scoring": {"mode": "target", "target": 60}}, 1),  # three rounds
], ids=["three-seats-every-house-rule", "two-seats-to-a-target"])
def test_no_response_to_any_seat_or_spectator_leaks_a_secret_over_a_whole_game(
        host, make_player, make_table, olga, settings, players, body, seed):
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True  # for a seeded deck: the same game each run
    others = [make_player() for _ in range(players - 1)]
    # A seed long enough that finding its digits in a response means it leaked.
    table_id = make_table(others, players=players, spectators=True, seed=987654321000 + seed,
                          **body)
    assert host.post(f"/api/tables/{table_id}/start").status_code == 200
    table = Watched(table_id, [host, *others], spectator=olga)
    final = table.play_to_the_end(seed)
    table.look(everywhere=True)
    assert final["status"] == "finished"
    assert final["round"]["hands"] is not None  # face up at the end: allowed
    assert table.responses > 100
    log = host.get(f"/api/tables/{table_id}/moves").json()["moves"]
    kinds = {event["kind"] for move in log for event in move["events"]}
    assert "drew" in kinds and "played" in kinds
    if body.get("scoring", {}).get("mode") == "target":
        assert final["round"]["number"] > 1 and final["last_round"] is not None


def test_the_seed_is_never_shown_even_to_the_host_of_a_rigged_table(host, rigged_table):
    hands = [["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
             ["flame-2", "flame-7", "sun-9", "leaf-5", "wave-3", "wild", "wild-draw4"]]
    table_id, players = rigged_table(hands=hands, starter="wave-7", seed=424242424242)
    for seat, player in enumerate(players):
        for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/state",
                     f"/api/tables/{table_id}/moves", "/api/games", "/api/tables?status=playing"):
            response = player.get(path)
            assert b"424242424242" not in response.content
            check_response(response, seat, table_id)


# ---------------------------------------------------------------------- the move log
# Starter wave-7, two seats: Bob (seat 1) holds nothing Blue or 7 and draws; then Ana (seat 0)
# holds nothing playable either and draws. The pile's top cards are sun-8 then leaf-8.
NOTHING_TO_PLAY = dict(
    hands=[["flame-1", "flame-3", "sun-3", "sun-4", "leaf-1", "leaf-2", "leaf-6"],
           ["flame-2", "flame-4", "sun-1", "sun-2", "leaf-3", "leaf-4", "leaf-5"]],
    starter="wave-7", draw=["sun-8", "leaf-8"],
)


def drew_events(player, table: int) -> list[dict]:
    log = player.get(f"/api/tables/{table}/moves").json()["moves"]
    return [event for move in log for event in move["events"] if event["kind"] == "drew"]


def test_the_log_shows_a_drawn_card_only_to_the_seat_that_drew_it(rigged_table, olga):
    table, (ana, bob) = rigged_table(**NOTHING_TO_PLAY, spectators=True)
    assert bob.move(table, "draw").status_code == 200
    assert ana.move(table, "draw").status_code == 200
    assert drew_events(bob, table) == [
        {"kind": "drew", "seat": 1, "cards": ["sun-8"], "count": 1},
        {"kind": "drew", "seat": 0, "count": 1},
    ]
    assert drew_events(ana, table) == [
        {"kind": "drew", "seat": 1, "count": 1},
        {"kind": "drew", "seat": 0, "cards": ["leaf-8"], "count": 1},
    ]
    assert drew_events(olga, table) == [
        {"kind": "drew", "seat": 1, "count": 1},
        {"kind": "drew", "seat": 0, "count": 1},
    ]
    for viewer in (ana, bob, olga):
        log = viewer.get(f"/api/tables/{table}/moves").json()["moves"]
        assert [(m["seat"], m["action"], m["card"]) for m in log] == [
            (0, "deal", "wave-7"), (1, "draw", None), (0, "draw", None)]


def test_the_log_shows_penalty_cards_only_to_the_seat_that_took_them(rigged_table, olga):
    # Bob plays wave-draw2 on wave-7: Ana (seat 0) takes sun-8 and leaf-8.
    hands = [NOTHING_TO_PLAY["hands"][0],
             ["flame-2", "flame-4", "sun-1", "sun-2", "leaf-3", "leaf-4", "wave-draw2"]]
    table, (ana, bob) = rigged_table(hands=hands, starter="wave-7", draw=["sun-8", "leaf-8"],
                                     spectators=True)
    assert bob.move(table, "play", "wave-draw2").status_code == 200

    def took(player):
        log = player.get(f"/api/tables/{table}/moves").json()["moves"]
        return [e for m in log for e in m["events"] if e["kind"] == "took"]

    assert took(ana) == [{"kind": "took", "seat": 0, "cards": ["sun-8", "leaf-8"], "count": 2}]
    assert took(bob) == [{"kind": "took", "seat": 0, "count": 2}]
    assert took(olga) == [{"kind": "took", "seat": 0, "count": 2}]
    assert "sun-8" in ana.state(table)["you"]["hand"]


def test_the_log_after_a_version_lists_only_later_moves(rigged_table):
    table, (ana, bob) = rigged_table(**NOTHING_TO_PLAY)
    version = ana.state(table)["version"]
    bob.move(table, "draw")
    ana.move(table, "draw")
    later = ana.get(f"/api/tables/{table}/moves?after={version + 1}").json()["moves"]
    assert [m["version"] for m in later] == [version + 2]
    assert ana.get(f"/api/tables/{table}/moves?after={version + 2}").json()["moves"] == []


# ------------------------------------------------------------------------ jump-ins
JUMP_HANDS = [
    ["flame-1", "flame-3", "sun-3", "sun-4", "leaf-7", "leaf-2", "leaf-6"],   # Ana
    ["flame-2", "flame-4", "sun-1", "sun-2", "wave-3", "leaf-4", "leaf-5"],   # Bob, to play
    ["flame-5", "flame-6", "sun-5", "sun-6", "leaf-8", "leaf-9", "wave-7"],   # Cy
]


def without_ids(view: dict) -> dict:
    view = json.loads(json.dumps(view))
    view.pop("table", None)
    if view.get("round"):
        view["round"].pop("deadline", None)
    for move in view.get("moves", []):
        move.pop("at", None)
    return view


def test_nobody_learns_which_other_seat_could_jump_in(host, make_player, rigged_table, olga):
    """Two tables alike but for Cy's hand: at one Cy holds the other wave-7 (the top card), at
    the other a wave-8. What Ana, Bob and a spectator see is the same at both."""
    bob, cy = make_player("bob"), make_player("cy")
    could, _ = rigged_table(hands=JUMP_HANDS, starter="wave-7", players=[bob, cy],
                            options={"jump_in": True}, spectators=True)
    cy_without = [*JUMP_HANDS[:2], [*JUMP_HANDS[2][:6], "wave-8"]]
    could_not, _ = rigged_table(hands=cy_without, starter="wave-7", players=[bob, cy],
                                options={"jump_in": True}, spectators=True)
    you = cy.state(could)["you"]
    assert you["playable"] == ["wave-7"] and you["actions"] == ["play", "concede"]
    you = cy.state(could_not)["you"]
    assert you["playable"] == [] and you["actions"] == ["concede"]
    for viewer in (host, bob, olga):
        for path in ("state", "moves"):
            at_could = viewer.get(f"/api/tables/{could}/{path}").json()
            at_could_not = viewer.get(f"/api/tables/{could_not}/{path}").json()
            assert without_ids(at_could) == without_ids(at_could_not), (viewer.name, path)
    # Ana holds a 7 of another color: her playable list is about her own hand (no jump-in),
    # and every card of hers is refused as not-your-turn.
    you = host.state(could)["you"]
    assert you["playable"] == [] and you["actions"] == ["concede"]
    assert set(you["refusals"].values()) == {"not-your-turn"}


def test_a_jump_in_is_played_by_the_seat_holding_the_identical_card(make_player, rigged_table):
    bob, cy = make_player("bob"), make_player("cy")
    table, (ana, bob, cy) = rigged_table(hands=JUMP_HANDS, starter="wave-7", players=[bob, cy],
                                         options={"jump_in": True})
    response = cy.move(table, "play", "wave-7")
    assert response.status_code == 200, response.content
    state = response.json()
    assert state["round"]["top"] == "wave-7" and state["round"]["turn"] == 0
    # Bob, whose turn it was, lost it: play goes on from Cy, clockwise, to Ana.
    log = ana.get(f"/api/tables/{table}/moves").json()["moves"]
    assert [(m["seat"], m["action"], m["card"]) for m in log] == [
        (0, "deal", "wave-7"), (2, "play", "wave-7")]
    assert bob.state(table)["you"]["actions"] == ["concede"]


# ---------------------------------------------------------------------- spectators
def test_a_table_with_spectators_shows_an_outsider_the_public_view(host, make_player,
                                                                   make_table, olga):
    bob = make_player("bob")
    table = make_table([bob], players=2, spectators=True)
    host.post(f"/api/tables/{table}/start")
    response = olga.get(f"/api/tables/{table}/state")
    assert response.status_code == 200
    view = response.json()
    assert "you" not in view
    assert [s["cards"] for s in view["seats"]] == [s["cards"] for s in host.state(table)["seats"]]
    check_response(response, None, table)
    log = olga.get(f"/api/tables/{table}/moves")
    assert log.status_code == 200
    check_response(log, None, table)
    for path, body in (("moves", {"action": "draw"}), ("concede", {})):
        refused = olga.post(f"/api/tables/{table}/{path}", body)
        assert (refused.status_code, refused.json()["code"]) == (403, "not-seated")


def test_a_table_without_spectators_shows_an_outsider_nothing(host, make_player, make_table,
                                                              olga):
    bob = make_player("bob")
    table = make_table([bob], players=2)
    host.post(f"/api/tables/{table}/start")
    version = host.state(table)["version"]
    for response in (olga.get(f"/api/tables/{table}/state"),
                     olga.get(f"/api/tables/{table}/state?since={version}"),
                     olga.get(f"/api/tables/{table}/state?since={version - 1}"),
                     olga.get(f"/api/tables/{table}/moves"),
                     olga.get(f"/api/tables/{table}/moves?after=0"),
                     olga.post(f"/api/tables/{table}/moves", {"action": "draw"}),
                     olga.post(f"/api/tables/{table}/concede")):
        assert response.status_code == 403, response.content
        assert response.json()["code"] == "not-seated"
        assert "hand" not in response.content.decode()


def test_since_the_current_version_is_304_with_an_empty_body(host, make_player, make_table,
                                                             olga):
    bob = make_player("bob")
    table = make_table([bob], players=2, spectators=True)
    host.post(f"/api/tables/{table}/start")
    version = host.state(table)["version"]
    for viewer in (host, bob, olga):
        unchanged = viewer.get(f"/api/tables/{table}/state?since={version}")
        assert unchanged.status_code == 304
        assert unchanged.content == b""
        older = viewer.get(f"/api/tables/{table}/state?since={version - 1}")
        assert older.status_code == 200
        assert older.json()["version"] == version
        assert viewer.get(f"/api/tables/{table}/state?since=0").status_code == 200


def test_since_before_the_start_and_after_a_move(host, make_player, make_table):
    bob = make_player("bob")
    table = make_table([bob], players=2)
    waiting = host.state(table)
    assert waiting["status"] == "waiting" and waiting["round"] is None
    assert host.get(f"/api/tables/{table}/state?since={waiting['version']}").status_code == 304
    host.post(f"/api/tables/{table}/start")
    assert host.get(f"/api/tables/{table}/state?since={waiting['version']}").status_code == 200
