"""The players' seeds (issue 28): each round keeps the seeds its deal was mixed with, and a
table the commitment to its next deal with the seeds added to it so far. Tables waiting for
their start get the commitment to their first deal now (docs/fairness.md's derivation, restated
here so that the migration does not change with the code); a game being played gets the one to
its next deal when its current round ends and the next is dealt (that deal, committed at once
as before, takes no players' seeds)."""

import hashlib
import hmac
import secrets

from django.db import migrations, models


def commit_to_the_first_deals(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for table in Table.objects.filter(status="waiting", rigged=False).exclude(secret=""):
        seed = hmac.new(bytes.fromhex(table.secret), b"wild-cards:round:1",
                        hashlib.sha256).hexdigest()
        table.next_salt = secrets.token_hex(16)
        table.next_commitment = hashlib.sha256(f"{table.next_salt}:{seed}".encode()).hexdigest()
        table.save(update_fields=["next_salt", "next_commitment"])


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0011_table_options"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="client_seeds",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="table",
            name="next_commitment",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="table",
            name="next_salt",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
        migrations.AddField(
            model_name="table",
            name="next_seeds",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(commit_to_the_first_deals, migrations.RunPython.noop),
    ]
