"""Round gets a history with the audit columns: who closed or reopened a round, when, and
why it was reopened (AuditAction gains round_closed and round_reopened). Rounds saved
before keep no history until their next change."""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_match_stopped_for_time"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
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
                ],
                max_length=30,
                verbose_name="action",
            ),
        ),
        migrations.CreateModel(
            name="HistoricalRound",
            fields=[
                (
                    "id",
                    models.BigIntegerField(
                        auto_created=True, blank=True, db_index=True, verbose_name="ID"
                    ),
                ),
                (
                    "audit_action",
                    models.CharField(
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
                        ],
                        max_length=30,
                        verbose_name="action",
                    ),
                ),
                (
                    "audit_side",
                    models.CharField(
                        blank=True,
                        choices=[("A", "Team A"), ("B", "Team B")],
                        help_text="The team whose table link made the change; empty for an organiser.",
                        max_length=1,
                        verbose_name="team at the table",
                    ),
                ),
                ("audit_reason", models.TextField(blank=True, verbose_name="reason given")),
                ("number", models.PositiveSmallIntegerField(verbose_name="number")),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("draft", "Draft"),
                            ("published", "Published"),
                            ("closed", "Closed"),
                        ],
                        default="draft",
                        max_length=10,
                        verbose_name="status",
                    ),
                ),
                (
                    "seed",
                    models.BigIntegerField(
                        blank=True,
                        help_text="Integer the random draw came from.",
                        null=True,
                        verbose_name="draw seed",
                    ),
                ),
                (
                    "published_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="published at"),
                ),
                (
                    "closed_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="closed at"),
                ),
                ("history_id", models.AutoField(primary_key=True, serialize=False)),
                ("history_date", models.DateTimeField(db_index=True)),
                ("history_change_reason", models.CharField(max_length=100, null=True)),
                (
                    "history_type",
                    models.CharField(
                        choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")], max_length=1
                    ),
                ),
                (
                    "history_user",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "historical round",
                "verbose_name_plural": "historical rounds",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
    ]
