"""``gamenight serve``: its options, the async mode's patching, and starting the server (behind the connection
gate of ``gamenight.web.accept``) with a word to the host on where phones should go."""

from __future__ import annotations

import dataclasses
import functools
import gc
import os
import socket
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from gamenight.checkpointer import STANDARD_THREADS, NativeThreads, threads_of
from gamenight.images import UploadLimits
from gamenight.web.accept import serve_gated
from gamenight.web.limits import PROFILES, ConnectionGate, Limits, env_name, fit_to_file_limit
from gamenight.web.network import Served, served

ASYNC_MODES = ("eventlet", "gevent", "threading")
# The collector's thresholds (defaults 700, 10, 10): see ``settle_garbage_collector``.
GC_THRESHOLDS = (7_000, 10, 1_000)


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


def native_threads(async_mode: str) -> NativeThreads:
    """Operating-system threads under ``async_mode``'s patches (the store's checkpointer runs in one)."""
    if async_mode == "eventlet":
        from eventlet import patcher

        return threads_of(patcher.original("threading"), patcher.original("time").sleep)
    if async_mode == "gevent":
        import gevent
        from gevent import monkey

        return NativeThreads(start=gevent.get_hub().threadpool.spawn, sleep=monkey.get_original("time", "sleep"))
    return STANDARD_THREADS


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
    db: str | Path | None,
    async_mode: str,
    durability: str,
    plugin_modules: tuple[str, ...],
    image_packs: tuple[Path, ...] = (),
    limits: Limits | None = None,
    proxies: int | None = None,
    upload_limits: UploadLimits | None = None,
    idle_minutes: float | None = None,
    retention_days: float | None = None,
    cluster: str | None = None,
    node_id: str | None = None,
    lease_seconds: float = 6.0,
    public_url: str | None = None,
    uploads: Path | None = None,
) -> None:
    """Start the server. ``limits``/``proxies`` default to the environment's (``GAMENIGHT_LIMITS``,
    ``GAMENIGHT_<SETTING>``, ``GAMENIGHT_PROXIES``), else a home night's. ``idle_minutes``: a lobby nobody uses
    leaves memory after that long; ``retention_days``: a lobby untouched that long is deleted.

    ``db`` is a SQLite file's path or a ``postgresql://`` URL; ``cluster`` (a ``redis://`` URL) makes this
    server one node (``node_id``) of a cluster sharing that PostgreSQL database, each lobby owned by one node
    under a lease of ``lease_seconds``; ``public_url`` is the address phones use (the proxy's, in a cluster)."""
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
    from gamenight.web.app import create_app

    location = str(db or default_db())
    store, leases = open_node(
        location, durability, async_mode, cluster, node_id or f"{socket.gethostname()}-{port}", lease_seconds
    )
    data = data_folder(location)
    plugins = Plugins(plugin_modules)
    for folder in image_packs:
        pack = folder_pack(folder, data / "image-cache")
        plugins.add_image_pack(pack)
        click.echo(f"Picture pack {pack.id}: {len(pack.images)} pictures from {folder}")
    retention = {}
    if idle_minutes is not None:
        retention["idle_seconds"] = idle_minutes * 60
    if retention_days is not None:
        retention["retention_days"] = retention_days
    engine = Engine(store, plugins, leases=leases, **retention)
    where = served(host)
    url = public_url or where.url(port)
    hub_options = shared_limits(cluster, limits) if cluster else None
    app, socketio = create_app(
        engine,
        async_mode=async_mode,
        public_url=url,
        uploads=uploads or data / "uploads",
        hub_options=hub_options,
        limits=limits,
        upload_limits=upload_limits or UploadLimits.from_settings({}, environ=os.environ),
        proxies=proxies,
    )
    games = ", ".join(g.names.get("en", g.id) for g in engine.plugins.games.values()) or "none installed"
    store_name = _without_password(location)
    click.echo(f"Games: {games}. Store: {store_name} ({len(engine.lobbies)} lobbies). Mode: {async_mode}.")
    if cluster:
        click.echo(
            f"Node {leases.node} of the cluster at {_without_password(cluster)}: each lobby is owned by one node "
            f"under a {lease_seconds:g} s lease."
        )
    click.echo(describe(limits, proxies))
    click.echo(where_to_go(where, url) if not public_url else f"gamenight is up: phones open {url}")
    hub = app.extensions["gamenight"]["hub"]
    hub.stop_on_terminate()
    if cluster:
        hub.start_ticker()  # a node renews its leases and adopts orphaned lobbies before any client comes
    if where.unreachable is None and not public_url:
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    # Behind a proxy every connection comes from the proxy: only the total is counted here,
    # addresses are told apart by the hub (from X-Forwarded-For).
    gate = ConnectionGate(limits.max_connections, None if proxies else limits.max_connections_per_address)
    settle_garbage_collector()
    serve_gated(app, host, port, async_mode, gate, head_seconds=limits.request_head_seconds)


def data_folder(location: str) -> Path:
    """Where uploads and picture caches go: beside a SQLite file, else in the user data folder."""
    from gamenight.store import is_postgres

    folder = default_db().parent if is_postgres(location) else Path(location).parent
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_node(
    location: str, durability: str, async_mode: str, cluster: str | None, node_id: str, lease_seconds: float
) -> tuple[Any, Any]:
    """The store and the leases of this server: alone on its store, or one node of a cluster."""
    from gamenight.leases import LeasesUnavailable, SoloLeases
    from gamenight.store import StoreInUse, StoreUnavailable, open_store

    try:
        store = open_store(
            location, durability, threads=native_threads(async_mode), exclusive=not cluster, shared=bool(cluster)
        )
    except (StoreInUse, StoreUnavailable, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    if not cluster:
        return store, SoloLeases()
    from gamenight.leases_redis import RedisLeases

    try:
        return store, RedisLeases(cluster, node_id, lease_seconds)
    except (LeasesUnavailable, ValueError) as exc:
        store.close()
        raise click.ClickException(str(exc)) from None


def shared_limits(cluster: str, limits: Limits) -> dict[str, Any]:
    """The per-address limits that hold across the cluster's nodes (counted in its Redis)."""
    from gamenight.web.shared_limits import SharedCodeThrottle, SharedWindowLimit

    return {
        "throttle": SharedCodeThrottle(cluster, limits.code_misses, limits.code_window),
        "creations": SharedWindowLimit(cluster, "lobbies", limits.lobbies_per_address, limits.lobby_window),
    }


def _without_password(url: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.password:
        return parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")).geturl()
    return url


def where_to_go(where: Served, url: str) -> str:
    """The host's word on where phones go: the address to open, or why no phone can and what to do."""
    if where.unreachable == "loopback":
        return (
            f"gamenight is up at {url} for this computer only: it listens on {where.host}, which no phone can "
            "reach. To play with phones on this Wi-Fi, start it with --host 0.0.0.0."
        )
    if where.unreachable == "no_network":
        return (
            f"gamenight is up at {url} for this computer only: it has no network address a phone could reach. "
            "Connect it to the Wi-Fi (or to a phone's hotspot) and start it again."
        )
    return f"gamenight is up: open {url} on phones on this Wi-Fi (or scan the code below)."


def settle_garbage_collector() -> None:
    """Keep the garbage collector's pauses off the moves' latency.

    What is loaded at start (the games, their decks and word lists, the web stack) lives as long as the
    process: frozen, a full collection no longer walks it. A move makes and drops thousands of objects,
    nearly all freed at once by reference counting, so the youngest generation is collected ten times
    less often than by default (its collections cost the same however many objects it holds), and the
    oldest a hundred times less often: next to nothing that reaches it is garbage in a cycle (at 80 lobbies, 125 objects in a
    minute), and each full collection stopped every lobby for 50 ms or more.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
