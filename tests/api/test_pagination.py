"""`/api/tables` and `/api/games` come in pages, `{results, next}`: `next` is the following
page's address (null on the last one), `limit` sets the page's size up to a maximum, and a page
takes as many queries however many rows it holds."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.api.pagination import DEFAULT_LIMIT, MAX_LIMIT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("as_if_committed")]


def follow(player, path: str) -> list[list[dict]]:
    """Every page from `path` on, following `next` links as a client would."""
    pages = []
    while path:
        response = player.get(path)
        assert response.status_code == 200, response.content
        body = response.json()
        assert set(body) == {"results", "next"}
        pages.append(body["results"])
        path = body["next"]
    return pages


def test_open_tables_come_newest_first_in_pages_of_the_limit(host, make_table):
    made = [make_table() for _ in range(7)]
    pages = follow(host, "/api/tables?status=open&limit=3")
    assert [len(page) for page in pages] == [3, 3, 1]
    assert [t["id"] for page in pages for t in page] == made[::-1]


def test_a_short_list_is_one_page_without_a_next_link(host, make_table):
    make_table()
    body = host.get("/api/tables").json()
    assert len(body["results"]) == 1 and body["next"] is None
    assert DEFAULT_LIMIT == 50 and MAX_LIMIT == 100


def test_the_next_link_keeps_the_filter_and_the_limit(host, make_table):
    for _ in range(3):
        make_table()
    link = host.get("/api/tables?status=waiting&limit=2").json()["next"]
    assert link.startswith("http://testserver/api/tables?")
    assert "status=waiting" in link and "limit=2" in link and "cursor=" in link


def test_a_table_created_between_two_pages_neither_repeats_nor_hides_a_row(host, make_table):
    made = [make_table() for _ in range(4)]
    first = host.get("/api/tables?limit=2").json()
    newer = make_table()
    rest = follow(host, first["next"])
    seen = [t["id"] for t in first["results"]] + [t["id"] for page in rest for t in page]
    assert seen == made[::-1] and newer not in seen


def test_my_games_in_pages_are_my_games_in_one_page(host, make_player, make_table):
    bob = make_player("bob")
    tables = [make_table([bob]) for _ in range(3)]
    for table in tables[:2]:
        assert host.post(f"/api/tables/{table}/start").status_code == 200
    make_table()  # Ana's alone, waiting
    whole = host.get(f"/api/games?limit={MAX_LIMIT}").json()
    assert whole["next"] is None and len(whole["results"]) == 4
    paged = [row for page in follow(host, "/api/games?limit=1") for row in page]
    assert paged == whole["results"]
    assert {row["table"] for row in follow(bob, "/api/games?limit=2")[0]} <= set(tables)


@pytest.mark.parametrize("query", ["limit=0", f"limit={MAX_LIMIT + 1}", "limit=abc",
                                   "limit=-1", "limit=", "cursor=abc", "cursor="])
def test_a_bad_limit_or_cursor_is_a_400_naming_it(host, query):
    for path in ("/api/tables", "/api/games"):
        response = host.get(f"{path}?{query}")
        assert response.status_code == 400, (path, query, response.content)
        error = response.json()
        assert error["code"] == "invalid" and list(error["fields"]) == [query.split("=")[0]]


def test_a_cursor_of_one_list_is_refused_by_the_other(host, make_player, make_table):
    for _ in range(2):
        make_table()
    games_next = host.get("/api/games?limit=1").json()["next"]
    cursor = games_next.split("cursor=")[1]
    response = host.get(f"/api/tables?cursor={cursor}")
    assert response.status_code == 400 and response.json()["fields"].keys() == {"cursor"}


def queries(player, path: str) -> int:
    with CaptureQueriesContext(connection) as context:
        assert player.get(path).status_code == 200
    return len(context.captured_queries)


def test_a_page_takes_as_many_queries_with_twenty_rows_as_with_two(host, make_player,
                                                                  make_table):
    bob = make_player("bob")
    for _ in range(2):
        make_table([bob])
    small = (queries(host, "/api/tables?status=waiting"), queries(bob, "/api/games"))
    for _ in range(18):
        make_table([bob])
    big = (queries(host, "/api/tables?status=waiting"), queries(bob, "/api/games"))
    assert len(host.get("/api/tables?status=waiting").json()["results"]) == 20
    assert big == small == (3, 2)  # the token; the tables, then their seats / the seats
