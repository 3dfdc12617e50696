"""Keep the audit trail's *what*, *which side* and *why* in columns of the history.

Adds ``audit_action``, ``audit_side`` and ``audit_reason`` to the history of deals and
matches (tournaments.models.AuditedHistory) and fills them from the change reasons the
services used to write, which are then emptied:

- on a deal: ``"table link A"`` (an entry or a change at the table, with ``" – why"`` when
  given), ``"confirmed by table link B"``, ``"disputed by table link A"``, ``"confirmed by
  the organiser"``, and any other text, the organiser's reason for a correction or a
  deletion; a record made (``+``) or deleted (``-``) is an entry or a deletion;
- on a match: ``"closed for time"``, ``"reopened"``, and any other text, the organiser's
  reason for unlocking it; the record of the scores replayed right after closing for time
  or reopening, which repeated that reason, gets none.

Going back writes the same change reasons from the columns (cut to the 100 characters
of that column). The conversion is plain string handling over the stored rows, in
batches; it reads no current code, so later changes to the models cannot alter it.
"""

from collections.abc import Callable
from typing import Any

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

ACTION_CHOICES = [
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
]
SIDE_CHOICES = [("A", "Team A"), ("B", "Team B")]
SIDE_HELP = "The team whose table link made the change; empty for an organiser."

ORGANISER_CONFIRMED = "confirmed by the organiser"
#: The table services' prefixes, before the side: what each one did.
TABLE_PREFIXES = (
    ("confirmed by table link ", "confirmed_at_table"),
    ("disputed by table link ", "disputed"),
    ("table link ", "changed_at_table"),
)
#: The reason of a match record, for each of the organiser's actions with no typed reason.
MATCH_REASONS = {"closed for time": "stopped_for_time", "reopened": "reopened"}
REASON_LENGTH = 100
BATCH = 500
FIELDS = ["audit_action", "audit_side", "audit_reason", "history_change_reason"]


def read_table_reason(text: str) -> tuple[str, str, str] | None:
    """Return (action, side, why) for a table service's change reason, or None."""
    for prefix, action in TABLE_PREFIXES:
        if not text.startswith(prefix):
            continue
        side, rest = text[len(prefix) : len(prefix) + 1], text[len(prefix) + 1 :]
        if side not in ("A", "B"):
            return None
        if rest == "":
            return action, side, ""
        if rest.startswith(" – "):
            return action, side, rest[len(" – ") :]
        return None
    return None


def deal_audit(history_type: str, change_reason: str | None) -> tuple[str, str, str]:
    """Return (audit_action, audit_side, audit_reason) for a deal's old history record."""
    text = change_reason or ""
    table = read_table_reason(text)
    if history_type in ("+", "-"):
        action = "entered" if history_type == "+" else "deleted"
        return (action, table[1], table[2]) if table else (action, "", text)
    if table is not None:
        return table
    if text == ORGANISER_CONFIRMED:
        return "confirmed_by_organiser", "", ""
    if text:
        return "corrected", "", text
    return "", "", ""  # Not written by a service: nothing to say.


def match_audit(change_reason: str | None) -> tuple[str, str, str]:
    """Return (audit_action, audit_side, audit_reason) for a match's old history record."""
    text = change_reason or ""
    if text in MATCH_REASONS:
        return MATCH_REASONS[text], "", ""
    if text:
        return "unlocked", "", text
    return "", "", ""


def match_audits() -> Callable[[Any], tuple[str, str, str]]:
    """Return the function that reads a match's old records, taken in history order.

    The old services left the reason on the match they saved, so the save that replayed
    its scores straight after closing it for time or reopening it repeated that reason,
    date and user: such a repeat says nothing new and gets no action.
    """
    last: dict[int, tuple[Any, ...]] = {}  # match id -> its last (reason, date, user id)

    def audit_of(row: Any) -> tuple[str, str, str]:
        said = (row.history_change_reason, row.history_date, row.history_user_id)
        repeated = bool(row.history_change_reason) and last.get(row.id) == said
        last[row.id] = said
        return ("", "", "") if repeated else match_audit(row.history_change_reason)

    return audit_of


def deal_change_reason(action: str, side: str, reason: str) -> str | None:
    """Return the change reason the services wrote before, for a deal's audit columns."""
    if action == "confirmed_at_table":
        return f"confirmed by table link {side}"
    if action == "disputed":
        return f"disputed by table link {side}"
    if action == "confirmed_by_organiser":
        return ORGANISER_CONFIRMED
    parts = [f"table link {side}"] if side else []
    if reason:
        parts.append(reason)
    return " – ".join(parts) if action else None


def match_change_reason(action: str, side: str, reason: str) -> str | None:
    """Return the change reason the services wrote before, for a match's audit columns."""
    by_action = {value: text for text, value in MATCH_REASONS.items()}
    return by_action.get(action) or reason or None


def _in_batches(model):
    """Yield the model's records in lists of BATCH, oldest first, paging on the key (no
    open cursor while the rows are written)."""
    last = 0
    while True:
        rows = list(model.objects.filter(history_id__gt=last).order_by("history_id")[:BATCH])
        if not rows:
            return
        yield rows
        last = rows[-1].history_id


def _convert(model, audit_of_record):
    for rows in _in_batches(model):
        for row in rows:
            row.audit_action, row.audit_side, row.audit_reason = audit_of_record(row)
            row.history_change_reason = None
        model.objects.bulk_update(rows, FIELDS)


def _restore(model, change_reason_of):
    for rows in _in_batches(model):
        for row in rows:
            reason = change_reason_of(row.audit_action, row.audit_side, row.audit_reason)
            row.history_change_reason = reason[:REASON_LENGTH] if reason else None
        model.objects.bulk_update(rows, ["history_change_reason"])


def change_reasons_to_columns(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Fill the audit columns of every history record from its change reason, then empty it."""
    _convert(
        apps.get_model("tournaments", "HistoricalDeal"),
        lambda row: deal_audit(row.history_type, row.history_change_reason),
    )
    _convert(apps.get_model("tournaments", "HistoricalMatch"), match_audits())


def columns_to_change_reasons(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Write back the change reason of every history record from its audit columns."""
    _restore(apps.get_model("tournaments", "HistoricalDeal"), deal_change_reason)
    _restore(apps.get_model("tournaments", "HistoricalMatch"), match_change_reason)


def _audit_fields(model_name):
    return [
        migrations.AddField(
            model_name=model_name,
            name="audit_action",
            field=models.CharField(
                blank=True, choices=ACTION_CHOICES, max_length=30, verbose_name="action"
            ),
        ),
        migrations.AddField(
            model_name=model_name,
            name="audit_reason",
            field=models.TextField(blank=True, verbose_name="reason given"),
        ),
        migrations.AddField(
            model_name=model_name,
            name="audit_side",
            field=models.CharField(
                blank=True,
                choices=SIDE_CHOICES,
                help_text=SIDE_HELP,
                max_length=1,
                verbose_name="team at the table",
            ),
        ),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_tournament_prize_list"),
    ]

    operations = [
        *_audit_fields("historicaldeal"),
        *_audit_fields("historicalmatch"),
        migrations.RunPython(change_reasons_to_columns, columns_to_change_reasons),
    ]
