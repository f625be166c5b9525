"""A phone (or a table screen) that reaches a cluster through its proxy, as the browser's socket.js does.

It follows its lobby: a request answered ``moved`` reconnects with ``?node=<id>`` (the proxy routes
it there) and is made again; a ``moved`` event, or a connection lost because its node died,
reconnects by itself and takes the seat (or watches the table) again. It keeps its view from
``state`` and ``patch`` events, and every move it saw acknowledged.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import socketio
from helpers import HeldView
from waiting import wait_until

MOVE_PAUSE = 0.5  # between two moves of one request (the old owner's lease is running out)
MOVES = 40  # at most this many moves for one request: 20 s, past any lease
CALL_SECONDS = 20


class ClusterPhone:
    """One browser's connection through the proxy at ``url``: a seat once it joined, or a ``table``."""

    def __init__(self, url: str, name: str | None = None, *, node: str | None = None, polling: bool = False) -> None:
        self.url = url.rstrip("/")
        self.name = name
        self.node = node  # the ``?node=`` this phone asks the proxy for, if any
        self.transports = ["polling"] if polling else ["websocket"]
        self.code: str | None = None
        self.token: str | None = None
        self.player: str | None = None
        self.table = False
        self.held = HeldView()
        self.latest: dict[str, Any] | None = None
        self.acked: list[dict[str, Any]] = []  # every command acknowledged: {"kind", "args", "player"}
        self.moved = 0  # how often it followed its lobby to another node
        self.reconnected = 0
        self._lock = threading.RLock()
        self._closing = False
        self._lost = threading.Event()
        self.sio: socketio.Client | None = None
        deadline = time.monotonic() + CALL_SECONDS
        while True:  # as a browser does: a proxy that picked a node that is not answering is tried again
            try:
                with self._lock:
                    self._connect()
                break
            except socketio.exceptions.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(MOVE_PAUSE)
        self._keeper = threading.Thread(target=self._keep_connected, daemon=True)
        self._keeper.start()

    # -- the connection ----------------------------------------------------------------------------

    def _connect(self) -> None:
        """A new connection (call with the lock held), replacing the old one, which is closed first."""
        self._close_current()
        self.held = HeldView()
        sio = socketio.Client(reconnection=False)
        for event in ("state", "patch"):
            sio.on(event, self._receiver(event, sio))
        sio.on("moved", self._on_moved)
        # Only this connection's own loss counts, not a close of ours.
        sio.on("disconnect", lambda *reason: None if sio is not self.sio else self._lost.set())
        query = f"?node={self.node}" if self.node else ""
        sio.connect(self.url + "/" + query, transports=self.transports, wait_timeout=5)
        self.sio = sio

    def _close_current(self) -> None:
        old, self.sio = self.sio, None
        if old is not None and old.connected:
            old.disconnect()

    def _receiver(self, event: str, sio: socketio.Client):
        def receive(payload: Any = None) -> None:
            with self._lock:
                if sio is not self.sio:
                    return  # a late message of a connection replaced or closed (a new one starts from a whole state)
                view = self.held.receive(event, payload)
                if self.held.missed:
                    self.held.missed = False
                    sio.emit("resync", {})
                if view is not None:
                    self.latest = view

        return receive

    def _on_moved(self, where: dict[str, Any]) -> None:
        self.node = (where or {}).get("node")
        self._lost.set()

    def _keep_connected(self) -> None:
        """Reconnect (through the proxy) and attach again whenever the connection is lost."""
        while not self._closing:
            if not self._lost.wait(0.2):
                continue
            self._lost.clear()
            while not self._closing:
                try:
                    with self._lock:
                        self._connect()
                        self._lost.clear()
                    if self.code is not None:
                        self._take_place_again()
                    self.reconnected += 1
                    break
                except Exception:  # the proxy had no node up yet, or the new owner is still taking over
                    time.sleep(MOVE_PAUSE)

    def _take_place_again(self) -> None:
        if self.table:
            answer = self.call("watch", {"code": self.code})
        else:
            answer = self.call("attach", {"code": self.code, "token": self.token})
        if not answer["ok"]:
            raise RuntimeError(f"{self.name} could not come back: {answer}")

    def _ask(self, sio: socketio.Client, event: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Emit on ``sio`` and wait for the answer while ``sio`` is this phone's connection and is up: an answer
        cannot come on a connection lost or replaced (its request is then ``lost``, to be made again)."""
        answered = threading.Event()
        answers: list[Any] = []

        def receive(*args: Any) -> None:
            answers.append(args[0] if len(args) == 1 else args)
            answered.set()

        sio.emit(event, payload, callback=receive)
        deadline = time.monotonic() + CALL_SECONDS
        while not answered.wait(0.05):
            if sio is not self.sio or not sio.connected or time.monotonic() > deadline:
                break
        return answers[0] if answers else {"ok": False, "error": {"code": "lost", "params": {}}}

    def call(self, event: str, payload: dict[str, Any]) -> dict[str, Any]:
        """Emit and wait for the answer, following the lobby to its node as often as it takes."""
        for move in range(MOVES):
            sio = self.sio
            try:
                if sio is None:
                    raise socketio.exceptions.BadNamespaceError("reconnecting")
                answer = self._ask(sio, event, payload)
            except socketio.exceptions.BadNamespaceError:
                answer = {"ok": False, "error": {"code": "lost", "params": {}}}
            code = answer.get("error", {}).get("code") if not answer.get("ok") else None
            if code == "not_attached" and event == "command" and self.code is not None:
                code = "lost"  # a new connection that has not taken the seat yet
            if code not in ("moved", "lost", "unavailable"):
                return answer
            if move:
                time.sleep(MOVE_PAUSE)
            if code == "moved":
                self.node = answer["error"]["params"].get("node")
                self.moved += 1
            with self._lock:
                if self.sio is sio or self.sio is None:
                    try:
                        self._connect()
                    except Exception:
                        continue
                    self._lost.clear()
            if event == "command" and self.code is not None:  # a seat's new connection takes the seat first
                with contextlib.suppress(Exception):
                    self._take_place_again()
        raise AssertionError(f"{self.name or 'table'}: {event} never reached its lobby's node: {answer}")

    # -- a player's requests ------------------------------------------------------------------------

    def create(self, **extra: Any) -> str:
        answer = self.call("create_lobby", {"name": self.name, **extra})
        assert answer["ok"], answer
        self.code, self.token, self.player = answer["code"], answer["token"], answer["player"]
        return self.code

    def join(self, code: str) -> None:
        answer = self.call("join_lobby", {"code": code, "name": self.name})
        assert answer["ok"], answer
        self.code, self.token, self.player = code, answer["token"], answer["player"]

    def watch(self, code: str) -> None:
        answer = self.call("watch", {"code": code})
        assert answer["ok"], answer
        self.code, self.table = code, True

    def command(self, kind: str, **args: Any) -> dict[str, Any]:
        answer = self.call("command", {"kind": kind, "args": args})
        if answer["ok"]:
            self.acked.append({"kind": kind, "args": args, "player": self.player})
        return answer

    def act(self, action: str, **args: Any) -> dict[str, Any]:
        """A move on the newest state seen (made again on a newer one if refused as stale)."""
        for _ in range(5):
            with self._lock:
                match = (self.latest or {}).get("match")
            body = {"action": action, "args": args, "version": match["version"] if match else None}
            answer = self.command("act", **body)
            if answer["ok"] or answer["error"]["code"] != "stale":
                return answer
            current = answer["error"]["params"]["version"]
            self.wait(lambda v, c=current: v.get("match") and v["match"]["version"] >= c, f"version {current}")
        return answer

    def wait(self, predicate, what: str, timeout: float = 30) -> dict[str, Any]:
        """The newest view, once ``predicate`` holds for it."""

        def seen() -> dict[str, Any] | None:
            view = self.latest
            return view if view is not None and predicate(view) else None

        return wait_until(seen, f"{self.name or 'the table'} seeing {what}", timeout)

    def close(self) -> None:
        self._closing = True
        self._lost.set()
        self._keeper.join(timeout=5)
        with self._lock:
            self._close_current()
