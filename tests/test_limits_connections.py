"""Connections: a flood cannot take the real server down.

The server runs in its own process under a low open-file limit (soft and hard, so it
cannot raise it); floods come over loopback, from several loopback addresses
(127.0.0.0/8 is all loopback on Linux) so that per-address and total limits both show.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
import urllib.request
from pathlib import Path

import pytest
import socketio
from server import running_server
from waiting import wait_until

FILE_LIMIT = 256  # the server lowers its connection limit to (256 - 64) // 2 = 96


def serve(
    db: Path,
    async_mode: str = "eventlet",
    env: dict[str, str] | None = None,
    file_limit: int | None = None,
    output: list[str] | None = None,
):
    """`gamenight serve` in its own process (settings from ``env``, under ``file_limit``); yields its URL."""
    return running_server(db, async_mode, env=env or {}, file_limit=file_limit, output=output)


def healthy(url: str, timeout: float = 5) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=timeout) as response:
            return response.status == 200
    except OSError:
        return False


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def healthz_from(url: str, source: str, timeout: float = 5) -> tuple[int, dict | None]:
    """GET /healthz over a connection from the loopback address ``source``: (status, JSON error or None)."""
    with socket.create_connection(("127.0.0.1", port_of(url)), timeout=timeout, source_address=(source, 0)) as conn:
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = read_all(conn)
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split()[1]) if head else 0
    return status, (json.loads(body) if status != 200 and body else None)


def answered(url: str, source: str) -> tuple[int, dict | None]:
    """``healthz_from``, again while the server is too busy refusing to answer (it then just closes)."""
    deadline = time.monotonic() + 5
    while True:
        status, error = healthz_from(url, source)
        if status or time.monotonic() > deadline:
            return status, error
        time.sleep(0.1)


def read_all(conn: socket.socket) -> bytes:
    chunks = []
    with contextlib.suppress(OSError):
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def flood(url: str, source: str, count: int) -> list[socket.socket]:
    """Open ``count`` idle connections from ``source`` (a connection the server refused is still returned)."""
    sockets = []
    for _ in range(count):
        conn = socket.socket()
        conn.settimeout(5)
        conn.bind((source, 0))
        conn.connect(("127.0.0.1", port_of(url)))
        sockets.append(conn)
    return sockets


def refusals(sockets: list[socket.socket]) -> list[str]:
    """The error codes of the refusals the server wrote to these connections (it closes them after)."""
    codes = []
    for conn in sockets:
        conn.settimeout(0.5)
        with contextlib.suppress(OSError):
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        with contextlib.suppress(OSError):
            data = conn.recv(65536)
        if data.startswith(b"HTTP/1.1 503"):
            codes.append(json.loads(data.partition(b"\r\n\r\n")[2])["error"]["code"])
    return codes


def admitted(url: str) -> socketio.Client | None:
    """A new Socket.IO connection, or None if the server refused it."""
    client = socketio.Client(reconnection=False)
    try:
        client.connect(url, transports=["websocket"], wait_timeout=5)
    except socketio.exceptions.ConnectionError:
        return None
    return client


def close_all(sockets: list[socket.socket]) -> None:
    for conn in sockets:
        conn.close()


# gevent is an optional extra for serving; scripts/test.sh installs it so that every async mode is tested.
@pytest.mark.parametrize("async_mode", ["eventlet", "threading", "gevent"])
def test_a_connection_flood_under_a_low_file_limit_is_refused_and_the_server_stays_up(tmp_path, async_mode):
    printed: list[str] = []
    env = {"GAMENIGHT_MAX_CONNECTIONS_PER_ADDRESS": "32"}  # a third of the 96 the file limit leaves
    with serve(tmp_path / "night.sqlite", async_mode, env, file_limit=FILE_LIMIT, output=printed) as url:
        # One address opens more connections than the process has file descriptors.
        one = flood(url, "127.0.0.1", FILE_LIMIT + 44)
        # Another address is still served at once.
        assert healthz_from(url, "127.0.0.2") == (200, None)
        # The flood beyond the per-address limit was answered 503 too_many_connections and closed.
        codes = refusals(one[40:])
        assert codes and set(codes) == {"too_many_connections"}
        # Many addresses together fill the total (96 here): the next one is refused, server_busy.
        many = [conn for n in range(3, 9) for conn in flood(url, f"127.0.0.{n}", 30)]
        status, error = answered(url, "127.0.0.20")
        assert status == 503 and error["error"]["code"] == "server_busy"
        close_all(one + many)
        # Once they let go, everyone is served again.
        wait_until(lambda: healthz_from(url, "127.0.0.1")[0] == 200, "the server did not recover", interval=0.1)
    (log,) = printed
    assert "max_connections lowered from 400 to 96" in log
    assert "Traceback" not in log and "Too many open files" not in log


def test_too_many_sockets_from_one_address_get_a_structured_connect_error(tmp_path):
    env = {"GAMENIGHT_MAX_SOCKETS_PER_ADDRESS": "3"}
    with serve(tmp_path / "night.sqlite", env=env) as url:
        clients = []
        for _ in range(3):
            client = socketio.Client(reconnection=False)
            client.connect(url, transports=["websocket"], wait_timeout=10)
            clients.append(client)
        refused: list = []
        extra = socketio.Client(reconnection=False)
        extra.on("connect_error", lambda data=None: refused.append(data))
        with pytest.raises(socketio.exceptions.ConnectionError):
            extra.connect(url, transports=["websocket"], wait_timeout=5)
        assert refused == [
            {
                "message": "too_many_connections",
                "data": {"code": "too_many_connections", "key": "error.too_many_connections", "params": {"max": 3}},
            }
        ]
        # The ones already in are untouched, and a freed place is taken again.
        assert clients[0].call("watch", {"code": "ZZZZ"}, timeout=5)["error"]["code"] == "unknown_lobby"
        clients[0].disconnect()
        again = wait_until(lambda: admitted(url), "the freed place was not given to a new connection")
        for client in [*clients[1:], again]:
            client.disconnect()
        extra.disconnect()


def test_running_out_of_file_descriptors_pauses_accepting_and_refusals_are_answered(capsys):
    """The accept loop itself: EMFILE twice, then a connection over the limit, then one within it (which is
    admitted with TCP_NODELAY on: small writes go out at once)."""
    import errno

    from gamenight.web.accept import GatedListener
    from gamenight.web.limits import ConnectionGate

    refused_server_side, refused_client_side = socket.socketpair()
    admitted = socket.socket()
    events = [
        OSError(errno.EMFILE, "Too many open files"),
        OSError(errno.EMFILE, "Too many open files"),
        (refused_server_side, ("10.0.0.1", 5000)),
        (admitted, ("10.0.0.2", 5001)),
    ]

    class FakeSocket:
        def accept(self):
            event = events.pop(0)
            if isinstance(event, Exception):
                raise event
            return event

    gate = ConnectionGate(total=10, per_address=1)
    assert gate.admit("10.0.0.1") is None  # 10.0.0.1 already holds its one connection
    pauses: list[float] = []
    listener = GatedListener(FakeSocket(), gate, lambda function, *args: function(*args), pauses.append)
    refused_client_side.shutdown(socket.SHUT_WR)  # the client is done sending: the refusal need not wait
    assert listener.accept() == (admitted, ("10.0.0.2", 5001))
    assert admitted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    admitted.close()
    assert len(pauses) == 2 and not events
    assert capsys.readouterr().err.count("out of file descriptors") == 1  # one warning, not one per try
    answer = read_all(refused_client_side)
    assert answer.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 5" in answer
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["code"] == "too_many_connections"
    assert gate.held("10.0.0.1") == 1 and gate.held("10.0.0.2") == 1 and gate.open == 2


REFUSE_IN_GEVENTS_LOOP = """
import socket, sys
from gevent import monkey
monkey.patch_all()
import gevent
from gamenight.errors import ActionError
from gamenight.web.accept import REFUSAL_SLOTS, Refuser, gevent_refuser

refuser = gevent_refuser() if sys.argv[1] == "server" else Refuser(gevent.spawn)
inner = getattr(refuser.slots, "_cond", None)  # the standard library's semaphore waits on an inner lock
if inner is not None:
    def finishing_an_answer():  # another greenlet inside the semaphore when the loop refuses (seen under load)
        with inner:
            gevent.sleep(0.3)
    gevent.spawn(finishing_an_answer)
    gevent.sleep(0)
raised = []
def refuse_in_the_loop():
    for _ in range(REFUSAL_SLOTS + 8):  # more than the slots: the last are closed unanswered
        ours, theirs = socket.socketpair()
        try:
            refuser.refuse(ours, ActionError("server_busy"))
        except BaseException as error:
            raised.append(type(error).__name__)
gevent.get_hub().loop.run_callback(refuse_in_the_loop)
gevent.sleep(1.5)
print(sorted(set(raised)))
"""


def test_gevents_refusals_never_wait_inside_its_loop():
    """Seen in CI under load: gevent refuses a connection in its loop's callback, where the standard library's
    semaphore (patched) had to wait for its inner lock held by another greenlet: BlockingSwitchOutError and a
    traceback. The server's gevent refuser uses gevent's own semaphore, which never waits when asked not to."""
    import subprocess
    import sys

    def raised(which: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", REFUSE_IN_GEVENTS_LOOP, which], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert raised("standard library") == "['BlockingSwitchOutError']", "the failure as seen"
    assert raised("server") == "[]"


def closed_by_server(conn: socket.socket) -> bool:
    """True once the server has closed ``conn`` (an empty read or a reset); False while it is still open."""
    conn.settimeout(0.05)
    try:
        return conn.recv(1024) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


@pytest.mark.parametrize("async_mode", ["eventlet", "gevent"])
def test_a_request_head_trickled_in_is_closed_and_its_place_given_back(tmp_path, async_mode):
    """Connections sending their request's head a byte at a time once held every slot (the idle timeout
    restarts with each byte). Now the head must be whole within GAMENIGHT_REQUEST_HEAD_SECONDS of its first
    byte: the tricklers are closed, and the address's slots serve again."""
    env = {"GAMENIGHT_MAX_CONNECTIONS_PER_ADDRESS": "12", "GAMENIGHT_REQUEST_HEAD_SECONDS": "2"}
    printed: list[str] = []
    with serve(tmp_path / "night.sqlite", async_mode, env, output=printed) as url:
        head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 64 + b"\r\n\r\n"
        tricklers = [
            socket.create_connection(("127.0.0.1", port_of(url)), timeout=5, source_address=("127.0.0.3", 0))
            for _ in range(12)
        ]
        try:
            started = time.monotonic()
            sent = 0
            open_ones = list(tricklers)
            while open_ones and time.monotonic() - started < 10:
                for conn in list(open_ones):
                    if closed_by_server(conn):
                        open_ones.remove(conn)
                        continue
                    with contextlib.suppress(OSError):
                        conn.sendall(head[sent : sent + 1])
                sent += 1
                time.sleep(0.25)  # one byte each a quarter second: the head would take 25 s
            lasted = time.monotonic() - started
            assert not open_ones, f"{len(open_ones)} trickling connections still open after {lasted:.1f} s"
            assert sent < len(head), "the whole head was sent: the test proved nothing"
            # The address's slots are free again: a normal request from it is served.
            wait_until(lambda: healthz_from(url, "127.0.0.3")[0] == 200, "the address was not served again")
        finally:
            close_all(tricklers)
    assert "Traceback" not in printed[0], printed[0]
