"""Keep each match's figures (belotes, capots, coinches made per team) on the match, and
fill them for the stored matches from their deals, with the computation the services use
(tournaments.standings.match_figures, pure code with no Django import)."""

from itertools import groupby

from django.db import migrations, models

from tournaments.standings import (
    DEAL_FIGURES_FIELDS,
    MATCH_FIGURES_FIELDS,
    DealFigures,
    match_figures,
)


def fill_match_figures(apps, schema_editor):
    """Set every stored match's figures from its deals (a totals-only match has none:
    its figures stay 0), in batches, with the historical models."""
    Deal = apps.get_model("tournaments", "Deal")
    Match = apps.get_model("tournaments", "Match")
    rows = (
        Deal.objects.order_by("match_id", "deal_number")
        .values_list("match_id", *DEAL_FIGURES_FIELDS)
        .iterator(chunk_size=2000)
    )
    batch = []
    for match_id, deals in groupby(rows, key=lambda row: row[0]):
        figures = match_figures(DealFigures(*deal[1:]) for deal in deals)
        match = Match(pk=match_id)
        for name in MATCH_FIGURES_FIELDS:
            setattr(match, name, getattr(figures, name))
        batch.append(match)
        if len(batch) == 500:
            Match.objects.bulk_update(batch, MATCH_FIGURES_FIELDS)
            batch = []
    Match.objects.bulk_update(batch, MATCH_FIGURES_FIELDS)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0026_meleereg_registration_player"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="belotes_a",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="belotes A"),
        ),
        migrations.AddField(
            model_name="match",
            name="belotes_b",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="belotes B"),
        ),
        migrations.AddField(
            model_name="match",
            name="capots_a",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="capots A"),
        ),
        migrations.AddField(
            model_name="match",
            name="capots_b",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="capots B"),
        ),
        migrations.AddField(
            model_name="match",
            name="coinches_made_a",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="coinches made A"),
        ),
        migrations.AddField(
            model_name="match",
            name="coinches_made_b",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="coinches made B"),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("belotes_a__lte", 3996),
                    ("belotes_b__lte", 3996),
                    ("capots_a__lte", 999),
                    ("capots_b__lte", 999),
                    ("coinches_made_a__lte", 999),
                    ("coinches_made_b__lte", 999),
                ),
                name="match_figures_range",
            ),
        ),
        # Last: on PostgreSQL, no table is altered after rows were updated in the same
        # transaction.
        migrations.RunPython(fill_match_figures, migrations.RunPython.noop, elidable=True),
    ]
