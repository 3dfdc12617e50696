"""A version of each tournament's results, for the cached public pages (services/cache.py).

Existing tournaments all start with one random version: the cache keys hold the
tournament's id too, so sharing it is harmless.
"""

from django.db import migrations, models

import tournaments.models.choices


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_audit_actions_merged"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="results_version",
            field=models.CharField(
                default=tournaments.models.choices.new_results_version,
                editable=False,
                max_length=32,
                verbose_name="results version",
            ),
        ),
    ]
