"""Django's SQLite backend, with the writers queued in the kernel instead of SQLite's sleeps,
and each query's placeholders converted once (:class:`CursorWrapper`).

Why. With ``"transaction_mode": "IMMEDIATE"`` every ``transaction.atomic()`` block starts
with ``BEGIN IMMEDIATE``, which takes SQLite's one write lock. A writer that finds it taken
waits in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100 ms
between tries: when the holder commits, the lock sits idle until some sleeper wakes. At
saturation (bench/load.py) gunicorn used about one of its two cores.

What this backend does. Before ``BEGIN IMMEDIATE`` (or ``EXCLUSIVE``) of an outermost
``atomic()`` block, the connection takes an exclusive ``flock`` on a lock file beside the
database, ``<NAME>.writelock``; it lets go of it right after COMMIT or ROLLBACK, and when
the connection closes. A waiter sleeps in the kernel and is woken as soon as the file is
let go of. Each connection opens the file for itself: a flock belongs to the open file
description, so the threads of one process exclude one another as the processes do, and
the kernel lets go of it when a process dies.

What it guarantees.
- SQLite's own lock still decides: the flock only orders the writers that take it.
- Only the outermost ``atomic()`` block started in autocommit mode takes it (Django's
  ``_start_transaction_under_autocommit``): a nested block makes a savepoint and takes
  nothing, so it cannot wait for itself; reads outside a transaction take nothing.
- It is let go of on every way out: COMMIT (even a failed one), ROLLBACK, a BEGIN that
  failed, and the connection's close (Django closes a connection left in a transaction
  at the request's end).
- A writer waits at most the connection's ``timeout`` (``OPTIONS["timeout"]``, seconds;
  Python's sqlite3 default of 5 when unset) for the flock, then gets the
  ``OperationalError("database is locked")`` SQLite itself would raise. The timed wait
  runs in a helper thread (a flock has no timeout); a wait given up on closes its file
  once the flock comes, which lets go of it at once.

What it does not do.
- Writers that do not take the flock, each waiting on SQLite's busy handler as before:
  a statement run in autocommit mode outside ``atomic()``, a transaction Django did not
  start with ``atomic()``, another program (the ``sqlite3`` shell, ``VACUUM INTO`` of
  ``manage.py backup_database``, which reads only). After its flock a writer may still
  wait for SQLite's lock behind one of them, up to ``timeout`` again.
- Nothing with ``transaction_mode`` DEFERRED (or unset): BEGIN takes no lock there, and
  a read-only block must not queue behind writers.
- Nothing for a database in memory or named by a ``file:`` URI, which have no plain
  path beside which to put the lock file.
- Deleting the lock file while the site runs splits the queue in two (writers that
  opened the old file and those that open the new one) until every connection reopens;
  SQLite's lock still keeps the data safe.
"""

from __future__ import annotations

import concurrent.futures
import fcntl
import functools
import os
import sqlite3
import threading
import weakref
from pathlib import Path

from django.db.backends.sqlite3.base import FORMAT_QMARK_REGEX, SQLiteCursorWrapper
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteDatabaseWrapper
from django.db.backends.sqlite3.creation import DatabaseCreation as SQLiteDatabaseCreation

#: The lock file's name is the database's with this added.
LOCK_SUFFIX = ".writelock"
#: Python's sqlite3 waits this long (seconds) for a lock when OPTIONS has no "timeout".
DEFAULT_TIMEOUT = 5.0
#: The transaction modes whose BEGIN takes SQLite's write lock.
WRITE_MODES = frozenset({"IMMEDIATE", "EXCLUSIVE"})
#: At most this many waits at once per process in helper threads (a gunicorn worker has
#: 4 threads, one connection each; tests may start more).
HELPER_THREADS = 64


def lock_path(database_name: str | os.PathLike[str]) -> Path | None:
    """Return the lock file's path for the SQLite database ``database_name`` (a path), or
    None for a database in memory or named by a ``file:`` URI."""
    name = str(database_name)
    if SQLiteDatabaseCreation.is_in_memory_db(name) or name.startswith("file:"):
        return None
    return Path(name + LOCK_SUFFIX)


class LockFile:
    """The lock file opened once (its own open file description); closing it, or losing
    the last reference to it, lets go of its flock."""

    def __init__(self, path: Path) -> None:
        # Read-only is enough for flock, and works for a file another user made.
        self.fd = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o666)
        self._close = weakref.finalize(self, os.close, self.fd)

    def try_lock(self) -> bool:
        """Take the flock if it is free; return whether it was taken."""
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def unlock(self) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)

    def close(self) -> None:
        """Close the file (a second call does nothing)."""
        self._close()


_helpers_lock = threading.Lock()
_helpers: dict[int, concurrent.futures.ThreadPoolExecutor] = {}


def _helper_threads() -> concurrent.futures.ThreadPoolExecutor:
    """This process's helper threads (a forked child makes its own: the parent's threads
    do not come along)."""
    pid = os.getpid()
    with _helpers_lock:
        if pid not in _helpers:
            _helpers[pid] = concurrent.futures.ThreadPoolExecutor(
                max_workers=HELPER_THREADS, thread_name_prefix="sqlite-writelock"
            )
        return _helpers[pid]


def wait_for_lock(lock_file: LockFile, timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for ``lock_file``'s flock, blocked in the kernel (in a
    helper thread) so as to wake as soon as it is let go of. Return True once it is taken.

    On False the wait was given up and ``lock_file`` is closed: at once if the wait had
    not started, else once the flock comes (which lets go of it at once). Either way the
    caller must open a new one.
    """
    waiting = _helper_threads().submit(fcntl.flock, lock_file.fd, fcntl.LOCK_EX)
    try:
        waiting.result(timeout)
    except concurrent.futures.TimeoutError:
        pass
    else:
        return True
    # Run at once if the wait is cancelled or the flock came meanwhile; else by the helper
    # thread when it comes.
    waiting.cancel()
    waiting.add_done_callback(lambda _waiting: lock_file.close())
    return False


class DatabaseCreation(SQLiteDatabaseCreation):
    def _destroy_test_db(self, test_database_name, verbosity):
        super()._destroy_test_db(test_database_name, verbosity)
        path = lock_path(test_database_name)
        if path is not None:
            path.unlink(missing_ok=True)


#: The most converted queries kept per process, and the longest query kept (characters):
#: at most some 8 MB, each query with its conversion (a table write's longest, the seat
#: look-up, has 4,011). A longer one (a bulk insert's hundreds of placeholders) is
#: converted at each run, as Django does.
CONVERTED_QUERIES = 512
LONGEST_CONVERTED_QUERY = 8_192


class CursorWrapper(SQLiteCursorWrapper):
    """Django's SQLite cursor, converting each query's ``%s`` placeholders to ``?`` once.

    Django's cursor rewrites the SQL at every run with a regular expression that scans it
    whole: 0.1 ms for the 4,000 characters of a table write's seat look-up, some 0.5 ms
    of each write's 16 queries (bench/writes.py). The conversion depends on the query's
    text alone, so it is kept (:func:`converted_query`); a query with named parameters
    (``%(name)s``, a dict of values) goes through Django's own conversion.
    """

    def convert_query(self, query, *, param_names=None):
        if param_names is None and len(query) <= LONGEST_CONVERTED_QUERY:
            return converted_query(query)
        return super().convert_query(query, param_names=param_names)


@functools.lru_cache(maxsize=CONVERTED_QUERIES)
def converted_query(query: str) -> str:
    """Return ``query`` with its ``%s`` placeholders as ``?`` and ``%%`` as ``%``: what
    Django's ``SQLiteCursorWrapper.convert_query`` returns for positional parameters
    (tests/test_sqlite_queries.py compares them)."""
    return FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


class DatabaseWrapper(SQLiteDatabaseWrapper):
    """Django's SQLite connection, whose outermost IMMEDIATE/EXCLUSIVE transactions hold
    the flock of ``<NAME>.writelock`` from before BEGIN to after COMMIT or ROLLBACK, and
    whose cursors convert each query's placeholders once (:class:`CursorWrapper`)."""

    creation_class = DatabaseCreation

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._lock_path: Path | None = None
        self._lock_timeout = DEFAULT_TIMEOUT
        self._lock_file: LockFile | None = None
        self._lock_held = False

    def get_connection_params(self):
        params = super().get_connection_params()
        self._lock_timeout = float(params.get("timeout", DEFAULT_TIMEOUT))
        self._lock_path = (
            lock_path(self.settings_dict["NAME"]) if self.transaction_mode in WRITE_MODES else None
        )
        return params

    def _start_transaction_under_autocommit(self):
        self._take_write_lock()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._let_go_of_write_lock()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._let_go_of_write_lock()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._let_go_of_write_lock()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._let_go_of_write_lock()
            if self._lock_file is not None:
                self._lock_file.close()
                self._lock_file = None

    def _take_write_lock(self) -> None:
        """Take the flock before BEGIN, or raise OperationalError("database is locked")
        after waiting ``timeout`` seconds for it. Nothing for a database without a lock
        file (in memory) or a transaction mode that takes no lock at BEGIN."""
        if self._lock_path is None or self._lock_held:
            return
        if self._lock_file is None:
            self._lock_file = LockFile(self._lock_path)
        if not self._lock_file.try_lock() and not wait_for_lock(
            self._lock_file, self._lock_timeout
        ):
            self._lock_file = None
            with self.wrap_database_errors:
                raise sqlite3.OperationalError("database is locked")
        self._lock_held = True

    def _let_go_of_write_lock(self) -> None:
        if self._lock_held:
            self._lock_held = False
            if self._lock_file is not None:
                self._lock_file.unlock()

    def create_cursor(self, name=None):
        return self.connection.cursor(factory=CursorWrapper)
