"""The audit columns of the history of deals, matches and rounds: who, which side, what, why.

django-simple-history writes a record at every save of a Deal, a Match or a Round, with who
(``history_user``) and when (``history_date``). :class:`AuditedHistory` adds to each record
what the change was (:class:`AuditAction`), the team whose table link made it, and the
reason a person typed, as columns the audit trail reads back (presentation/audit.py).
``history_change_reason`` stays empty.

The services decide these values and say them with :func:`set_audit` before they save;
the receiver below only copies them onto the record being written (STYLE.md §3: signals
carry no domain flow).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import models
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.manager import HistoryDescriptor
from simple_history.models import HistoricalRecords
from simple_history.signals import post_create_historical_record, pre_create_historical_record

from tournaments.models.choices import AuditAction, TeamSide
from tournaments.models.history_insert import insert_history_values, save_history_instance

#: The django-simple-history release whose ``create_historical_record``
#: :class:`CachedHistoricalRecords` copies (tests/tournaments/test_history_insert.py fails
#: when the installed one is another: read its method again, then update the copy).
COPIED_SIMPLE_HISTORY_VERSION = "3.13.0"


class AuditedHistory(models.Model):
    """The extra columns of a history record: ``HistoricalRecords(bases=[AuditedHistory])``.

    ``audit_action`` is empty on a record no service described (a score replay, the admin);
    ``audit_side`` is ``"A"`` or ``"B"`` for a change made through a table link, empty for an
    organiser; ``audit_reason`` is only what a person typed (the organiser's reason), or
    empty.
    """

    audit_action = models.CharField(_("action"), max_length=30, choices=AuditAction, blank=True)
    audit_side = models.CharField(
        _("team at the table"),
        max_length=1,
        choices=TeamSide,
        blank=True,
        help_text=_("The team whose table link made the change; empty for an organiser."),
    )
    audit_reason = models.TextField(_("reason given"), blank=True)

    class Meta:
        abstract = True


class _HistoryDescriptor(HistoryDescriptor):
    """django-simple-history's ``Model.history``, its manager class built once.

    The library's builds it (``HistoryManager.from_queryset(...)``, a new class) at each
    access, and each save writes its record through that access: about a fifth of a
    millisecond of CPU a record, two or three records a table write (bench/writes.py).
    """

    def __init__(self, model: Any, manager: Any, queryset: Any) -> None:
        super().__init__(model, manager=manager, queryset=queryset)
        self._manager = manager.from_queryset(queryset)

    def __get__(self, instance: Any, owner: Any) -> Any:
        return self._manager(self.model, instance)


class CachedHistoricalRecords(HistoricalRecords):
    """``HistoricalRecords`` whose ``Model.history`` builds no class at each access
    (:class:`_HistoryDescriptor`) and whose records are written by an INSERT compiled once
    (models/history_insert.py): the same history model, the same records."""

    def finalize(self, sender: type[models.Model], **kwargs: Any) -> None:
        super().finalize(sender, **kwargs)
        descriptor = sender.__dict__.get(self.manager_name)
        if type(descriptor) is HistoryDescriptor:  # set on ``sender`` just now
            cached = _HistoryDescriptor(
                descriptor.model, descriptor.manager_class, descriptor.queryset_class
            )
            setattr(sender, self.manager_name, cached)

    def create_historical_record(
        self, instance: models.Model, history_type: str, using: str | None = None
    ) -> None:
        """Write ``instance``'s history record of ``history_type`` (``"+"``, ``"~"``, ``"-"``).

        A copy of django-simple-history 3.13.0's ``HistoricalRecords.create_historical_record``
        (:data:`COPIED_SIMPLE_HISTORY_VERSION`) with one change: the record is saved by
        :func:`~tournaments.models.history_insert.save_history_instance`, Django's save
        with the INSERT compiled once, instead of ``history_instance.save(using=using)``,
        whose compilation was most of a record's CPU (0.2–0.4 ms). All else is the
        library's, in its order: ``history_date`` (``instance._history_date`` or now),
        ``history_user`` (``instance._history_user``, else ``get_user`` with the
        middleware's request), ``history_change_reason``, the tracked fields less the
        excluded ones, ``history_relation``, the ``pre_create_historical_record`` and
        ``post_create_historical_record`` signals, the many-to-many records. That function
        uses Django internals: an upgrade of either library needs a look at both.

        A record with no user whose signals have no receiver but :func:`_copy_audit_note`
        (every table write's: two or three records a write) is written by
        :meth:`_insert_values` without its history instance: building it and sending
        its signals to nobody was a fifth of a record's CPU (bench/writes.py).
        """
        using = using if self.use_base_model_db else None
        history_date = getattr(instance, "_history_date", timezone.now())
        history_user = self.get_history_user(instance)
        history_change_reason = self.get_change_reason_for_object(instance, history_type, using)
        if history_user is None and self._insert_values(
            instance, history_type, history_date, history_change_reason, using
        ):
            return
        manager = getattr(instance, self.manager_name)

        attrs = {}
        for field in self.fields_included(instance):
            attrs[field.attname] = getattr(instance, field.attname)

        relation_field = getattr(manager.model, "history_relation", None)
        if relation_field is not None:
            attrs["history_relation"] = instance

        history_instance = manager.model(
            history_date=history_date,
            history_type=history_type,
            history_user=history_user,
            history_change_reason=history_change_reason,
            **attrs,
        )

        pre_create_historical_record.send(
            sender=manager.model,
            instance=instance,
            history_date=history_date,
            history_user=history_user,
            history_change_reason=history_change_reason,
            history_instance=history_instance,
            using=using,
        )

        save_history_instance(history_instance, using=using)  # the library: .save(using=using)
        self.create_historical_record_m2ms(history_instance, instance)

        post_create_historical_record.send(
            sender=manager.model,
            instance=instance,
            history_instance=history_instance,
            history_date=history_date,
            history_user=history_user,
            history_change_reason=history_change_reason,
            using=using,
        )

    def _insert_values(
        self,
        instance: models.Model,
        history_type: str,
        history_date: datetime.datetime,
        history_change_reason: str | None,
        using: str | None,
    ) -> bool:
        """Write ``instance``'s record as :meth:`create_historical_record` would, with no
        history instance built (models/history_insert.py ``insert_history_values``): the
        same columns, the audit note copied as :func:`_copy_audit_note` copies it. Return
        False, writing nothing and leaving the note, where an instance is needed: a
        receiver other than :func:`_copy_audit_note` of the library's signals or of the
        record's ``pre_save``/``post_save`` (it is given the instance), a relation to the
        tracked row (``history_relation``), many-to-many fields, or a record
        ``insert_history_values`` cannot write. A signed-in user (``history_user``) is
        never given here: its record is built (its related object checked as saved).
        """
        descriptor = vars(type(instance)).get(self.manager_name)
        if not isinstance(descriptor, _HistoryDescriptor):
            return False
        history_model = descriptor.model
        if (
            _has_other_receivers(pre_create_historical_record, history_model)
            or post_create_historical_record.has_listeners(history_model)
            or getattr(history_model, "history_relation", None) is not None
            or getattr(history_model, "_history_m2m_fields", ())
        ):
            return False
        values = {
            field.attname: getattr(instance, field.attname)
            for field in self.fields_included(instance)
        }
        values.update(
            history_date=history_date,
            history_type=history_type,
            history_user_id=None,
            history_change_reason=history_change_reason,
        )
        is_audited = issubclass(history_model, AuditedHistory)
        # Taken off as _copy_audit_note takes it, before the INSERT; put back if not written.
        note = instance.__dict__.pop("_audit_note", None) if is_audited else None
        if note is not None:
            values.update(audit_action=note.action, audit_side=note.side, audit_reason=note.reason)
            values.update(note.history_values)
        if insert_history_values(history_model, values, using=using):
            return True
        if note is not None:
            instance.__dict__["_audit_note"] = note
        return False


def _has_other_receivers(signal: Any, sender: type[models.Model]) -> bool:
    """Whether ``signal`` has a live receiver for ``sender`` but :func:`_copy_audit_note`
    (Django's ``Signal._live_receivers``: its sync and async receivers)."""
    sync_receivers, async_receivers = signal._live_receivers(sender)
    return bool(async_receivers) or any(r is not _copy_audit_note for r in sync_receivers)


@dataclass(frozen=True)
class _AuditNote:
    action: str
    side: str
    reason: str
    history_values: tuple[tuple[str, Any], ...] = ()


def set_audit(
    instance: models.Model,
    *,
    action: AuditAction,
    now: datetime.datetime,
    user: AbstractBaseUser | None = None,
    side: str = "",
    reason: str = "",
    history_values: Mapping[str, Any] | None = None,
) -> None:
    """Describe the change the next save (or delete) of ``instance`` makes, for its history.

    Only that next history record says it: a later save of the same instance is described
    again or not at all.

    ``instance`` is a Deal, a Match or a Round; ``side`` the table link's team (``"A"``/``"B"``) or
    ``""``; ``reason`` what the organiser typed, or ``""``. With no ``user``, the history
    keeps the signed-in user of the request, if any. ``history_values`` are columns the
    history record keeps at these values instead of the instance's (services/deals.py: a
    deal saved scored, whose record keeps it unscored). Nothing is saved here.
    """
    # django-simple-history reads _history_date and _history_user off the instance it saves
    # (its documented API), and the receiver below reads _audit_note: attributes set for one
    # save, which no model declares.
    instance._history_date = now  # type: ignore[attr-defined]
    if user is not None:
        instance._history_user = user  # type: ignore[attr-defined]
    instance._audit_note = _AuditNote(  # type: ignore[attr-defined]
        action=action,
        side=side,
        reason=reason,
        history_values=tuple((history_values or {}).items()),
    )


@receiver(pre_create_historical_record)
def _copy_audit_note(
    sender: type[models.Model],
    *,
    instance: models.Model,
    history_instance: models.Model,
    **kwargs: Any,
) -> None:
    # Only copies what the service decided with set_audit: no domain flow (STYLE.md §3).
    # The note describes one change: taken off the instance, it is not copied again when
    # the same instance is saved once more (replay_match saves the match it was given).
    if not isinstance(history_instance, AuditedHistory):
        return
    note = instance.__dict__.pop("_audit_note", None)
    if note is None:
        return
    history_instance.audit_action = note.action
    history_instance.audit_side = note.side
    history_instance.audit_reason = note.reason
    for name, value in note.history_values:
        setattr(history_instance, name, value)
