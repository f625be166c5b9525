"""``gamenight serve``: the command and its options (every limit's from ``gamenight.web.limits.limit_options``;
``gamenight.cli`` loads it when run), the async mode's patching, and starting the server (behind the connection
gate of ``gamenight.web.accept``) with a word to the host on where phones should go."""

from __future__ import annotations

import gc
import os
import socket
import sys
import warnings
from pathlib import Path
from typing import Any

import click
from gamenight.checkpointer import STANDARD_THREADS, NativeThreads, threads_of
from gamenight.cli import plugin_option
from gamenight.web.accept import serve_gated
from gamenight.web.limits import ConnectionGate, Limits, UploadLimits, fit_to_file_limit, limit_options
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
        upload_limits=upload_limits or UploadLimits.from_env(os.environ),
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


# -- the command -----------------------------------------------------------------------------------


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--db",
    metavar="PATH|URL",
    envvar="GAMENIGHT_DB",  # a URL with a password is better kept out of the process list
    help="The store: a SQLite file's path, or a postgresql://user@host:port/database URL "
    "[default: a SQLite file in the user data dir]",
)
@click.option(
    "--async-mode",
    type=click.Choice(["eventlet", "gevent", "threading"]),
    default="eventlet",
    show_default=True,
    help="The server's concurrency model.",
)
@click.option(
    "--durability",
    type=click.Choice(["process", "full"]),
    default="process",
    show_default=True,
    help="process: survives a crash of the server; full: also a power loss (an fsync per move).",
)
@click.option(
    "--image-pack",
    "image_packs",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of pictures to offer as a picture pack (repeatable); they are re-encoded first.",
)
@click.option(
    "--idle-minutes",
    type=click.FloatRange(min=0, min_open=True),
    default=10.0,
    show_default=True,
    help="A lobby nobody has used this long, with no clock running, leaves memory (it comes back when asked for).",
)
@click.option(
    "--retention-days",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="A lobby untouched this long is deleted, with its log and its uploaded pictures.",
)
@click.option(
    "--cluster",
    metavar="URL",
    envvar="GAMENIGHT_CLUSTER",
    help="Run as one node of a cluster: the directory's redis://host:port/n URL (the store must be PostgreSQL).",
)
@click.option(
    "--node-id",
    envvar="GAMENIGHT_NODE_ID",
    help="This node's name in the cluster, as the proxy's configuration names it [default: HOSTNAME-PORT].",
)
@click.option(
    "--lease-seconds",
    type=click.FloatRange(min=1),
    default=6.0,
    show_default=True,
    help="In a cluster: how long a node's hold on a lobby lasts without renewal (a dead node's lobbies move then).",
)
@click.option("--public-url", help="The address phones open (a proxy's, in a cluster) [default: this server's].")
@click.option(
    "--uploads",
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder for uploaded pictures (shared by a cluster's nodes) [default: beside the store].",
)
@limit_options
@plugin_option
def serve(
    host: str,
    port: int,
    db: str | None,
    async_mode: str,
    durability: str,
    image_packs: tuple[Path, ...],
    plugins: tuple[str, ...],
    upload_limits: UploadLimits,
    idle_minutes: float,
    retention_days: float,
    limits: Limits,
    proxies: int,
    cluster: str | None,
    node_id: str | None,
    lease_seconds: float,
    public_url: str | None,
    uploads: Path | None,
) -> None:
    """Start the server: phones join on the LAN address it prints."""
    run(
        host,
        port,
        db,
        async_mode,
        durability,
        plugins,
        image_packs,
        limits=limits,
        proxies=proxies,
        upload_limits=upload_limits,
        idle_minutes=idle_minutes,
        retention_days=retention_days,
        cluster=cluster,
        node_id=node_id,
        lease_seconds=lease_seconds,
        public_url=public_url,
        uploads=uploads,
    )


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
