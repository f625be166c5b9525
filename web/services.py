"""Real local services for the tests and the one-machine cluster: PostgreSQL, Redis and HAProxy.

Each runs as a child process on a free loopback port, with its files in a given directory, and dies
with the Python process that started it (``die_with_parent``), so a killed test run leaves no server
behind.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import csv
import ctypes
import functools
import io
import os
import pwd
import random
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from gamenight.web.proxy import Node, haproxy_config

LOOPBACK = "127.0.0.1"
START_SECONDS = 60.0  # a loaded machine is slow to start a server; a quiet one takes a second or two
STOP_SECONDS = 10.0
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
UNIX_PATH_MAX = 107  # a unix socket's path, in bytes, less the terminating NUL
POSTGRES_SETTINGS = {  # tuned for tests: small, quick to start, room for many nodes' pools
    "shared_buffers": "32MB",
    "max_connections": "200",
}


class ServiceError(RuntimeError):
    """A service could not be found, started or stopped."""


# -- processes ---------------------------------------------------------------------------------------


# Ports to listen on, below the kernel's range for outgoing connections (32768 and up on Linux): a port the kernel
# hands out would be free when probed, then taken by some connection's own end before its server binds it.
LISTEN_PORTS = range(10_000, 32_000)


def free_port(host: str = LOOPBACK) -> int:
    """A TCP port nothing listens on at ``host`` right now, which no outgoing connection will take meanwhile."""
    for port in random.sample(LISTEN_PORTS, 64):
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return port
    raise ServiceError(f"no free port to listen on at {host}")


def wait_until(
    ready: Callable[[], bool],
    what: str,
    timeout: float = START_SECONDS,
    process: subprocess.Popen[Any] | None = None,
    log: Path | None = None,
) -> None:
    """Poll ``ready`` until it is true; raise ServiceError after ``timeout`` or once ``process`` has exited."""
    deadline = time.monotonic() + timeout
    while not ready():
        if process is not None and process.poll() is not None:
            raise ServiceError(f"{_name(process)} exited ({process.returncode}) before {what}{_tail(log)}")
        if time.monotonic() > deadline:
            raise ServiceError(f"gave up after {timeout:g} s waiting for {what}{_tail(log)}")
        time.sleep(0.05)


def die_with_parent(death_signal: int = signal.SIGTERM) -> Callable[[], None]:
    """A ``preexec_fn`` that has the kernel send the child ``death_signal`` when its parent dies.

    Linux only (elsewhere it does nothing). The signal comes when the parent *thread* that started the
    child ends (``spawn`` starts every child from one thread that lasts). It is set after any change of
    user (``Popen(user=...)``), which would clear it.
    """
    if not sys.platform.startswith("linux"):
        return lambda: None
    prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up here: the child must not load libraries
    parent = os.getpid()

    def arm() -> None:
        prctl(PR_SET_PDEATHSIG, death_signal, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before the signal was armed
            os.kill(os.getpid(), death_signal)

    return arm


def spawn(
    argv: Sequence[str],
    log: Path,
    *,
    death_signal: int = signal.SIGTERM,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    as_user: str | None = None,
) -> subprocess.Popen[bytes]:
    """Start ``argv`` with its output appended to ``log``, in a process group of its own (a Ctrl-C in the
    terminal reaches only the parent, which stops its children in order) and dying with the parent.

    Every child is started from one thread that lasts as long as the interpreter, whichever thread asks,
    since the kernel signals a child when the thread that started it ends (``die_with_parent``).
    """
    options: dict[str, Any] = {
        "stdin": subprocess.DEVNULL,
        "stderr": subprocess.STDOUT,
        "env": dict(env) if env is not None else None,
        "cwd": cwd,
        "process_group": 0,
        "preexec_fn": die_with_parent(death_signal),
    }
    if as_user:
        options |= {"user": as_user, "group": pwd.getpwnam(as_user).pw_gid, "extra_groups": []}
    with open(log, "ab") as output:
        try:
            return _spawner().submit(subprocess.Popen, list(argv), stdout=output, **options).result()
        except FileNotFoundError as exc:
            raise ServiceError(f"{argv[0]} is not installed: {exc}") from None


@functools.cache
def _spawner() -> concurrent.futures.ThreadPoolExecutor:
    return concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="gamenight-spawner")


def stop_process(
    process: subprocess.Popen[Any], stop_signal: int = signal.SIGTERM, timeout: float = STOP_SECONDS
) -> int:
    """Send ``stop_signal``, wait up to ``timeout`` seconds, then kill; the exit status."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(stop_signal)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


def run_logged(argv: Sequence[str], log: Path, what: str, **options: Any) -> None:
    """Run ``argv`` to its end (output to ``log``, as ``spawn``); ServiceError quoting the log if it fails."""
    process = spawn(argv, log, **options)
    try:
        status = process.wait(START_SECONDS)
    except subprocess.TimeoutExpired:
        stop_process(process, signal.SIGKILL)
        raise ServiceError(f"{what} took more than {START_SECONDS:g} s{_tail(log)}") from None
    if status != 0:
        raise ServiceError(f"{what} failed ({status}){_tail(log)}")


def _name(process: subprocess.Popen[Any]) -> str:
    args = process.args
    return Path(str(args[0] if isinstance(args, list | tuple) else args)).name


def _tail(log: Path | None, lines: int = 30) -> str:
    if log is None or not log.exists():
        return ""
    text = log.read_text(errors="replace").splitlines()[-lines:]
    return f"; the end of {log}:\n" + "\n".join(text)


class _Service:
    """A context manager around ``start``/``stop``."""

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None):
        self.stop()


# -- PostgreSQL --------------------------------------------------------------------------------------


def postgres_binaries(debian_root: Path = Path("/usr/lib/postgresql")) -> Path:
    """The folder of the newest installed PostgreSQL server (``initdb``, ``postgres``): Debian's, else on PATH."""
    debian = sorted(
        debian_root.glob("*/bin"),
        key=lambda folder: [int(part) for part in re.findall(r"\d+", folder.parent.name)],
        reverse=True,
    )
    on_path = [Path(found).parent for found in [shutil.which("initdb")] if found]
    for folder in [*debian, *on_path]:
        if (folder / "initdb").is_file() and (folder / "postgres").is_file():
            return folder
    raise ServiceError(
        f"PostgreSQL's server programs (initdb, postgres) are not installed: neither in {debian_root}/*/bin "
        "nor on PATH. Install the Debian package `postgresql` (apt-get install postgresql)."
    )


class PostgresServer(_Service):
    """A PostgreSQL server of its own in ``directory`` (data in ``directory/data``), on 127.0.0.1 only.

    Anyone on this machine may connect as the superuser ``postgres`` without a password (trust), over
    TCP on 127.0.0.1 or the unix socket in the data folder. As root, the server runs as the ``postgres``
    user, which then owns the data and may search (not list) the folders on the way to it. A data
    folder that already holds a cluster is started as it is.
    """

    def __init__(
        self,
        directory: Path,
        database: str = "gamenight",
        port: int | None = None,
        settings: Mapping[str, str] | None = None,
    ) -> None:
        self.directory = Path(directory).absolute()
        self.data = self.directory / "data"
        self.log = self.directory / "postgres.log"
        self.database = database
        self.port = port or free_port()
        self.settings = POSTGRES_SETTINGS | dict(settings or {})
        self.process: subprocess.Popen[bytes] | None = None
        self._user = "postgres" if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        """The URL of the server's main database."""
        return self.database_url(self.database)

    def database_url(self, database: str) -> str:
        """The URL of one of the server's databases."""
        return f"postgresql://postgres@{LOOPBACK}:{self.port}/{database}"

    def start(self) -> Self:
        """Create the cluster if needed, start the server and create the main database; returns self."""
        binaries = postgres_binaries()
        self.directory.mkdir(parents=True, exist_ok=True)
        if not (self.data / "PG_VERSION").exists():
            self._make_data_folder()
            run_logged(
                [str(binaries / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust"]
                + ["--encoding=UTF8", "--locale=C", "--no-sync"],
                self.log,
                "initdb",
                **self._child_options(),
            )
        argv = [str(binaries / "postgres"), "-D", str(self.data), "-p", str(self.port)]
        for name, value in (self.settings | self._network_settings()).items():
            argv += ["-c", f"{name}={value}"]
        self.process = spawn(argv, self.log, death_signal=signal.SIGINT, **self._child_options())
        try:
            wait_until(self._answers, f"PostgreSQL on port {self.port}", process=self.process, log=self.log)
            self.create_database(self.database)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Shut down as ``pg_ctl stop -m fast`` does: end the sessions, write a checkpoint, exit."""
        if self.process is not None:
            stop_process(self.process, signal.SIGINT, timeout=30)

    def connect(self, database: str = "postgres") -> Any:
        """A ``pg8000.native.Connection`` as the superuser (statements commit as they run)."""
        import pg8000.native

        return pg8000.native.Connection("postgres", host=LOOPBACK, port=self.port, database=database, timeout=10)

    def create_database(self, name: str) -> str:
        """Create the database ``name`` unless it exists; its URL."""
        _check_identifier(name)
        connection = self.connect()
        try:
            if not connection.run("SELECT 1 FROM pg_database WHERE datname = :name", name=name):
                connection.run(f'CREATE DATABASE "{name}"')
        finally:
            connection.close()
        return self.database_url(name)

    def drop_database(self, name: str) -> None:
        """Drop the database ``name`` if it exists, ending its sessions."""
        _check_identifier(name)
        connection = self.connect()
        try:
            connection.run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            connection.close()

    def _answers(self) -> bool:
        """This server answers on the port (not another that took the port first)."""
        try:
            connection = self.connect()
        except Exception:  # refused, or "the database system is starting up"
            return False
        try:
            return connection.run("SHOW data_directory") == [[str(self.data)]]
        finally:
            connection.close()

    def _make_data_folder(self) -> None:
        self.data.mkdir(mode=0o700, exist_ok=True)
        if self._user:
            account = pwd.getpwnam(self._user)
            os.chown(self.data, account.pw_uid, account.pw_gid)
            _let_others_search(self.directory)

    def _child_options(self) -> dict[str, Any]:
        environment = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        return {"as_user": self._user, "env": environment, "cwd": self.data}

    def _network_settings(self) -> dict[str, str]:
        socket_path = f"{self.data}/.s.PGSQL.{self.port}"
        return {
            "listen_addresses": LOOPBACK,
            # a socket path too long for the system: TCP only
            "unix_socket_directories": str(self.data) if len(socket_path.encode()) <= UNIX_PATH_MAX else "",
        }


def _check_identifier(name: str) -> None:
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
        raise ValueError(f"not a plain database name: {name!r}")


def _let_others_search(folder: Path) -> None:
    """Give every user search (not read) permission on ``folder`` and the folders above it that lack it."""
    for each in [folder, *folder.parents]:
        mode = each.stat().st_mode
        if not mode & stat.S_IXOTH:
            each.chmod(stat.S_IMODE(mode) | stat.S_IXOTH)


# -- Redis -------------------------------------------------------------------------------------------


class RedisServer(_Service):
    """A Redis server of its own on 127.0.0.1, in memory only (no snapshots, no append-only file)."""

    def __init__(self, directory: Path, port: int | None = None) -> None:
        self.directory = Path(directory).absolute()
        self.log = self.directory / "redis.log"
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://{LOOPBACK}:{self.port}/0"

    def start(self) -> Self:
        """Start the server and wait until it answers; returns self."""
        self.directory.mkdir(parents=True, exist_ok=True)
        argv = ["redis-server", "--port", str(self.port), "--bind", LOOPBACK, "--save", "", "--appendonly", "no"]
        argv += ["--dir", str(self.directory), "--daemonize", "no"]
        if not shutil.which("redis-server"):
            raise ServiceError("redis-server is not installed: install the Debian package `redis-server`.")
        self.process = spawn(argv, self.log)
        try:
            wait_until(self._answers, f"Redis on port {self.port}", process=self.process, log=self.log)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)

    def client(self) -> Any:
        """A ``redis.Redis`` on database 0."""
        import redis

        return redis.Redis.from_url(self.url, socket_timeout=5)

    def _answers(self) -> bool:
        import redis

        try:
            with self.client() as client:  # this server, not another that took the port first
                return self.process is not None and client.info("server")["process_id"] == self.process.pid
        except redis.RedisError:
            return False


# -- HAProxy -----------------------------------------------------------------------------------------


class Haproxy(_Service):
    """HAProxy in the foreground (``haproxy -db``) in front of ``nodes``, listening on ``host:port``.

    Its runtime API (``command``) is on a unix socket in ``directory``; ``server_states`` reads what its
    health checks make of each node.
    """

    def __init__(
        self,
        nodes: Sequence[Node],
        directory: Path,
        host: str = LOOPBACK,
        port: int | None = None,
        stats: bool = False,
    ) -> None:
        self.nodes = list(nodes)
        self.directory = Path(directory).absolute()
        self.config = self.directory / "haproxy.cfg"
        self.log = self.directory / "haproxy.log"
        self.host = host
        self.port = port or free_port()
        self.stats = stats
        self.process: subprocess.Popen[bytes] | None = None
        self._retired: list[subprocess.Popen[bytes]] = []
        self._socket_folder: str | None = None
        self.admin_socket = self._admin_socket_path()

    @property
    def url(self) -> str:
        host = LOOPBACK if self.host in ("", "0.0.0.0") else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> Self:
        """Write the configuration, start HAProxy and wait until it serves; returns self."""
        if not shutil.which("haproxy"):
            raise ServiceError("haproxy is not installed: install the Debian package `haproxy`.")
        self._write_config()
        self.process = self._launch()
        return self

    def reload(self, nodes: Sequence[Node]) -> None:
        """Serve ``nodes`` from now on: a new HAProxy takes over the port (``-sf``) and the old one finishes
        the connections it has. It may still accept a connection or two as the new one comes up."""
        self.nodes = list(nodes)
        self._write_config()
        old = self.process
        self.process = self._launch(*(["-sf", str(old.pid)] if old and old.poll() is None else []))
        if old is not None:
            self._retired.append(old)

    def stop(self) -> None:
        for process in [self.process, *self._retired]:
            if process is not None:
                stop_process(process)
        self._retired.clear()
        if self._socket_folder:
            shutil.rmtree(self._socket_folder, ignore_errors=True)

    def command(self, line: str) -> str:
        """Send one command to HAProxy's runtime API (e.g. ``show stat``); its answer."""
        with socket.socket(socket.AF_UNIX) as api:
            api.settimeout(5)
            api.connect(self.admin_socket)
            api.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := api.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def server_states(self) -> dict[str, str]:
        """Each node's status as HAProxy sees it: "UP", "DOWN", "UP 1/2" (going down), "DOWN 1/1" (coming up)..."""
        rows = csv.DictReader(io.StringIO(self.command("show stat").removeprefix("# ")))
        return {row["svname"]: row["status"] for row in rows if row["pxname"] == "nodes" and row["svname"] != "BACKEND"}

    def wait_for_state(self, node_id: str, state: str, timeout: float = 15.0) -> None:
        """Wait until HAProxy reports ``node_id`` exactly ``state`` ("UP" or "DOWN")."""
        wait_until(lambda: self.server_states().get(node_id) == state, f"{node_id} {state}", timeout, self.process)

    def _launch(self, *extra: str) -> subprocess.Popen[bytes]:
        process = spawn(["haproxy", "-f", str(self.config), "-db", *extra], self.log)
        try:
            wait_until(lambda: self._serves(process.pid), f"haproxy on port {self.port}", process=process, log=self.log)
        except BaseException:
            stop_process(process)
            raise
        return process

    def _serves(self, pid: int) -> bool:
        """The process ``pid`` answers on the runtime API (the listeners are bound before it does)."""
        try:
            info = self.command("show info")
        except OSError:
            return False
        return f"\nPid: {pid}\n" in f"\n{info}"

    def _write_config(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        text = haproxy_config(self.nodes, (self.host, self.port), stats=self.stats, admin_socket=self.admin_socket)
        self.config.write_text(text)

    def _admin_socket_path(self) -> str:
        path = str(self.directory / "haproxy.sock")
        if len(path.encode()) + 16 > UNIX_PATH_MAX:  # HAProxy binds "<path>.<pid>.tmp" first
            self._socket_folder = tempfile.mkdtemp(prefix="gn-haproxy-")
            path = f"{self._socket_folder}/api.sock"
        return path
