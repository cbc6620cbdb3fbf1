#!/usr/bin/env python3
"""What does the table's web page cost, next to the API's state read, and how heavy is it?

In one process, as bench/api_cpu.py does: Django's test client sends real requests through
the whole stack to a fresh PostgreSQL database (`wildcards_page`, dropped at the end). Four
people play whole games at one table through the API; after every accepted move each of
them reads the API state (token) and the table's page (session), and the page's live part
twice (`?since=` an old version: the part anew; `?since=` the current one: 204). Prints CPU,
wall time and queries per kind of request, the page-to-state ratio of the CPU the server spends
(inside the WSGI handler; the bar: at most 2; the whole call's, test client included, beside it),
and the bytes of the table page: its HTML, and its CSS and JavaScript as the app serves them
compressed (gzip; the bar: under 150 KB in all).

Usage:
  .venv/bin/python bench/page.py [--moves 300]
"""

from __future__ import annotations

import argparse
import gzip
import random
import secrets
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api_cpu import Meter, configure  # noqa: E402
from api_load import choose_move, recreate_database  # noqa: E402


def play(moves: int, meter: Meter, seed: int) -> tuple[int, int, bytes]:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    connection.force_debug_cursor = True
    rng = random.Random(seed)
    password = secrets.token_urlsafe(16)
    api, pages = [], []
    for i in range(4):
        client = Client()
        name = f"page-{secrets.token_hex(3)}-{i}"
        body = client.post("/api/accounts", {"username": name, "email": f"{name}@example.com",
                                             "password": password},
                           content_type="application/json").json()
        api.append(Client(HTTP_AUTHORIZATION=f"Token {body['token']}"))
        page = Client()
        page.force_login(get_user_model().objects.get(username=name))
        pages.append(page)

    def new_table() -> int:
        table = api[0].post("/api/tables", {"players": 4},
                            content_type="application/json").json()
        for client in api[1:]:
            client.post(f"/api/tables/{table['id']}/join", {"invite": table["invite"]},
                        content_type="application/json")
        api[0].post(f"/api/tables/{table['id']}/start", content_type="application/json")
        return table["id"]

    table, made, html = new_table(), 0, b""
    while made < moves:
        views = []
        for i in range(4):
            views.append(meter.call("API GET state", api[i].get,
                                    f"/api/tables/{table}/state").json())
            response = meter.call("page GET /tables/{id}", pages[i].get, f"/tables/{table}")
            html = response.content
            meter.call("page live (changed)", pages[i].get,
                       f"/tables/{table}/live?since=1")
            meter.call("page live (204)", pages[i].get,
                       f"/tables/{table}/live?since={views[i]['version']}")
        if views[0]["status"] == "finished":
            table = new_table()
            continue
        turn = views[0]["round"]["turn"]
        view = views[turn]
        move = choose_move(view["you"], rng, 4)
        move["expected_version"] = view["version"]
        if api[turn].post(f"/api/tables/{table}/moves", move,
                          content_type="application/json").status_code == 200:
            made += 1
    return made, table, html


def weight(html: bytes) -> None:
    import re

    from django.contrib.staticfiles import finders

    assets = re.findall(rb'(?:href|src)="/static/([^"]+)"', html)
    print("\nThe table page, transferred:")
    total = len(html)
    print(f"  {'HTML (uncompressed)':<40} {len(html) / 1024:8.1f} KB")
    for asset in assets:
        path = finders.find(asset.decode())
        data = Path(path).read_bytes()
        size = len(gzip.compress(data, 9))
        total += size
        print(f"  {asset.decode() + ' (gzip)':<40} {size / 1024:8.1f} KB")
    print(f"  {'total':<40} {total / 1024:8.1f} KB (bar: under 150 KB)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--database", default="wildcards_page")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="20 moves (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.moves = 20
    split = urlsplit(args.postgres)
    recreate_database(args.postgres, args.database)
    try:
        configure(urlunsplit((split.scheme, split.netloc, f"/{args.database}", "", "")),
                  args.redis, "prepared")
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        meter = Meter()
        made, _, html = play(args.moves, meter, args.seed)
        print(f"Wild Cards: the table page next to the API's state read, in one process "
              f"({made} accepted moves, 4 players, PostgreSQL):")
        meter.report()
        for label, spent in (("server", meter.server), ("whole call", meter.cpu)):
            state, page, live = (spent[kind] / meter.count[kind] for kind in (
                "API GET state", "page GET /tables/{id}", "page live (changed)"))
            print(f"\n  {label} CPU, page / state: {page / state:.2f}"
                  f"{' (bar: at most 2)' if label == 'server' else ''}; "
                  f"live part / state: {live / state:.2f}", end="")
        print()
        weight(html)
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        recreate_database(args.postgres, args.database, drop_only=True)


if __name__ == "__main__":
    sys.exit(main())
