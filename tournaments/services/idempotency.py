"""Once-only writes from the table phones: the ``Idempotency-Key`` of the IETF httpapi
draft (draft-ietf-httpapi-idempotency-key-header).

A phone that lost the network keeps its write and sends it again, under the same key,
until an answer comes back (static/js/table_offline.js). :func:`run_once` runs the
write the first time and stores its outcome; a repeat with the same key and the same
request gets that outcome back and writes nothing; the same key with another request is
refused (``idempotency_mismatch``), never merged.

Two repeats at once record once: the key's row is inserted first, in the write's
transaction, under a unique constraint. On PostgreSQL the second insert waits for the
first transaction, then fails and reads the stored outcome; on SQLite the IMMEDIATE
transactions (belote_club/settings.py) already run one after the other.
"""

from __future__ import annotations

import datetime
import hashlib
import itertools
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction

from tournaments.models import IdempotencyRecord
from tournaments.models.idempotency import MAX_KEY_LENGTH
from tournaments.services.errors import Refusal, ServiceError

#: How long a key is kept: a phone left offline for a whole concours day still sends its
#: writes once. An older key is forgotten: its repeat runs as a new write.
KEY_LIFETIME = datetime.timedelta(hours=24)
#: Every how many writes of a process the keys older than KEY_LIFETIME, of every link,
#: are deleted (the first write of a process deletes them too). Deleting them at every
#: write cost a query a write (bench/writes.py); an older key met before its deletion is
#: replaced (:func:`run_once`), so the sweep only bounds the table.
SWEEP_EVERY = 100

_writes = itertools.count()


@dataclass(frozen=True)
class Outcome:
    """A write's answer as stored: the HTTP status, content type, the few headers kept
    (name → value) and the body; ``is_replay`` is True when it was stored by an earlier
    request under the same key."""

    status: int
    content_type: str
    body: str
    headers: dict[str, str] = field(default_factory=dict)
    is_replay: bool = False


def parse_key(header: str) -> str:
    """Return the key of an ``Idempotency-Key`` header value, or "" when there is none.

    The draft makes it a Structured Fields string (``"8e03978e-…"``); a bare token is
    taken too. Raises ServiceError ``idempotency_key_invalid`` for a key that is empty,
    longer than MAX_KEY_LENGTH characters or not printable ASCII.
    """
    value = header.strip()
    if not value:
        return ""
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    if not value or len(value) > MAX_KEY_LENGTH or not all(" " < c <= "~" for c in value):
        raise ServiceError(Refusal.IDEMPOTENCY_KEY_INVALID)
    return value


def fingerprint(method: str, path: str, fields: Iterable[tuple[str, str]]) -> str:
    """Return the SHA-256 (hex) of a request: its method, path and form fields.

    The fields are sorted, so their order does not count; the CSRF token is left out
    (each page masks it anew).
    """
    digest = hashlib.sha256(f"{method.upper()} {path}\n".encode())
    for name, value in sorted(fields):
        if name != "csrfmiddlewaretoken":
            digest.update(f"{len(name)}:{name}={len(value)}:{value}\n".encode())
    return digest.hexdigest()


def run_once(
    *,
    token: str,
    key: str,
    fingerprint: str,
    now: datetime.datetime,
    write: Callable[[], Outcome],
) -> Outcome:
    """Run ``write`` once for the team link ``token`` and ``key``; return its outcome.

    Keys older than KEY_LIFETIME (before ``now``) are forgotten: a repeat of one runs
    ``write`` again, and every SWEEP_EVERY writes of the process they are deleted.
    A repeat (same token, key and fingerprint) returns the stored outcome, with
    ``is_replay`` set, and does not call ``write``. ``write`` runs inside this
    transaction: if it raises, nothing is stored and a repeat runs it again.

    Raises ServiceError ``idempotency_mismatch`` when the key was used for another
    request (another fingerprint).
    """
    oldest = now - KEY_LIFETIME
    with transaction.atomic():
        if next(_writes) % SWEEP_EVERY == 0:
            IdempotencyRecord.objects.filter(created_at__lt=oldest).delete()
        try:
            record = _insert(token, key, fingerprint, now)
        except IntegrityError:
            stored = IdempotencyRecord.objects.get(token=token, key=key)
            if stored.created_at >= oldest:
                return _stored(stored, fingerprint)
            # Older than its lifetime, not swept yet: forgotten, as if deleted.
            stored.delete()
            try:
                record = _insert(token, key, fingerprint, now)
            except IntegrityError:  # a repeat at once inserted it again (PostgreSQL)
                return _stored(IdempotencyRecord.objects.get(token=token, key=key), fingerprint)
        outcome = write()
        record.status = outcome.status
        record.content_type = outcome.content_type
        record.headers = outcome.headers
        # Level 1: half the CPU of the default level for a board (about 40 KB), 30% more
        # bytes (5 KB instead of 4); any level reads back the same.
        record.body = zlib.compress(outcome.body.encode(), 1)
        record.save(update_fields=["status", "content_type", "headers", "body"])
    return outcome


def _insert(token: str, key: str, fingerprint: str, now: datetime.datetime) -> IdempotencyRecord:
    """Insert the row of ``key`` in a savepoint; IntegrityError when it is there already."""
    with transaction.atomic():
        return IdempotencyRecord.objects.create(
            token=token, key=key, fingerprint=fingerprint, status=0, created_at=now
        )


def _stored(record: IdempotencyRecord, fingerprint: str) -> Outcome:
    if record.fingerprint != fingerprint:
        raise ServiceError(Refusal.IDEMPOTENCY_MISMATCH)
    return Outcome(
        status=record.status,
        content_type=record.content_type,
        body=zlib.decompress(bytes(record.body)).decode(),
        headers=dict(record.headers),
        is_replay=True,
    )
