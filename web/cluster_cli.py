"""A gamenight cluster on one machine (``gamenight cluster``, ``LocalCluster``) and the proxy's
configuration for one on several machines (``gamenight proxy-config``)."""

from __future__ import annotations

import contextlib
import dataclasses
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Self, TypeVar

import click
from gamenight.web.proxy import (
    STATS_PATH,
    ProxyConfigError,
    check_config,
    haproxy_config,
    parse_address,
    parse_node,
)
from gamenight.web.services import (
    LOOPBACK,
    START_SECONDS,
    STOP_SECONDS,
    Haproxy,
    PostgresServer,
    RedisServer,
    ServiceError,
    free_port,
    spawn,
    wait_until,
)

Service = TypeVar("Service")
SERVE = (sys.executable, "-m", "gamenight", "serve")


@dataclasses.dataclass
class ClusterNode:
    """One ``gamenight serve`` of a LocalCluster (a restarted node gets a new process, same port)."""

    node_id: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/"

    @property
    def pid(self) -> int:
        return self.process.pid

    def running(self) -> bool:
        return self.process.poll() is None


class LocalCluster:
    """PostgreSQL, Redis, ``nodes`` gamenight nodes (n1, n2...) on 127.0.0.1, and HAProxy on ``host:port``.

    Files (logs, data) go to ``directory``, else to a temporary folder (made at once, removed at ``stop``). ``db_url`` and
    ``redis_url`` use servers already running instead of starting them. ``serve_args`` are added to each
    node's command line, ``env`` replaces its environment; ``serve_command`` replaces ``gamenight serve``.
    """

    def __init__(
        self,
        nodes: int = 3,
        *,
        host: str = LOOPBACK,
        port: int | None = None,
        directory: Path | None = None,
        serve_args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        db_url: str | None = None,
        redis_url: str | None = None,
        serve_command: Sequence[str] = SERVE,
        stats: bool = False,
    ) -> None:
        self.node_count = nodes
        self.host = host
        self.port = port or free_port()
        self.serve_args = list(serve_args)
        self.env = dict(env) if env is not None else None
        self.serve_command = list(serve_command)
        self.stats = stats
        self.temporary = directory is None
        self.directory = Path(directory or tempfile.mkdtemp(prefix="gamenight-cluster-")).absolute()
        self.postgres: PostgresServer | None = None
        self.redis: RedisServer | None = None
        self.proxy: Haproxy | None = None
        self.nodes: dict[str, ClusterNode] = {}
        self._db_url = db_url
        self._redis_url = redis_url
        self._stopped = False

    @property
    def url(self) -> str:
        """The proxy's address: where browsers go."""
        return public_url(self.host, self.port)

    @property
    def db_url(self) -> str:
        return self._db_url or self._started(self.postgres).url

    @property
    def redis_url(self) -> str:
        return self._redis_url or self._started(self.redis).url

    def start(self) -> Self:
        """Start everything, each once the one before serves; on any failure, stop what was started."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            if self._db_url is None:
                self.postgres = PostgresServer(self.directory / "postgres").start()
            if self._redis_url is None:
                self.redis = RedisServer(self.directory / "redis").start()
            for number in range(1, self.node_count + 1):
                self._spawn_node(f"n{number}", free_port())
            for node in self.nodes.values():
                self._wait_healthy(node)
            self.proxy = Haproxy(self._proxy_nodes(), self.directory, self.host, self.port, self.stats).start()
            for node_id in self.nodes:
                self.proxy.wait_for_state(node_id, "UP")
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop the proxy, the nodes (SIGTERM, then SIGKILL after 10 s), Redis and PostgreSQL; remove the
        temporary folder. Safe to call twice."""
        if self._stopped:
            return
        self._stopped = True
        if self.proxy:
            self.proxy.stop()
        for node in self.nodes.values():
            if node.running():
                node.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        for node in self.nodes.values():
            try:
                node.process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                node.process.kill()
                node.process.wait()
        if self.redis:
            self.redis.stop()
        if self.postgres:
            self.postgres.stop()
        if self.temporary:
            shutil.rmtree(self.directory, ignore_errors=True)

    def kill(self, node_id: str, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to a node; after SIGKILL, wait until it is gone."""
        node = self.nodes[node_id]
        with contextlib.suppress(ProcessLookupError):
            node.process.send_signal(sig)
        if sig == signal.SIGKILL:
            node.process.wait()

    def wait_node_exit(self, node_id: str, timeout: float = STOP_SECONDS) -> int:
        """Wait for a node to exit by itself (after a SIGTERM, say); its exit status."""
        return self.nodes[node_id].process.wait(timeout)

    def start_node(self, node_id: str) -> ClusterNode:
        """Start a stopped node again on its port, or a new node on a new port (the proxy then reloads);
        returns once it serves and the proxy sees it up."""
        known = self.nodes.get(node_id)
        if known is not None and known.running():
            raise RuntimeError(f"node {node_id} is running (pid {known.pid})")
        node = self._spawn_node(node_id, known.port if known else free_port())
        self._wait_healthy(node)
        proxy = self._started(self.proxy)
        if known is None:
            proxy.reload(self._proxy_nodes())
        proxy.wait_for_state(node_id, "UP")
        return node

    def lobbies_per_node(self) -> dict[str, int]:
        """How many lobby leases each node holds now, as the cluster's directory has them (every node listed)."""
        import redis  # the cluster's extra: only a cluster has a directory to ask

        counts = dict.fromkeys(self.nodes, 0)
        with redis.Redis.from_url(self.redis_url, decode_responses=True) as directory:
            leases = [directory.get(key) for key in directory.scan_iter("gamenight:lease:*")]
        for lease in leases:
            if lease:
                node = lease.split(" ", 1)[0]
                counts[node] = counts.get(node, 0) + 1
        return counts

    def node_log(self, node_id: str) -> str:
        """What a node printed (every run of it, in order)."""
        return self.nodes[node_id].log.read_text(errors="replace")

    def describe(self) -> str:
        """Where everything is, one line each."""
        lines = [f"gamenight cluster is up: open {self.url}"]
        lines += [f"  node {node.node_id}: {node.url} (pid {node.pid})" for node in self.nodes.values()]
        lines += [f"  PostgreSQL: {self.db_url}", f"  Redis: {self.redis_url}", f"  Logs: {self.directory}"]
        if self.stats:
            lines.append(f"  HAProxy's statistics: {self.url}{STATS_PATH.lstrip('/')}")
        return "\n".join(lines)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None):
        self.stop()

    def _spawn_node(self, node_id: str, port: int) -> ClusterNode:
        argv = [*self.serve_command, "--host", LOOPBACK, "--port", str(port), "--db", self.db_url]
        argv += ["--cluster", self.redis_url, "--node-id", node_id, "--proxies", "1", "--public-url", self.url]
        argv += ["--uploads", str(self.directory / "uploads")]  # one folder for every node's pictures
        log = self.directory / f"{node_id}.log"
        process = spawn([*argv, *self.serve_args], log, death_signal=signal.SIGKILL, env=self.env)
        node = self.nodes[node_id] = ClusterNode(node_id, port, process, log)
        return node

    def _wait_healthy(self, node: ClusterNode) -> None:
        wait_until(
            lambda: healthy(node.url), f"node {node.node_id} to serve /healthz", START_SECONDS, node.process, node.log
        )

    def _proxy_nodes(self) -> list[tuple[str, str, int]]:
        return [(node.node_id, LOOPBACK, node.port) for node in self.nodes.values()]

    @staticmethod
    def _started(service: Service | None) -> Service:
        if service is None:
            raise RuntimeError("the cluster is not started")
        return service


def healthy(base_url: str) -> bool:
    """``GET /healthz`` answers 200."""
    try:
        with urllib.request.urlopen(f"{base_url.rstrip('/')}/healthz", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def public_url(host: str, port: int) -> str:
    """The address to open for a proxy listening on ``host:port`` (this machine's LAN address for 0.0.0.0)."""
    from gamenight.web.network import served

    return served(host).url(port)


# -- the commands --------------------------------------------------------------------------------------


@click.command("proxy-config")
@click.option("--node", "nodes", multiple=True, required=True, metavar="ID=HOST:PORT", help="A node (repeatable).")
@click.option("--listen", default="0.0.0.0:80", show_default=True, metavar="HOST:PORT", help="Plain HTTP address.")
@click.option("--tls-cert", metavar="PATH", help="A PEM with the certificate chain and key: HTTPS, HTTP redirects.")
@click.option("--tls-port", default=443, show_default=True, type=click.IntRange(1, 65535))
@click.option("--user", "run_as", metavar="NAME", help="Drop root to this user and group (e.g. haproxy).")
@click.option("--stats", is_flag=True, help="Serve HAProxy's statistics page at /haproxy-stats.")
@click.option("--check", is_flag=True, help="Also have `haproxy -c` check the configuration.")
def proxy_config(
    nodes: tuple[str, ...],
    listen: str,
    tls_cert: str | None,
    tls_port: int,
    run_as: str | None,
    stats: bool,
    check: bool,
) -> None:
    """Print an HAProxy configuration for gamenight nodes that share a store (`gamenight serve --cluster`)."""
    try:
        parsed = [parse_node(node) for node in nodes]
        address = parse_address(listen)
        text = haproxy_config(parsed, address, stats=stats, tls_cert=tls_cert, tls_port=tls_port, run_as=run_as)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    click.echo(text, nl=False)
    if check:
        with tempfile.NamedTemporaryFile("w", suffix=".cfg") as config:
            config.write(text)
            config.flush()
            try:
                check_config(config.name)
            except ProxyConfigError as exc:
                raise click.ClickException(str(exc)) from None
        click.echo("# haproxy -c: the configuration is valid", err=True)


@click.command("cluster", context_settings={"ignore_unknown_options": True})
@click.option("--nodes", "node_count", default=3, show_default=True, type=click.IntRange(1, 64))
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="The proxy's port.")
@click.option("--host", default=LOOPBACK, show_default=True, help="The proxy's address (nodes stay on 127.0.0.1).")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    help="Keep data and logs here (the database survives a restart) [default: a temporary folder, removed].",
)
@click.option("--serve-command", hidden=True, help="Run this instead of `gamenight serve` (for tests).")
@click.argument("serve_args", nargs=-1, type=click.UNPROCESSED)
def cluster(
    node_count: int,
    port: int,
    host: str,
    directory: Path | None,
    serve_command: str | None,
    serve_args: tuple[str, ...],
) -> None:
    """Run a cluster on this machine: PostgreSQL, Redis, N nodes and HAProxy, until Ctrl-C.

    Options after `--` go to every node's `gamenight serve` (e.g. -- --lease-seconds 6).
    """
    local = LocalCluster(
        node_count,
        host=host,
        port=port,
        directory=directory,
        serve_args=serve_args,
        serve_command=shlex.split(serve_command) if serve_command else SERVE,
        stats=True,
    )
    # a shell starts a background job with SIGINT ignored, and Python then leaves it so: Ctrl-C or
    # kill -INT must stop the cluster whatever started it
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        click.echo("Starting PostgreSQL, Redis, the nodes and HAProxy...")
        local.start()
        click.echo(local.describe())
        click.echo("Ctrl-C stops it all.")
        sys.stdout.flush()
        _watch(local)
    except KeyboardInterrupt:
        pass
    except ServiceError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        click.echo("Stopping the cluster...")
        local.stop()
        click.echo("Stopped.")


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _watch(local: LocalCluster) -> None:
    """Wait for Ctrl-C, saying when a node exits by itself."""
    reported: set[int] = set()
    while True:
        time.sleep(1)
        for node in local.nodes.values():
            if not node.running() and node.pid not in reported:
                reported.add(node.pid)
                click.echo(f"node {node.node_id} (pid {node.pid}) exited ({node.process.returncode}); see {node.log}")
                sys.stdout.flush()
