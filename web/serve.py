"""``gamenight serve``: the command (its options are the server's settings, ``gamenight.web.settings``;
``gamenight.cli`` loads it when run), the async mode's patching, and starting the server (behind the connection
gate of ``gamenight.web.accept``) with a word to the host on where phones should go."""

from __future__ import annotations

import gc
import json
import logging
import socket
import sys
import warnings
from pathlib import Path
from typing import Any

import click
from gamenight.checkpointer import STANDARD_THREADS, NativeThreads, threads_of
from gamenight.web.accept import serve_gated
from gamenight.web.limits import ConnectionGate, Limits, fit_to_file_limit
from gamenight.web.logs import configure_logging
from gamenight.web.network import Served, served
from gamenight.web.settings import Settings, settings_options, without_password

log = logging.getLogger(__name__)

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


def run(settings: Settings) -> None:
    """Start the server with ``settings`` (built once, by the command: ``gamenight.web.settings``)."""
    patch_for(settings.async_mode)
    configure_logging(settings.log_format)  # after the patches: its handler's lock is then the async mode's
    limits = fit_to_file_limit(settings.limits, warn_host)
    import segno
    from gamenight.engine import Engine
    from gamenight.images import folder_pack
    from gamenight.registry import PluginError, Plugins
    from gamenight.web.app import create_app

    location = str(settings.db or default_db())
    store, leases = open_node(location, settings)
    data = data_folder(location)
    try:
        plugins = Plugins(settings.plugins)
    except PluginError as exc:
        store.close()
        raise click.ClickException(f"broken plugin: {exc}") from None
    for folder in settings.image_packs:
        pack = folder_pack(folder, data / "image-cache")
        plugins.add_image_pack(pack)
        click.echo(f"Picture pack {pack.id}: {len(pack.images)} pictures from {folder}")
    engine = Engine(
        store,
        plugins,
        leases=leases,
        idle_seconds=settings.idle_minutes * 60,
        retention_days=settings.retention_days,
        family_filter=settings.family_filter,
    )
    where = served(settings.host)
    public_url = settings.public_url
    url = public_url or where.url(settings.port)
    settings = settings.replace(limits=limits, public_url=url, uploads=settings.uploads or data / "uploads")
    hub_options = None
    if settings.cluster:
        hub_options = {**shared_limits(settings.cluster, limits), "relay": (settings.cluster, leases.node)}
    app, socketio = create_app(engine, settings, hub_options=hub_options)
    games = ", ".join(g.names.get("en", g.id) for g in engine.plugins.games.values()) or "none installed"
    click.echo(
        f"Games: {games}. Store: {without_password(location)} ({len(engine.lobbies)} lobbies). "
        f"Mode: {settings.async_mode}."
    )
    if settings.cluster:
        click.echo(
            f"Node {leases.node} of the cluster at {without_password(settings.cluster)}: each lobby is owned by "
            f"one node under a {settings.lease_seconds:g} s lease."
        )
    click.echo(describe(limits, settings.proxies))
    click.echo(where_to_go(where, url) if not public_url else f"gamenight is up: phones open {url}")
    hub = app.extensions["gamenight"]["hub"]
    hub.stop_on_terminate()
    # Before any client comes: a node renews its leases and adopts orphaned lobbies, and any server carries out
    # its host's admin actions (gamenight.web.admin_requests).
    hub.start_ticker()
    if where.unreachable is None and not public_url:
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    # Behind a proxy every connection comes from the proxy: only the total is counted here,
    # addresses are told apart by the hub (from X-Forwarded-For).
    gate = ConnectionGate(limits.max_connections, None if settings.proxies else limits.max_connections_per_address)
    settle_garbage_collector()
    serve_gated(app, settings.host, settings.port, settings.async_mode, gate, head_seconds=limits.request_head_seconds)


def warn_host(message: str) -> None:
    """A warning for the host at start: a line of text, or a log record when the log is JSON."""
    if logging.getLogger().handlers:
        log.warning(message)
    else:
        click.echo(f"Warning: {message}", err=True)


# -- the command -----------------------------------------------------------------------------------


@click.command()
@settings_options
@click.option(
    "--print-settings",
    is_flag=True,
    help="Print the settings in force (defaults, profile, environment, options; passwords masked) and exit.",
)
def serve(settings: Settings, print_settings: bool) -> None:
    """Start the server: phones join on the LAN address it prints.

    Every option can also be set by its GAMENIGHT_<NAME> environment variable (shown with each option);
    an option given on the command line wins over its variable.
    """
    if print_settings:
        click.echo(json.dumps(settings.shown(), indent=2, ensure_ascii=False))
        return
    run(settings)


def data_folder(location: str) -> Path:
    """Where uploads and picture caches go: beside a SQLite file, else in the user data folder."""
    from gamenight.store import is_postgres

    folder = default_db().parent if is_postgres(location) else Path(location).parent
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_node(location: str, settings: Settings) -> tuple[Any, Any]:
    """The store and the leases of this server: alone on its store, or one node of a cluster."""
    from gamenight.leases import LeasesUnavailable, SoloLeases
    from gamenight.store import SchemaTooNew, StoreInUse, StoreUnavailable, open_store

    cluster = settings.cluster
    check_drivers(location, cluster)
    try:
        store = open_store(
            location,
            settings.durability,
            threads=native_threads(settings.async_mode),
            exclusive=not cluster,
            shared=bool(cluster),
        )
    except (StoreInUse, StoreUnavailable, SchemaTooNew, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    if not cluster:
        return store, SoloLeases()
    from gamenight.leases_redis import RedisLeases

    node_id = settings.node_id or f"{socket.gethostname()}-{settings.port}"
    try:
        return store, RedisLeases(cluster, node_id, settings.lease_seconds)
    except (LeasesUnavailable, ValueError) as exc:
        store.close()
        raise click.ClickException(str(exc)) from None


CLUSTER_EXTRA = 'pip install "gamenight[cluster]"'


def check_drivers(location: str, cluster: str | None) -> None:
    """PostgreSQL's and Redis's clients are an extra (a home night on SQLite needs neither): say what to install."""
    import importlib

    from gamenight.store import is_postgres

    wanted = [("pg8000", "a postgresql:// store")] if is_postgres(location) else []
    if cluster:
        wanted.append(("redis", "--cluster"))
    missing = []
    for module, what in wanted:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append((module, what))
    if missing:
        needs = ", ".join(f"{what} needs {module}" for module, what in missing)
        raise click.ClickException(f"{needs}, which is not installed: {CLUSTER_EXTRA}")


def shared_limits(cluster: str, limits: Limits) -> dict[str, Any]:
    """The per-address limits that hold across the cluster's nodes (counted in its Redis)."""
    from gamenight.web.shared_limits import SharedCodeThrottle, SharedWindowLimit

    return {
        "throttle": SharedCodeThrottle(cluster, limits.code_misses, limits.code_window),
        "creations": SharedWindowLimit(cluster, "lobbies", limits.lobbies_per_address, limits.lobby_window),
    }


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
