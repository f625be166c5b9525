"""``gamenight admin`` and ``/metrics`` on a real cluster (PostgreSQL, Redis, two nodes, HAProxy): the lobby list
names each lobby's owning node; each node's metrics are its own, read directly and never through the proxy;
a node paused past its lease counts the lease it lost, the node taking over the one it claimed; a close
reaches whichever node holds the lobby."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
import redis
from cluster_client import ClusterPhone
from conftest import subprocess_env
from gamenight.web.cluster_cli import LocalCluster
from prometheus_client.parser import text_string_to_metric_families
from server import LOOPBACK_LIMITS
from services import expire_leases
from waiting import wait_until


@pytest.fixture
def cluster(fresh_postgres_url, fresh_redis_url, tmp_path) -> Iterator[LocalCluster]:
    with LocalCluster(
        2,
        directory=tmp_path / "cluster",
        db_url=fresh_postgres_url,
        redis_url=fresh_redis_url,
        serve_args=["--lease-seconds", "2"],
        env=LOOPBACK_LIMITS | subprocess_env(),
    ) as running:
        yield running


def admin(cluster: LocalCluster, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "gamenight", "admin", *args],
        env=subprocess_env() | {"GAMENIGHT_DB": cluster.db_url},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def metric(url: str, name: str) -> float:
    with urllib.request.urlopen(f"{url.rstrip('/')}/metrics", timeout=10) as response:
        text = response.read().decode()
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == name
    )


def owner(cluster: LocalCluster, code: str) -> str | None:
    with redis.Redis.from_url(cluster.redis_url, decode_responses=True) as directory:
        held = directory.get(f"gamenight:lease:{code}")
    return held.split(" ")[0] if held else None


def test_admin_and_metrics_across_the_nodes(cluster):
    host = ClusterPhone(cluster.url, "Ann", node="n2")
    code = host.create()
    guest = ClusterPhone(cluster.url, "Bob")
    guest.join(code)
    first = owner(cluster, code)
    listed = json.loads(admin(cluster, "lobbies", "--json", "--cluster", cluster.redis_url))
    assert [(row["code"], row["seats"], row["owner"]) for row in listed] == [(code, 2, first)]

    nodes = cluster.nodes
    other = next(node for node in nodes if node != first)
    assert metric(nodes[first].url, "gamenight_leases_held") == 1
    assert metric(nodes[other].url, "gamenight_leases_held") == 0
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{cluster.url.rstrip('/')}/metrics", timeout=10)
    assert refused.value.code == 404  # through the proxy: never

    cluster.kill(first, signal.SIGSTOP)
    try:
        assert expire_leases(cluster.redis_url, first) == [code]
        late = ClusterPhone(cluster.url, "Cy")
        late.join(code)  # the proxy sends the late player to the live node, which takes the lobby over
        assert owner(cluster, code) == other
    finally:
        cluster.kill(first, signal.SIGCONT)
    assert metric(nodes[other].url, "gamenight_leases_claimed_total") >= 1
    wait_until(
        lambda: (
            metric(nodes[first].url, "gamenight_leases_lost_total")
            + metric(nodes[first].url, "gamenight_store_writes_fenced_total")
            >= 1
        ),
        f"{first} counting the lobby it lost",
    )

    said = admin(cluster, "close", code)
    assert "closed" in said
    assert json.loads(admin(cluster, "lobbies", "--json")) == []
    assert "closed by the server's host" in cluster.node_log(other)
    for phone in (host, guest, late):
        phone.close()
