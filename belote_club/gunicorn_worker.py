"""Gunicorn's threaded worker with a time limit on each read and write of a connection.

Gunicorn's ``gthread`` worker waits for a new connection's first bytes in its poller (5 s),
then reads the request in one of its threads, blocking with no time limit. A phone whose
Wi-Fi drops in the middle of a request, or any client that stops halfway, keeps that
thread for as long as the connection lives, which may be for ever: with a few of them a
worker answers no one (a fresh tester's finding: three half-sent requests left half the
site's requests unanswered). The kernel's SO_RCVTIMEO and SO_SNDTIMEO on each connection
(socket(7)) make such a read or write fail after BELOTE_SOCKET_TIMEOUT_SECONDS (10 s); the
worker closes that connection and its thread serves the next one. A phone's write cut off
so is sent again by the phone's outbox, under the same Idempotency-Key.

Used by gunicorn.conf.py (``worker_class``), so by ./run and bench/load.py.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import struct
import threading
from typing import Any

from gunicorn.workers.gthread import ThreadWorker as GunicornThreadWorker

#: Seconds a connection may stay silent in the middle of a request, or refuse what the
#: answer sends, before the worker closes it.
SOCKET_TIMEOUT_SECONDS = float(os.environ.get("BELOTE_SOCKET_TIMEOUT_SECONDS") or 10)


def limit_socket(sock: socket.socket, seconds: float = SOCKET_TIMEOUT_SECONDS) -> None:
    """Make each blocking read and write of ``sock`` fail (BlockingIOError, EAGAIN) once
    it has waited ``seconds`` (a C ``struct timeval``: whole seconds, microseconds)."""
    whole = int(seconds)
    timeval = struct.pack("ll", whole, int((seconds - whole) * 1_000_000))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, timeval)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, timeval)


#: Per thread: whether the request this thread is handling ran out of its time limit.
_timed_out = threading.local()


class _TimedOutConnections(logging.Filter):
    """Say a connection closed on its time limit in one line, not as a socket error with
    its traceback, and tell :meth:`ThreadWorker.handle` (gunicorn catches the error and logs
    it, in the thread handling the request, with no other sign of it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, BlockingIOError):
            _timed_out.happened = True
            record.msg = "Connection closed: silent for %s s in the middle of a request."
            record.args = (f"{SOCKET_TIMEOUT_SECONDS:g}",)
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class ThreadWorker(GunicornThreadWorker):
    """Gunicorn's ``gthread`` worker, each connection under :func:`limit_socket`."""

    def init_process(self) -> None:
        self.log.error_log.addFilter(_TimedOutConnections())
        super().init_process()

    def handle(self, conn: Any) -> Any:
        """Handle ``conn`` as gunicorn does; once its time limit ran out, shut its reading,
        so that gunicorn's graceful close does not wait, on the worker's main thread and up
        to 2 s, for a client that says nothing (its phone gone from the Wi-Fi)."""
        _timed_out.happened = False
        result = super().handle(conn)
        if _timed_out.happened:
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_RD)
        return result

    def enqueue_req(self, conn: Any) -> None:
        if not conn.initialized:  # a new connection (or one deferred before its request)
            limit_socket(conn.sock)
        super().enqueue_req(conn)
