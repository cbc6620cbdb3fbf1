"""Every API error is JSON {code, detail} with the right status: never an HTML page, never a 500
for bad input. Table options, move bodies and sign-ups are validated with 400s that name the
field."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle
from rigged import FULL_DECK

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]

NO_SUCH_TABLE = 987654


def assert_error(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert isinstance(body, dict), body
    assert isinstance(body.get("code"), str) and body["code"], body
    assert isinstance(body.get("detail"), str) and body["detail"], body
    if code is not None:
        assert body["code"] == code, body
    return body


@pytest.fixture
def bob(make_player):
    return make_player("bob")


@pytest.fixture
def anonymous():
    return APIClient()


# ------------------------------------------------------------------------ not found
TABLE_ROUTES = [
    ("get", "/api/tables/{id}"),
    ("delete", "/api/tables/{id}"),
    ("get", "/api/tables/{id}/state"),
    ("get", "/api/tables/{id}/state?since=3"),
    ("get", "/api/tables/{id}/moves"),
    ("post", "/api/tables/{id}/moves"),
    ("post", "/api/tables/{id}/join"),
    ("post", "/api/tables/{id}/leave"),
    ("post", "/api/tables/{id}/bots"),
    ("post", "/api/tables/{id}/start"),
    ("post", "/api/tables/{id}/concede"),
    ("post", "/api/tables/{id}/seats/1/bot"),
    ("post", "/api/tables/{id}/seats/1/person"),
]
VALID_BODIES = {
    "/moves": {"action": "draw"}, "/join": {"invite": "abc"}, "/bots": {"level": "easy"},
    "/bot": {"level": "easy"}, "/person": {"invite": "abc"},
}


def _body_for(path: str) -> dict:
    return next((body for end, body in VALID_BODIES.items() if path.endswith(end)), {})


@pytest.mark.parametrize("table_id", [NO_SUCH_TABLE, 99999999999999999999999],
                         ids=["unknown", "beyond-bigint"])
def test_an_unknown_table_is_404_json_on_every_route(host, table_id):
    for method, path in TABLE_ROUTES:
        url = path.format(id=table_id)
        response = getattr(host.client, method)(url, _body_for(url), format="json")
        assert response.status_code == 404, (method, url)
        assert_error(response, 404, "not-found")


@pytest.mark.parametrize("path", ["/api/nothing", "/api/tables/abc", "/api/tables/1/nothing",
                                  "/api/tables/-1", "/api/tables/1/seats/x/bot", "/api/"])
def test_an_unknown_address_under_api_is_404_json(host, path):
    assert_error(host.get(path), 404, "not-found")
    assert_error(host.post(path, {}), 404, "not-found")


def test_a_seat_number_that_is_not_taken_is_404(host, make_table):
    table = make_table(players=4)
    assert_error(host.post(f"/api/tables/{table}/seats/3/bot", {"level": "easy"}), 404)
    assert_error(host.post(f"/api/tables/{table}/seats/99999999999999999999/bot", {}), 404)


# ------------------------------------------------------------------ authentication
AUTHENTICATED_ROUTES = [
    ("get", "/api/me"), ("get", "/api/games"), ("get", "/api/tables"),
    ("post", "/api/tables"), ("get", "/api/tables/1"), ("get", "/api/tables/1/state"),
    ("get", "/api/tables/1/moves"), ("post", "/api/tables/1/moves"),
    ("post", "/api/tables/1/join"), ("post", "/api/tables/1/start"),
    ("post", "/api/tables/1/concede"),
]


def test_without_credentials_every_route_but_sign_up_and_token_is_401(anonymous):
    for method, path in AUTHENTICATED_ROUTES:
        response = getattr(anonymous, method)(path, {}, format="json")
        assert response.status_code == 401, (method, path)
        assert_error(response, 401, "not-authenticated")
        assert response["WWW-Authenticate"].startswith("Token")


def test_a_wrong_token_is_401(anonymous):
    for header in ("Token not-a-real-token", "Token ", "Bearer abc", "Token a b",
                   "Basic Zm9vOmJhcg=="):
        anonymous.credentials(HTTP_AUTHORIZATION=header)
        response = anonymous.get("/api/me")
        assert response.status_code == 401, header
        assert_error(response, 401, "not-authenticated")


@pytest.mark.parametrize("keyword", ["Token", "Bearer", "bearer", "TOKEN"])
def test_the_token_is_taken_after_either_keyword_token_or_bearer(host, anonymous, keyword):
    anonymous.credentials(HTTP_AUTHORIZATION=f"{keyword} {host.token}")
    assert anonymous.get("/api/me").json()["username"] == "ana"


def test_a_token_from_the_token_endpoint_works_and_retires_the_one_from_sign_up(host,
                                                                               anonymous):
    response = anonymous.post("/api/auth/token",
                              {"username": "ana", "password": "a-long-passw0rd"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {"token": response.json()["token"], "expires": None}
    assert response.json()["token"] != host.token
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert anonymous.get("/api/me").json()["username"] == "ana"
    assert_error(host.get("/api/me"), 401, "not-authenticated")


def test_me_is_the_callers_account_with_notification_preferences(host):
    response = host.get("/api/me")
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == host.id
    assert body["username"] == "ana"
    assert body["email"] == "ana@example.com"
    assert "password" not in body
    assert body["notifications"] == host.get("/api/me/notifications").json()
    assert set(body["notifications"]) == {
        "turn_emails", "reminder_emails", "game_over_emails", "unsubscribed_all", "daily_digest",
        "time_zone", "quiet_hours_start", "quiet_hours_end", "muted_tables"}
    host.client.patch("/api/me/notifications", {"reminder_emails": False}, format="json")
    assert host.get("/api/me").json()["notifications"]["reminder_emails"] is False


# ------------------------------------------------------------------ malformed bodies
def test_malformed_json_is_400_parse_error(host, make_table):
    table = make_table()
    for path in ("/api/tables", "/api/tables/{id}/moves", "/api/tables/{id}/join",
                 "/api/tables/{id}/bots", "/api/accounts", "/api/auth/token",
                 "/api/tables/{id}/seats/0/bot"):
        url = path.format(id=table)
        response = host.client.post(url, '{"players": 4,', content_type="application/json")
        assert response.status_code == 400, url
        assert_error(response, 400, "parse-error")


@pytest.mark.parametrize("path", ["/api/tables", "/api/tables/{id}/moves", "/api/tables/{id}/join",
                                  "/api/tables/{id}/bots", "/api/accounts", "/api/auth/token",
                                  "/api/tables/{id}/seats/1/person"])
def test_a_body_that_is_not_a_json_object_is_400(host, make_table, path):
    table = make_table()
    host.post(f"/api/tables/{table}/bots", {"level": "easy"})
    before = host.get(f"/api/tables/{table}").json()
    url = path.format(id=table)
    for body in ("[]", '[{"action": "draw"}]', '"draw"', "4", "null", "true"):
        response = host.client.post(url, body, content_type="application/json")
        assert response.status_code == 400, (url, body, response.content)
        assert_error(response, 400)
    assert host.get(f"/api/tables/{table}").json() == before
    assert len(host.get("/api/games").json()["results"]) == 1


def test_a_body_that_is_not_json_at_all_is_refused_as_json(host):
    response = host.client.post("/api/tables", "players=4", content_type="text/plain")
    assert_error(response, 415, "unsupported-media-type")


# ------------------------------------------------------------------ table options
BAD_TABLE_BODIES = [
    ("players", {"players": 1}), ("players", {"players": 11}), ("players", {"players": "x"}),
    ("players", {"players": 4.5}), ("players", {"players": None}), ("players", {"players": True}),
    ("mode", {"mode": "blitz"}), ("mode", {"mode": None}),
    ("turn_hours", {"turn_hours": 13}), ("turn_hours", {"turn_hours": "x"}),
    ("turn_hours", {"turn_hours": 0}),
    ("on_expiry", {"on_expiry": "kick"}),
    ("move_timer", {"move_timer": "slow"}), ("move_timer", {"move_timer": 30}),
    ("deck", {"deck": "x"}), ("deck", {"deck": ["classic"]}),
    ("options", {"options": {"bogus": True}}), ("options", {"options": {"stacking": "x"}}),
    ("options", {"options": {"jump_in": None}}), ("options", {"options": {"seven_zero": [1]}}),
    ("options", {"options": "stacking"}), ("options", {"options": None}),
    ("options", {"options": ["stacking"]}),
    ("scoring", {"scoring": {"mode": "tournament"}}),
    ("scoring", {"scoring": {"mode": "target", "target": 49}}),
    ("scoring", {"scoring": {"mode": "target", "target": 5001}}),
    ("scoring", {"scoring": {"mode": "target", "target": "x"}}),
    ("scoring", {"scoring": {"mode": "target", "goal": 100}}),
    ("scoring", {"scoring": "target"}),
    ("spectators", {"spectators": "x"}),
    ("colour", {"colour": "red"}), ("stacking", {"stacking": True}),
]


@pytest.mark.parametrize(("field", "body"), BAD_TABLE_BODIES,
                         ids=[f"{field}={body}" for field, body in BAD_TABLE_BODIES])
def test_each_bad_table_option_is_a_400_naming_the_field(host, field, body):
    response = host.post("/api/tables", body)
    error = assert_error(response, 400, "invalid")
    assert field in error["fields"], error
    assert error["detail"].startswith(field), error
    assert host.get("/api/games").json()["results"] == []


def test_every_option_at_its_limits_is_accepted(host):
    body = {"players": 10, "mode": "realtime", "turn_hours": 72, "on_expiry": "leave",
            "move_timer": "fast", "deck": "classic",
            "options": {"stacking": True, "seven_zero": True, "jump_in": True,
                        "draw_until_playable": True, "last_card_call": True},
            "scoring": {"mode": "target", "target": 5000}, "spectators": True}
    response = host.post("/api/tables", body)
    assert response.status_code == 201, response.content
    table = response.json()
    for name, value in body.items():
        assert table[name] == value, name
    low = host.post("/api/tables", {"players": 2, "turn_hours": 12,
                                    "scoring": {"mode": "target", "target": 50}})
    assert low.status_code == 201, low.content
    assert low.json()["scoring"] == {"mode": "target", "target": 50}


def test_an_empty_body_makes_a_table_with_the_documented_defaults(host):
    response = host.post("/api/tables", {})
    assert response.status_code == 201, response.content
    table = response.json()
    assert {key: table[key] for key in ("players", "mode", "turn_hours", "on_expiry",
                                        "move_timer", "deck", "options", "scoring",
                                        "spectators", "status")} == {
        "players": 4, "mode": "turn", "turn_hours": 24, "on_expiry": "bot",
        "move_timer": "normal", "deck": "classic",
        "options": {"stacking": False, "seven_zero": False, "jump_in": False,
                    "draw_until_playable": False, "last_card_call": False},
        "scoring": {"mode": "single", "target": 500}, "spectators": False, "status": "waiting",
    }


def test_partial_options_and_scoring_keep_the_defaults_of_the_rest(host):
    response = host.post("/api/tables", {"options": {"jump_in": True},
                                         "scoring": {"mode": "target"}})
    assert response.status_code == 201, response.content
    table = response.json()
    assert table["options"] == {"stacking": False, "seven_zero": False, "jump_in": True,
                                "draw_until_playable": False, "last_card_call": False}
    assert table["scoring"] == {"mode": "target", "target": 500}


@pytest.mark.parametrize("option", ["seven_zero", "draw_until_playable", "jump_in"])
def test_the_all_wild_deck_refuses_the_options_it_cannot_have_naming_them(host, option):
    response = host.post("/api/tables", {"deck": "all-wild", "options": {option: True}})
    error = assert_error(response, 400, "invalid")
    assert option in error["fields"] and option in error["detail"]
    assert host.get("/api/games").json()["results"] == []


def test_the_all_wild_deck_names_every_option_it_refuses_at_once(host):
    response = host.post("/api/tables", {"deck": "all-wild", "options": {
        "seven_zero": True, "jump_in": True, "draw_until_playable": True}})
    error = assert_error(response, 400, "invalid")
    assert all(name in error["detail"] for name in ("seven_zero", "jump_in",
                                                     "draw_until_playable"))


def test_the_all_wild_deck_has_the_last_card_call_on_unless_the_host_says_no(host):
    table = host.post("/api/tables", {"deck": "all-wild", "options": {"stacking": True}})
    assert table.status_code == 201, table.content
    assert table.json()["deck"] == "all-wild"
    assert table.json()["options"] == {"stacking": True, "seven_zero": False, "jump_in": False,
                                       "draw_until_playable": False, "last_card_call": True}
    off = host.post("/api/tables", {"deck": "all-wild", "options": {"last_card_call": False}})
    assert off.json()["options"]["last_card_call"] is False
    classic = host.post("/api/tables", {"options": {"last_card_call": True}})
    assert classic.json()["options"]["last_card_call"] is True


@pytest.mark.parametrize("body", [{"seed": 7}, {"deck_order": FULL_DECK},
                                  {"seed": 7, "deck_order": FULL_DECK}],
                         ids=["seed", "deck_order", "both"])
def test_rigged_decks_are_refused_while_the_setting_is_off(host, settings, body):
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = False
    error = assert_error(host.post("/api/tables", body), 400)
    assert error["code"] == "rigged-decks-off"
    assert set(error["fields"]) <= {"seed", "deck_order"}
    assert host.get("/api/games").json()["results"] == []


def test_rigged_decks_are_accepted_while_the_setting_is_on(host, make_player, settings):
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    response = host.post("/api/tables", {"players": 2, "seed": 7, "deck_order": FULL_DECK})
    assert response.status_code == 201, response.content
    table = response.json()
    assert "seed" not in table and "deck_order" not in table
    bob = make_player("bob")
    joined = bob.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
    assert joined.status_code == 200
    state = host.post(f"/api/tables/{table['id']}/start").json()
    # FULL_DECK is in hand order (flame-0, flame-1, flame-1, flame-2, ...), dealt one card at a
    # time from seat 1: Ana (seat 0) gets the 2nd, 4th, ... 14th cards; the 15th is the starter.
    assert state["you"]["hand"] == [f"flame-{n}" for n in range(1, 8)]
    assert state["round"]["top"] == "flame-7"


BAD_DECK_ORDERS = [
    ("short", FULL_DECK[:-1]), ("long", [*FULL_DECK, "wild"]),
    ("unknown card", ["flame-10", *FULL_DECK[1:]]),
    ("an All Wild card", ["wild-skip2", *FULL_DECK[1:]]),
    ("five wilds", ["wild", *FULL_DECK[1:]]), ("not a list", "flame-0"),
    ("numbers", list(range(108))), ("nulls", [None] * 108), ("empty", []),
    ("a list inside", [["flame-0"], *FULL_DECK[1:]]),
]


@pytest.mark.parametrize("order", [order for _, order in BAD_DECK_ORDERS],
                         ids=[name for name, _ in BAD_DECK_ORDERS])
def test_a_bad_deck_order_is_a_400_naming_deck_order(host, settings, order):
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    error = assert_error(host.post("/api/tables", {"deck_order": order}), 400)
    assert "deck_order" in error["fields"], error
    assert host.get("/api/games").json()["results"] == []


@pytest.mark.parametrize("seed", [-1, "x", 2**70, 1.5, None])
def test_a_bad_seed_is_a_400(host, settings, seed):
    settings.WILDCARDS_ALLOW_RIGGED_DECKS = True
    error = assert_error(host.post("/api/tables", {"seed": seed}), 400)
    assert "seed" in error.get("fields", {}), error


# --------------------------------------------------------------------- move bodies
@pytest.fixture
def started(host, bob, make_table):
    table = make_table([bob], players=2)
    assert host.post(f"/api/tables/{table}/start").status_code == 200
    return table


BAD_MOVES = [
    ("action", {}), ("action", {"action": "jump"}), ("action", {"action": None}),
    ("action", {"action": ["play"]}), ("action", {"action": "PLAY"}),
    ("card", {"action": "play", "card": ["flame-1"]}),
    ("card", {"action": "play", "card": {"code": "flame-1"}}),
    ("card", {"action": "play", "card": True}),
    ("card", {"action": "play", "card": 7}),
    ("card", {"action": "play", "card": "x" * 300}),
    ("color", {"action": "play", "card": "wild", "color": ["red"]}),
    ("color", {"action": "play", "card": "wild", "color": 1}),
    ("target", {"action": "play", "card": "flame-7", "target": "x"}),
    ("target", {"action": "play", "card": "flame-7", "target": [1]}),
    ("target", {"action": "play", "card": "flame-7", "target": 1.5}),
    ("target", {"action": "play", "card": "flame-7", "target": "1"}),
    ("target", {"action": "play", "card": "flame-7", "target": 10**30}),
    ("expected_version", {"action": "draw", "expected_version": "x"}),
    ("expected_version", {"action": "draw", "expected_version": -1}),
    ("expected_version", {"action": "draw", "expected_version": "3"}),
    ("expected_version", {"action": "draw", "expected_version": 10**30}),
    ("bogus", {"action": "draw", "bogus": 1}),
]


@pytest.mark.parametrize(("field", "body"), BAD_MOVES,
                         ids=[f"{field}={str(body)[:40]}" for field, body in BAD_MOVES])
def test_a_malformed_move_is_a_400_naming_the_field_and_changes_nothing(host, started, field,
                                                                        body):
    before = host.state(started)
    error = assert_error(host.post(f"/api/tables/{started}/moves", body), 400, "invalid")
    assert field in error["fields"], error
    assert host.state(started) == before


def test_an_idempotency_key_of_more_than_255_characters_is_a_400(host, started):
    before = host.state(started)
    response = host.client.post(f"/api/tables/{started}/moves", {"action": "draw"},
                                format="json", HTTP_IDEMPOTENCY_KEY="k" * 256)
    error = assert_error(response, 400, "invalid")
    assert "Idempotency-Key" in error["detail"]
    assert host.state(started) == before


@pytest.mark.parametrize(("param", "value"), [("since", "x"), ("since", "1.5"),
                                              ("since", "99999999999999999999999"),
                                              ("after", "x"), ("after", "-"),
                                              ("after", "99999999999999999999999")])
def test_a_bad_query_parameter_is_a_400_or_an_answer_never_a_500(host, started, param, value):
    path = "state" if param == "since" else "moves"
    response = host.get(f"/api/tables/{started}/{path}?{param}={value}")
    assert response.status_code in (200, 400), response.content[:300]
    if response.status_code == 400:
        assert_error(response, 400, "invalid")


def test_an_unknown_status_filter_is_a_400(host):
    error = assert_error(host.get("/api/tables?status=closed"), 400, "invalid")
    assert "status" in error["fields"]


@pytest.mark.parametrize(("path", "body", "field"), [
    ("join", {}, "invite"), ("join", {"invite": ["x"]}, "invite"),
    ("join", {"invite": "x", "seat": 2}, "seat"),
    ("bots", {"level": "expert"}, "level"), ("bots", {"level": None}, "level"),
    ("bots", {"level": "easy", "count": 2}, "count"),
])
def test_bad_join_and_bot_bodies_are_400s_naming_the_field(host, make_player, make_table, path,
                                                           body, field):
    table = make_table()
    caller = make_player("bob") if path == "join" else host
    error = assert_error(caller.post(f"/api/tables/{table}/{path}", body), 400, "invalid")
    assert field in error["fields"], error


# ---------------------------------------------------------------- accounts
@pytest.mark.parametrize(("field", "body"), [
    ("username", {"username": "ana", "email": "x@example.com", "password": "a-long-passw0rd"}),
    ("username", {"username": "ANA", "email": "x@example.com", "password": "a-long-passw0rd"}),
    ("username", {"username": "Ana", "email": "x@example.com", "password": "a-long-passw0rd"}),
    ("username", {"username": "", "email": "x@example.com", "password": "a-long-passw0rd"}),
    ("username", {"username": "has space", "email": "x@example.com",
                  "password": "a-long-passw0rd"}),
    ("username", {"username": "x" * 151, "email": "x@example.com",
                  "password": "a-long-passw0rd"}),
    ("username", {"email": "x@example.com", "password": "a-long-passw0rd"}),
    ("email", {"username": "zed", "email": "not-an-email", "password": "a-long-passw0rd"}),
    ("email", {"username": "zed", "email": "", "password": "a-long-passw0rd"}),
    ("email", {"username": "zed", "password": "a-long-passw0rd"}),
    ("password", {"username": "zed", "email": "zed@example.com", "password": "short"}),
    ("password", {"username": "zed", "email": "zed@example.com", "password": "password"}),
    ("password", {"username": "zed", "email": "zed@example.com", "password": "12345678901"}),
    ("password", {"username": "zedzedzed", "email": "zed@example.com",
                  "password": "zedzedzed1"}),
    ("password", {"username": "zed", "email": "zed@example.com"}),
    ("admin", {"username": "zed", "email": "zed@example.com", "password": "a-long-passw0rd",
               "admin": True}),
], ids=["taken", "taken-upper-case", "taken-mixed-case", "empty-name", "space-in-name",
        "long-name", "no-name", "bad-email", "empty-email", "no-email", "short-password",
        "common-password", "numeric-password", "password-like-name", "no-password",
        "unknown-field"])
def test_a_bad_sign_up_is_a_400_naming_the_field(host, anonymous, field, body):
    error = assert_error(anonymous.post("/api/accounts", body, format="json"), 400, "invalid")
    assert field in error["fields"], error


def test_a_sign_up_answers_the_account_with_a_token_and_no_password(anonymous):
    response = anonymous.post("/api/accounts", {"username": "zed", "email": "zed@example.com",
                                                "password": "a-long-passw0rd"}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"id", "username", "email", "bot_account", "token"}
    assert body["bot_account"] is False
    assert body["username"] == "zed"
    assert "a-long-passw0rd" not in response.content.decode()


@pytest.mark.parametrize("body", [
    {"username": "ana", "password": "wrong-password"},
    {"username": "ANA", "password": "a-long-passw0rd"},
    {"username": "nobody", "password": "a-long-passw0rd"},
], ids=["wrong-password", "other-case", "unknown-user"])
def test_a_token_for_wrong_credentials_is_400_wrong_credentials(host, anonymous, body):
    assert_error(anonymous.post("/api/auth/token", body, format="json"), 400,
                 "wrong-credentials")


@pytest.mark.parametrize("body", [{}, {"username": "ana"}, {"password": "x"},
                                  {"username": "ana", "password": "x", "otp": 1}])
def test_a_malformed_token_request_is_400(host, anonymous, body):
    assert_error(anonymous.post("/api/auth/token", body, format="json"), 400, "invalid")


# ------------------------------------------------------------- method not allowed
def test_a_method_a_route_does_not_have_is_405_json(host, make_table):
    table = make_table()
    for method, path in [
        ("put", "/api/tables/{id}"), ("patch", "/api/tables/{id}"), ("delete", "/api/me"),
        ("post", "/api/me"), ("get", "/api/tables/{id}/start"), ("get", "/api/tables/{id}/join"),
        ("put", "/api/tables/{id}/moves"), ("delete", "/api/tables/{id}/state"),
        ("get", "/api/accounts"), ("get", "/api/auth/token"), ("delete", "/api/tables"),
        ("get", "/api/tables/{id}/concede"), ("get", "/api/tables/{id}/seats/0/bot"),
    ]:
        url = path.format(id=table)
        response = getattr(host.client, method)(url, {}, format="json")
        assert response.status_code == 405, (method, url)
        assert_error(response, 405, "method-not-allowed")
        assert response["Allow"]


# ------------------------------------------------------------------- throttling
@pytest.fixture
def throttle_rates():
    """Small rates for the named scopes (the conftest switches throttling off otherwise)."""
    previous = ScopedRateThrottle.THROTTLE_RATES

    def set_rates(**rates):
        ScopedRateThrottle.THROTTLE_RATES = {**previous, **rates}
        cache.clear()

    yield set_rates
    ScopedRateThrottle.THROTTLE_RATES = previous
    cache.clear()


def test_sign_ups_beyond_the_rate_are_429_throttled(throttle_rates, anonymous):
    throttle_rates(signup="2/hour")
    for n in range(2):
        response = anonymous.post("/api/accounts", {"username": f"zed{n}",
                                                    "email": f"zed{n}@example.com",
                                                    "password": "a-long-passw0rd"},
                                  format="json")
        assert response.status_code == 201, response.content
    response = anonymous.post("/api/accounts", {"username": "zed9", "email": "zed9@example.com",
                                                "password": "a-long-passw0rd"}, format="json")
    body = assert_error(response, 429, "throttled")
    assert body["retry_after"] > 0
    assert "Retry-After" in response


def test_token_requests_beyond_the_rate_are_429_throttled(throttle_rates, host, anonymous):
    throttle_rates(token="3/minute")
    for _ in range(3):
        anonymous.post("/api/auth/token", {"username": "ana", "password": "nope"},
                       format="json")
    assert_error(anonymous.post("/api/auth/token",
                                {"username": "ana", "password": "a-long-passw0rd"},
                                format="json"), 429, "throttled")


def test_moves_beyond_the_rate_are_429_throttled_per_player(throttle_rates, host, bob,
                                                            started):
    throttle_rates(moves="3/minute")
    for _ in range(3):
        assert host.post(f"/api/tables/{started}/moves", {"action": "take"}).status_code == 422
    before = host.state(started)
    assert_error(host.post(f"/api/tables/{started}/moves", {"action": "take"}), 429,
                 "throttled")
    assert host.state(started) == before  # reading is not throttled
    # Bob has a rate of his own.
    assert bob.post(f"/api/tables/{started}/moves", {"action": "take"}).status_code == 422


def test_the_move_limit_is_a_sliding_window_and_refusals_do_not_extend_it(
        throttle_rates, host, started):
    throttle_rates(moves="2/minute")
    start = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)

    def take():
        return host.post(f"/api/tables/{started}/moves", {"action": "take"})

    with time_machine.travel(start, tick=False):
        assert take().status_code == 422
    with time_machine.travel(start + timedelta(seconds=20), tick=False):
        assert take().status_code == 422
        assert assert_error(take(), 429, "throttled")["retry_after"] == 40
    with time_machine.travel(start + timedelta(seconds=50), tick=False):
        assert assert_error(take(), 429, "throttled")["retry_after"] == 10  # not 60
    with time_machine.travel(start + timedelta(seconds=61), tick=False):
        assert take().status_code == 422  # the first move has left the window
        assert_error(take(), 429, "throttled")  # the second has not


# ------------------------------------------------------------------- real faults
def test_a_fault_on_our_side_is_a_500_in_json_without_a_traceback(host, make_table,
                                                                   monkeypatch):
    from games.service import viewing

    table = make_table()

    def broken(table_id):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(viewing, "table_of", broken)
    host.client.raise_request_exception = False
    response = host.get(f"/api/tables/{table}")
    assert_error(response, 500, "server-error")
    assert b"secret internals" not in response.content
    assert b"Traceback" not in response.content
