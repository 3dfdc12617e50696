"""Idempotency keys of the table phones' writes (IETF httpapi idempotency-key draft).

A phone that loses the network while it posts a deal or a confirmation keeps the request
and sends it again, with the same ``Idempotency-Key`` header, until it gets an answer.
The first answer is stored here, per team link and key, so that a repeat gets that
answer back and records nothing twice (services/idempotency.py).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

#: The longest key kept: the draft sets no limit, a UUID takes 36 characters.
MAX_KEY_LENGTH = 100
#: HTTP statuses go up to 599; 0 marks a record whose write is still running.
MAX_STATUS = 599


class IdempotencyRecord(models.Model):
    """The first outcome of one write sent by one team link under one key.

    ``token`` is the team link's token, the one the phone opens (the link itself may be
    renewed: the key stays scoped to the link that sent it). ``fingerprint`` is a SHA-256 (hex) of the method,
    the path and the form fields, so that the same key with another payload is told
    apart. ``status``, ``content_type``, ``headers`` and ``body`` are the response sent
    the first time, the body compressed with zlib (a board of 40 KB keeps 4 KB); ``status`` is 0 from the write until its answer is stored: the answer is
    drawn after the write's commit (services/idempotency.py ``run_once``), so a repeat
    may read a 0 in between, and waits.
    """

    token = models.CharField(_("token"), max_length=40)
    key = models.CharField(_("idempotency key"), max_length=MAX_KEY_LENGTH)
    fingerprint = models.CharField(_("request fingerprint"), max_length=64)
    status = models.PositiveSmallIntegerField(_("response status"))
    content_type = models.CharField(_("response content type"), max_length=100)
    headers = models.JSONField(_("response headers"), default=dict)
    body = models.BinaryField(_("response body (zlib)"), blank=True)
    created_at = models.DateTimeField(_("created at"))

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("idempotency record")
        verbose_name_plural = _("idempotency records")
        constraints = [
            models.UniqueConstraint(fields=["token", "key"], name="idempotency_one_per_link_key"),
            models.CheckConstraint(
                condition=Q(status__lte=MAX_STATUS), name="idempotency_status_range"
            ),
        ]
        # The sweep of the keys older than a day (services/idempotency.py), in a write's
        # transaction: without it, SQLite reads every row whole, its compressed board
        # before its created_at.
        indexes = [models.Index(fields=["created_at"], name="idempotency_created_at")]

    def __str__(self) -> str:
        return f"{self.token[:6]}… {self.key}"
