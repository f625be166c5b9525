"""Delivering views: each connection gets its whole view once, then patches of what changed.

The fan-out keeps, per connection, a reference to the view it holds (the last one sent
to it). An outcome's new view for a recipient is compared with that view once per
group of connections holding the same one (a lobby's table screens), and each distinct
payload is encoded once, whoever receives it (docs/protocol.md, "Patches").
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

import orjson
from engineio import packet as eio_packet
from gamenight.web import internals
from gamenight.web.frames import DirectFrames
from gamenight.web.patch import diff

View = dict[str, Any]
PAUSE_EVERY = 50  # connections of a crowd sent to between two pauses for the other greenthreads


def encode_event(event: str, data: Any) -> str:
    """A Socket.IO EVENT packet for the default namespace, as text (what a Server would encode)."""
    return "2" + orjson.dumps([event, data], option=orjson.OPT_NON_STR_KEYS).decode()


def version_of(view: View) -> int:
    return view["lobby"]["version"]


class Fanout:
    """What each connection holds, and sending it states and patches."""

    def __init__(self, server: Any) -> None:
        self.server = server  # the socketio.Server
        missing = internals.check_fast_path(server)  # the libraries' internals it lacks: one warning names them
        self.frames = DirectFrames.install(server.eio, missing)  # eventlet: frames written without a wake-up
        self._public_send = internals.SEND_EIO_PACKET in missing
        if self.frames is not None:
            self._queue_packet = server._send_packet
            server._send_packet = self._send_packet  # the server's own sends (answers, errors) go alike
        self.held: dict[str, View] = {}  # connection -> the view it holds
        self._locks: defaultdict[str, threading.Lock] = defaultdict(threading.Lock)

    def lock(self, code: str) -> threading.Lock:
        """Held while a lobby's connections are sent anything, so that each gets its views in order."""
        return self._locks[code]

    def send_state(self, sid: str, view: View) -> None:
        """Send ``sid`` its whole view (call with the lobby's lock held)."""
        self.held[sid] = view
        self._send(sid, encode_event("state", view), {})

    def deliver(
        self, deliveries: Iterable[tuple[View, list[str]]], pause: Callable[[float], Any] | None = None
    ) -> None:
        """Bring each listed connection to the view it is paired with (call with the lobby's lock held).

        A connection already holding a newer view (a later outcome was delivered first) is left as it is.
        ``pause``: a crowd's delivery lets the other greenthreads run every ``PAUSE_EVERY`` connections.
        """
        memo: dict = {}
        encoded: dict[bytes, str] = {}
        frames: dict[str, bytes] = {}  # text -> its websocket frame, made once for all its recipients
        for view, sids in deliveries:
            by_base: dict[int, tuple[View | None, list[str]]] = {}
            for sid in sids:
                base = self.held.get(sid)
                if base is not None and version_of(base) >= version_of(view):
                    continue
                by_base.setdefault(id(base), (base, []))[1].append(sid)
            for base, group in by_base.values():
                if base is None:
                    payload = ("state", view)
                else:
                    payload = (
                        "patch",
                        {"from": version_of(base), "to": version_of(view), "ops": diff(base, view, memo)},
                    )
                raw = orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS)
                text = encoded.get(raw)
                if text is None:
                    text = encoded[raw] = "2" + raw.decode()
                for number, sid in enumerate(group, 1):
                    self.held[sid] = view
                    self._send(sid, text, frames)
                    if pause is not None and number % PAUSE_EVERY == 0:
                        pause(0)

    def forget(self, sid: str) -> None:
        """The connection left or detached: it holds nothing any more."""
        self.held.pop(sid, None)

    def keep_locks(self, codes: Iterable[str]) -> None:
        """Drop the locks of lobbies no longer in memory (a lobby coming back gets a new one)."""
        for code in set(self._locks) - set(codes):
            if not self._locks[code].locked():
                self._locks.pop(code, None)

    def _send_packet(self, eio_sid: str, packet: Any) -> None:
        """The Socket.IO server's own sends (answers, errors), the way deliveries go."""
        encoded = packet.encode()
        if type(encoded) is str:
            self._write(eio_sid, encoded)
        else:
            self._queue_packet(eio_sid, packet)

    def _send(self, sid: str, text: str, frames: dict[str, bytes]) -> None:
        eio_sid = self.server.manager.eio_sid_from_sid(sid, "/")
        if eio_sid is None:  # gone meanwhile
            self.held.pop(sid, None)
            return
        frame = None
        if self.frames is not None:
            frame = frames.get(text)
            if frame is None:
                frame = frames[text] = self.frames.frame(text)
        self._write(eio_sid, text, frame)

    def _write(self, eio_sid: str, text: str, frame: bytes | None = None) -> None:
        """One encoded Socket.IO packet to one connection: straight onto its websocket when that keeps
        its order (``frames``), else through its queue."""
        if self.frames is not None and self.frames.send(eio_sid, frame or self.frames.frame(text)):
            return
        if self._public_send:
            self.server.eio.send(eio_sid, text)  # Engine.IO's public send makes the same MESSAGE packet
            return
        # The server's own path for an encoded packet (it is how a room emit sends one encoding to many).
        self.server._send_eio_packet(eio_sid, eio_packet.Packet(eio_packet.MESSAGE, data=text))
