"""The wire, on a real server in every async mode: one connection's events are applied in the order sent,
patches bring every client to the server's view, websockets are not compressed, connections are not delayed."""

from __future__ import annotations

import copy
import json
import socket
import threading
import time

import pytest
import socketio
from gamenight.web.accept import no_delay
from gamenight.web.frames import unmask
from helpers import HeldView
from hypothesis import given
from hypothesis import strategies as st
from server import running_server

MODES = ["eventlet", "gevent", "threading"]


class Client:
    """A python-socketio client keeping its view from states and patches (resyncing after a missed one)."""

    def __init__(self, url: str, transports: tuple[str, ...] = ("websocket",)) -> None:
        self.held = HeldView()
        self.seen: list[dict] = []  # every view, in the order they came
        self.patches = 0
        self.changed = threading.Condition()
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("state", lambda payload: self._take("state", payload))
        self.sio.on("patch", lambda payload: self._take("patch", payload))
        self.sio.connect(url, transports=list(transports), wait_timeout=10)

    def _take(self, event: str, payload: dict) -> None:
        with self.changed:
            self.patches += event == "patch"
            view = self.held.receive(event, payload)
            if view is not None:
                self.seen.append(view)
            if self.held.missed:
                self.held.missed = False
                self.sio.emit("resync", {})
            self.changed.notify_all()

    def wait(self, predicate, what: str) -> dict:
        deadline = time.monotonic() + 15
        with self.changed:
            while not (self.held.view is not None and predicate(self.held.view)):
                left = deadline - time.monotonic()
                assert left > 0, f"never saw {what}"
                self.changed.wait(left)
            return self.held.view

    def call(self, event: str, payload: dict) -> dict:
        return self.sio.call(event, payload, timeout=10)


def spyfall_lobby(url: str, transports: tuple[str, ...] = ("websocket",)) -> tuple[list[Client], Client, str]:
    host = Client(url, transports)
    created = host.call("create_lobby", {"name": "Ann"})
    seats = [host]
    for name in ("Boris", "Chen"):
        seat = Client(url, transports)
        assert seat.call("join_lobby", {"code": created["code"], "name": name})["ok"]
        seats.append(seat)
    table = Client(url, transports)
    assert table.call("watch", {"code": created["code"]})["ok"]
    choose = {"kind": "choose", "args": {"game": "spyfall", "options": {"rounds": 1}}}
    assert host.call("command", choose)["ok"]
    assert host.call("command", {"kind": "start", "args": {}})["ok"]
    return seats, table, created["code"]


def first_location(seat: Client) -> tuple[dict, str]:
    """The seat's view once the match is on, and the first location of its list."""
    view = seat.wait(lambda v: v["match"] and v["match"]["game_view"].get("candidates"), "the match")
    return view, view["match"]["game_view"]["candidates"][0]["id"]


@pytest.mark.parametrize(
    ("async_mode", "transports"),
    [*((mode, ("websocket",)) for mode in MODES), ("eventlet", ("polling", "websocket"))],
    ids=[*MODES, "eventlet-upgraded"],  # a browser starts with long-polling, then upgrades to a websocket
)
def test_one_connections_quick_toggles_are_applied_in_order(tmp_path, async_mode, transports):
    with running_server(tmp_path / "night.sqlite", async_mode=async_mode) as url:
        seats, table, code = spyfall_lobby(url, transports)
        boris = seats[1]
        view, location = first_location(boris)
        start = view["lobby"]["version"]
        answers = []
        done = threading.Event()

        def answered(answer) -> None:
            answers.append(answer)
            if len(answers) == 100:
                done.set()

        for i in range(100):  # crossed, uncrossed, ... as fast as the client can send: the last one uncrosses
            move = {"action": "cross", "args": {"location": location, "crossed": i % 2 == 0}}
            boris.sio.emit("command", {"kind": "act", "args": move}, callback=answered)
        assert done.wait(30), f"{len(answers)} of 100 answered"
        assert all(answer["ok"] for answer in answers)
        final = boris.wait(lambda v: v["lobby"]["version"] >= start + 100, "every toggle")
        assert final["match"]["game_view"]["marks"] == []
        # ... through every step in the order sent: crossed, uncrossed, crossed, ... Each view the seat held
        # shows the toggle of its version. It may skip versions (this client runs each handler in a thread
        # of its own: a patch overtaken by the next one is a missed patch, and the resync's state comes
        # from further on), never go back.
        later = [v for v in boris.seen if v["lobby"]["version"] > start]
        steps = [(v["lobby"]["version"] - start, v["match"]["game_view"]["marks"]) for v in later]
        assert [step for step, _ in steps] == sorted({step for step, _ in steps})
        assert all(marks == ([location] if step % 2 else []) for step, marks in steps), steps
        assert boris.sio.transport() == "websocket"
        for client in [*seats, table]:
            client.sio.disconnect()


@pytest.mark.parametrize("async_mode", MODES)
def test_patches_bring_every_client_to_the_view_the_server_sends_whole(tmp_path, async_mode):
    with running_server(tmp_path / "night.sqlite", async_mode=async_mode) as url:
        seats, table, code = spyfall_lobby(url)
        for seat in seats:
            seat.wait(lambda v: v["match"] and v["match"]["game_view"].get("candidates"), "the match")
        for i, seat in enumerate(seats):  # each seat's own marks change its own view, and everyone's version
            location = seat.held.view["match"]["game_view"]["candidates"][i]["id"]
            move = {"action": "cross", "args": {"location": location, "crossed": True}}
            assert seat.call("command", {"kind": "act", "args": move})["ok"]
        newest = max(c.held.view["lobby"]["version"] for c in seats)
        for client in [*seats, table]:
            patched = client.wait(lambda v, n=newest: v["lobby"]["version"] >= n, "the last move")
            assert client.patches >= 3
            assert without_clock(patched) == whole_view_again(client)
        assert [s.held.view["match"]["game_view"]["marks"] for s in seats] == [
            [s.held.view["match"]["game_view"]["candidates"][i]["id"]] for i, s in enumerate(seats)
        ]
        for client in [*seats, table]:
            client.sio.disconnect()


def without_clock(view: dict) -> dict:
    """A view without what depends on the moment it was built: the server clock, running timers' remaining."""
    view = copy.deepcopy(view)
    del view["now"]
    for timer in (view["match"] or {}).get("timers", {}).values():
        if timer["running"]:
            del timer["remaining"]
    return view


def whole_view_again(client: Client) -> dict:
    """The view the server sends ``client`` whole when asked again (``resync``), without its clock reading."""
    before = client.held.view["lobby"]["version"]
    with client.changed:
        client.held.view = None  # the next state is the resync's
    assert client.call("resync", {})["ok"]
    return without_clock(client.wait(lambda v: v["lobby"]["version"] >= before, "the resync"))


@pytest.mark.parametrize("async_mode", MODES)
def test_websockets_are_not_compressed(tmp_path, async_mode):
    with running_server(tmp_path / "night.sqlite", async_mode=async_mode) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(
                b"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
            )
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = conn.recv(4096)
                assert chunk, f"closed after {head!r}"
                head += chunk
        status, *headers = head.split(b"\r\n\r\n")[0].decode().split("\r\n")
        assert " 101 " in status, status
        assert not [h for h in headers if h.lower().startswith("sec-websocket-extensions")], headers


def test_an_admitted_connection_sends_small_writes_at_once():
    with socket.create_server(("127.0.0.1", 0)) as server, socket.create_connection(server.getsockname()):
        accepted, _ = server.accept()
        with accepted:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
            no_delay(accepted)
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


# Whole views of about 5 KB: in eventlet mode 5 MB, more than the server's socket buffer grows to on loopback
# (4 MB), so that a frame written directly finds it full; elsewhere enough to keep the writer waiting.
WATCHES = {"eventlet": 1000, "gevent": 200, "threading": 200}


class RawTable:
    """A table screen speaking Engine.IO/Socket.IO over a bare websocket, so that it can stop reading.

    Its socket's receive buffer is small and its websocket client buffers a single message: once it
    stops reading, what the server sends it piles up in the server's own socket buffer.
    """

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        host, port = url.removeprefix("http://").rstrip("/").split(":")
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((host, int(port)))
        self.ws = connect(
            f"ws://{host}:{port}/socket.io/?EIO=4&transport=websocket",
            sock=sock,
            max_queue=1,
            compression=None,
            legacy=True,
            close_timeout=1,
        )
        assert self.ws.recv(timeout=10).startswith("0")  # Engine.IO open
        self.ws.send("40")
        assert self.ws.recv(timeout=10).startswith("40")  # Socket.IO connect
        self.held = HeldView()
        self.states = 0

    def emit(self, event: str, payload: dict) -> None:
        """Send an event asking for no answer: only what the server delivers comes back."""
        self.ws.send("42" + json.dumps([event, payload]))

    def read_until(self, predicate, what: str) -> None:
        """Read messages, keeping the view, until ``predicate(self)``."""
        deadline = time.monotonic() + 30
        while not predicate(self):
            assert time.monotonic() < deadline, f"never saw {what}"
            message = self.ws.recv(timeout=30)
            if message == "2":  # Engine.IO ping
                self.ws.send("3")
            elif message.startswith("42"):
                event, payload = json.loads(message[2:])
                self.states += event == "state"
                self.held.receive(event, payload)
                assert not self.held.missed, "a patch came out of order or was lost"


@pytest.mark.parametrize("async_mode", MODES)
def test_a_table_that_stops_reading_holds_nobody_up_and_then_gets_everything_in_order(tmp_path, async_mode):
    with running_server(tmp_path / "night.sqlite", async_mode=async_mode) as url:
        seats, _, code = spyfall_lobby(url)
        boris = seats[1]
        view, location = first_location(boris)
        stalled = RawTable(url)
        for _ in range(WATCHES[async_mode]):
            stalled.emit("watch", {"code": code})
        # It reads nothing now, while Boris plays on: every move is answered all the same.
        for i in range(60):
            move = {"action": "cross", "args": {"location": location, "crossed": i % 2 == 0}}
            assert boris.call("command", {"kind": "act", "args": move})["ok"]
        newest = boris.wait(lambda v: v["match"]["game_view"]["marks"] == [], "the last move")["lobby"]["version"]
        # Then it reads: every answer, then states and patches in order up to the newest view.
        stalled.read_until(lambda t: t.states == WATCHES[async_mode], "every whole view")
        stalled.read_until(lambda t: t.held.view is not None and t.held.view["lobby"]["version"] >= newest, "it")
        assert stalled.held.view["lobby"]["version"] == newest
        assert stalled.held.view["match"]["players"] == view["match"]["players"]
        stalled.ws.close()
        for client in seats:
            client.sio.disconnect()


@given(data=st.binary(max_size=300), mask=st.tuples(*[st.integers(0, 255)] * 4), offset=st.integers(0, 7))
def test_unmasking_a_client_frame_follows_rfc_6455(data, mask, offset):
    expected = bytes(byte ^ mask[(offset + i) % 4] for i, byte in enumerate(data))
    assert unmask(data, mask, offset=offset) == expected
    assert unmask(data + b"tail", mask, length=len(data), offset=offset) == expected
