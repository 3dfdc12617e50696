"""Tell ./run whether its port is free: ``python scripts/port_check.py PORT``.

Exits 0 when the server can listen on PORT, 1 when a server already answers there, 2
when another program holds the port without answering.

The check binds as gunicorn does, with ``SO_REUSEADDR``. Without it, a bind fails for a
minute or two after ./run stops while phones or the projector were connected: their
connections stay in TIME-WAIT on that port although nothing listens, and gunicorn,
which sets the option, would start at once. Only a socket that really holds the port
makes the bind fail; a connection to it then tells a server that answers (Belote Club
already running, say) from a program that only holds it.
"""

from __future__ import annotations

import socket
import sys
from enum import IntEnum

#: How long to wait for a server to answer, in seconds: on this machine it answers at once.
CONNECT_TIMEOUT = 1.0


class PortStatus(IntEnum):
    """What holds a port; the value is the exit status of this script."""

    FREE = 0
    ANSWERS = 1
    HELD = 2


def port_status(port: int, *, host: str = "0.0.0.0") -> PortStatus:
    """Return whether a server could listen on ``host``:``port`` (every interface by
    default), as gunicorn binds it: connections left in TIME-WAIT do not count."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
    except OSError:
        pass
    else:
        return PortStatus.FREE
    finally:
        listener.close()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=CONNECT_TIMEOUT):
            return PortStatus.ANSWERS
    except OSError:
        return PortStatus.HELD


def main(arguments: list[str]) -> int:
    """Return the exit status for ``arguments`` (one port number)."""
    return int(port_status(int(arguments[0])))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
