"""A cluster's lobbies spread over its nodes, and kept spread when a node dies and comes back; clocks that lose no
time to a node restarted under its own id. Three real nodes on a real PostgreSQL and Redis, behind a real HAProxy,
killed with SIGKILL and started again.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator

import pytest
from cluster_client import ClusterPhone
from conftest import subprocess_env
from gamenight.placement import MARGIN
from gamenight.web.cluster_cli import LocalCluster
from server import LOOPBACK_LIMITS
from services import expire_leases
from test_cluster import RemoteParty, spyfall_asks
from waiting import wait_until

LEASE = "15"  # long: a node restarted at once is back within its lease (the tests end a dead node's leases)


@pytest.fixture
def cluster(fresh_postgres_url, fresh_redis_url, tmp_path) -> Iterator[LocalCluster]:
    env = LOOPBACK_LIMITS | subprocess_env()
    with LocalCluster(
        3,
        directory=tmp_path / "cluster",
        db_url=fresh_postgres_url,
        redis_url=fresh_redis_url,
        serve_args=["--lease-seconds", LEASE],
        env=env,
    ) as running:
        yield running


def spread(counts: dict[str, int]) -> bool:
    """Every node holds lobbies, and none holds ``MARGIN`` more than another."""
    return min(counts.values()) > 0 and max(counts.values()) - min(counts.values()) < MARGIN


def test_lobbies_spread_over_the_nodes_and_spread_again_after_a_node_dies_and_comes_back(cluster):
    # Every host reaches n1 (one office, one cookie): n1 sends new lobbies on to the nodes holding fewer.
    hosts = []
    for number in range(6):
        host = ClusterPhone(cluster.url, f"Host{number}", node="n1")
        host.create()
        hosts.append(host)
        time.sleep(1.1)  # a heartbeat: each node's load is published
    wait_until(lambda: sum(cluster.lobbies_per_node().values()) == 6, "every lobby held", 20)
    assert spread(cluster.lobbies_per_node()), cluster.lobbies_per_node()

    # n3 dies: its lobbies' hosts come back on the other two; then n3 comes back and takes a share again.
    dead = "n3"
    cluster.kill(dead, signal.SIGKILL)
    expire_leases(cluster.redis_url, dead)
    wait_until(
        lambda: cluster.lobbies_per_node()[dead] == 0 and sum(cluster.lobbies_per_node().values()) == 6,
        "n3's lobbies taken over",
        30,
    )
    cluster.start_node(dead)
    wait_until(lambda: spread(cluster.lobbies_per_node()), "the lobbies spread again", 60)
    for host in hosts:  # each host followed its lobby and holds its seat
        wait_until(lambda h=host: h.latest and h.player in [s["id"] for s in h.latest["lobby"]["seats"]], "seated", 20)
        assert host.command("lock", locked=True)["ok"]
    for host in hosts:
        host.close()


def test_a_node_restarted_under_its_id_gives_its_lobbys_clocks_their_downtime(cluster):
    party = RemoteParty(cluster, "spyfall", ["Ann", "Boris", "Chen", "Dina"], "n2")
    spyfall_asks(party, 1)
    owner = party.owner(cluster)
    deadline = party.match()["timers"]["round"]["deadline"]  # the moment the round ends, on the nodes' clock
    cluster.kill(owner, signal.SIGKILL)
    killed_at = time.monotonic()
    time.sleep(2)  # down a while before it is started again
    cluster.start_node(owner)
    down = time.monotonic() - killed_at  # it took its lobby back (restored) within that, well within the lease
    for phone in party.everyone():
        wait_until(lambda p=phone: p.reconnected and p.latest, f"{phone.name or 'the table'} back", 30)
    party.wait(lambda m: m["timers"]["round"]["deadline"] != deadline, "the round clock shifted")
    assert party.owner(cluster) == owner  # it took its lobby back, fencing its earlier run out
    # The round ends later by the time the lobby was down: from the last heartbeat (at most a second before the
    # kill) to its restore (at least the 2 s it was down).
    given = party.match()["timers"]["round"]["deadline"] - deadline
    assert 2 <= given <= down + 1.5, (given, down)
    spyfall_asks(party, 1)
    party.close()
