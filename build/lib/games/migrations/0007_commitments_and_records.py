"""Provably fair shuffles and complete records (issue 13).

Tables made before this migration get an empty `secret`: they are legacy games, dealt as
before from their int seed, with no commitments (their record says so); they load and play on
unchanged. Every table made afterwards gets a secret of its own (the second step).
"""

import games.models
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_table_rated'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='commitment',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='round',
            name='salt',
            field=models.CharField(blank=True, default='', max_length=32),
        ),
        migrations.AddField(
            model_name='round',
            name='seed',
            field=models.CharField(blank=True, default='', max_length=128),
        ),
        migrations.AddField(
            model_name='table',
            name='rigged',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='table',
            name='secret',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AlterField(
            model_name='table',
            name='secret',
            field=models.CharField(blank=True, default=games.models.new_secret, max_length=64),
        ),
        migrations.AlterField(
            model_name='move',
            name='by',
            field=models.CharField(choices=[('player', 'Player'), ('bot', 'Bot'), ('timer', 'Timer'), ('dealer', 'Dealer')], default='player', max_length=8),
        ),
    ]
