"""PostgreSQL: the second index Django adds to a unique CharField, for LIKE
(`varchar_pattern_ops`), goes: no query of the notices uses LIKE, and every notice queued (one
a move, most moves) wrote it. The unique index stays."""

from django.db import migrations

LIKE_INDEX = "notifications_notice_dedupe_key_af7e3447_like"


def drop_like_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'DROP INDEX IF EXISTS "{LIKE_INDEX}"')


def add_like_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'CREATE INDEX "{LIKE_INDEX}" ON "notifications_notice" '
                              f'("dedupe_key" varchar_pattern_ops)')


class Migration(migrations.Migration):

    dependencies = [
        ("notifications", "0004_notice_to_an_address"),
    ]

    operations = [
        migrations.RunPython(drop_like_index, add_like_index),
    ]
