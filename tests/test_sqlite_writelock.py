"""The SQLite backend's write lock (belote_club/sqlite_backend/base.py), on a database file
of each test's own in tmp_path, under the alias "writelock".

Each thread has its own connection, as a gunicorn thread has. Who holds the flock is read
from the kernel: another descriptor of the lock file cannot take it (LOCK_NB), and a
writer waiting for it shows in /proc/locks as a blocked FLOCK. Nothing here is timed: the
order of events is asserted, and the waits are bounded only so that a bug cannot hang
the suite.
"""

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import IntegrityError, OperationalError, connection, connections, transaction
from django.db.utils import ConnectionHandler

from belote_club.sqlite_backend.base import DatabaseWrapper, LockFile, lock_path

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="the lock file orders SQLite's writers only"
)

ALIAS = "writelock"
#: The bound of every wait of these tests for another thread, in seconds (never reached).
PATIENCE = 10.0
#: The lock timeout of a test that gives up waiting for the flock, in seconds.
SHORT_TIMEOUT = 0.05


def configure(name: str, *, transaction_mode: str | None = "IMMEDIATE", timeout: float = 20):
    """Settings of the "writelock" database as ./run's (belote_club/settings.py)."""
    options: dict[str, object] = {
        "timeout": timeout,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    if transaction_mode is not None:
        options["transaction_mode"] = transaction_mode
    databases = {
        "default": {},
        ALIAS: {"ENGINE": "belote_club.sqlite_backend", "NAME": name, "OPTIONS": options},
    }
    connections.settings[ALIAS] = ConnectionHandler().configure_settings(databases)[ALIAS]


@pytest.fixture
def use_database(tmp_path: Path, django_db_blocker) -> Iterator[Callable[..., Path]]:
    """A function that sets the "writelock" database up (a file in tmp_path by default),
    with a table ``row (name TEXT UNIQUE)``, and returns its lock file's path."""

    def use(name: str | None = None, **options: object) -> Path | None:
        name = name or str(tmp_path / "club.sqlite3")
        configure(name, **options)
        with connections[ALIAS].cursor() as cursor:
            cursor.execute("CREATE TABLE IF NOT EXISTS row (name TEXT UNIQUE)")
        return lock_path(name)

    with django_db_blocker.unblock():
        try:
            yield use
        finally:
            connections[ALIAS].close()
            del connections.settings[ALIAS]
            if hasattr(connections._connections, ALIAS):
                delattr(connections._connections, ALIAS)


def rows() -> list[str]:
    with connections[ALIAS].cursor() as cursor:
        cursor.execute("SELECT name FROM row ORDER BY rowid")
        return [name for (name,) in cursor.fetchall()]


def add(name: str) -> None:
    with connections[ALIAS].cursor() as cursor:
        cursor.execute("INSERT INTO row (name) VALUES (%s)", [name])


def is_free(path: Path) -> bool:
    """Whether another descriptor could take the flock of ``path`` now (it lets go at once)."""
    other = LockFile(path)
    try:
        return other.try_lock()
    finally:
        other.close()


def flock_waiters(path: Path) -> int:
    """The number of descriptors blocked waiting for the flock of ``path`` (/proc/locks)."""
    status = path.stat()
    file_id = f"{os.major(status.st_dev):02x}:{os.minor(status.st_dev):02x}:{status.st_ino}"
    with open("/proc/locks") as locks:
        return sum(
            1 for line in locks if line.split()[1:3] == ["->", "FLOCK"] and file_id in line.split()
        )


def wait_until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, "the other thread never got there"
        time.sleep(0.001)


def in_thread(target: Callable[[], object]) -> threading.Thread:
    """Start ``target`` in a thread with its own connection, closed when it ends."""

    def run() -> None:
        try:
            target()
        finally:
            connections[ALIAS].close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_second_writer_waits_in_the_flock_and_starts_once_the_first_has_committed(
    use_database,
):
    path = use_database()
    first_began, first_may_commit = threading.Event(), threading.Event()
    events: list[tuple] = []

    def first() -> None:
        with transaction.atomic(using=ALIAS):
            add("first")
            events.append(("first began",))
            first_began.set()
            first_may_commit.wait(PATIENCE)
        events.append(("first committed",))

    def second() -> None:
        with transaction.atomic(using=ALIAS):
            events.append(("second began, seeing", rows()))
            add("second")

    threads = [in_thread(first)]
    assert first_began.wait(PATIENCE)
    threads.append(in_thread(second))
    wait_until(lambda: flock_waiters(path) == 1)
    events.append(("second waits in the flock", len(events)))
    first_may_commit.set()
    for thread in threads:
        thread.join(PATIENCE)

    # The second begins as soon as the first's COMMIT lets go of the flock, maybe before
    # the first thread records that it committed: what the second sees proves the order.
    assert events[:2] == [("first began",), ("second waits in the flock", 1)]
    assert sorted(events[2:]) == [("first committed",), ("second began, seeing", ["first"])]
    assert (rows(), is_free(path)) == (["first", "second"], True)


def test_writers_of_many_threads_each_commit_in_turn(use_database):
    path = use_database()
    barrier = threading.Barrier(8)

    def write(number: int) -> None:
        barrier.wait(PATIENCE)
        for deal in range(10):
            with transaction.atomic(using=ALIAS):
                add(f"{number}-{deal}")

    threads = [in_thread(lambda number=number: write(number)) for number in range(8)]
    for thread in threads:
        thread.join(PATIENCE)

    assert (sorted(rows()), is_free(path)) == (
        sorted(f"{number}-{deal}" for number in range(8) for deal in range(10)),
        True,
    )


def test_nested_blocks_take_the_flock_once_and_let_go_of_it_at_the_outermost_end(
    use_database,
):
    path = use_database()
    held = []

    with transaction.atomic(using=ALIAS):
        add("outer")
        held.append(not is_free(path))
        with transaction.atomic(using=ALIAS):
            add("inner")
            held.append(not is_free(path))
            with transaction.atomic(using=ALIAS, savepoint=False):
                add("innermost")
                held.append(not is_free(path))
        held.append(not is_free(path))
    held.append(not is_free(path))

    assert (held, rows()) == ([True, True, True, True, False], ["outer", "inner", "innermost"])


def test_an_inner_block_rolled_back_keeps_the_flock_until_the_outer_commits(use_database):
    path = use_database()

    with transaction.atomic(using=ALIAS):
        add("kept")
        with pytest.raises(IntegrityError), transaction.atomic(using=ALIAS):
            add("kept")
        held = not is_free(path)
        add("after")

    assert (held, is_free(path), rows()) == (True, True, ["kept", "after"])


def test_an_exception_rolls_back_and_lets_go_of_the_flock(use_database):
    path = use_database()

    with pytest.raises(ValueError, match="refused"), transaction.atomic(using=ALIAS):
        add("gone")
        raise ValueError("the service refused")

    assert (is_free(path), rows()) == (True, [])


def test_a_failed_statement_rolls_back_and_lets_go_of_the_flock(use_database):
    path = use_database()

    with pytest.raises(IntegrityError), transaction.atomic(using=ALIAS):
        add("gone")
        add("gone")

    assert (is_free(path), rows()) == (True, [])


def test_a_block_marked_for_rollback_lets_go_of_the_flock(use_database):
    path = use_database()

    with transaction.atomic(using=ALIAS):
        add("gone")
        transaction.set_rollback(True, using=ALIAS)

    assert (is_free(path), rows()) == (True, [])


def test_closing_the_connection_inside_a_block_lets_go_of_the_flock(use_database):
    path = use_database()

    with transaction.atomic(using=ALIAS):
        add("lost")
        connections[ALIAS].close()
        free_once_closed = is_free(path)

    assert (free_once_closed, rows(), is_free(path)) == (True, [], True)


def test_a_writer_gives_up_after_the_timeout_and_the_wait_given_up_lets_go_later(
    use_database,
):
    path = use_database(timeout=SHORT_TIMEOUT)
    # Another holder of the flock only: SQLite's own lock is free, so the error is ours.
    holder = LockFile(path)
    assert holder.try_lock()

    with (
        pytest.raises(OperationalError, match="^database is locked$"),
        transaction.atomic(using=ALIAS),
    ):
        add("never")
    refused_while_held = rows()
    # The wait given up still waits in its helper thread: once it gets the flock, it
    # closes its file, which lets go of it.
    holder.close()
    wait_until(lambda: flock_waiters(path) == 0 and is_free(path))
    with transaction.atomic(using=ALIAS):
        add("later")

    assert (refused_while_held, rows(), is_free(path)) == ([], ["later"], True)


def test_reads_and_writes_outside_a_block_take_no_flock(use_database):
    path = use_database(timeout=SHORT_TIMEOUT)
    holder = LockFile(path)
    assert holder.try_lock()
    try:
        add("autocommit")
        seen = rows()
    finally:
        holder.close()

    assert seen == ["autocommit"]


def test_deferred_transactions_take_no_flock(use_database):
    path = use_database(transaction_mode=None, timeout=SHORT_TIMEOUT)
    holder = LockFile(path)
    assert holder.try_lock()
    try:
        with transaction.atomic(using=ALIAS):
            add("deferred")
    finally:
        holder.close()

    assert rows() == ["deferred"]


def test_a_database_in_memory_has_no_lock_file(use_database, tmp_path):
    assert use_database(":memory:") is None
    with transaction.atomic(using=ALIAS):
        add("in memory")
        with transaction.atomic(using=ALIAS):
            add("nested")

    assert (rows(), list(tmp_path.iterdir())) == (["in memory", "nested"], [])


def test_the_lock_file_is_beside_the_database_unless_it_is_in_memory_or_a_uri(tmp_path):
    assert [
        lock_path(tmp_path / "db.sqlite3"),
        lock_path(":memory:"),
        lock_path("file:club?mode=memory&cache=shared"),
        lock_path("file:/var/db.sqlite3"),
    ] == [tmp_path / "db.sqlite3.writelock", None, None, None]


def test_destroying_a_test_database_deletes_its_lock_file(use_database, tmp_path):
    name = str(tmp_path / "test-db.sqlite3")
    path = use_database(name)
    with transaction.atomic(using=ALIAS):
        add("test")
    connections[ALIAS].close()

    connections[ALIAS].creation._destroy_test_db(name, verbosity=0)

    assert (path.name, list(tmp_path.iterdir())) == ("test-db.sqlite3.writelock", [])


def test_the_site_and_its_tests_use_this_backend():
    assert isinstance(connections["default"], DatabaseWrapper)
