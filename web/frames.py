"""The websockets under Engine.IO: whole frames in every async mode, and eventlet's written directly.

In the gevent and threading modes the websocket is simple-websocket's, which writes a
frame with one ``send``: when a client reads slowly the kernel takes part of it and the
rest is lost, and its reader (answering a ping) can write between two parts of Engine.IO's
writer's frame. ``WholeFrameSocket`` writes each frame whole, one at a time.

Engine.IO gives every connection a queue and a writer greenthread: a message is put on
the queue, the writer wakes, frames it and writes it. For the nine or so small patches of
every move that is most of what sending costs. ``DirectFrames`` frames a payload once for
all its recipients and hands the frame to each socket itself, without a wake-up, whenever
that cannot change the order of what the connection receives:

- the connection is a websocket whose writer is idle (waiting on an empty queue), so
  everything queued before has been written, and no frame is half written;
- the kernel takes the whole frame at once. If it takes part (the client reads slowly),
  a greenthread writes the rest while holding the websocket's own send lock, and the
  connection's next messages go through its queue, behind it.

Otherwise, and in the other async modes, the message goes through the queue.

Both reach into the libraries' internals (``gamenight.web.internals`` names them): when the installed
release lacks one, what needs it is not installed, and the libraries' own way is left as it is.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Callable, Sequence
from typing import Any

from engineio import packet as eio_packet
from gamenight.web import internals


def message_text(text: str) -> str:
    """The Engine.IO MESSAGE packet carrying an encoded Socket.IO packet."""
    return f"{eio_packet.MESSAGE}{text}"


class DirectFrames:
    """Hands frames to eventlet websockets that can take them in order (see the module's docstring)."""

    def __init__(self, eio_server: Any, spawn: Callable[..., Any]) -> None:
        self.eio = eio_server
        self.spawn = spawn  # starts a greenthread, without waiting for it

    @classmethod
    def install(cls, eio_server: Any, missing: frozenset = frozenset()) -> DirectFrames | None:
        """Set the server's websockets up: the direct writer in eventlet mode (None in the other modes).

        Whatever uses an internal of a library that is ``missing`` (``internals.check_fast_path``) is left
        as the library has it: the websocket class, eventlet's unmasking, or the direct writer (None).
        """
        if not missing & internals.WEBSOCKETS:
            eio_server._async = dict(eio_server._async, websocket=_set_up(eio_server._async["websocket"]))
        if eio_server.async_mode != "eventlet":
            return None
        import eventlet  # only in its own mode: importing it elsewhere warns, and hooks fork
        from eventlet.websocket import RFC6455WebSocket

        if internals.APPLY_MASK not in missing:
            RFC6455WebSocket._apply_mask = staticmethod(unmask)  # its own goes byte by byte, in Python
        if missing & internals.DIRECT_FRAMES:  # the websocket class's among them
            return None
        return cls(eio_server, eventlet.spawn_n)

    @staticmethod
    def frame(text: str) -> bytes:
        """The websocket frame of one Socket.IO packet (``text``), the same for every recipient.

        A final, unmasked text frame (RFC 6455, 5.2): servers never mask, and deflate is off.
        """
        data = message_text(text).encode()
        size = len(data)
        if size < 126:
            return bytes((0x81, size)) + data
        if size < 65536:
            return struct.pack("!BBH", 0x81, 126, size) + data
        return struct.pack("!BBQ", 0x81, 127, size) + data

    def send(self, eio_sid: str, frame: bytes) -> bool:
        """Write ``frame`` to the connection now if that keeps its order; False: queue it instead."""
        socket = self.eio.sockets.get(eio_sid)
        ws = getattr(socket, "gamenight_ws", None)
        if ws is None or not socket.upgraded or socket.closed or socket.closing:
            return False
        queue = socket.queue
        lock = ws._sendlock
        if queue.qsize() or queue.getting() != 1 or lock.locked():
            return False
        lock.acquire()
        try:
            sent = ws.socket.fd.send(frame)
        except BlockingIOError:
            sent = 0
        except OSError:
            lock.release()
            return False  # the connection is going: its own path reports it
        if sent == len(frame):
            lock.release()
        else:
            self.spawn(_finish, ws, memoryview(frame)[sent:], lock)
        return True


def unmask(data: bytes, mask: Sequence[int], length: int | None = None, offset: int = 0) -> bytes:
    """XOR ``data`` with a websocket frame's 4-byte ``mask``, starting ``offset`` bytes into the frame
    (RFC 6455, 5.3), as one big-integer operation."""
    if length is None:
        length = len(data)
    key = bytes(mask[(offset + i) % 4] for i in range(4)) * (length // 4 + 1)
    return (int.from_bytes(data[:length], "big") ^ int.from_bytes(key[:length], "big")).to_bytes(length, "big")


def _finish(ws: Any, rest: memoryview, lock: Any) -> None:
    try:
        ws.socket.sendall(rest)
    except OSError:
        pass  # the reader notices the broken connection and closes it
    finally:
        lock.release()


class WholeFrameSocket:
    """A socket whose ``send`` writes all it is given before another ``send`` starts."""

    def __init__(self, sock: Any) -> None:
        self._sock = sock
        self._sending = threading.Lock()  # the mode's own kind of lock: threading is patched by then

    def send(self, data: bytes) -> int:
        with self._sending:
            self._sock.sendall(data)
        return len(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def _set_up(base: type) -> type:
    class GamenightWebSocketWSGI(base):
        """Engine.IO's websocket for the mode: eventlet's is remembered on the Engine.IO socket it
        serves (for ``DirectFrames``), simple-websocket's writes whole frames."""

        def __init__(self, handler: Any, server: Any) -> None:
            socket = handler.__self__

            def handle(ws: Any) -> Any:
                inner = getattr(ws, "ws", None)  # simple-websocket's Server, in the other modes
                if inner is not None and hasattr(inner, "sock"):
                    inner.sock = WholeFrameSocket(inner.sock)
                    return handler(ws)
                socket.gamenight_ws = ws
                try:
                    return handler(ws)
                finally:
                    socket.gamenight_ws = None

            super().__init__(handle, server)

    return GamenightWebSocketWSGI
