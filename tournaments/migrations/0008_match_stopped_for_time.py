"""Match.closed_at becomes stopped_for_time_at (it meant "stopped for time", not a closed
round); the unread Match.version goes. The stored times are kept, history included."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_breakdown_parts"),
    ]

    operations = [
        migrations.RenameField(
            model_name="match", old_name="closed_at", new_name="stopped_for_time_at"
        ),
        migrations.RenameField(
            model_name="historicalmatch", old_name="closed_at", new_name="stopped_for_time_at"
        ),
        migrations.AlterField(
            model_name="match",
            name="stopped_for_time_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="stopped for time at"),
        ),
        migrations.AlterField(
            model_name="historicalmatch",
            name="stopped_for_time_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="stopped for time at"),
        ),
        migrations.RemoveField(model_name="match", name="version"),
        migrations.RemoveField(model_name="historicalmatch", name="version"),
    ]
