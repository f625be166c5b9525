"""The real local services (gamenight.web.services) and the one-machine cluster (gamenight.web.cluster_cli),
its nodes stood in for by stub servers that take `gamenight serve`'s cluster options."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from gamenight.web.cluster_cli import LocalCluster, healthy
from gamenight.web.services import (
    Haproxy,
    PostgresServer,
    RedisServer,
    ServiceError,
    free_port,
    postgres_binaries,
    wait_until,
)
from services import StubNode, get
from waiting import Worker

# `gamenight serve` in miniature: /healthz, then 503 for half a second after SIGTERM (draining), then exit;
# any other path answers which node it is and the command line it got
STUB_NODE = textwrap.dedent(
    """
    import argparse, json, signal, sys, threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    parser = argparse.ArgumentParser()
    for option in ["--host", "--port", "--db", "--cluster", "--node-id", "--proxies", "--public-url"]:
        parser.add_argument(option, required=True)
    options, _ = parser.parse_known_args()
    draining = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/healthz":
                body = b"draining" if draining.is_set() else b"ok"
                self.send_response(503 if draining.is_set() else 200)
            else:
                body = json.dumps({"node": options.node_id, "argv": sys.argv[1:]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer((options.host, int(options.port)), Handler)
    server.daemon_threads = True

    def drain(*_):
        draining.set()
        threading.Timer(0.5, server.shutdown).start()

    signal.signal(signal.SIGTERM, drain)
    print("stub node", options.node_id, "serving", flush=True)
    server.serve_forever(0.05)
    """
)
STUB_SERVE = (sys.executable, "-c", STUB_NODE)


def test_postgres_serves_on_loopback(postgres_server: PostgresServer, postgres_url: str) -> None:
    assert postgres_url == f"postgresql://postgres@127.0.0.1:{postgres_server.port}/gamenight"
    connection = postgres_server.connect("gamenight")
    try:
        connection.run("CREATE TABLE IF NOT EXISTS probe (n int)")
        connection.run("INSERT INTO probe VALUES (1)")
        assert connection.run("SELECT count(*) FROM probe")[0][0] >= 1
        assert connection.run("SHOW listen_addresses") == [["127.0.0.1"]]
        assert connection.run("SHOW max_connections") == [["200"]]
    finally:
        connection.close()
    if os.geteuid() == 0:  # initdb and postgres refuse root: the server runs as the postgres user
        owner = Path(f"/proc/{postgres_server.process.pid}/status").read_text()
        assert any(line.split()[:2] == ["Uid:", str(_uid("postgres"))] for line in owner.splitlines())


def test_fresh_databases_are_separate(postgres_server: PostgresServer, fresh_postgres_url: str) -> None:
    name = fresh_postgres_url.rsplit("/", 1)[1]
    assert name != "gamenight"
    connection = postgres_server.connect(name)
    try:
        assert connection.run("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == [[0]]
    finally:
        connection.close()


def test_missing_postgres_names_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ServiceError, match="Debian package `postgresql`"):
        postgres_binaries(tmp_path)
    assert (postgres_binaries() / "initdb").is_file()


def test_redis_serves(redis_server: RedisServer, fresh_redis_url: str) -> None:
    import redis

    assert fresh_redis_url == f"redis://127.0.0.1:{redis_server.port}/0"
    with redis.Redis.from_url(fresh_redis_url) as client:
        assert client.dbsize() == 0
        client.set("probe", "1", px=10_000)
        assert client.get("probe") == b"1"


def test_services_die_with_the_process_that_started_them(tmp_path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import os
        from pathlib import Path
        from gamenight.web.services import Haproxy, PostgresServer, RedisServer, free_port
        folder = Path({str(tmp_path)!r})
        postgres = PostgresServer(folder / "postgres").start()
        redis = RedisServer(folder / "redis").start()
        proxy = Haproxy([("n1", "127.0.0.1", free_port())], folder / "proxy").start()
        print(postgres.process.pid, redis.process.pid, proxy.process.pid, flush=True)
        os.kill(os.getpid(), 9)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == -signal.SIGKILL, result.stderr
    pids = [int(pid) for pid in result.stdout.split()]
    assert len(pids) == 3
    wait_until(lambda: not any(_alive(pid) for pid in pids), "the orphaned servers to exit", timeout=15)


def test_a_service_outlives_the_thread_that_started_it(tmp_path: Path) -> None:
    starter = Worker(lambda: RedisServer(tmp_path).start(), name="starter")
    starter.start()
    server = starter.finish(60)  # what the start raised fails the test here
    try:
        time.sleep(0.3)  # a child armed against its starting thread would be dead by now
        with server.client() as client:
            assert client.ping()
    finally:
        server.stop()


def test_haproxy_reload_adds_a_node(tmp_path: Path) -> None:
    first, second = StubNode("n1"), StubNode("n2")
    try:
        with Haproxy([first.node], tmp_path) as proxy:
            proxy.wait_for_state("n1", "UP")
            old = proxy.process
            assert get(proxy.port, "/?node=n2").node == "n1"  # no such node yet
            proxy.reload([first.node, second.node])
            assert proxy.process is not old
            proxy.wait_for_state("n2", "UP")
            assert get(proxy.port, "/?node=n2").node == "n2"
            old.wait(10)  # the old HAProxy, its connections done, is gone
        assert proxy.process.poll() is not None
    finally:
        first.stop()
        second.stop()


def test_local_cluster_runs_and_restarts_nodes(postgres_url: str, redis_url: str, tmp_path: Path) -> None:
    with LocalCluster(2, serve_command=STUB_SERVE, db_url=postgres_url, redis_url=redis_url) as cluster:
        folder = cluster.directory
        assert set(cluster.nodes) == {"n1", "n2"}
        port = cluster.port
        argv = get(port, "/?node=n2").seen["argv"]
        assert _option(argv, "--node-id") == "n2"
        assert _option(argv, "--port") == str(cluster.nodes["n2"].port)
        assert (_option(argv, "--db"), _option(argv, "--cluster")) == (postgres_url, redis_url)
        assert (_option(argv, "--proxies"), _option(argv, "--public-url")) == ("1", cluster.url)

        cluster.kill("n1")
        assert not cluster.nodes["n1"].running()
        cluster.proxy.wait_for_state("n1", "DOWN")
        assert get(port, "/?node=n1").node == "n2"
        old_pid = cluster.nodes["n1"].pid
        cluster.start_node("n1")
        assert cluster.nodes["n1"].pid != old_pid and get(port, "/?node=n1").node == "n1"

        cluster.kill("n2", signal.SIGTERM)  # drains: out of the proxy's rotation, then exits by itself
        cluster.proxy.wait_for_state("n2", "DOWN")
        assert cluster.wait_node_exit("n2") == 0

        cluster.start_node("n3")  # a new node: the proxy reloads with it
        assert get(port, "/?node=n3").node == "n3"
        assert "stub node n1 serving" in cluster.node_log("n1")
        processes = [node.process for node in cluster.nodes.values()] + [cluster.proxy.process]
    assert all(process.poll() is not None for process in processes)
    assert not folder.exists()


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_cluster_command_stops_everything(stop_signal: int, tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-c", "from gamenight.web.cluster_cli import cluster; cluster()"]
    command += ["--nodes", "2", "--port", str(port), "--serve-command", subprocess.list2cmdline(STUB_SERVE)]
    command += ["--", "--limits", "public"]
    output = tmp_path / "cluster.out"
    with open(output, "w") as sink:  # started as a shell starts a background job: SIGINT ignored
        process = subprocess.Popen(
            command,
            stdout=sink,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
        )
    try:
        wait_until(lambda: "Ctrl-C stops it all" in output.read_text(), "the cluster", timeout=60, process=process)
        text = output.read_text()
        assert f"gamenight cluster is up: open http://127.0.0.1:{port}/" in text
        node_pids = [int(line.split("(pid ")[1].rstrip(")")) for line in text.splitlines() if "(pid " in line]
        assert len(node_pids) == 2
        folder = Path(text.split("Logs: ")[1].split()[0])
        argv = get(port, "/?node=n2").seen["argv"]
        assert argv[-2:] == ["--limits", "public"]
        assert healthy(f"http://127.0.0.1:{port}/")
        assert get(port, "/haproxy-stats").status == 200
        process.send_signal(stop_signal)
        assert process.wait(30) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert "Stopped." in output.read_text()
    assert not any(_alive(pid) for pid in node_pids)
    assert not folder.exists()
    assert not healthy(f"http://127.0.0.1:{port}/")


def test_service_failures_quote_the_log(tmp_path: Path) -> None:
    busy = RedisServer(tmp_path / "first").start()
    try:
        with pytest.raises(ServiceError, match="(?s)exited.*redis.log"):
            RedisServer(tmp_path / "second", port=busy.port).start()
    finally:
        busy.stop()


def _option(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie (an orphan's zombie waits for whoever adopted it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def _uid(user: str) -> int:
    import pwd

    return pwd.getpwnam(user).pw_uid


def test_local_cluster_of_real_nodes(postgres_server: PostgresServer, redis_url: str, tmp_path: Path) -> None:
    """Two real `gamenight serve --cluster` nodes on the session's PostgreSQL: both serve behind the proxy, and
    a node sent SIGTERM drains (503 on /healthz, out of the proxy's rotation) and exits by itself."""
    postgres_server.create_database("real_cluster")
    try:
        with LocalCluster(2, db_url=postgres_server.database_url("real_cluster"), redis_url=redis_url) as cluster:
            port = cluster.port
            for node_id in ["n1", "n2"]:
                handshake = get(port, f"/socket.io/?EIO=4&transport=polling&node={node_id}")
                assert handshake.status == 200 and handshake.body.startswith(b"0{")
                assert f"Node {node_id} of the cluster" in cluster.node_log(node_id)
            cluster.kill("n1", signal.SIGTERM)
            cluster.proxy.wait_for_state("n1", "DOWN")
            assert cluster.wait_node_exit("n1") == 0
            assert healthy(cluster.url)
            cluster.start_node("n1")
            assert healthy(cluster.nodes["n1"].url)
    finally:
        postgres_server.drop_database("real_cluster")
