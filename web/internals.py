"""The private parts of python-socketio, python-engineio, eventlet and simple-websocket the server uses, in one place.

The fast path (``gamenight.web.frames``, ``gamenight.web.fanout``) reaches under these libraries' public
API: it sends an encoded packet the way a room emit does, wraps the websocket class of the async mode,
writes frames straight onto eventlet's websockets, and unmasks frames faster than eventlet does. Any
release may rename or reshape what it uses, so:

- pyproject.toml bounds each library to the releases tested (``TESTED``, the same bounds), and the lock
  files (requirements/) pin one of them;
- the server checks each internal it is about to use, on the very objects it uses it on
  (``check_fast_path``); when one is missing or changed, it logs one warning naming the library, its
  version and the attribute, and goes the public way around it (each ``Internal``'s ``fallback``);
- tests/test_internals.py checks every one of them against the installed libraries and fails naming the
  library, its version and the attribute.

``python -m gamenight.web.internals`` prints the check for every async mode (exit status 1 when anything
is missing).
"""

from __future__ import annotations

import functools
import importlib.util
import inspect
import logging
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib import metadata
from typing import Any

log = logging.getLogger(__name__)

# The releases the server was tested with; pyproject.toml's bounds are the same (tests/test_internals.py).
# The highest are the lock's (requirements/test.txt); the lowest were tested together (the socket, wire,
# real-server, hostile-packet and connection-limit tests): flask-socketio 5.6.1, python-socketio 5.12.0,
# python-engineio 4.12.0, simple-websocket 1.0.0, eventlet 0.36.0, gevent 24.2.1.
TESTED = {
    "python-socketio": ">=5.12,<5.19",
    "python-engineio": ">=4.12,<4.16",
    "flask-socketio": ">=5.6.1,<5.8",
    "simple-websocket": ">=1.0,<1.2",
    "eventlet": ">=0.36,<0.42",
    "gevent": ">=24,<27",
}


@dataclass(frozen=True)
class Servers:
    """What a check looks at: the Socket.IO server and its Engine.IO server (the eventlet checks use fresh
    objects of eventlet's own)."""

    sio: Any
    eio: Any


@dataclass(frozen=True, eq=False)
class Internal:
    """One private part of a library: where it is, who uses it, and what happens without it."""

    library: str  # the distribution, as pip names it
    name: str  # where it is
    used_by: str
    fallback: str  # what the server does when it is missing
    check: Callable[[Servers], str | None]  # None: present, as expected; else what is wrong

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Gap:
    """An internal missing or changed in the installed library."""

    internal: Internal
    problem: str

    def __str__(self) -> str:
        internal = self.internal
        return (
            f"{internal.library} {installed(internal.library)} (tested: {TESTED[internal.library]}): "
            f"{internal.name} {self.problem} (used by {internal.used_by}; instead: {internal.fallback})"
        )


def installed(library: str) -> str:
    """The installed version of ``library``."""
    try:
        return metadata.version(library)
    except metadata.PackageNotFoundError:
        return "(not installed)"


# -- the checks ------------------------------------------------------------------------------------------


def _callable(owner: Any, name: str, arity: int) -> str | None:
    """``owner.name`` is there, callable with ``arity`` positional arguments (after ``self``, if bound)."""
    attribute = getattr(owner, name, None)
    if attribute is None:
        return "is missing"
    if not callable(attribute):
        return f"is not callable (it is a {type(attribute).__name__})"
    try:
        parameters = list(inspect.signature(attribute).parameters.values())
    except (TypeError, ValueError):
        return None  # no signature to read (a builtin): callable is all that can be told
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is p.empty]
    extra = any(p.kind is p.VAR_POSITIONAL for p in parameters)
    if len(required) <= arity and (arity <= len(positional) or extra):
        return None
    names = ", ".join(p.name for p in parameters)
    return f"takes ({names}), not {arity} positional argument{'s' if arity != 1 else ''}"


@functools.cache
def _source(function: Any) -> str | None:
    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return None


def _source_has(function: Any, text: str, what: str) -> str | None:
    source = _source(function)
    if source is None:
        return f"cannot be checked (no source to read for {what})"
    return None if text in source else f"has changed: {what} no longer has {text!r}"


def _send_eio_packet(servers: Servers) -> str | None:
    return _callable(servers.sio, "_send_eio_packet", 2)


def _send_packet(servers: Servers) -> str | None:
    return _callable(servers.sio, "_send_packet", 2)


def _handle_eio_message(servers: Servers) -> str | None:
    return _callable(servers.sio, "_handle_eio_message", 2)


def _handle_event(servers: Servers) -> str | None:
    return _callable(servers.sio, "_handle_event", 4)


def _async_table(servers: Servers) -> str | None:
    table = getattr(servers.eio, "_async", None)
    if table is None:
        return "is missing"
    if not isinstance(table, Mapping):
        return f"is a {type(table).__name__}, not the async mode's table"
    websocket = table.get("websocket")
    if not isinstance(websocket, type):
        return f"has no websocket class (its 'websocket' is {websocket!r})"
    return _callable(websocket, "__init__", 3)  # (self, handler, server): frames subclasses it


def _websocket_handler(servers: Servers) -> str | None:
    from engineio.socket import Socket

    problem = _callable(Socket, "_websocket_handler", 2)  # (self, ws)
    if problem is not None:
        return problem
    # frames finds the Engine.IO socket a websocket serves as the handler's __self__
    return _source_has(Socket._upgrade_websocket, "self._websocket_handler", "Socket._upgrade_websocket")


def _simple_websocket_ws(servers: Servers) -> str | None:
    from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI

    return _source_has(SimpleWebSocketWSGI.__call__, "self.ws = simple_websocket.Server(", "its __call__")


def _simple_websocket_sock(servers: Servers) -> str | None:
    from simple_websocket.ws import Base

    problem = _source_has(Base.__init__, "self.sock = sock", "Base.__init__")
    return problem or _source_has(Base, "self.sock.send(", "Base")


def _sendlock(servers: Servers) -> str | None:
    from eventlet.websocket import RFC6455WebSocket

    sock = object()
    ws = RFC6455WebSocket(sock, {})
    lock = getattr(ws, "_sendlock", None)
    if lock is None:
        return "is missing"
    for method in ("locked", "acquire", "release"):
        if not callable(getattr(lock, method, None)):
            return f"has no {method}() (it is a {type(lock).__name__})"
    if getattr(ws, "socket", None) is not sock:
        return "is there, but the websocket keeps its connection elsewhere than in .socket"
    return None


def _socket_fd(servers: Servers) -> str | None:
    from eventlet.greenio import GreenSocket

    green = GreenSocket()
    try:
        fd = getattr(green, "fd", None)
        if fd is None:
            return "is missing"
        if not callable(getattr(fd, "send", None)):
            return f"has no send() (it is a {type(fd).__name__})"
        if fd.gettimeout() != 0.0:
            return "is a blocking socket: a direct write would stop every connection while it waits"
        return None
    finally:
        green.close()


def _queue_getting(servers: Servers) -> str | None:
    from eventlet.queue import Queue

    queue_class = servers.eio._async["queue"] if servers.eio.async_mode == "eventlet" else Queue  # engineio's
    queue = queue_class()
    for method in ("getting", "qsize"):
        if not callable(getattr(queue, method, None)):
            return f"is missing ({queue_class.__module__}.{queue_class.__qualname__} has no {method}())"
    if queue.getting() != 0 or queue.qsize() != 0:
        return "has changed: an empty queue nobody waits on does not count 0"
    return None


def _apply_mask(servers: Servers) -> str | None:
    from eventlet.websocket import RFC6455WebSocket
    from gamenight.web.frames import unmask

    own = inspect.getattr_static(RFC6455WebSocket, "_apply_mask", None)
    if own is None:
        return "is missing"
    if not isinstance(own, staticmethod):
        return f"is no longer a staticmethod (it is a {type(own).__name__})"
    if own.__func__ is unmask:
        return None  # replaced already, after this check passed
    names = list(inspect.signature(own.__func__).parameters)
    if names != ["data", "mask", "length", "offset"]:
        return f"takes ({', '.join(names)}), not (data, mask, length, offset)"
    data, mask = bytes(range(7, 250, 3)), b"\x8f\x01\x5a\xc3"
    for length, offset in ((None, 0), (len(data), 0), (13, 2), (30, 7)):
        if own.__func__(data, mask, length, offset) != unmask(data, mask, length, offset):
            return f"has changed: it unmasks differently from frames.unmask (length={length}, offset={offset})"
    return None


def _read_request_line(servers: Servers) -> str | None:
    from eventlet.wsgi import HttpProtocol

    problem = _callable(HttpProtocol, "_read_request_line", 1)  # (self)
    return problem or _source_has(
        HttpProtocol.handle_one_request, "self._read_request_line()", "HttpProtocol.handle_one_request"
    )


# -- every internal used ---------------------------------------------------------------------------------

SEND_EIO_PACKET = Internal(
    "python-socketio",
    "socketio.Server._send_eio_packet",
    "gamenight.web.fanout: a packet encoded once, sent to each connection through its queue",
    "the public engineio.Server.send, which makes the same packet",
    _send_eio_packet,
)
SEND_PACKET = Internal(
    "python-socketio",
    "socketio.Server._send_packet",
    "gamenight.web.fanout: the server's own answers go the way of the views, straight onto the websocket; "
    "gamenight.web.packets: refusing an event named like a server handler",
    "no direct frames: every message through its connection's queue (packets has none: it cannot answer)",
    _send_packet,
)
HANDLE_EIO_MESSAGE = Internal(
    "python-socketio",
    "socketio.Server._handle_eio_message",
    "gamenight.web.packets: the door that drops malformed packets",
    "none: the server does not start",
    _handle_eio_message,
)
HANDLE_EVENT = Internal(
    "python-socketio",
    "socketio.Server._handle_event",
    "gamenight.web.packets: the door that refuses events named like the server's handlers",
    "none: the server does not start",
    _handle_event,
)
ASYNC_TABLE = Internal(
    "python-engineio",
    "engineio.Server._async['websocket']",
    "gamenight.web.frames: the async mode's websocket class, wrapped (whole frames; eventlet's remembered)",
    "the mode's own websocket: simple-websocket's may cut a frame for a slow reader; no direct frames",
    _async_table,
)
WEBSOCKET_HANDLER = Internal(
    "python-engineio",
    "engineio.socket.Socket._websocket_handler",
    "gamenight.web.frames: a websocket's Engine.IO socket is its handler's __self__",
    "as for engineio.Server._async['websocket']",
    _websocket_handler,
)
SIMPLE_WEBSOCKET_WS = Internal(
    "python-engineio",
    "engineio.async_drivers._websocket_wsgi.SimpleWebSocketWSGI.ws",
    "gamenight.web.frames: the simple-websocket connection under the gevent and threading modes' websocket",
    "simple-websocket writes its frames itself: a slow reader may get a frame cut",
    _simple_websocket_ws,
)
SIMPLE_WEBSOCKET_SOCK = Internal(
    "simple-websocket",
    "simple_websocket.ws.Base.sock",
    "gamenight.web.frames: the socket simple-websocket writes to, replaced by a WholeFrameSocket",
    "simple-websocket writes its frames itself: a slow reader may get a frame cut",
    _simple_websocket_sock,
)
SENDLOCK = Internal(
    "eventlet",
    "eventlet.websocket.WebSocket._sendlock",
    "gamenight.web.frames.DirectFrames: a frame written straight onto the websocket, under its send lock",
    "no direct frames: every message through its connection's queue and writer",
    _sendlock,
)
SOCKET_FD = Internal(
    "eventlet",
    "eventlet.greenio.GreenSocket.fd",
    "gamenight.web.frames.DirectFrames: the non-blocking socket under eventlet's, written without waiting",
    "no direct frames: every message through its connection's queue and writer",
    _socket_fd,
)
QUEUE_GETTING = Internal(
    "eventlet",
    "eventlet.queue.Queue.getting",
    "gamenight.web.frames.DirectFrames: a connection's writer is idle when it waits on its empty queue",
    "no direct frames: every message through its connection's queue and writer",
    _queue_getting,
)
APPLY_MASK = Internal(
    "eventlet",
    "eventlet.websocket.RFC6455WebSocket._apply_mask",
    "gamenight.web.frames: replaced by frames.unmask, one big-integer XOR instead of one per byte",
    "eventlet's own unmasking, byte by byte",
    _apply_mask,
)
READ_REQUEST_LINE = Internal(
    "eventlet",
    "eventlet.wsgi.HttpProtocol._read_request_line",
    "gamenight.web.accept: a request's head must arrive whole in time",
    "none wired: the eventlet mode would wait for a request's head without a time limit",
    _read_request_line,
)

EVERY = (
    SEND_EIO_PACKET,
    SEND_PACKET,
    HANDLE_EIO_MESSAGE,
    HANDLE_EVENT,
    ASYNC_TABLE,
    WEBSOCKET_HANDLER,
    SIMPLE_WEBSOCKET_WS,
    SIMPLE_WEBSOCKET_SOCK,
    SENDLOCK,
    SOCKET_FD,
    QUEUE_GETTING,
    APPLY_MASK,
    READ_REQUEST_LINE,
)
WEBSOCKETS = frozenset({ASYNC_TABLE, WEBSOCKET_HANDLER})  # frames wraps the mode's websocket class
DIRECT_FRAMES = WEBSOCKETS | {SENDLOCK, SOCKET_FD, QUEUE_GETTING, SEND_PACKET}  # DirectFrames (eventlet)
EVENTLET = frozenset(i for i in EVERY if i.library == "eventlet")  # the eventlet mode's only
SIMPLE_WEBSOCKET = frozenset({SIMPLE_WEBSOCKET_WS, SIMPLE_WEBSOCKET_SOCK})  # the gevent and threading modes' only
# What the fast path checks when a server starts, by async mode (the others: gevent, threading).
FAST_PATH = {
    "eventlet": tuple(i for i in EVERY if i in DIRECT_FRAMES | {SEND_EIO_PACKET, APPLY_MASK}),
    "other": tuple(i for i in EVERY if i in WEBSOCKETS | SIMPLE_WEBSOCKET | {SEND_EIO_PACKET}),
}


def gaps(internals: Iterable[Internal], servers: Servers) -> list[Gap]:
    """The ``internals`` missing or changed, checked on ``servers``."""
    found = []
    for internal in internals:
        try:
            problem = internal.check(servers)
        except Exception as exc:  # a changed library can fail the check itself
            problem = f"could not be checked ({type(exc).__name__}: {exc})"
        if problem is not None:
            found.append(Gap(internal, problem))
    return found


def check_fast_path(sio_server: Any) -> frozenset[Internal]:
    """Check what the fast path uses on ``sio_server`` (a socketio.Server) in its async mode. Whatever is
    missing or changed is named in one warning and returned: the fast path goes the public way around it."""
    eio_server = sio_server.eio
    mode = "eventlet" if eio_server.async_mode == "eventlet" else "other"
    found = gaps(FAST_PATH[mode], Servers(sio_server, eio_server))
    if found:
        log.warning(
            "gamenight's fast path goes without %d private part(s) of its libraries, changed in the installed "
            "release (install from requirements/, or a release in pyproject.toml's bounds): %s",
            len(found),
            "; ".join(map(str, found)),
        )
    return frozenset(gap.internal for gap in found)


def fresh_servers(async_mode: str) -> Servers:
    """A new Socket.IO server in ``async_mode``, to check the internals on."""
    import socketio

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # eventlet's deprecation banner
        sio = socketio.Server(async_mode=async_mode)
    return Servers(sio, sio.eio)


def applies(internal: Internal, mode: str) -> bool:
    """Whether the server uses ``internal`` in the async ``mode``."""
    return internal not in (SIMPLE_WEBSOCKET if mode == "eventlet" else EVENTLET)


def report(modes: Iterable[str] | None = None) -> list[tuple[str, Internal, str | None]]:
    """Every internal, checked on fresh servers in each async mode (``modes``: every one installed):
    (mode, internal, what is wrong or None). eventlet's own are checked in the eventlet mode only."""
    if modes is None:
        modes = [
            mode
            for mode in ("threading", "eventlet", "gevent")
            if importlib.util.find_spec(mode) or mode == "threading"
        ]
    rows = []
    for mode in modes:
        servers = fresh_servers(mode)
        for internal in EVERY:
            if not applies(internal, mode):
                continue
            found = gaps([internal], servers)
            rows.append((mode, internal, str(found[0]) if found else None))
    return rows


def main() -> int:
    rows = report()
    for mode, internal, problem in rows:
        version = f"{internal.library} {installed(internal.library)}"
        print(f"{'MISSING' if problem else 'ok':8}{mode:10}{version:24}{internal.name}")
        if problem:
            print(f"{'':8}{problem}")
    return 1 if any(problem for _, _, problem in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
