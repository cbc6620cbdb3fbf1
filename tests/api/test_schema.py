"""The OpenAPI schema describes every endpoint well enough to generate a client from it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from django.urls import get_resolver
from openapi_schema_validator import OAS31Validator

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
        elif route.startswith("api/") and not route.startswith(("api/schema", "api/docs",
                                                                 "api/redoc")):
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


# ------------------------------------------------------------------ the schema's completeness
DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    from drf_spectacular.generators import SchemaGenerator

    with django_db_blocker.unblock():
        return SchemaGenerator().get_schema(request=None, public=True)


def operations(schema: dict):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield f"{method.upper()} {path}", operation


def test_the_schema_does_not_list_the_schema_or_its_pages(schema):
    assert not [p for p in schema["paths"] if p.startswith(("/api/schema", "/api/docs",
                                                             "/api/redoc"))]


def test_the_paths_and_operation_ids_in_the_docs_are_the_schemas(schema):
    docs = DOCS.read_text()
    counted = re.search(r"^(\d+) paths$", docs, re.MULTILINE)
    assert counted and int(counted.group(1)) == len(schema["paths"])
    for name, operation in operations(schema):
        assert f"`{operation['operationId']}`" in docs, f"{name} is not in docs/api.md"


def test_every_operation_has_a_named_camel_case_id_of_its_own(schema):
    ids = [operation["operationId"] for _, operation in operations(schema)]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z]+(?:[A-Z][a-z]+)*", id_) for id_ in ids), ids
    assert {"createTable", "playMove", "getTableState", "listTables", "listMyGames"} <= set(ids)


def test_every_request_and_response_body_has_an_example(schema):
    missing = []
    for name, operation in operations(schema):
        bodies = [("request", c) for c in
                  operation.get("requestBody", {}).get("content", {}).values()]
        bodies += [(status, c) for status, response in operation["responses"].items()
                   for c in response.get("content", {}).values()]
        missing += [f"{name} {where}" for where, content in bodies if not content.get("examples")]
    assert missing == []


def resolved(node, components: dict):
    """The schema with every `$ref` replaced by its component (ours have no cycles)."""
    if isinstance(node, dict):
        if "$ref" in node:
            return resolved(components[node["$ref"].rsplit("/", 1)[1]], components)
        return {key: resolved(value, components) for key, value in node.items()}
    if isinstance(node, list):
        return [resolved(value, components) for value in node]
    return node


def test_every_example_is_valid_against_its_schema(schema):
    components = schema["components"]["schemas"]
    checked = 0
    for name, operation in operations(schema):
        contents = [("request", c) for c in
                    operation.get("requestBody", {}).get("content", {}).values()]
        contents += [(status, c) for status, response in operation["responses"].items()
                     for c in response.get("content", {}).values()]
        for where, content in contents:
            if content["schema"].get("type") == "string":
                continue  # the event stream: text
            validator = OAS31Validator(resolved(content["schema"], components))
            for title, example in content.get("examples", {}).items():
                errors = [error.message for error in validator.iter_errors(example["value"])]
                assert errors == [], (name, where, title, errors)
                checked += 1
    assert checked > 60


def test_the_error_component_has_every_key_the_api_sends(schema):
    error = schema["components"]["schemas"]["Error"]
    assert set(error["properties"]) == {"code", "detail", "fields", "retry_after"}
    assert error["required"] == ["code", "detail"]
    refusal = schema["components"]["schemas"]["Refusal"]
    assert set(refusal["properties"]) == {"code", "detail", "fields", "retry_after", "version"}


def test_401_429_and_the_move_errors_are_described_where_they_happen(schema):
    for name, operation in operations(schema):
        anonymous = {} in operation.get("security", [{}])
        assert ("401" in operation["responses"]) == (not anonymous), name
    for name in ("POST /api/accounts", "POST /api/auth/token", "POST /api/tables/{table_id}/moves"):
        assert "429" in dict(operations(schema))[name]["responses"], name
    move = dict(operations(schema))["POST /api/tables/{table_id}/moves"]["responses"]
    assert {"400", "401", "403", "404", "409", "413", "422", "429"} <= set(move)
    assert "idempotency-key-reused" in str(move["422"]) and "unexpected-field" in str(move["400"])


def test_every_operation_has_a_summary_a_description_of_its_own_and_a_described_tag(schema):
    from games.api.errors import GameAPIView

    inherited = {GameAPIView.__doc__.strip()}
    tags = {tag["name"] for tag in schema["tags"] if tag.get("description")}
    for name, operation in operations(schema):
        assert operation.get("summary"), name
        description = operation.get("description", "").strip()
        assert len(description) > 40 and description not in inherited, name
        assert operation.get("tags") and set(operation["tags"]) <= tags, name


def test_the_token_is_documented_after_either_keyword(schema):
    schemes = schema["components"]["securitySchemes"]
    assert schemes["bearerAuth"] == {**schemes["bearerAuth"], "type": "http", "scheme": "bearer"}
    assert "Token <token>" in schemes["tokenAuth"]["description"]
    play = dict(operations(schema))["POST /api/tables/{table_id}/moves"]
    assert {"bearerAuth": []} in play["security"] and {"tokenAuth": []} in play["security"]
    docs = DOCS.read_text()
    assert "Authorization: Bearer" in docs and "Authorization: Token" in docs


def test_a_move_names_its_card_and_color_from_the_servers_sets_and_keeps_its_refusals(
        schema, host, make_table, make_player):
    from games.rules import COLORS, DECKS

    components = schema["components"]["schemas"]
    assert components["ColorEnum"]["enum"] == list(COLORS)
    assert set(components["CardEnum"]["enum"]) == {
        code for rules in DECKS.values() for code in rules.deck.codes}
    move = components["MoveRequest"]["properties"]
    assert {"$ref": "#/components/schemas/ColorEnum"} in move["color"]["oneOf"]
    assert {"$ref": "#/components/schemas/CardEnum"} in move["card"]["oneOf"]
    # The server still checks them itself, with the rules' codes in their order, not a 400 (a
    # Wild with a fifth color is `color-required`: tests/api/test_refusals.py).
    bob = make_player("bob")
    table = make_table([bob], players=2)
    host.post(f"/api/tables/{table}/start")
    mover = host if host.state(table)["round"]["turn"] == 0 else bob
    unknown = mover.move(table, "play", "purple-3", color="purple")
    assert (unknown.status_code, unknown.json()["code"]) == (422, "unknown-card")


def test_the_sets_that_grow_are_strings_with_their_known_values(schema):
    from games.models import Move
    from games.rules.moves import EVENT_KINDS

    components = schema["components"]["schemas"]
    for component, field, known in (("LoggedMove", "by", Move.By.values),
                                    ("LoggedMove", "action", ["play", "deal", "catch"]),
                                    ("Event", "kind", EVENT_KINDS)):
        shown = components[component]["properties"][field]
        assert shown["type"] == "string" and "enum" not in shown, (component, field)
        assert set(known) <= set(shown["examples"]), (component, field)
    assert components["You"]["properties"]["actions"]["items"]["type"] == "string"
    assert "private" in components["LoggedMove"]["properties"]
    for component, field in (("MyGame", "status"), ("MyGame", "mode"),
                             ("EndedRound", "status")):
        assert "$ref" in components[component]["properties"][field], (component, field)


def test_the_event_streams_events_are_components_named_by_x_events(schema):
    stream = schema["paths"]["/api/tables/{table_id}/events"]["get"]
    media = stream["responses"]["200"]["content"]["text/event-stream"]
    assert media["x-events"] == {name: {"$ref": f"#/components/schemas/{component}"}
                                 for name, component in (("state", "StateEvent"),
                                                         ("reset", "ResetEvent"),
                                                         ("gone", "GoneEvent"))}
    state = schema["components"]["schemas"]["StateEvent"]
    assert set(state["required"]) == {"table", "version", "from", "state", "moves"}
    assert state["properties"]["from"]["type"] == ["integer", "null"]
    assert "Read it as a stream" in stream["description"]


def test_the_lists_are_pages_with_a_next_link_and_a_limit(schema):
    for path in ("/api/tables", "/api/games"):
        get = schema["paths"][path]["get"]
        ref = get["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        page = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
        assert set(page["properties"]) == {"results", "next"}
        assert {"limit", "cursor"} <= {p["name"] for p in get["parameters"]}


# ------------------------------------------------------------------------ the docs, offline
@pytest.mark.parametrize("page", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_pages_load_their_scripts_from_our_own_static_files(client, page):
    response = client.get(page)
    assert response.status_code == 200
    html = response.content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any(source.endswith(".js") for source in sources), html[:500]
    assert all(source.startswith("/static/drf_spectacular_sidecar/") for source in sources), (
        sources)
    assert "://" not in html.replace("http://testserver", "")  # nothing from another site
    for source in sources:
        served = client.get(source)
        assert served.status_code == 200, source
        assert b"".join(served.streaming_content if served.streaming else [served.content])


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
