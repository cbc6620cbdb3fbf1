"""Example bodies for the OpenAPI schema (docs/api.md's walkthrough, cut short): one for every
request and response of the games API. tests/api/test_schema.py checks each against its
schema, so they stay true to the service."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample

from games.rules.options import TableSettings, to_wire

TABLE = {
    "id": 1, "host": "ana", "status": "waiting",
    **to_wire(TableSettings(stacking=True, jump_in=True).settled().to_dict()),
    "seats": [{"seat": 0, "name": "ana", "bot": None, "state": "playing", "host": True,
               "pending": None, "bot_account": False},
              {"seat": 1, "name": "Normal bot 1", "bot": "normal", "state": "bot",
               "host": False, "pending": None, "bot_account": False}],
    "version": 2, "invite": "5RW-Tfi6DKBa", "created_at": "2026-11-30T12:51:21.734765Z",
}
LISTED_TABLE = {k: v for k, v in TABLE.items() if k != "invite"}  # not seated: no invite

STATE = {
    "table": 1, "version": 17, "status": "playing",
    "seats": [{"seat": 0, "name": "ana", "bot": None, "cards": 6, "score": 0,
               "state": "playing", "bot_account": False},
              {"seat": 1, "name": "Normal bot 1", "bot": "normal", "cards": 4, "score": 0,
               "state": "bot", "bot_account": False}],
    "round": {"number": 1, "dealer": 0, "turn": 0, "direction": "clockwise", "top": "wave-7",
              "color": "blue", "discard": ["sun-7", "wave-7"], "draw_pile": 79, "penalty": 0,
              "catchable": [], "turns_to_lose": [],
              "commitment": "5d41402abc4b2a76b9719d911017c592e3c1f3ac0e1e2c8f1d4b9bd5bd0bc4a1",
              "seed": None, "salt": None,
              "client_seeds": [{"seat": 0, "seed": "9f1c2e8a0b7d4c3f6e5a1b2c3d4e5f60"}],
              "deadline": "2026-12-01T10:00:00Z", "status": "playing",
              "winner": None, "points": None, "hands": None},
    "last_round": None,
    "you": {"seat": 0, "hand": ["flame-2", "flame-7", "wave-3", "wild"],
            "playable": ["flame-7", "wave-3", "wild"], "refusals": {"flame-2": "no-match"},
            "drawn": None, "actions": ["play", "draw", "concede"]},
    "ranking": None,
    "next_deal": None,  # a single round: no deal is to come (docs/fairness.md)
    "paused": False, "pause_votes": [], "vacations": [],
}

MOVE_LOG = {"moves": [
    {"version": 16, "round": 1, "seat": 1, "action": "draw", "card": None, "color": None,
     "target": None, "by": "bot", "at": "2026-11-30T12:52:03.120000Z",
     "events": [{"kind": "drew", "seat": 1, "count": 1}]},
    {"version": 17, "round": 1, "seat": 1, "action": "play", "card": "wave-7", "color": None,
     "target": None, "by": "bot", "at": "2026-11-30T12:52:04.500000Z",
     "events": [{"kind": "played", "seat": 1, "card": "wave-7"}]},
], "more": False}

MY_GAMES = [
    {"table": 2, "status": "playing", "seat": 2, "your_turn": True, "version": 20,
     "deadline": "2026-12-01T12:51:40.510537Z", "players": 8, "mode": "turn"},
    {"table": 1, "status": "finished", "seat": 0, "your_turn": False, "version": 42,
     "deadline": None, "players": 4, "mode": "turn"},
]


# A page's row: drf-spectacular makes it `results: [row]`, beside the pager's example `next`.
TABLES_PAGE = LISTED_TABLE
MY_GAMES_PAGE = MY_GAMES[0]
SWAP = {"pending": True, "table": {**TABLE, "status": "playing",
                                   "seats": [TABLE["seats"][0],
                                             {**TABLE["seats"][1], "pending": "person"}]}}


def example(name: str, value, **kwargs) -> OpenApiExample:
    return OpenApiExample(name, value=value, **kwargs)


def request(name: str, value) -> OpenApiExample:
    return OpenApiExample(name, value=value, request_only=True)


NEW_TABLE = request("Four players, stacking and jump-in", {
    "players": 4, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
    "options": {"stacking": True, "jump_in": True}, "scoring": {"mode": "single"}})
INVITE = request("The host's invite code", {"invite": "5RW-Tfi6DKBa"})
BOT = request("A Normal bot", {"level": "normal"})
TAKE_SEAT = request("A bot's seat, with the invite code", {"invite": "5RW-Tfi6DKBa"})
INVITE_BY_NAME = request("By username", {"to": "ben"})
INVITE_BY_ADDRESS = request("By email address", {"to": "cleo@example.com"})
INVITATION = {"id": 3, "to": "cleo@example.com", "created": "2026-12-04T17:02:11.482913Z",
              "used": None}
INVITATIONS = {"invitations": [
    {"id": 2, "to": "ben", "created": "2026-12-04T17:01:40.120551Z",
     "used": "2026-12-04T17:05:02.901377Z"},
    INVITATION]}
MOVES = [
    request("Play a card", {"action": "play", "card": "wave-3", "expected_version": 17}),
    request("Play a Wild, naming the color", {"action": "play", "card": "wild",
                                              "color": "red", "expected_version": 17}),
    request("Play a 7 under 7-0 at seat 2", {"action": "play", "card": "flame-7",
                                             "target": 2}),
    request("Draw", {"action": "draw", "expected_version": 17}),
    request("Choose the color after a Wild starter", {"action": "choose", "color": "green"}),
    request('Call "last card"', {"action": "call"}),
    request("Catch seat 1", {"action": "catch", "target": 1}),
]
