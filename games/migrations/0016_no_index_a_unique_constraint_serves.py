"""The foreign keys whose lookups a unique constraint already serves (its first column) lose
their own index: every move updates the round (a new version of every index entry: its deadline
is indexed) and adds a move log row, and the index no query needs cost each of those a write.
Only the indexes are dropped; the foreign key constraints stay as they are (Django's own
AlterField would drop and add them again, checking every row of the move log).
docs/benchmarks.md, "Issue 29, 2026-12-07 dawn: the move's writes prepared", item 3."""

import django.db.models.deletion
from django.db import migrations, models

# (table, column): seat_number_unique, round_number_unique, hand_seat_unique and
# move_version_unique begin with the column.
SERVED = [("games_seat", "table_id"), ("games_round", "table_id"), ("games_hand", "round_id"),
          ("games_move", "table_id")]


def drop_indexes(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        for table, column in SERVED:
            found = connection.introspection.get_constraints(cursor, table)
            for name, about in found.items():
                if (about["index"] and not about["unique"] and not about["primary_key"]
                        and about["columns"] == [column]):
                    schema_editor.execute(f"DROP INDEX {schema_editor.quote_name(name)}")


def add_indexes(apps, schema_editor):
    for table, column in SERVED:
        name = schema_editor._create_index_name(table, [column])
        schema_editor.execute(f"CREATE INDEX {schema_editor.quote_name(name)} ON "
                              f"{schema_editor.quote_name(table)} "
                              f"({schema_editor.quote_name(column)})")


def foreign_key(related_name: str, to: str):
    return models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                             related_name=related_name, to=to)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0015_sweep_indexes"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(drop_indexes, add_indexes)],
            state_operations=[
                migrations.AlterField(model_name="hand", name="round",
                                      field=foreign_key("hands", "games.round")),
                migrations.AlterField(model_name="move", name="table",
                                      field=foreign_key("moves", "games.table")),
                migrations.AlterField(model_name="round", name="table",
                                      field=foreign_key("rounds", "games.table")),
                migrations.AlterField(model_name="seat", name="table",
                                      field=foreign_key("seats", "games.table")),
            ]),
    ]
