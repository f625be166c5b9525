"""``/metrics``: what one server process (one node of a cluster) is doing, in Prometheus's text format.

Counters and histograms are updated where their event happens: the hub counts a move, its time from
receipt to its last send and each refusal by its code (``Hub.metrics``); the store's writes are timed
(and the writes its epoch check refuses counted) by ``TimedStore`` around the engine's store; the
leases claimed and lost by ``CountedLeases`` around the node's directory. What is a count of things
held now (lobbies and matches by game, seats and tables connected, leases held) is read when Prometheus
scrapes (``Held``), so it costs nothing between scrapes. Memory and CPU come from prometheus-client's
process collector.

The page answers only the machine itself (loopback) and the networks of ``--metrics-allow``, asked
directly: a request that came through a proxy (it carries ``X-Forwarded-For`` or ``Forwarded``) is
refused whoever sent it, since each node is scraped on its own address, never through the proxy. A refused
request gets 404, as for a page that does not exist: a stranger learns nothing, not even that there is
something to be allowed to.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter as Tally
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from flask import Flask, Response
from gamenight.engine import Engine
from gamenight.store import Fenced
from prometheus_client import CollectorRegistry, Counter, Histogram, ProcessCollector, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

METRICS_PATH = "/metrics"
LOOPBACK: tuple[Network, ...] = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
FORWARDED_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")
# The refusals that are a limit of the server's (docs/protocol.md, "Limits" and "Picture uploads").
LIMIT_CODES = frozenset(
    {
        "rate_limited",
        "too_many_attempts",
        "too_many_lobbies",
        "too_many_connections",
        "server_busy",
        "upload_too_large",
        "file_too_large",
        "image_too_large",
        "too_many_images",
        "upload_quota",
        "uploads_busy",
    }
)
# A move is a few milliseconds on an idle server; the buckets reach far enough to see a stalled store.
MOVE_BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
WRITE_BUCKETS = (0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0, 5.0)


def allowed(peer: str | None, networks: Sequence[Network]) -> bool:
    """Whether the address ``peer`` is on loopback or in one of ``networks``."""
    try:
        address = ipaddress.ip_address((peer or "").split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in (*LOOPBACK, *networks))


class ServerMetrics:
    """This process's metrics, in a registry of their own (an app's; several apps in one test process)."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        ProcessCollector(registry=registry)
        self.moves = Counter("gamenight_moves", "Players' commands accepted and delivered", registry=registry)
        self.move_seconds = Histogram(
            "gamenight_move_seconds",
            "A player's command from its receipt to the last send of its views",
            buckets=MOVE_BUCKETS,
            registry=registry,
        )
        self.refusals = Counter(
            "gamenight_refusals", "Events and connections refused, by error code", ["code"], registry=registry
        )
        self.limits_hit = Counter(
            "gamenight_limits_hit", "Refusals by one of the server's limits, by its code", ["code"], registry=registry
        )
        self.store_write_seconds = Histogram(
            "gamenight_store_write_seconds",
            "A write of the store (a command logged, a lobby created), refused or failed ones too",
            ["operation"],
            buckets=WRITE_BUCKETS,
            registry=registry,
        )
        self.fenced = Counter(
            "gamenight_store_writes_fenced",
            "Writes the store refused by its epoch check (another node owns the lobby now)",
            registry=registry,
        )
        self.leases_claimed = Counter("gamenight_leases_claimed", "Lobby leases taken (or kept)", registry=registry)
        self.leases_lost = Counter(
            "gamenight_leases_lost", "Lobby leases found taken by another node", registry=registry
        )
        self._refusal_counters: dict[str, Any] = {}

    # -- the hub's events (on a move's path: each a few attribute lookups) -----------------------------

    def moved(self, started: float) -> None:
        """A player's command received at ``started`` (``time.perf_counter()``) is delivered."""
        self.moves.inc()
        self.move_seconds.observe(time.perf_counter() - started)

    def refused(self, code: str) -> None:
        counters = self._refusal_counters.get(code)
        if counters is None:
            counters = [self.refusals.labels(code)]
            if code in LIMIT_CODES:
                counters.append(self.limits_hit.labels(code))
            self._refusal_counters[code] = counters
        for counter in counters:
            counter.inc()

    def watch(self, engine: Engine, hub: Any) -> None:
        """Read what ``engine`` and ``hub`` hold at each scrape, and count the writes and leases of ``engine``."""
        self.registry.register(Held(engine, hub))
        timed = TimedStore(engine.store, self)
        engine.store = timed
        engine.ownership.store = timed
        engine.ownership.leases = CountedLeases(engine.ownership.leases, self)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class TimedStore:
    """The engine's store, with its writes timed and the writes its epoch check refuses counted."""

    def __init__(self, store: Any, metrics: ServerMetrics) -> None:
        self._store = store
        self._fenced = metrics.fenced
        self._append = metrics.store_write_seconds.labels("append")
        self._create = metrics.store_write_seconds.labels("create_lobby")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def append(self, *args: Any, **kwargs: Any) -> None:
        started = time.perf_counter()
        try:
            self._store.append(*args, **kwargs)
        except Fenced:
            self._fenced.inc()
            raise
        finally:
            self._append.observe(time.perf_counter() - started)

    def create_lobby(self, *args: Any, **kwargs: Any) -> bool:
        started = time.perf_counter()
        try:
            return self._store.create_lobby(*args, **kwargs)
        finally:
            self._create.observe(time.perf_counter() - started)


class CountedLeases:
    """The node's leases, with those claimed and those lost counted."""

    def __init__(self, leases: Any, metrics: ServerMetrics) -> None:
        self._leases = leases
        self._claimed = metrics.leases_claimed
        self._lost = metrics.leases_lost

    def __getattr__(self, name: str) -> Any:
        return getattr(self._leases, name)

    def claim(self, *args: Any, **kwargs: Any) -> Any:
        claim = self._leases.claim(*args, **kwargs)
        if claim is not None:
            self._claimed.inc()
        return claim

    def renew(self, *args: Any, **kwargs: Any) -> list[str]:
        lost = self._leases.renew(*args, **kwargs)
        if lost:
            self._lost.inc(len(lost))
        return lost


class Held:
    """The counts of what the node holds now, read at each scrape."""

    def __init__(self, engine: Engine, hub: Any) -> None:
        self.engine = engine
        self.hub = hub

    def describe(self) -> list[Metric]:
        return []  # read at scrape time only (the registry need not call collect() to learn the names)

    def collect(self) -> Iterator[Metric]:
        lobbies: Tally[str] = Tally()
        matches: Tally[str] = Tally()
        for lobby in list(self.engine.lobbies.values()):
            game = lobby.match.game if lobby.match is not None else (lobby.setup or {}).get("game", "")
            lobbies[game or "none"] += 1
            if lobby.match_live:
                matches[lobby.match.game] += 1
        yield _by_game("gamenight_lobbies", "Lobbies in this node's memory, by the game chosen or played", lobbies)
        yield _by_game("gamenight_matches", "Matches under way, by game", matches)
        links = list(self.hub.links.values())
        yield GaugeMetricFamily("gamenight_connections", "Socket.IO connections open", value=len(links))
        yield GaugeMetricFamily("gamenight_seats_connected", "Seats with a phone connected", value=len(self.hub.seats))
        tables = sum(1 for link in links if link.table and link.audience is None)
        yield GaugeMetricFamily("gamenight_tables_connected", "Table screens (TVs) connected", value=tables)
        audience = sum(1 for link in links if link.audience is not None)
        yield GaugeMetricFamily("gamenight_audience_connected", "Audience members' phones connected", value=audience)
        held = len(self.engine.ownership.held)
        yield GaugeMetricFamily("gamenight_leases_held", "Lobby leases this node holds", value=held)
        yield GaugeMetricFamily(
            "gamenight_lobbies_parked", "Lobbies set aside (cannot be rebuilt)", value=len(self.engine.parked)
        )


def _by_game(name: str, documentation: str, counts: Tally[str]) -> GaugeMetricFamily:
    family = GaugeMetricFamily(name, documentation, labels=["game"])
    for game, count in sorted(counts.items()):
        family.add_metric([game], count)
    return family


class MetricsGate:
    """WSGI middleware, outermost (before ``ProxyFix`` rewrites the client's address): ``/metrics`` answers 404
    unless asked directly (no forwarding header) by loopback or an allowed network."""

    def __init__(self, app: Any, networks: Sequence[Network]) -> None:
        self.app = app
        self.networks = networks

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("PATH_INFO") == METRICS_PATH and (
            any(header in environ for header in FORWARDED_HEADERS)
            or not allowed(environ.get("REMOTE_ADDR"), self.networks)
        ):
            start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", "9")])
            return [b"Not Found"]
        return self.app(environ, start_response)


def install_metrics(app: Flask, engine: Engine, hub: Any, allow: Iterable[str] = ()) -> ServerMetrics:
    """Count ``engine``'s and ``hub``'s events and serve them at ``/metrics`` to loopback and ``allow``."""
    metrics = ServerMetrics()
    metrics.watch(engine, hub)
    hub.metrics = metrics
    app.wsgi_app = MetricsGate(app.wsgi_app, [ipaddress.ip_network(network, strict=False) for network in allow])

    @app.get(METRICS_PATH)
    def metrics_page() -> Response:
        return Response(metrics.exposition(), content_type=CONTENT_TYPE_LATEST)

    return metrics
