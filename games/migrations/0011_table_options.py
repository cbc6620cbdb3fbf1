"""The table's settings without a column of their own move into one JSON field, `options`
(games/rules/options.py declares them): every table keeps its values."""

from django.db import migrations, models

MOVED = ("turn_hours", "on_expiry", "move_timer", "stacking", "seven_zero", "jump_in",
         "draw_until_playable", "last_card_call", "scoring", "target", "spectators")


def into_options(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.all().iterator(chunk_size=2000):
        table.options = {name: getattr(table, name) for name in MOVED}
        table.save(update_fields=["options"])


def out_of_options(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.all().iterator(chunk_size=2000):
        for name in MOVED:
            if name in table.options:
                setattr(table, name, table.options[name])
        table.save(update_fields=list(MOVED))


class Migration(migrations.Migration):
    dependencies = [("games", "0010_invitation")]

    operations = [
        migrations.AddField("table", "options", models.JSONField(blank=True, default=dict)),
        migrations.RunPython(into_options, out_of_options),
        *[migrations.RemoveField("table", name) for name in MOVED],
    ]
