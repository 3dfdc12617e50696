"""Every integer field gets a range PostgreSQL holds (tournaments/models/bounds.py).

SQLite stores any integer; a database whose values passed 2^31 could not be copied into
PostgreSQL. The check constraints below bound each field as the forms do. Before adding
them, :func:`check_stored_values` looks for stored values out of range: adding a
constraint would then fail with the database's terse message, so it stops with one that
names each row and value to fix (in /admin/ or a shell), and nothing changes.

The ranges are written out here, as they were on the day: later changes to the models do
not alter this migration.
"""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

#: At most this many rows out of range are named in the message.
SHOWN = 20


def check_stored_values(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Raise RuntimeError naming the stored rows that a constraint below would refuse."""
    problems = []
    for operation in Migration.operations:
        if not isinstance(operation, migrations.AddConstraint):
            continue
        # What the operation was given, as Django deconstructs it (the type stubs do not
        # declare the operation's attributes).
        options = operation.deconstruct()[2]
        model_name, constraint = options["model_name"], options["constraint"]
        model = apps.get_model("tournaments", model_name)
        fields = sorted(_fields(constraint.condition))
        rows = model.objects.using(schema_editor.connection.alias).filter(~constraint.condition)
        for row in rows.values("pk", *fields)[:SHOWN]:
            values = ", ".join(f"{name}={row[name]}" for name in fields)
            problems.append(f"{model_name} {row['pk']}: {values} ({constraint.name})")
    if problems:
        raise RuntimeError(
            "Some stored values are out of the ranges of migration 0011; change them, then "
            "migrate again:\n  " + "\n  ".join(problems[:SHOWN])
        )


def _fields(condition: models.Q) -> set[str]:
    """Return the fields ``condition`` looks up (``lot`` for ``("lot__lte", 999999)``)."""
    fields: set[str] = set()
    for child in condition.children:
        if isinstance(child, models.Q):
            fields |= _fields(child)
        elif isinstance(child, tuple):
            fields.add(str(child[0]).split("__")[0])
    return fields


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_totals_only"),
    ]

    operations = [
        migrations.RunPython(check_stored_values, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("deal_number__lte", 999)), name="deal_number_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("taker_declarations__lte", 550)),
                name="deal_taker_declarations_max",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("defence_declarations__lte", 550)),
                name="deal_defence_declarations_max",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("taker_score__lte", 99999), ("taker_score__gte", -99999)),
                name="deal_taker_score_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("defence_score__lte", 99999), ("defence_score__gte", -99999)),
                name="deal_defence_score_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("reserve__lte", 99999)), name="deal_reserve_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("score_a__lte", 99999), ("score_a__gte", -99999)),
                name="deal_score_a_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("score_b__lte", 99999), ("score_b__gte", -99999)),
                name="deal_score_b_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("total_a__lte", 999999), ("total_a__gte", -999999)),
                name="deal_total_a_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("total_b__lte", 999999), ("total_b__gte", -999999)),
                name="deal_total_b_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("rules_version__lte", 999), ("rules_version__gte", 1)),
                name="deal_rules_version_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.CheckConstraint(
                condition=models.Q(("version__lte", 2000000000), ("version__gte", 1)),
                name="deal_version_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(("table_number__lte", 4999)), name="match_table_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(("total_a__lte", 999999), ("total_a__gte", -999999)),
                name="match_total_a_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(("total_b__lte", 999999), ("total_b__gte", -999999)),
                name="match_total_b_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(("reserve__lte", 999999)), name="match_reserve_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.CheckConstraint(
                condition=models.Q(("deals_played__lte", 999)), name="match_deals_played_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="round",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__lte", 20)), name="round_number_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="round",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("seed__isnull", True),
                    models.Q(("seed__lte", 4611686018427387903), ("seed__gte", 0)),
                    _connector="OR",
                ),
                name="round_seed_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="tablelink",
            constraint=models.CheckConstraint(
                condition=models.Q(("pin_failures__lte", 999)), name="table_link_pin_failures_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__lte", 9999)), name="team_number_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.CheckConstraint(
                condition=models.Q(("lot__lte", 999999)), name="team_lot_max"
            ),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.CheckConstraint(
                condition=models.Q(("first_round__lte", 21), ("first_round__gte", 1)),
                name="team_first_round_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("withdrawn_from_round__isnull", True),
                    models.Q(("withdrawn_from_round__lte", 21), ("withdrawn_from_round__gte", 1)),
                    _connector="OR",
                ),
                name="team_withdrawn_round_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(
                condition=models.Q(("rules_version__lte", 999), ("rules_version__gte", 1)),
                name="tournament_rules_version_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(
                condition=models.Q(("match_format_value__lte", 9999)),
                name="tournament_format_value_max",
            ),
        ),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(
                condition=models.Q(("bye_credit_value__lte", 9999)),
                name="tournament_bye_credit_max",
            ),
        ),
    ]
