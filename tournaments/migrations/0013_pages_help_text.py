"""The SA/TA setting's help text no longer points the organiser to RULES.md."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_results_mode"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="allows_no_trump_all_trump",
            field=models.BooleanField(
                default=True,
                help_text="Only for the presets that allow them.",
                verbose_name="no trump and all trump allowed",
            ),
        ),
    ]
