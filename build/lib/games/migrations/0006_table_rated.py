from django.db import migrations, models


class Migration(migrations.Migration):
    """Tables get the host's `rated` choice. Tables from before it are unrated (their games may
    have had bots play seats, which nothing recorded); new ones are rated unless the host says
    otherwise."""

    dependencies = [
        ("games", "0005_idempotency_request_and_age"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="rated",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="table",
            name="rated",
            field=models.BooleanField(default=True),
        ),
    ]
