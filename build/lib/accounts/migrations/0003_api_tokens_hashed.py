"""API tokens stored as SHA-256 digests (accounts.ApiToken) instead of Django REST framework's
`authtoken_token`, which held each token as given.

Every existing token keeps working: its digest is copied over with its date, and the row that
held it in clear is deleted (the emptied table of the app no longer installed is left alone).
Going back drops the digests: everyone then asks for a new token.
"""

import hashlib
from datetime import UTC, datetime

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models
from django.utils.dateparse import parse_datetime

OLD_TABLE = "authtoken_token"


def aware(value) -> datetime:
    if isinstance(value, str):  # SQLite may give the text as stored
        value = parse_datetime(value)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def hash_existing_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("accounts", "ApiToken")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {OLD_TABLE}")
        rows = cursor.fetchall()
        ApiToken.objects.bulk_create([
            ApiToken(user_id=user_id, digest=hashlib.sha256(key.encode()).hexdigest(),
                     created=aware(created))
            for key, user_id, created in rows])
        cursor.execute(f"DELETE FROM {OLD_TABLE}")


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_email_unique_ci"),
    ]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("digest", models.CharField(max_length=64, unique=True)),
                ("created", models.DateTimeField(default=django.utils.timezone.now)),
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE,
                                              related_name="api_token",
                                              to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(hash_existing_tokens, migrations.RunPython.noop),
    ]
