"""A match may be recorded by its two totals from a paper sheet (RULES.md §G): the
totals-only flag and the sheet's optional counts, on the match and its history, and the
two audit actions that say it (recorded, corrected)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_round_history"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalmatch",
            name="is_totals_only",
            field=models.BooleanField(
                default=False,
                help_text="Recorded by its two totals from the paper sheet, with no deals.",
                verbose_name="totals only",
            ),
        ),
        migrations.AddField(
            model_name="historicalmatch",
            name="sheet_belotes",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="belotes on the sheet"
            ),
        ),
        migrations.AddField(
            model_name="historicalmatch",
            name="sheet_capots",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="capots on the sheet"
            ),
        ),
        migrations.AddField(
            model_name="historicalmatch",
            name="sheet_deals_played",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="deals played on the sheet"
            ),
        ),
        migrations.AddField(
            model_name="historicalmatch",
            name="sheet_declarations",
            field=models.PositiveIntegerField(
                blank=True, null=True, verbose_name="declarations on the sheet"
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="is_totals_only",
            field=models.BooleanField(
                default=False,
                help_text="Recorded by its two totals from the paper sheet, with no deals.",
                verbose_name="totals only",
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="sheet_belotes",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="belotes on the sheet"
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="sheet_capots",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="capots on the sheet"
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="sheet_deals_played",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="deals played on the sheet"
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="sheet_declarations",
            field=models.PositiveIntegerField(
                blank=True, null=True, verbose_name="declarations on the sheet"
            ),
        ),
        migrations.AlterField(
            model_name="historicaldeal",
            name="audit_action",
            field=models.CharField(
                blank=True,
                choices=[
                    ("entered", "Entered"),
                    ("changed_at_table", "Changed at the table"),
                    ("confirmed_at_table", "Confirmed at the table"),
                    ("confirmed_by_organiser", "Confirmed by the organiser"),
                    ("disputed", "Disputed"),
                    ("corrected", "Corrected"),
                    ("deleted", "Deleted"),
                    ("unlocked", "Match unlocked"),
                    ("stopped_for_time", "Closed for time"),
                    ("reopened", "Table reopened"),
                    ("round_closed", "Round closed"),
                    ("round_reopened", "Round reopened"),
                    ("totals_recorded", "Totals recorded"),
                    ("totals_corrected", "Totals corrected"),
                ],
                max_length=30,
                verbose_name="action",
            ),
        ),
        migrations.AlterField(
            model_name="historicalmatch",
            name="audit_action",
            field=models.CharField(
                blank=True,
                choices=[
                    ("entered", "Entered"),
                    ("changed_at_table", "Changed at the table"),
                    ("confirmed_at_table", "Confirmed at the table"),
                    ("confirmed_by_organiser", "Confirmed by the organiser"),
                    ("disputed", "Disputed"),
                    ("corrected", "Corrected"),
                    ("deleted", "Deleted"),
                    ("unlocked", "Match unlocked"),
                    ("stopped_for_time", "Closed for time"),
                    ("reopened", "Table reopened"),
                    ("round_closed", "Round closed"),
                    ("round_reopened", "Round reopened"),
                    ("totals_recorded", "Totals recorded"),
                    ("totals_corrected", "Totals corrected"),
                ],
                max_length=30,
                verbose_name="action",
            ),
        ),
        migrations.AlterField(
            model_name="historicalround",
            name="audit_action",
            field=models.CharField(
                blank=True,
                choices=[
                    ("entered", "Entered"),
                    ("changed_at_table", "Changed at the table"),
                    ("confirmed_at_table", "Confirmed at the table"),
                    ("confirmed_by_organiser", "Confirmed by the organiser"),
                    ("disputed", "Disputed"),
                    ("corrected", "Corrected"),
                    ("deleted", "Deleted"),
                    ("unlocked", "Match unlocked"),
                    ("stopped_for_time", "Closed for time"),
                    ("reopened", "Table reopened"),
                    ("round_closed", "Round closed"),
                    ("round_reopened", "Round reopened"),
                    ("totals_recorded", "Totals recorded"),
                    ("totals_corrected", "Totals corrected"),
                ],
                max_length=30,
                verbose_name="action",
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("is_totals_only", True),
                    models.Q(
                        ("sheet_deals_played__isnull", True),
                        ("sheet_capots__isnull", True),
                        ("sheet_belotes__isnull", True),
                        ("sheet_declarations__isnull", True),
                    ),
                    _connector="OR",
                ),
                name="match_sheet_counts_totals_only",
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(
                        ("sheet_deals_played__isnull", True),
                        ("sheet_deals_played__lte", 99),
                        _connector="OR",
                    ),
                    models.Q(
                        ("sheet_capots__isnull", True), ("sheet_capots__lte", 99), _connector="OR"
                    ),
                    models.Q(
                        ("sheet_belotes__isnull", True), ("sheet_belotes__lte", 99), _connector="OR"
                    ),
                    models.Q(
                        ("sheet_declarations__isnull", True),
                        ("sheet_declarations__lte", 99999),
                        _connector="OR",
                    ),
                ),
                name="match_sheet_counts_range",
            ),
        ),
    ]
