"""games 0011 moves the table settings without a column of their own into one JSON field: every
table keeps every value, whatever its option set, and the way back restores the columns."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("games", "0010_invitation")
MOVED = ("games", "0011_table_options")

# Every option set a table could have before: each house rule on and off, each deck, mode,
# scoring, timer and expiry (not every product: each value appears, and each rule with each
# deck and scoring).
RULES = ("stacking", "seven_zero", "jump_in", "draw_until_playable", "last_card_call")
PACES = (("turn", 12, "bot", "relaxed"), ("realtime", 24, "leave", "fast"),
         ("turn", 72, "leave", "normal"))
OPTION_SETS = [
    {**dict(zip(RULES, flags, strict=True)), "deck": deck, "scoring": scoring,
     "target": 50 + 10 * number, "spectators": number % 2 == 0, "players": 2 + number % 9,
     **dict(zip(("mode", "turn_hours", "on_expiry", "move_timer"), PACES[number % 3],
                strict=True))}
    for number, (flags, (deck, scoring)) in enumerate(itertools.product(
        itertools.product((False, True), repeat=len(RULES)),
        (("classic", "single"), ("all-wild", "target"), ("classic", "target"))))
]


def migrate(*targets: tuple[str, str]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(list(targets))
    return executor


def latest() -> list[tuple[str, str]]:
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def test_every_table_keeps_its_options_through_the_migration_and_back():
    host = get_user_model().objects.create_user("ana", "ana@example.com")
    try:
        executor = migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps.get_model("games", "Table")
        made = [old.objects.create(host_id=host.pk, invite=f"code-{n}", **values).pk
                for n, values in enumerate(OPTION_SETS)]

        executor = migrate(MOVED)
        moved = executor.loader.project_state(MOVED).apps.get_model("games", "Table")
        for pk, values in zip(made, OPTION_SETS, strict=True):
            row = moved.objects.get(pk=pk)
            stored = {**row.options, "players": row.players, "mode": row.mode,
                      "deck": row.deck}
            assert stored == values, pk

        executor = migrate(BEFORE)
        back = executor.loader.project_state(BEFORE).apps.get_model("games", "Table")
        for pk, values in zip(made, OPTION_SETS, strict=True):
            row = back.objects.get(pk=pk)
            assert {name: getattr(row, name) for name in values} == values, pk
    finally:
        migrate(*latest())

    # And the model of today reads each of them whole, through its declarations.
    for pk, values in zip(made, OPTION_SETS, strict=True):
        settings = Table.objects.get(pk=pk).settings
        assert {name: getattr(settings, name) for name in values} == values, pk
        assert settings.rated is True


def test_option_sets_cover_every_value():
    seen = {name: {values[name] for values in OPTION_SETS} for name in OPTION_SETS[0]}
    assert all(seen[name] == {False, True} for name in RULES)
    assert seen["deck"] == {"classic", "all-wild"} and seen["scoring"] == {"single", "target"}
    assert seen["turn_hours"] == {12, 24, 72} and seen["move_timer"] == {"relaxed", "normal",
                                                                          "fast"}
    assert seen["mode"] == {"turn", "realtime"} and seen["on_expiry"] == {"bot", "leave"}
