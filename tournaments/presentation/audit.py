"""Say the audit trail of a match in words: who changed which deal, when, what before and after;
and the history of a round: who closed or reopened it, when and why.

Presentation only, like tournaments.presentation.breakdown: it reads the django-simple-history records
that ``selectors.match_history``, ``selectors.match_unlocks`` and ``selectors.round_history``
return and writes nothing.
Each record says who (``history_user``, and ``audit_side`` for a table link's team),
when (``history_date``), what (``audit_action``, a :class:`tournaments.models.AuditAction`)
and why (``audit_reason``, what the organiser typed), as the services set them
(tournaments.models.audit).
Only the deal's inputs, its status and the dispute note are shown: the scores are
recomputed from the inputs, so their changes say nothing more. A match recorded by the
totals of its paper sheet (RULES.md §G) shows the totals and the sheet's counts as
typed, then what each correction changed, and says when the counts did not confirm the
totals, or when they break a limit no true sheet breaks (both saved with the
organiser's reason).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from tournaments.models import ENTRY_FIELDS, AuditAction, Deal, Match
from tournaments.presentation.cards import declaration_choices, sequence_kind_labels
from tournaments.presentation.totals import broken_limits_text
from tournaments.services.totals import implausible_params

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournaments.selectors.history import HistoryRecord

#: The fields of a deal the audit trail shows, in the order of the entry form: what the
#: table wrote (tournaments.models.ENTRY_FIELDS), then the status and the dispute note.
AUDITED_FIELDS = (*ENTRY_FIELDS, "status", "dispute_note")
#: Shown at creation and deletion even when empty or zero (a deal's core inputs).
_ALWAYS_SHOWN = ("taker", "trump", "taker_tricks", "taker_card_points", "defence_card_points")
_NOTHING = ("", None, False, 0, "none")
#: What was done to a deal, in words.
_DEAL_ACTIONS = {
    AuditAction.ENTERED: gettext_lazy("Entered"),
    AuditAction.CHANGED_AT_TABLE: gettext_lazy("Changed at the table"),
    AuditAction.CONFIRMED_AT_TABLE: gettext_lazy("Confirmed"),
    AuditAction.CONFIRMED_BY_ORGANISER: gettext_lazy("Confirmed"),
    AuditAction.DISPUTED: gettext_lazy("Disputed"),
    AuditAction.CORRECTED: gettext_lazy("Corrected"),
    AuditAction.DELETED: gettext_lazy("Deleted"),
    # The deals an unlock sends back to the opponents: the organiser's change, as ever.
    AuditAction.UNLOCKED: gettext_lazy("Corrected"),
}
#: What the organiser did to the match itself, in words.
_MATCH_ACTIONS = {
    AuditAction.UNLOCKED: gettext_lazy("Match unlocked"),
    AuditAction.STOPPED_FOR_TIME: gettext_lazy("Closed for time"),
    AuditAction.REOPENED: gettext_lazy("Table reopened"),
    AuditAction.TOTALS_RECORDED: gettext_lazy("Totals recorded"),
    AuditAction.TOTALS_CORRECTED: gettext_lazy("Totals corrected"),
    AuditAction.SWITCHED_TO_PAPER: gettext_lazy("Table switched to paper"),
    AuditAction.SWITCHED_TO_PHONES: gettext_lazy("Table back to phones"),
}
#: What the organiser did to a round, in words.
_ROUND_ACTIONS = {
    AuditAction.ROUND_CLOSED: gettext_lazy("Round closed"),
    AuditAction.ROUND_REOPENED: gettext_lazy("Round reopened"),
}
#: The fields of a totals-only match its audit trail shows (services/totals.py).
TOTALS_AUDITED_FIELDS = (
    "total_a",
    "total_b",
    "sheet_deals_played",
    "sheet_capots",
    "sheet_belotes",
    "sheet_declarations",
)
_TOTALS_ACTIONS = (AuditAction.TOTALS_RECORDED, AuditAction.TOTALS_CORRECTED)


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
    """One line of the audit trail. ``deal_number`` is None for an action on the match
    itself (an unlock…) or on a round."""

    when: datetime.datetime
    who: str
    deal_number: int | None
    action: str
    reason: str
    changes: tuple[FieldChange, ...]


def _deal_field(name: str) -> models.Field[Any, Any]:
    field = Deal._meta.get_field(name)
    assert isinstance(field, models.Field)  # AUDITED_FIELDS are columns, not relations
    return field


def _label(name: str) -> str:
    return capfirst(str(_deal_field(name).verbose_name))


def _declaration_labels() -> dict[str, str]:
    """Return the words for each declaration token (``tierce:KH`` → « Tierce R♥ »), and
    for a sequence typed from a paper sheet by its kind alone (``tierce`` → « Tierce »)."""
    labels = sequence_kind_labels()
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
    choices = dict(_deal_field(name).flatchoices)
    return str(choices.get(value, value))


def _user_name(user: User | None) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def _who(record: HistoryRecord) -> str:
    """Return who made the change: a table link's team (with the signed-in user, if any)
    or the organiser."""
    user = _user_name(record.history_user)
    if not record.audit_side:
        return user or "—"
    who = _("Table — team %(side)s") % {"side": record.audit_side}
    if user:
        who = _("%(table)s (%(user)s)") % {"table": who, "user": user}
    return who


def _deal_action(record: HistoryRecord) -> str:
    """Return what was done to a deal, in words."""
    if record.audit_action == AuditAction.CORRECTED and record.history_user is None:
        return _("Changed")  # Nobody behind it: an import or a script.
    if record.audit_action:
        return str(_DEAL_ACTIONS[record.audit_action])
    # A record no service described (the admin, a shell): what django-simple-history saw.
    if record.history_type == "+":
        return _("Entered")
    if record.history_type == "-":
        return _("Deleted")
    return _("Corrected") if record.history_user is not None else _("Changed")


def _shown(record: HistoryRecord, name: str) -> bool:
    if record.is_passed:
        return name in ("is_passed", "status")
    return name in _ALWAYS_SHOWN or name == "status" or getattr(record, name) not in _NOTHING


def _changes(record: HistoryRecord) -> tuple[FieldChange, ...]:
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


def _match_value(value: object) -> str:
    return "—" if value is None else str(value)


def _match_label(name: str) -> str:
    field = Match._meta.get_field(name)
    assert isinstance(field, models.Field)  # TOTALS_AUDITED_FIELDS are columns
    return capfirst(str(field.verbose_name))


def _sheet_check(
    record: HistoryRecord, rules: scoring.RuleSet | None, match_format: scoring.MatchFormat | None
) -> tuple[FieldChange, ...]:
    """Return the lines that say a sheet's counts did not confirm its totals, and, with
    the tournament's ``match_format``, which limits its totals break
    (:func:`scoring.check_totals_plausibility`): what the organiser's reason covered."""
    if rules is None:
        return ()
    totals = scoring.MatchTotals(
        record.total_a,
        record.total_b,
        record.sheet_deals_played,
        record.sheet_capots,
        record.sheet_belotes,
        record.sheet_declarations,
    )
    lines: list[FieldChange] = []
    error = scoring.check_match_totals(totals, rules)
    if error is not None and error.code is not scoring.TotalsField.SUM:
        return ()
    if error is not None:
        text = _("the totals add up to %(total)s, the sheet's counts to %(expected)s")
        lines.append(FieldChange(_("Sheet check"), None, text % dict(error.params)))
    if match_format is not None:
        problems = scoring.check_totals_plausibility(
            rules,
            totals.deals_played,
            totals.total_a,
            totals.total_b,
            match_format=match_format,
        )
        if problems:
            detail = broken_limits_text(implausible_params(problems))
            lines.append(FieldChange(_("Sheet check"), None, detail))
    return tuple(lines)


def _totals_changes(
    records: list[HistoryRecord],
    rules: scoring.RuleSet | None,
    match_format: scoring.MatchFormat | None,
) -> dict[int, tuple[FieldChange, ...]]:
    """Return, by history id, what each totals record of a match shows: the totals and
    counts typed (a recording), or those a correction changed, then the sheet check."""
    changes: dict[int, tuple[FieldChange, ...]] = {}
    previous: HistoryRecord | None = None
    for record in sorted(records, key=lambda item: (item.history_date, item.history_id)):
        if record.audit_action not in _TOTALS_ACTIONS:
            continue
        lines = [
            FieldChange(
                _match_label(name),
                None if previous is None else _match_value(getattr(previous, name)),
                _match_value(getattr(record, name)),
            )
            for name in TOTALS_AUDITED_FIELDS
            if (previous is None and getattr(record, name) is not None)
            or (previous is not None and getattr(previous, name) != getattr(record, name))
        ]
        changes[record.history_id] = (*lines, *_sheet_check(record, rules, match_format))
        previous = record
    return changes


def audit_entries(
    *,
    deal_records: list[HistoryRecord],
    unlock_records: list[HistoryRecord],
    rules: scoring.RuleSet | None = None,
    match_format: scoring.MatchFormat | None = None,
) -> list[AuditEntry]:
    """Return the audit trail, newest first, from ``selectors.match_history`` (deal
    records with their ``changes``) and ``selectors.match_unlocks`` (match records).

    The totals of a match recorded by its sheet show as typed, then as corrected; with
    the tournament's ``rules`` the trail also says when the sheet's counts did not
    confirm them, and with its ``match_format`` too which limits the totals break
    (RULES.md §G), both saved only with the organiser's reason.
    """
    entries = [
        AuditEntry(
            when=record.history_date,
            who=_who(record),
            deal_number=record.deal_number,
            action=_deal_action(record),
            reason=record.audit_reason,
            changes=_changes(record),
        )
        for record in deal_records
    ]
    # The match's own events: unlocked with a reason, stopped for time, reopened, switched
    # to paper or back to phones, its totals recorded or corrected.
    totals = _totals_changes(unlock_records, rules, match_format)
    entries.extend(
        AuditEntry(
            when=record.history_date,
            who=_user_name(record.history_user) or "—",
            deal_number=None,
            action=str(_MATCH_ACTIONS[record.audit_action]),
            reason=record.audit_reason,
            changes=totals.get(record.history_id, ()),
        )
        for record in unlock_records
    )
    entries.sort(key=lambda entry: entry.when, reverse=True)
    return entries


def round_audit_entries(*, records: list) -> list[AuditEntry]:
    """Return the history of a round, newest first, from ``selectors.round_history``:
    who closed or reopened it, when, and the reason given for reopening."""
    return [
        AuditEntry(
            when=record.history_date,
            who=_user_name(record.history_user) or "—",
            deal_number=None,
            action=str(_ROUND_ACTIONS[record.audit_action]),
            reason=record.audit_reason,
            changes=(),
        )
        for record in records
    ]
