"""A Wild Cards bot: it plays through the API with the generated Python client
(clients/python, package `wildcards_client`) and follows each table's event stream.

    export WILDCARDS_URL=http://127.0.0.1:8123 WILDCARDS_TOKEN=<the bot account's token>
    PYTHONPATH=clients/python python examples/bot.py --declare          # once: a bot account
    PYTHONPATH=clients/python python examples/bot.py --new-table 2      # host a game vs 2 bots
    PYTHONPATH=clients/python python examples/bot.py --table 7 --invite 5RW-Tfi6DKBa
    PYTHONPATH=clients/python python examples/bot.py                    # play my games

`choose` is the strategy: change it and you have your own bot. The rest is plumbing: the stream
brings each change of the table as a `state` event, and the bot answers when a move is open
to it (docs/api.md, "Writing a bot").
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from collections.abc import Iterator

import httpx
from wildcards_client import AuthenticatedClient
from wildcards_client.api.accounts import declare_bot_account
from wildcards_client.api.play import get_table_state, list_my_games, play_move
from wildcards_client.api.tables import add_bot, create_table, join_table, start_game
from wildcards_client.models import (
    BotRequest,
    Call,
    Catch,
    Choose,
    Draw,
    GoneEvent,
    InviteRequest,
    Pass,
    Play,
    ResetEvent,
    State,
    StateEvent,
    TableCreateRequest,
    Take,
)
from wildcards_client.types import UNSET, Unset

COLOR_OF = {"flame": "red", "sun": "yellow", "leaf": "green", "wave": "blue"}
TARGETED = ("-7", "-targeted-draw2", "-forced-swap")  # cards that name another seat


def choose(state: State):
    """The move to make now, or None: play the card of the color held most (a Wild last),
    call "last card" and catch whoever did not; else take, draw or pass."""
    you, actions = state.you, state.you.actions
    colors = Counter(COLOR_OF[card.split("-")[0]] for card in you.hand
                     if not card.startswith("wild"))
    best = colors.most_common(1)[0][0] if colors else "red"
    others = sorted((seat for seat in state.seats if seat.seat != you.seat and seat.cards),
                    key=lambda seat: seat.cards)
    if "call" in actions:
        return Call(action="call")
    if "catch" in actions and set(state.round_.catchable) - {you.seat}:
        return Catch(action="catch", target=min(set(state.round_.catchable) - {you.seat}))
    if "play" in actions and you.playable:
        card = max(you.playable, key=lambda c: (not c.startswith("wild"),
                                                colors[COLOR_OF.get(c.split("-")[0])]))
        target = others[0].seat if card.endswith(TARGETED) and others else None
        return Play(action="play", card=card, color=best if card.startswith("wild") else UNSET,
                    target=target)
    if "choose" in actions:
        return Choose(action="choose", color=best)
    for action, move in (("take", Take), ("draw", Draw), ("pass", Pass)):
        if action in actions:
            return move(action=action)
    return None


def events(client: AuthenticatedClient, table: int) -> Iterator[tuple[str, dict]]:
    """The table's server-sent events as (name, data), read line by line as they come: the
    stream does not end, so a generated call, which reads the whole body, cannot read it."""
    http = client.get_httpx_client()
    with http.stream("GET", f"/api/tables/{table}/events",
                     headers={"Accept": "text/event-stream"},
                     timeout=httpx.Timeout(10.0, read=60.0)) as response:
        response.raise_for_status()
        name, data = None, []
        for line in response.iter_lines():
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
            elif not line and name:
                yield name, json.loads("\n".join(data))
                name, data = None, []


def play(client: AuthenticatedClient, table: int) -> State | None:
    """Play the table's game to its end, moving whenever the stream shows a move open to us;
    the final state, or None when the table is gone."""
    for name, data in events(client, table):
        if name == "gone":
            print(f"table {table}: {GoneEvent.from_dict(data).detail}")
            return None
        state = (get_table_state.sync(table, client=client) if name == "reset"
                 else StateEvent.from_dict(data).state)
        if name == "reset":
            print(f"table {table}: {ResetEvent.from_dict(data).detail}")
        if state.status == "finished":
            return state
        move = choose(state) if not isinstance(state.you, Unset) else None
        if move is not None and state.status == "playing":
            move.expected_version = state.version  # a stale move is refused, not misplayed
            answer = play_move.sync_detailed(table, client=client, body=move)
            said = " ".join(str(value) for key, value in move.to_dict().items()
                            if key != "expected_version" and value not in (None, False))
            print(f"table {table}, version {state.version}: {said} -> {answer.status_code}")
    return None


def ranking(state: State) -> str:
    names = {seat.seat: seat.name for seat in state.seats}
    return ", ".join(f"{row.rank}. {names[row.seat]} ({row.score})"
                     for row in state.ranking or [])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("WILDCARDS_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--declare", action="store_true", help="make this account a bot account")
    parser.add_argument("--new-table", type=int, metavar="BOTS",
                        help="host a table with this many house bots and play it")
    parser.add_argument("--deck", default="classic", choices=["classic", "all-wild"])
    parser.add_argument("--table", type=int, help="play this table (joining it with --invite)")
    parser.add_argument("--invite")
    args = parser.parse_args()
    client = AuthenticatedClient(base_url=args.url, token=os.environ["WILDCARDS_TOKEN"])
    if args.declare:
        account = declare_bot_account.sync_detailed(client=client)
        print(f"declared a bot account: {account.status_code} {account.content.decode()}")
        return
    tables = [args.table] if args.table else []
    if args.new_table is not None:
        table = create_table.sync(client=client, body=TableCreateRequest(
            players=args.new_table + 1, deck=args.deck))
        for _ in range(args.new_table):
            add_bot.sync(table.id, client=client, body=BotRequest(level="normal"))
        start_game.sync(table.id, client=client)
        tables = [table.id]
    elif args.table and args.invite:
        join_table.sync(args.table, client=client, body=InviteRequest(invite=args.invite))
    elif not tables:
        page = list_my_games.sync(client=client)
        tables = [game.table for game in page.results if game.status == "playing"]
        if not tables:
            print("none of my games is being played")
    for table in tables:
        final = play(client, table)
        if final is not None:
            print(f"table {table} is over: {ranking(final)}")


if __name__ == "__main__":
    main()
