"""The OpenAPI schema describes every endpoint well enough to generate a client from it."""

from __future__ import annotations

import re

import pytest
import yaml
from django.core.management import call_command
from django.urls import get_resolver

pytestmark = pytest.mark.django_db


def test_the_schema_validates_without_a_warning(tmp_path):
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--fail-on-warn", "--validate", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    assert schema["openapi"].startswith("3.")
    assert "tokenAuth" in schema["components"]["securitySchemes"]


def _api_paths(patterns=None, prefix: str = "") -> set[str]:
    """Every path of the URLconf under /api/, written the OpenAPI way (`{table_id}`)."""
    found = set()
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        route = prefix + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(pattern.pattern))
        if hasattr(pattern, "url_patterns"):
            found |= _api_paths(pattern.url_patterns, route)
        elif route.startswith("api/") and not route.startswith(("api/schema", "api/docs")):
            found.add("/" + route)
    return found


def test_the_schema_lists_every_api_path(host):
    response = host.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    expected = {path for path in _api_paths() if "^" not in path and "(?P" not in path}
    assert expected and expected <= set(paths)
    assert set(paths["/api/tables/{table_id}/seats/{number}"]) >= {"delete"}
    assert set(paths["/api/tables/{table_id}/moves"]) >= {"get", "post"}


def test_the_schema_lists_the_last_card_calls_actions_and_fields(host):
    schema = host.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    components = schema["components"]["schemas"]
    actions = components["ActionEnum"]["enum"]
    assert {"call", "catch"} <= set(actions)
    move = components["MoveRequest"]["properties"]
    assert move["call"]["type"] == "boolean" and "target" in move
    assert "last_card_call" in components["OptionsRequest"]["properties"]
    assert "catchable" in components["RoundView"]["properties"]
    assert "all-wild" in str(components)


def test_the_schema_describes_rated_tables_profiles_and_the_leaderboard(host):
    schema = host.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    components = schema["components"]["schemas"]
    assert components["TableCreateRequest"]["properties"]["rated"]["type"] == "boolean"
    assert "rated" in components["Table"]["required"]
    profile = components["Profile"]["properties"]
    assert {"played", "won", "average_rank", "rating", "recent"} <= set(profile)
    assert {"mu", "sigma", "display", "games"} <= set(components["Rating"]["properties"])
    board = schema["paths"]["/api/leaderboard"]["get"]
    assert {p["name"] for p in board["parameters"]} == {"limit", "offset"}
    assert "404" in schema["paths"]["/api/players/{name}"]["get"]["responses"]
