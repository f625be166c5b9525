"""``gamenight serve``: start the server, tell the host where phones should go.

The server is started here rather than by ``SocketIO.run`` so that every async mode gets
the same guard in front of it: connections are counted per address and in total as they
are accepted (``ConnectionGate``), those beyond the limits get a short HTTP 503 with a JSON
``{ok: false, error}`` and are closed, and running out of file descriptors only pauses
accepting instead of taking the server down.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import functools
import os
import socket
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from gamenight.errors import ActionError
from gamenight.images import UploadLimits
from gamenight.web.limits import PROFILES, ConnectionGate, Limits, env_name, fit_to_file_limit, refusal_bytes

ASYNC_MODES = ("eventlet", "gevent", "threading")
LISTEN_BACKLOG = 128
OUT_OF_FILES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}
OUT_OF_FILES_PAUSE = 0.1  # seconds accepting pauses when the process has no file descriptor left
REFUSAL_SLOTS = 32  # refusals being answered at once; beyond that a refused connection is just closed
REFUSAL_SECONDS = 1.0
KEEPALIVE_SECONDS = 15  # eventlet: an HTTP connection idle this long is closed (sockets are not affected)


def default_db() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("gamenight")) / "gamenight.sqlite"


def patch_for(async_mode: str) -> None:
    """Cooperative servers need the standard library patched before anything else runs."""
    if async_mode == "eventlet":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # eventlet's deprecation banner means nothing to a host
            import eventlet

        eventlet.monkey_patch()
    elif async_mode == "gevent":
        try:
            from gevent import monkey
        except ImportError:
            raise click.ClickException("--async-mode gevent needs the gevent package: pip install gevent") from None
        monkey.patch_all()


# -- settings -------------------------------------------------------------------------------------


def limit_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The limits as options of a click command (each also read from ``GAMENIGHT_<SETTING>``).

    The command receives them gathered as ``limits`` (a ``Limits``) and ``proxies`` (an int).
    """
    names = [f.name for f in dataclasses.fields(Limits)]

    @functools.wraps(command)
    def gathered(*args: Any, limits_profile: str, proxies: int, **kwargs: Any) -> Any:
        settings = {name: kwargs.pop(name) for name in names}
        try:
            limits = Limits.from_settings(settings, limits_profile)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
        return command(*args, limits=limits, proxies=proxies, **kwargs)

    for f in reversed(dataclasses.fields(Limits)):
        kind = click.FloatRange(min=0, min_open=True) if f.type == "float" else click.IntRange(min=1)
        gathered = click.option(
            f"--{f.name.replace('_', '-')}",
            f.name,
            type=kind,
            default=None,
            envvar=env_name(f.name),
            help=f"{f.metadata['help']} [home: {getattr(PROFILES['home'], f.name)}, "
            f"public: {getattr(PROFILES['public'], f.name)}]",
        )(gathered)
    gathered = click.option(
        "--proxies",
        type=click.IntRange(0, 5),
        default=0,
        show_default=True,
        envvar="GAMENIGHT_PROXIES",
        help="Reverse proxies in front of the server whose X-Forwarded-For to trust for the client's address.",
    )(gathered)
    gathered = click.option(
        "--limits",
        "limits_profile",
        type=click.Choice(list(PROFILES)),
        default="home",
        show_default=True,
        envvar="GAMENIGHT_LIMITS",
        help="The profile of limits the options below change (docs/protocol.md, Limits).",
    )(gathered)
    return gathered


def describe(limits: Limits, proxies: int) -> str:
    text = (
        f"Limits: {limits.max_connections} connections ({limits.max_connections_per_address} per address, "
        f"{limits.max_sockets_per_address} sockets), {limits.events_per_second:g} events/s (burst "
        f"{limits.event_burst}), {limits.code_misses} wrong codes per {limits.code_window:g} s, "
        f"{limits.lobbies_per_address} lobbies per {limits.lobby_window:g} s per address."
    )
    if proxies:
        text += f" Client addresses from X-Forwarded-For ({proxies} proxies)."
    return text


# -- the server -------------------------------------------------------------------------------------


def run(
    host: str,
    port: int,
    db: Path | None,
    async_mode: str,
    durability: str,
    plugin_modules: tuple[str, ...],
    image_packs: tuple[Path, ...] = (),
    limits: Limits | None = None,
    proxies: int | None = None,
    upload_limits: UploadLimits | None = None,
    idle_minutes: float | None = None,
    retention_days: float | None = None,
) -> None:
    """Start the server. ``limits``/``proxies`` default to the environment's (``GAMENIGHT_LIMITS``,
    ``GAMENIGHT_<SETTING>``, ``GAMENIGHT_PROXIES``), else a home night's. ``idle_minutes``: a lobby nobody uses
    leaves memory after that long; ``retention_days``: a lobby untouched that long is deleted."""
    if limits is None:
        try:
            limits = Limits.from_env(os.environ)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
    if proxies is None:
        proxies = int(os.environ.get("GAMENIGHT_PROXIES") or 0)
    limits = fit_to_file_limit(limits, lambda message: click.echo(f"Warning: {message}", err=True))
    patch_for(async_mode)
    import segno
    from gamenight.engine import Engine
    from gamenight.images import folder_pack
    from gamenight.registry import Plugins
    from gamenight.store import SQLiteStore
    from gamenight.web.app import create_app
    from gamenight.web.network import lan_address

    db = db or default_db()
    db.parent.mkdir(parents=True, exist_ok=True)
    plugins = Plugins(plugin_modules)
    for folder in image_packs:
        pack = folder_pack(folder, db.parent / "image-cache")
        plugins.add_image_pack(pack)
        click.echo(f"Picture pack {pack.id}: {len(pack.images)} pictures from {folder}")
    retention = {}
    if idle_minutes is not None:
        retention["idle_seconds"] = idle_minutes * 60
    if retention_days is not None:
        retention["retention_days"] = retention_days
    engine = Engine(SQLiteStore(str(db), durability=durability), plugins, **retention)
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown}:{port}/"
    app, socketio = create_app(
        engine,
        async_mode=async_mode,
        public_url=url,
        uploads=db.parent / "uploads",
        limits=limits,
        upload_limits=upload_limits or UploadLimits.from_settings({}, environ=os.environ),
        proxies=proxies,
    )
    games = ", ".join(g.names.get("en", g.id) for g in engine.plugins.games.values()) or "none installed"
    click.echo(f"gamenight is up: open {url} on phones on this Wi-Fi (or scan the code).")
    click.echo(f"Games: {games}. Store: {db} ({len(engine.lobbies)} lobbies). Mode: {async_mode}.")
    click.echo(describe(limits, proxies))
    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    # Behind a proxy every connection comes from the proxy: only the total is counted here,
    # addresses are told apart by the hub (from X-Forwarded-For).
    gate = ConnectionGate(limits.max_connections, None if proxies else limits.max_connections_per_address)
    serve_gated(app, host, port, async_mode, gate)


def serve_gated(app, host: str, port: int, async_mode: str, gate: ConnectionGate) -> None:
    """Serve ``app`` (the Flask app, Socket.IO included) with ``gate`` in front of every connection."""
    family, _, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    if async_mode == "eventlet":
        _serve_eventlet(app, family, address, gate)
    elif async_mode == "gevent":
        _serve_gevent(app, family, address, gate)
    else:
        _serve_threading(app, family, address, gate)


class Refuser:
    """Answers a refused connection with a short HTTP 503 (JSON ``{ok: false, error}``) and closes it.

    At most ``REFUSAL_SLOTS`` answers are under way at once, each for at most
    ``REFUSAL_SECONDS``; past that a refused connection is closed unanswered, so refusing
    never holds more than a few descriptors.
    """

    def __init__(self, spawn: Callable[..., Any]) -> None:
        self.spawn = spawn  # starts a function in the mode's own kind of thread, without waiting for it
        self.slots = threading.BoundedSemaphore(REFUSAL_SLOTS)

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
                return client, peer
            self.refuser.refuse(client, refusal)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


def _serve_eventlet(app, family: int, address: tuple, gate: ConnectionGate) -> None:
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
    # keepalive: a connection idle that long between requests (or before its first) is closed.
    eventlet.wsgi.server(
        listener, app, log_output=False, custom_pool=pool, max_size=gate.total, keepalive=KEEPALIVE_SECONDS
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


def _serve_gevent(app, family: int, address: tuple, gate: ConnectionGate) -> None:
    import gevent
    from gevent import pywsgi
    from gevent.pool import Pool

    try:
        from geventwebsocket.handler import WebSocketHandler
    except ImportError:
        handler = {}
    else:
        handler = {"handler_class": WebSocketHandler}
    refuser = Refuser(gevent.spawn)  # called in gevent's loop, which must not wait for a thread to start

    class GatedServer(pywsgi.WSGIServer):
        # gevent backs off by itself when accept runs out of file descriptors.
        def do_handle(self, client, peer) -> None:
            refusal = gate.admit(peer[0])
            if refusal is not None:
                refuser.refuse(client, refusal)
                return
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
    server = GatedServer(address[:2], app, spawn=pool, log=None, backlog=LISTEN_BACKLOG, **handler)
    server.serve_forever()
