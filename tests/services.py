"""Real services for the tests: session-wide PostgreSQL and Redis fixtures, and stub HTTP nodes.

Load the fixtures with ``pytest_plugins = ["services"]`` in tests/conftest.py. Nothing here skips: a
missing server program fails the test that needs it, naming the Debian package to install.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import hashlib
import http.client
import itertools
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import redis
from gamenight.web.proxy import NODE_COOKIE
from gamenight.web.services import LOOPBACK, PostgresServer, RedisServer
from waiting import wait_until

WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
LEASE_KEY = "gamenight:lease:"  # then a lobby's code: the key of its lease in the cluster's directory
_database_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole run (started in about a second)."""
    with PostgresServer(tmp_path_factory.mktemp("postgres")) as server:
        yield server


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of the session's database ``gamenight`` (shared by every test that asks for it)."""
    return postgres_server.url


@pytest.fixture
def fresh_postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of an empty database of the test's own, dropped afterwards."""
    name = f"test_{next(_database_numbers)}"
    url = postgres_server.create_database(name)
    yield url
    postgres_server.drop_database(name)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One Redis server for the whole run."""
    with RedisServer(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url


@pytest.fixture
def fresh_redis_url(redis_server: RedisServer) -> str:
    """The session's Redis, emptied for the test."""
    with redis_server.client() as client:
        client.flushall()
    return redis_server.url


# Ends the lease in KEYS[1] if node ARGV[1] holds it (a lease is "<node> <epoch>"; see gamenight.leases_redis).
_EXPIRE_HELD = """
local held = redis.call('GET', KEYS[1])
if held and string.match(held, '^(%S+) ') == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], 1) end
return 0
"""


def expire_leases(redis_url: str, node: str) -> list[str]:
    """Let every lobby lease that ``node`` holds in the cluster's directory at ``redis_url`` run out now (its key
    expires in Redis, as when a whole lease goes by without a renewal); the codes of those lobbies, sorted."""
    with redis.Redis.from_url(redis_url, decode_responses=True) as directory:
        expire = directory.register_script(_EXPIRE_HELD)
        keys = [key for key in directory.scan_iter(f"{LEASE_KEY}*") if expire(keys=[key], args=[node])]
        wait_until(lambda: not any(_holder(directory.get(key)) == node for key in keys), f"{node}'s leases ending")
    return sorted(key.removeprefix(LEASE_KEY) for key in keys)


def _holder(lease: str | None) -> str | None:
    return lease.split(" ", 1)[0] if lease else None


# -- stub nodes ----------------------------------------------------------------------------------------


class StubNode:
    """A tiny HTTP server standing in for a gamenight node, in a thread of the test process.

    ``GET /healthz`` answers 200, or 503 while ``healthy`` is false. Any other request is answered with
    JSON naming the node and echoing the path and headers it got; a WebSocket upgrade is accepted and
    then every chunk received is sent back prefixed with ``<name>:``.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.healthy = True
        self.requests: list[dict[str, Any]] = []
        self._connections: set[socket.socket] = set()
        self._server = _QuietServer((LOOPBACK, 0), self._handler())
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name=f"stub-{name}", daemon=True
        )
        self._thread.start()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def node(self) -> tuple[str, str, int]:
        """As ``haproxy_config`` takes it."""
        return (self.name, LOOPBACK, self.port)

    def stop(self) -> None:
        """Stop listening and cut every open connection, as a killed process would."""
        self._server.shutdown()
        self._server.server_close()
        for connection in list(self._connections):
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                stub._connections.add(self.connection)

            def finish(self) -> None:
                stub._connections.discard(self.connection)
                super().finish()

            def do_GET(self) -> None:
                if self.path == "/healthz":
                    self._answer(200 if stub.healthy else 503, b"ok" if stub.healthy else b"draining", "text/plain")
                elif self.headers.get("Upgrade", "").lower() == "websocket":
                    self._echo_websocket()
                else:
                    headers = {name.lower(): value for name, value in self.headers.items()}
                    seen = {"node": stub.name, "path": self.path, "headers": headers}
                    stub.requests.append(seen)
                    self._answer(200, json.dumps(seen).encode(), "application/json")

            def _answer(self, status: int, body: bytes, kind: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _echo_websocket(self) -> None:
                key = self.headers["Sec-WebSocket-Key"]
                accept = base64.b64encode(hashlib.sha1((key + WEBSOCKET_GUID).encode()).digest()).decode()
                self.send_response(101)
                self.send_header("Upgrade", "websocket")
                self.send_header("Connection", "Upgrade")
                self.send_header("Sec-WebSocket-Accept", accept)
                self.end_headers()
                self.wfile.flush()
                while chunk := self.connection.recv(4096):
                    self.connection.sendall(stub.name.encode() + b":" + chunk)
                self.close_connection = True

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """HAProxy ends its health checks with a reset: not worth a traceback."""


@dataclasses.dataclass
class Reply:
    """An HTTP response, read."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def seen(self) -> dict[str, Any]:
        """What a StubNode saw of the request: its name, the path, the headers (names in lower case)."""
        return json.loads(self.body)

    @property
    def node(self) -> str:
        """The StubNode that answered."""
        return self.seen["node"]

    def cookie(self, name: str = NODE_COOKIE) -> str | None:
        """The value the response's ``Set-Cookie`` gives the cookie ``name``, if it sets it."""
        for value in self.headers.get_all("Set-Cookie") or []:
            key, _, rest = value.partition("=")
            if key.strip() == name:
                return rest.split(";", 1)[0].strip()
        return None


def get(
    port: int,
    path: str = "/",
    headers: dict[str, str] | None = None,
    connection: http.client.HTTPConnection | None = None,
    method: str = "GET",
    body: bytes | None = None,
) -> Reply:
    """``GET path`` (or ``method``) from 127.0.0.1:``port``, on a new connection or on ``connection``."""
    own = connection is None
    connection = connection or http.client.HTTPConnection(LOOPBACK, port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return Reply(response.status, response.headers, response.read())
    finally:
        if own:
            connection.close()


class Link:
    """A TCP link on 127.0.0.1 to ``target`` (host, port) that the test can cut and mend: one node's own way to
    a shared service, as a network between machines would be cut. Cut, it resets every connection through it
    and refuses new ones; mended, it forwards again."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self._listener = socket.create_server((LOOPBACK, 0))
        self.port = self._listener.getsockname()[1]
        self._cut = False
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="link", daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)  # wakes its pipe, which closes both ends
            self._open.clear()

    def mend(self) -> None:
        with self._lock:
            self._cut = False

    def close(self) -> None:
        self.cut()
        self._listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                if self._cut:
                    client.close()
                    continue
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._open.update((client, server))
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.close()
            with self._lock:
                self._open.difference_update((source, sink))
