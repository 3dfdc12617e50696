"""Count on each match the writes that changed what the public pages show of it: with the
tournament's own results version, the version of its results (tournaments/services/cache.py),
so that the tables' writes change their match's row instead of their tournament's."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0027_figs_match_figures"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="results_count",
            field=models.PositiveBigIntegerField(
                default=0, editable=False, verbose_name="results changes"
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(("results_count__lte", 4611686018427387903)),
                name="match_results_count_max",
            ),
        ),
    ]
