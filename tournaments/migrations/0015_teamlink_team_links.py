"""Team links (one per team for the whole concours) replace the links per match.

Each team that has an active table link gets an active team link: a new token, and the
code of its newest table link when no other team of its concours has it already (a new
distinct code otherwise). The old tokens stay: their addresses redirect to the team's page.
"""

import secrets

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models

import tournaments.models.choices


def team_links_from_table_links(apps, schema_editor):
    """Give every team with an active table link an active team link (see above)."""
    TableLink = apps.get_model("tournaments", "TableLink")
    TeamLink = apps.get_model("tournaments", "TeamLink")
    newest = {}
    rows = (
        TableLink.objects.filter(revoked_at__isnull=True)
        .select_related("match__round")
        .order_by("match__round__number", "created_at", "pk")
    )
    for link in rows:
        team_id = link.match.team_a_id if link.side == "A" else link.match.team_b_id
        newest[team_id] = (link.match.round.tournament_id, link)
    taken = {}
    for team_id, (tournament_id, link) in sorted(newest.items()):
        codes = taken.setdefault(tournament_id, set())
        pin = link.pin
        while pin in codes:
            pin = f"{secrets.randbelow(10_000):04d}"
        codes.add(pin)
        TeamLink.objects.create(
            tournament_id=tournament_id,
            team_id=team_id,
            token=secrets.token_urlsafe(16),
            pin=pin,
            created_at=link.created_at,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_offline_idempotency"),
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
                    ("totals_recorded", "Totals recorded"),
                    ("totals_corrected", "Totals corrected"),
                    ("switched_to_paper", "Table switched to paper"),
                    ("switched_to_phones", "Table back to phones"),
                    ("link_revoked", "Team link revoked"),
                    ("link_renewed", "Team link renewed"),
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
                    ("link_revoked", "Team link revoked"),
                    ("link_renewed", "Team link renewed"),
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
                    ("link_revoked", "Team link revoked"),
                    ("link_renewed", "Team link renewed"),
                ],
                max_length=30,
                verbose_name="action",
            ),
        ),
        migrations.CreateModel(
            name="HistoricalTeamLink",
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
                            ("totals_recorded", "Totals recorded"),
                            ("totals_corrected", "Totals corrected"),
                            ("switched_to_paper", "Table switched to paper"),
                            ("switched_to_phones", "Table back to phones"),
                            ("link_revoked", "Team link revoked"),
                            ("link_renewed", "Team link renewed"),
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
                (
                    "token",
                    models.CharField(
                        db_index=True,
                        default=tournaments.models.choices.new_token,
                        max_length=40,
                        verbose_name="token",
                    ),
                ),
                ("pin", models.CharField(max_length=4, verbose_name="code")),
                (
                    "pin_failures",
                    models.PositiveSmallIntegerField(default=0, verbose_name="wrong codes typed"),
                ),
                ("created_at", models.DateTimeField(verbose_name="created at")),
                (
                    "revoked_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="revoked at"),
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
                    "team",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="tournaments.team",
                        verbose_name="team",
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
                "verbose_name": "historical team link",
                "verbose_name_plural": "historical team links",
                "ordering": ("-history_date", "-history_id"),
                "get_latest_by": ("history_date", "history_id"),
            },
            bases=(simple_history.models.HistoricalChanges, models.Model),
        ),
        migrations.CreateModel(
            name="TeamLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "token",
                    models.CharField(
                        default=tournaments.models.choices.new_token,
                        max_length=40,
                        unique=True,
                        verbose_name="token",
                    ),
                ),
                ("pin", models.CharField(max_length=4, verbose_name="code")),
                (
                    "pin_failures",
                    models.PositiveSmallIntegerField(default=0, verbose_name="wrong codes typed"),
                ),
                ("created_at", models.DateTimeField(verbose_name="created at")),
                (
                    "revoked_at",
                    models.DateTimeField(blank=True, null=True, verbose_name="revoked at"),
                ),
                (
                    "team",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="links",
                        to="tournaments.team",
                        verbose_name="team",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="team_links",
                        to="tournaments.tournament",
                        verbose_name="tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "team link",
                "verbose_name_plural": "team links",
                "ordering": ["team", "-created_at"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("revoked_at__isnull", True)),
                        fields=("team",),
                        name="team_link_one_active_per_team",
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("revoked_at__isnull", True)),
                        fields=("tournament", "pin"),
                        name="team_link_codes_distinct",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("pin_failures__lte", 999)),
                        name="team_link_pin_failures_max",
                    ),
                ],
            },
        ),
        migrations.RunPython(team_links_from_table_links, migrations.RunPython.noop),
    ]
