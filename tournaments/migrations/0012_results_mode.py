"""Results entry: a tournament's mode (phones, or paper sheets typed at the desk), and a
match's own mode when the organiser switches its table; the audit trail says so."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_integer_ranges"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalmatch",
            name="results_mode",
            field=models.CharField(
                blank=True,
                choices=[
                    ("phones", "phones at the tables"),
                    ("paper", "paper sheets typed at the desk"),
                ],
                help_text="Empty: as the tournament says. Set when the organiser switches the table.",
                max_length=10,
                verbose_name="results entry",
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="results_mode",
            field=models.CharField(
                blank=True,
                choices=[
                    ("phones", "phones at the tables"),
                    ("paper", "paper sheets typed at the desk"),
                ],
                help_text="Empty: as the tournament says. Set when the organiser switches the table.",
                max_length=10,
                verbose_name="results entry",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="results_mode",
            field=models.CharField(
                choices=[
                    ("phones", "phones at the tables"),
                    ("paper", "paper sheets typed at the desk"),
                ],
                default="phones",
                help_text="Each table may be switched on the round's desk, at any time.",
                max_length=10,
                verbose_name="results entry",
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
                    ("switched_to_paper", "Table switched to paper"),
                    ("switched_to_phones", "Table back to phones"),
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
                    ("switched_to_paper", "Table switched to paper"),
                    ("switched_to_phones", "Table back to phones"),
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
                    ("switched_to_paper", "Table switched to paper"),
                    ("switched_to_phones", "Table back to phones"),
                ],
                max_length=30,
                verbose_name="action",
            ),
        ),
    ]
