"""The discard pile is stored once (Round.discard; its history is in the move log), and a
remembered answer says what the game said (a reason code), not an HTTP status."""

from django.db import migrations, models


def statuses_to_codes(apps, schema_editor):
    IdempotentAnswer = apps.get_model("games", "IdempotentAnswer")
    for answer in IdempotentAnswer.objects.exclude(status=200):
        answer.refused = (answer.body or {}).get("code", "refused")
        answer.save(update_fields=["refused"])


def codes_to_statuses(apps, schema_editor):
    IdempotentAnswer = apps.get_model("games", "IdempotentAnswer")
    IdempotentAnswer.objects.filter(refused="").update(status=200)
    IdempotentAnswer.objects.exclude(refused="").update(status=422)
    IdempotentAnswer.objects.filter(refused__in=["stale-version", "seat-played-by-bot"]).update(
        status=409)


class Migration(migrations.Migration):
    dependencies = [("games", "0002_round_discard")]

    operations = [
        migrations.DeleteModel(name="DiscardEntry"),
        migrations.RemoveField(model_name="round", name="discard_from"),
        migrations.RemoveField(model_name="round", name="discard_next"),
        migrations.AddField(model_name="idempotentanswer", name="refused",
                            field=models.CharField(blank=True, max_length=32, default="")),
        migrations.AlterField(model_name="idempotentanswer", name="status",
                              field=models.PositiveSmallIntegerField(default=200)),
        migrations.RunPython(statuses_to_codes, codes_to_statuses),
        migrations.RemoveField(model_name="idempotentanswer", name="status"),
    ]
