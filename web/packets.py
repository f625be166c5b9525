"""The Socket.IO server's door for packets, before any event handler.

A packet that does not decode (broken JSON, no event name, an unknown packet type, a binary frame) is
dropped: nothing is answered, since nothing in it says what to answer, and the log gets one line a minute
at most, counting them. A client event named like one of the server's own handlers (``connect``,
``disconnect``) is refused with ``bad_request``: run as an event, it would count a connection twice or
not at all. Everything else goes on to the handlers as before; an error inside a handler is not a
malformed packet and is logged as the error it is.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import socketio
from gamenight.errors import ActionError
from socketio import packet

RESERVED_EVENTS = frozenset({"connect", "connect_error", "disconnect"})
LOG_EVERY_SECONDS = 60.0

log = logging.getLogger(__name__)


class _HandlerFailed(Exception):
    """An exception raised past the decoding, inside an event's handler: not the packet's fault."""


class MalformedCount:
    """Counts dropped packets; logs the first at once and then at most one line every ``every`` seconds."""

    def __init__(self, every: float = LOG_EVERY_SECONDS) -> None:
        self.every = every
        self.total = 0
        self._unlogged = 0
        self._logged_at: float | None = None
        self._lock = threading.Lock()

    def note(self, reason: str) -> None:
        with self._lock:
            self.total += 1
            self._unlogged += 1
            now = time.monotonic()
            if self._logged_at is not None and now - self._logged_at < self.every:
                return
            count, self._unlogged, self._logged_at = self._unlogged, 0, now
        log.warning("dropped %d malformed Socket.IO packet(s); the last: %s", count, reason[:120])


def guard_packets(server: socketio.Server) -> MalformedCount:
    """Put the door in front of ``server``'s packet handling; returns the count of dropped packets."""
    dropped = MalformedCount()
    handle_message = server._handle_eio_message
    handle_event = server._handle_event

    def on_event(eio_sid: str, namespace: str | None, ack: int | None, data: Any) -> None:
        if not isinstance(data, list) or not data:
            raise ValueError("an event without a name")
        if isinstance(data[0], str) and data[0] in RESERVED_EVENTS:
            refuse_reserved(server, eio_sid, namespace or "/", ack, data[0])
            return
        try:
            handle_event(eio_sid, namespace, ack, data)
        except Exception as exc:
            raise _HandlerFailed() from exc

    def on_message(eio_sid: str, data: Any) -> None:
        try:
            handle_message(eio_sid, data)
        except _HandlerFailed as failed:
            raise failed.__cause__ from None
        except Exception as exc:  # anything the decoding raises: the packet is not one this server reads
            dropped.note(f"{type(exc).__name__}: {exc}")

    server._handle_event = on_event
    server._handle_eio_message = on_message
    server.eio.on("message", on_message)
    return dropped


def refuse_reserved(server: socketio.Server, eio_sid: str, namespace: str, ack: int | None, name: str) -> None:
    """Answer an event named like a server handler with ``bad_request``, as any refused event is answered:
    an ``error`` event, and the refusal as the acknowledgement when one was asked for."""
    sid = server.manager.sid_from_eio_sid(eio_sid, namespace)
    if sid is None or not server.manager.is_connected(sid, namespace):
        return
    error = ActionError("bad_request", errors={"event": [f"{name!r} is a name the server keeps for itself."]})
    answer = error.to_dict()
    server.emit("error", answer, to=sid, namespace=namespace)
    if ack is not None:
        server._send_packet(
            eio_sid, server.packet_class(packet.ACK, namespace=namespace, data=[{"ok": False, "error": answer}], id=ack)
        )
