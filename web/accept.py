"""Accepting connections, in every async mode, behind one gate.

The server is started here rather than by ``SocketIO.run`` so that every async mode gets
the same guard in front of it: connections are counted per address and in total as they
are accepted (``ConnectionGate``), those beyond the limits get a short HTTP 503 with a JSON
``{ok: false, error}`` and are closed, and running out of file descriptors only pauses
accepting instead of taking the server down. Once a request's first byte has arrived, its
head (request line and headers) must be whole within ``head_seconds`` (eventlet and gevent):
a connection that trickles it in a byte at a time is closed, and its place given back.
"""

from __future__ import annotations

import contextlib
import errno
import socket
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from gamenight.errors import ActionError
from gamenight.web.limits import ConnectionGate, refusal_bytes

LISTEN_BACKLOG = 128
OUT_OF_FILES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
OUT_OF_FILES_PAUSE = 0.1  # seconds accepting pauses when the process has no file descriptor left
REFUSAL_SLOTS = 32  # refusals being answered at once; beyond that a refused connection is just closed
REFUSAL_SECONDS = 1.0
KEEPALIVE_SECONDS = 15  # eventlet: an HTTP connection idle this long is closed (sockets are not affected)
CONNECTION_BUFFER_BYTES = 1024  # eventlet: each connection's read and write buffers


def serve_gated(app, host: str, port: int, async_mode: str, gate: ConnectionGate, head_seconds: float = 5.0) -> None:
    """Serve ``app`` (the Flask app, Socket.IO included) with ``gate`` in front of every connection."""
    family, _, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    if async_mode == "eventlet":
        _serve_eventlet(app, family, address, gate, head_seconds)
    elif async_mode == "gevent":
        _serve_gevent(app, family, address, gate, head_seconds)
    else:
        _serve_threading(app, family, address, gate)


class Refuser:
    """Answers a refused connection with a short HTTP 503 (JSON ``{ok: false, error}``) and closes it.

    At most ``REFUSAL_SLOTS`` answers are under way at once, each for at most
    ``REFUSAL_SECONDS``; past that a refused connection is closed unanswered, so refusing
    never holds more than a few descriptors.
    """

    def __init__(self, spawn: Callable[..., Any], slots: Any = None) -> None:
        self.spawn = spawn  # starts a function in the mode's own kind of thread, without waiting for it
        # A semaphore of the mode's own kind: gevent refuses inside its loop's callback, where the standard
        # library's semaphore (patched) may have to wait for its inner lock and raises BlockingSwitchOutError.
        self.slots = slots if slots is not None else threading.BoundedSemaphore(REFUSAL_SLOTS)

    def refuse(self, client: socket.socket, error: ActionError) -> None:
        if not self.slots.acquire(blocking=False):
            _close(client)
            return
        try:
            self.spawn(self._answer, client, error)
        except Exception:  # not started: nothing else will close it
            self.slots.release()
            _close(client)

    def _answer(self, client: socket.socket, error: ActionError) -> None:
        try:
            client.settimeout(REFUSAL_SECONDS)
            client.sendall(refusal_bytes(error))
            client.shutdown(socket.SHUT_WR)
            # Read the request (until the client closes, for a second at most): closing a socket
            # with unread data would reset the connection under the answer.
            deadline = time.monotonic() + REFUSAL_SECONDS
            while time.monotonic() < deadline and client.recv(16384):
                pass
        except OSError:
            pass
        finally:
            _close(client)
            self.slots.release()


def no_delay(client: socket.socket) -> None:
    """Send small writes at once: without TCP_NODELAY, Nagle's algorithm holds a patch back until the
    previous one is acknowledged (tens of milliseconds on a busy server)."""
    with contextlib.suppress(OSError):  # not a TCP socket
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _start_thread(function: Callable[..., Any], *args: Any) -> None:
    threading.Thread(target=function, args=args, daemon=True).start()


def _close(client: socket.socket) -> None:
    with contextlib.suppress(OSError):
        client.close()


class _OutOfFiles:
    """Pauses accepting while the process is out of file descriptors, with one warning a minute."""

    def __init__(self) -> None:
        self.warned = 0.0

    def pause(self, exc: OSError, sleep: Callable[[float], None]) -> None:
        now = time.monotonic()
        if now - self.warned > 60:
            self.warned = now
            print(f"Warning: out of file descriptors ({exc.strerror}); new connections wait.", file=sys.stderr)
        sleep(OUT_OF_FILES_PAUSE)


class GatedListener:
    """A listening socket whose ``accept`` returns admitted connections only (eventlet's server calls it).

    Connections beyond the gate's limits are refused (``Refuser``); running out of file
    descriptors pauses accepting for a moment instead of raising, which would stop the server.
    """

    def __init__(self, sock, gate: ConnectionGate, spawn: Callable[..., Any], sleep: Callable[[float], None]) -> None:
        self.sock = sock
        self.gate = gate
        self.refuser = Refuser(spawn)
        self.out_of_files = _OutOfFiles()
        self.sleep = sleep

    def accept(self):
        while True:
            try:
                client, peer = self.sock.accept()
            except OSError as exc:
                if exc.errno not in OUT_OF_FILES:
                    raise
                self.out_of_files.pause(exc, self.sleep)
                continue
            refusal = self.gate.admit(peer[0])
            if refusal is None:
                no_delay(client)
                return client, peer
            self.refuser.refuse(client, refusal)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


def _serve_eventlet(app, family: int, address: tuple, gate: ConnectionGate, head_seconds: float) -> None:
    import eventlet
    import eventlet.wsgi

    class GatedPool(eventlet.GreenPool):
        """eventlet's pool of connections, sized like the gate, giving each connection back when it ends."""

        def spawn(self, function, connection, *args, **kwargs):
            peer = connection[0]
            thread = super().spawn(function, connection, *args, **kwargs)
            thread.link(lambda _: gate.release(peer[0]))
            return thread

    listener = GatedListener(
        eventlet.listen(address, family, backlog=LISTEN_BACKLOG), gate, eventlet.spawn_n, eventlet.sleep
    )
    # max_size is ignored when a pool is given: the pool is the connection limit, the same as the gate's.
    pool = GatedPool(gate.total)

    class LeanProtocol(eventlet.wsgi.HttpProtocol):
        """eventlet's HTTP connection with small buffers: a websocket keeps its connection's buffers for
        as long as it is open, unused (24 KiB by default, a third of a connection's memory)."""

        rbufsize = CONNECTION_BUFFER_BYTES
        wbufsize = CONNECTION_BUFFER_BYTES
        head_timer = None

        def _read_request_line(self):
            # Waiting for a request's first byte is the keepalive's business; from it, the head has head_seconds.
            try:
                self.connection.settimeout(KEEPALIVE_SECONDS)
                if self.rfile.closed or not self.rfile.peek(1):
                    return ""
            except OSError:
                return ""
            self.head_timer = eventlet.Timeout(head_seconds)
            try:
                return super()._read_request_line()
            except eventlet.Timeout as timeout:
                if timeout is not self.head_timer:
                    raise
                self.close_connection = 1
                return ""

        def parse_request(self):
            try:
                return super().parse_request()
            except eventlet.Timeout as timeout:
                if timeout is not self.head_timer:
                    raise
                self.close_connection = 1
                return False
            finally:
                if self.head_timer is not None:
                    self.head_timer.cancel()
                    self.head_timer = None

    # keepalive: a connection idle that long between requests (or before its first) is closed.
    eventlet.wsgi.server(
        listener,
        app,
        log_output=False,
        custom_pool=pool,
        max_size=gate.total,
        keepalive=KEEPALIVE_SECONDS,
        protocol=LeanProtocol,
    )


def _serve_threading(app, family: int, address: tuple, gate: ConnectionGate) -> None:
    import logging

    from werkzeug.serving import ThreadedWSGIServer

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    refuser, out_of_files = Refuser(_start_thread), _OutOfFiles()

    class GatedServer(ThreadedWSGIServer):
        request_queue_size = LISTEN_BACKLOG

        def get_request(self):
            try:
                return super().get_request()
            except OSError as exc:
                if exc.errno in OUT_OF_FILES:
                    out_of_files.pause(exc, time.sleep)
                raise

        def process_request(self, request, client_address) -> None:
            refusal = gate.admit(client_address[0])
            if refusal is not None:
                refuser.refuse(request, refusal)
                return
            no_delay(request)
            try:
                super().process_request(request, client_address)
            except Exception:
                gate.release(client_address[0])
                raise

        def process_request_thread(self, request, client_address) -> None:
            try:
                super().process_request_thread(request, client_address)
            finally:
                gate.release(client_address[0])

    server = GatedServer(address[0], address[1], app)
    server.serve_forever()


def gevent_refuser() -> Refuser:
    """gevent's refuser: called in gevent's loop, which must not wait for a thread to start, nor for a lock."""
    import gevent
    from gevent.lock import BoundedSemaphore

    return Refuser(gevent.spawn, BoundedSemaphore(REFUSAL_SLOTS))


def _serve_gevent(app, family: int, address: tuple, gate: ConnectionGate, head_seconds: float) -> None:
    import gevent
    from gevent import pywsgi
    from gevent.pool import Pool

    try:
        from geventwebsocket.handler import WebSocketHandler as Handler
    except ImportError:
        Handler = pywsgi.WSGIHandler
    refuser = gevent_refuser()

    class HeadOnTime(Handler):
        """gevent's handler, closing a connection whose request head has not arrived whole in time."""

        head_timer = None

        def read_requestline(self):
            try:
                self.socket.settimeout(KEEPALIVE_SECONDS)
                if not self.rfile.peek(1):
                    return ""
                self.socket.settimeout(None)
            except OSError:
                return ""
            self.head_timer = gevent.Timeout.start_new(head_seconds)
            try:
                return super().read_requestline()
            except gevent.Timeout as timeout:
                if timeout is not self.head_timer:
                    raise
                self.close_connection = True
                return ""

        def read_request(self, raw_requestline):
            try:
                return super().read_request(raw_requestline)
            except gevent.Timeout as timeout:
                if timeout is not self.head_timer:
                    raise
                raise ValueError("the request's head came too slowly") from None
            finally:
                if self.head_timer is not None:
                    self.head_timer.close()
                    self.head_timer = None

    class GatedServer(pywsgi.WSGIServer):
        # gevent backs off by itself when accept runs out of file descriptors.
        def do_handle(self, client, peer) -> None:
            refusal = gate.admit(peer[0])
            if refusal is not None:
                refuser.refuse(client, refusal)
                return
            no_delay(client)
            try:
                super().do_handle(client, peer)
            except Exception:
                gate.release(peer[0])
                raise

        def handle(self, client, peer) -> None:
            try:
                super().handle(client, peer)
            finally:
                gate.release(peer[0])

    # One more than the gate admits: a full pool would stop gevent accepting, and those beyond
    # the limit would wait unanswered instead of being refused.
    pool = Pool(gate.total + 1)
    server = GatedServer(address[:2], app, spawn=pool, log=None, backlog=LISTEN_BACKLOG, handler_class=HeadOnTime)
    server.serve_forever()
