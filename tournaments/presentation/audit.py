"""Say the audit trail of a match in words: who changed which deal, when, what before and after.

Presentation only, like tournaments.presentation.breakdown: it reads the django-simple-history records
that ``selectors.match_history`` and ``selectors.match_unlocks`` return and writes nothing.
The table services write their link in the change reason (``"table link A"``,
``"confirmed by table link B"``, ``"disputed by table link A"``, ``"table link A – why"``);
an organiser's change carries the organiser (``history_user``) and the reason typed, or
``"confirmed by the organiser"`` for a waiting deal confirmed as it stood.
Only the deal's inputs, its status and the dispute note are shown: the scores are
recomputed from the inputs, so their changes say nothing more.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.models import ENTRY_FIELDS, ORGANISER_CONFIRMED, Deal
from tournaments.presentation.cards import declaration_choices

#: The fields of a deal the audit trail shows, in the order of the entry form: what the
#: table wrote (tournaments.models.ENTRY_FIELDS), then the status and the dispute note.
AUDITED_FIELDS = (*ENTRY_FIELDS, "status", "dispute_note")
#: Shown at creation and deletion even when empty or zero (a deal's core inputs).
_ALWAYS_SHOWN = ("taker", "trump", "taker_tricks", "taker_card_points", "defence_card_points")
_NOTHING = ("", None, False, 0, "none")
_TABLE_REASON = re.compile(
    r"^(?:(?P<action>confirmed|disputed) by )?table link (?P<side>[AB])(?: – (?P<reason>.*))?$",
    re.DOTALL,
)


@dataclass(frozen=True)
class FieldChange:
    """One field of a deal: its label and its values as shown.

    ``before`` is None for a deal just recorded, ``after`` None for a deleted deal.
    """

    label: str
    before: str | None
    after: str | None


@dataclass(frozen=True)
class AuditEntry:
    """One line of the audit trail. ``deal_number`` is None for an unlock of the match."""

    when: datetime.datetime
    who: str
    deal_number: int | None
    action: str
    reason: str
    changes: tuple[FieldChange, ...]


def _label(name: str) -> str:
    return capfirst(str(Deal._meta.get_field(name).verbose_name))


def _declaration_labels() -> dict[str, str]:
    """Return the words for each declaration token (``tierce:KH`` → « Tierce R♥ »)."""
    labels = {}
    for _group, label in declaration_choices():
        if isinstance(label, list):
            labels.update((token, str(text)) for token, text in label)
    return labels


def _value(name: str, value: object) -> str:
    if name.endswith("_declarations_text") and value:
        labels = _declaration_labels()
        return ", ".join(labels.get(token, token) for token in str(value).split(";"))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None or value == "":
        return "—"
    choices = dict(Deal._meta.get_field(name).flatchoices)
    return str(choices.get(value, value))


def _user_name(user) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def _who_and_action(record) -> tuple[str, str, str]:
    """Return who made the change, the action in words and the reason given."""
    reason = record.history_change_reason or ""
    user = _user_name(record.history_user)
    table = _TABLE_REASON.match(reason)
    if table is not None:
        who = _("Table — team %(side)s") % {"side": table["side"]}
        if user:
            who = _("%(table)s (%(user)s)") % {"table": who, "user": user}
        reason = table["reason"] or ""
    else:
        who = user or "—"
    if record.history_type == "+":
        action = _("Entered")
    elif record.history_type == "-":
        action = _("Deleted")
    elif table is not None and table["action"] == "confirmed":
        action = _("Confirmed")
    elif reason == ORGANISER_CONFIRMED:
        action, reason = _("Confirmed"), ""
    elif table is not None and table["action"] == "disputed":
        action = _("Disputed")
    elif table is not None:
        action = _("Changed at the table")
    elif user:
        action = _("Corrected")
    else:
        action = _("Changed")
    return who, action, reason


def _shown(record, name: str) -> bool:
    if record.is_passed:
        return name in ("is_passed", "status")
    return name in _ALWAYS_SHOWN or name == "status" or getattr(record, name) not in _NOTHING


def _changes(record) -> tuple[FieldChange, ...]:
    if record.history_type in ("+", "-"):
        shown = [
            (name, _value(name, getattr(record, name)))
            for name in AUDITED_FIELDS
            if _shown(record, name)
        ]
        if record.history_type == "+":
            return tuple(FieldChange(_label(name), None, value) for name, value in shown)
        return tuple(FieldChange(_label(name), value, None) for name, value in shown)
    by_name = {change.field: change for change in record.changes}
    return tuple(
        FieldChange(
            _label(name),
            _value(name, by_name[name].old),
            _value(name, by_name[name].new),
        )
        for name in AUDITED_FIELDS
        if name in by_name
    )


def audit_entries(*, deal_records: list, unlock_records: list) -> list[AuditEntry]:
    """Return the audit trail, newest first, from ``selectors.match_history`` (deal
    records with their ``changes``) and ``selectors.match_unlocks`` (match records)."""
    entries = []
    for record in deal_records:
        who, action, reason = _who_and_action(record)
        entries.append(
            AuditEntry(
                when=record.history_date,
                who=who,
                deal_number=record.deal_number,
                action=action,
                reason=reason,
                changes=_changes(record),
            )
        )
    # The match's own events: stopped for time, reopened, or unlocked with a reason.
    events = {
        "closed for time": lambda: _("Closed for time"),
        "reopened": lambda: _("Table reopened"),
    }
    for record in unlock_records:
        reason = record.history_change_reason
        event = events.get(reason)
        entries.append(
            AuditEntry(
                when=record.history_date,
                who=_user_name(record.history_user) or "—",
                deal_number=None,
                action=event() if event else _("Match unlocked"),
                reason="" if event else reason,
                changes=(),
            )
        )
    entries.sort(key=lambda entry: entry.when, reverse=True)
    return entries
