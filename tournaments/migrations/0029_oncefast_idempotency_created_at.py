"""Index the idempotency records by their creation: the sweep of the keys older than a day
(services/idempotency.py) reads only those, instead of every row whole on SQLite."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0028_pgshare_match_results_count"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="idempotencyrecord",
            index=models.Index(fields=["created_at"], name="idempotency_created_at"),
        ),
    ]
