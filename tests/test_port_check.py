"""scripts/port_check.py: ./run restarts at once after it stopped with phones connected,
and says the port is in use only when a server answers on it."""

import socket

from scripts.port_check import PortStatus, main, port_status


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def plain_bind_fails(port: int) -> bool:
    """Return True when binding ``port`` without SO_REUSEADDR fails (./run's old check)."""
    with socket.socket() as plain:
        try:
            plain.bind(("0.0.0.0", port))
        except OSError:
            return True
        return False


def stop_a_server_with_a_client_connected() -> int:
    """Listen on a port, accept a client, then close the server's side first, as a stopped
    server does: its end of the connection stays in TIME-WAIT. Return the port."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("0.0.0.0", 0))
    server.listen()
    port = server.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    accepted, _ = server.accept()
    accepted.close()
    server.close()
    client.recv(1)
    client.close()
    return port


def test_it_finds_a_port_nobody_uses_free():
    port = unused_port()

    status = port_status(port)

    assert status == PortStatus.FREE


def test_it_finds_a_port_free_when_only_connections_of_a_stopped_server_are_left():
    port = stop_a_server_with_a_client_connected()

    status = (plain_bind_fails(port), port_status(port))

    assert status == (True, PortStatus.FREE)


def test_it_says_a_server_answers_on_a_port_someone_listens_on():
    with socket.socket() as server:
        server.bind(("0.0.0.0", 0))
        server.listen()
        port = server.getsockname()[1]

        status = port_status(port)

    assert status == PortStatus.ANSWERS


def test_it_says_a_port_is_held_when_a_program_bound_it_without_listening():
    with socket.socket() as holder:
        holder.bind(("0.0.0.0", 0))
        port = holder.getsockname()[1]

        status = port_status(port)

    assert status == PortStatus.HELD


def test_its_exit_status_says_what_holds_the_port():
    with socket.socket() as server:
        server.bind(("0.0.0.0", 0))
        server.listen()
        listening = server.getsockname()[1]

        statuses = (main([str(unused_port())]), main([str(listening)]))

    assert statuses == (0, 1)
