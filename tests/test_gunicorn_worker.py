"""A request that stops halfway frees its thread (belote_club/gunicorn_worker.py).

Gunicorn is started as ./run starts it (gunicorn.conf.py: its workers, threads and worker
class) with a time limit of one second. Twice as many connections as the site has threads
each send half a request, then nothing: the server closes each of them once the limit has
passed, says so in one line of its log, and answers everyone else meanwhile and after.
"""

from __future__ import annotations

import os
import runpy
import selectors
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
THREADS = CONFIG["workers"] * CONFIG["threads"]
HALF_REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Ag"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def healthz(port: int, timeout: float) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as answer:
        return answer.read().decode()


def close_when_ended(connections: list[socket.socket], seconds: float) -> list[bytes]:
    """Read each of ``connections`` as it becomes readable and close it; return what each
    read gave (b"" when the server ended it), waiting ``seconds`` at most in all."""
    read: dict[socket.socket, bytes] = {}
    with selectors.DefaultSelector() as selector:
        for connection in connections:
            selector.register(connection, selectors.EVENT_READ)
        deadline = time.monotonic() + seconds
        while len(read) < len(connections) and time.monotonic() < deadline:
            for key, _events in selector.select(timeout=deadline - time.monotonic()):
                connection = key.fileobj
                read[connection] = connection.recv(1024)
                selector.unregister(connection)
                connection.close()
    for connection in connections:
        connection.close()
    return [read.get(connection, b"(still open)") for connection in connections]


@pytest.fixture
def server(tmp_path):
    """Gunicorn on a free port of 127.0.0.1, a connection's time limit one second; yields
    its port, then its log (stderr) once stopped."""
    port = free_port()
    environment = {
        **os.environ,
        "BELOTE_SOCKET_TIMEOUT_SECONDS": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_DEBUG": "false",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
    }
    log = tmp_path / "gunicorn.log"
    with open(log, "w") as stderr:
        process = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "belote_club.wsgi"]
            + ["--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    healthz(port, timeout=2)
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise
                    time.sleep(0.2)
            yield port, log
        finally:
            process.terminate()
            process.wait(timeout=30)


def test_requests_that_stop_halfway_are_closed_and_the_others_answered(server):
    port, log = server
    stuck = []
    for _ in range(2 * THREADS):
        connection = socket.create_connection(("127.0.0.1", port), timeout=10)
        connection.sendall(HALF_REQUEST)
        stuck.append(connection)

    # Within the limit, and after it: every other visitor is answered.
    answers = [healthz(port, timeout=12) for _ in range(THREADS)]
    # Each half-sent request is closed by the server: end of stream, no answer (and the
    # server does not wait for these silent clients to close their end).
    closed = close_when_ended(stuck, seconds=15)

    assert (answers, closed) == (["ok"] * THREADS, [b""] * len(stuck))
    text = log.read_text()
    assert (text.count("Connection closed: silent for 1 s"), "Traceback" in text) == (
        2 * THREADS,
        False,
    )
