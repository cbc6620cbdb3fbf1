"""The Python client generated from the schema (clients/python, `make client`): the checked-in
one is the one the schema generates today, and a bot account plays whole games through it and
the example bot (examples/bot.py) against the site under uvicorn, following the event stream,
each event's data valid against the strict schema of its component."""

from __future__ import annotations

import subprocess
from pathlib import Path

import bot
import httpx
import pytest
from live_asgi import asgi_server  # noqa: F401  (the site under uvicorn)
from openapi_schema_validator import OAS31Validator
from strict_schema import strict
from test_schema import resolved
from wildcards_client import AuthenticatedClient, Client
from wildcards_client.api.accounts import create_account, declare_bot_account
from wildcards_client.api.play import list_moves
from wildcards_client.api.tables import add_bot, create_table, get_table, start_game
from wildcards_client.models import BotRequest, SignUpRequest, TableCreateRequest

ROOT = Path(__file__).resolve().parents[2]


def files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in folder.rglob("*")
            if path.is_file() and not {".ruff_cache", "__pycache__"} & set(path.parts)}


def test_the_checked_in_client_is_the_one_the_schema_generates(tmp_path):
    generated = subprocess.run([str(ROOT / "scripts" / "client.sh"), str(tmp_path / "python")],
                               capture_output=True, text=True, cwd=ROOT)
    assert generated.returncode == 0, generated.stdout + generated.stderr
    fresh, checked_in = files(tmp_path / "python"), files(ROOT / "clients" / "python")
    assert len(fresh) > 100
    stale = sorted(name for name in fresh.keys() | checked_in.keys()
                   if fresh.get(name) != checked_in.get(name))
    assert stale == [], f"clients/python is not what the schema generates: `make client` ({stale})"


@pytest.fixture
def followed(monkeypatch):
    """Every event the example bot reads from a stream, as (name, data)."""
    seen = []

    def recorded(client, table):
        for event in reading(client, table):
            seen.append(event)
            yield event

    reading = bot.events
    monkeypatch.setattr(bot, "events", recorded)
    return seen


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("deck", ["classic", "all-wild"])
def test_a_bot_account_plays_a_whole_game_through_the_generated_client_and_the_stream(
        asgi_server, followed, deck):  # noqa: F811
    schema = httpx.get(f"{asgi_server}/api/schema/?format=json").json()
    stream = schema["paths"]["/api/tables/{table_id}/events"]["get"]["responses"]["200"]
    components = strict(schema["components"]["schemas"])
    validators = {name: OAS31Validator(resolved(ref, components))
                  for name, ref in stream["content"]["text/event-stream"]["x-events"].items()}

    account = create_account.sync(client=Client(base_url=asgi_server), body=SignUpRequest(
        username="robo", email="robo@example.com", password="a-long-passw0rd"))
    client = AuthenticatedClient(base_url=asgi_server, token=account.token)  # as Bearer
    assert declare_bot_account.sync(client=client).bot_account is True
    table = create_table.sync(client=client, body=TableCreateRequest(players=3, deck=deck))
    for level in ("easy", "hard"):
        add_bot.sync(table.id, client=client, body=BotRequest(level=level))
    start_game.sync(table.id, client=client)

    final = bot.play(client, table.id)

    assert final is not None and final.status == "finished"
    assert [row.seat for row in final.ranking] and final.seats[0].bot_account is True
    assert get_table.sync(table.id, client=client).rated is False  # a bot account played
    names = [name for name, _ in followed]
    assert names[0] == "state" and names.count("state") > 5 and "reset" not in names
    for name, data in followed:
        errors = [error.message for error in validators[name].iter_errors(data)]
        assert errors == [], (name, errors)
    streamed = {move["version"]: move for _, data in followed for move in data["moves"]}
    opened_at = followed[0][1]["version"]  # the first event: the state alone
    logged = list_moves.sync(table.id, client=client).moves
    assert {move.version for move in logged if move.version > opened_at} == set(streamed)
    assert {"player", "bot"} <= {move["by"] for move in streamed.values()}
