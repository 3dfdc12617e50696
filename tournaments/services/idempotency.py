"""Once-only writes from the table phones: the ``Idempotency-Key`` of the IETF httpapi
draft (draft-ietf-httpapi-idempotency-key-header).

A phone that lost the network keeps its write and sends it again, under the same key,
until an answer comes back (static/js/table_offline.js). :func:`run_once` runs the
write the first time and stores its outcome; a repeat with the same key and the same
request gets that outcome back and writes nothing; the same key with another request is
refused (``idempotency_mismatch``), never merged.

Two repeats at once record once: the key's row is inserted first, in the write's
transaction, under a unique constraint. On PostgreSQL the second insert waits for the
first transaction, then inserts nothing and reads the stored outcome; on SQLite the
IMMEDIATE transactions (belote_club/settings.py) already run one after the other. The
answer is rendered after the write's commit and stored just after it (:func:`run_once`):
a repeat that comes in between waits for it.
"""

from __future__ import annotations

import datetime
import hashlib
import itertools
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from django.db import transaction
from django.db.models import QuerySet

from tournaments.models import IdempotencyRecord
from tournaments.models.idempotency import MAX_KEY_LENGTH
from tournaments.selectors.idempotency import idempotency_record
from tournaments.services.errors import Refusal, ServiceError
from tournaments.services.prepared import PreparedInsert, PreparedUpdate

#: How long a key is kept: a phone left offline for a whole concours day still sends its
#: writes once. An older key is forgotten: its repeat runs as a new write.
KEY_LIFETIME = datetime.timedelta(hours=24)
#: Every how many writes of a process the keys older than KEY_LIFETIME, of every link,
#: are deleted (the first write of a process deletes them too). Deleting them at every
#: write cost a query a write (bench/writes.py); an older key met before its deletion is
#: replaced (:func:`run_once`), so the sweep only bounds the table. It reads the old keys by
#: their index (migration 0029): a day of a hall's writes, read whole row by row on SQLite
#: (a compressed board each), took tens of milliseconds of a write's lock.
SWEEP_EVERY = 100

#: How long a repeat waits for the outcome of its first request, which committed its
#: write and is rendering its answer (a few milliseconds, bench/load.py), polling every
#: UNFINISHED_POLL_SECONDS; then it is refused ``idempotency_in_progress`` (sent again).
UNFINISHED_WAIT = datetime.timedelta(seconds=2)
UNFINISHED_POLL_SECONDS = 0.02
#: A key whose outcome is still not stored this long after its write is forgotten: its
#: request died between the commit and the answer (a worker restarted).
UNFINISHED_LIFETIME = datetime.timedelta(seconds=30)

#: How a stored body is compressed (zlib.compress's level and wbits). Level 1: half the CPU
#: of the default level for a whole board (about 40 KB), 30% more bytes (5 KB instead of
#: 4). A window of 16 KB (wbits 14) instead of 32: zlib clears its window and hash tables
#: at each call, which was most of the 0.14 ms it took for a table write's answer (some
#: 6.5 KB, bench/writes.py); with 14, 0.08 ms and the same bytes for it, 2% more for a 40 KB
#: board. zlib.decompress (wbits 15) reads any window up to 32 KB: rows stored before read
#: back the same.
COMPRESSION_LEVEL = 1
COMPRESSION_WBITS = 14

_writes = itertools.count()
W = TypeVar("W")


def _records(*, token: str, key: str) -> QuerySet[IdempotencyRecord]:
    return IdempotencyRecord.objects.filter(token=token, key=key)


#: The record's INSERT and its outcome's UPDATE, compiled once per thread and database
#: (services/prepared.py): compiling them, and the model instance of ``create``, cost
#: most of run_once's own CPU (bench/writes.py). The repeat's read is compiled too
#: (selectors/idempotency.py).
#: A key there already inserts nothing (ON CONFLICT DO NOTHING), instead of an
#: IntegrityError that needed a savepoint around the INSERT (two statements a write more,
#: and on PostgreSQL a failed statement ends the transaction but for a savepoint).
_INSERT = PreparedInsert(IdempotencyRecord, unique=("token", "key"))
_OUTCOME = PreparedUpdate(
    _records,
    {"token": "prepared-token", "key": "prepared-key"},
    {"status": 200, "content_type": "text/html", "headers": {}, "body": b""},
)


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
    write: Callable[[], W],
    answer: Callable[[W], Outcome],
) -> Outcome:
    """Run ``write`` once for the team link ``token`` and ``key``; return its outcome,
    ``answer(what write returned)``.

    ``write`` runs inside this transaction (it holds the write's locks: SQLite's one write
    lock, the match's row lock); ``answer`` runs after its commit (the board rendered with
    no lock held, bench/load.py), then the outcome is stored in a second, one-statement
    transaction. If ``write`` raises, nothing is stored and a repeat runs it again; if
    ``answer`` raises, the write stays and its key is forgotten (a repeat runs again, and
    the services refuse what is already recorded, ``deal_exists``…).

    Keys older than KEY_LIFETIME (before ``now``) are forgotten: a repeat of one runs
    ``write`` again, and every SWEEP_EVERY writes of the process they are deleted.
    A repeat (same token, key and fingerprint) returns the stored outcome, with
    ``is_replay`` set, and does not call ``write``. A repeat that comes between the two
    transactions waits for the outcome up to UNFINISHED_WAIT; a key whose outcome is still
    not stored UNFINISHED_LIFETIME after its write (its request died in between) is
    forgotten too.

    Raises ServiceError ``idempotency_mismatch`` when the key was used for another
    request (another fingerprint), ``idempotency_in_progress`` when its first request
    is still answering after UNFINISHED_WAIT (the phone sends it again later).
    """
    oldest = now - KEY_LIFETIME
    waited_until = time.monotonic() + UNFINISHED_WAIT.total_seconds()
    while True:
        with transaction.atomic():
            if next(_writes) % SWEEP_EVERY == 0:
                IdempotencyRecord.objects.filter(created_at__lt=oldest).delete()
            stored = _claim(token, key, fingerprint, now)
            if stored is None:
                written = write()
        if stored is None:
            break
        if stored.status:
            return _stored(stored, fingerprint)
        if stored.fingerprint != fingerprint:
            raise ServiceError(Refusal.IDEMPOTENCY_MISMATCH)
        # Its first request committed its write and is answering: wait for its outcome,
        # with no lock held.
        if time.monotonic() >= waited_until:
            raise ServiceError(Refusal.IDEMPOTENCY_IN_PROGRESS)
        time.sleep(UNFINISHED_POLL_SECONDS)
    try:
        outcome = answer(written)
    except BaseException:
        IdempotencyRecord.objects.filter(token=token, key=key, status=0).delete()
        raise
    _OUTCOME.execute(
        token=token,
        key=key,
        status=outcome.status,
        content_type=outcome.content_type,
        headers=outcome.headers,
        body=zlib.compress(outcome.body.encode(), COMPRESSION_LEVEL, COMPRESSION_WBITS),
    )
    return outcome


def _claim(
    token: str, key: str, fingerprint: str, now: datetime.datetime
) -> IdempotencyRecord | None:
    """Insert the row of ``key`` (status 0: its write runs); return None when inserted,
    else the row found there, within its lifetimes (a stale one is replaced)."""
    if _insert(token, key, fingerprint, now):
        return None
    stored = _stored_record(token, key)
    is_stale = stored.created_at < now - KEY_LIFETIME or (
        stored.status == 0 and stored.created_at < now - UNFINISHED_LIFETIME
    )
    if not is_stale:
        return stored
    # Older than its lifetime, not swept yet, or never answered: forgotten, as if deleted.
    stored.delete()
    if _insert(token, key, fingerprint, now):
        return None
    return _stored_record(token, key)  # a repeat at once inserted it again (PostgreSQL)


def _stored_record(token: str, key: str) -> IdempotencyRecord:
    """Return the row of ``key``, as ``IdempotencyRecord.objects.get`` would: raises
    IdempotencyRecord.DoesNotExist when it was deleted meanwhile (its answer failed)."""
    record = idempotency_record(token=token, key=key)
    if record is None:
        raise IdempotencyRecord.DoesNotExist("IdempotencyRecord matching query does not exist.")
    return record


def _insert(token: str, key: str, fingerprint: str, now: datetime.datetime) -> bool:
    """Insert the row of ``key``; return False, inserting nothing, when it is there already
    (on PostgreSQL, once the transaction that inserted it committed)."""
    return bool(
        _INSERT.execute(token=token, key=key, fingerprint=fingerprint, status=0, created_at=now)
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
