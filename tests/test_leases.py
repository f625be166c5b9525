"""One owner per lobby across a cluster's nodes: leases in a real Redis, writes fenced in a real PostgreSQL.

Each test runs two engines (two nodes, ``a`` and ``b``) on one database, as two server processes would.
Their clocks are the tests' own. A lease lasts one second of Redis's time; a test that needs time to pass for
a lease makes it pass in Redis (a lease run out, or nearer its end) rather than waiting, save one test that
lets a lease run out by itself.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis
from gamenight.engine import Engine
from gamenight.errors import ActionError
from gamenight.leases import LeasesUnavailable
from gamenight.leases_redis import RedisLeases
from gamenight.store import Fenced, StoreUnavailable, open_store
from gamenight.web.limits import Limits
from gamenight.web.serve import shared_limits
from gamenight.web.services import RedisServer
from helpers import DEAL_ABC, Night
from services import LEASE_KEY, Link, expire_leases
from waiting import wait_until

LEASE = 1.0
ROOT = Path(__file__).parent.parent


def node(name: str, url: str, redis_url: str, plugins, clock) -> Engine:
    return Engine(open_store(url, shared=True), plugins, clock, leases=RedisLeases(redis_url, name, LEASE))


@pytest.fixture
def nodes(fresh_postgres_url, fresh_redis_url, plugins, clock):
    a = node("a", fresh_postgres_url, fresh_redis_url, plugins, clock)
    b = node("b", fresh_postgres_url, fresh_redis_url, plugins, clock)
    yield a, b
    for engine in (a, b):
        engine.store.close()
        engine.leases.close()


@pytest.fixture
def directory(fresh_redis_url) -> Iterator[redis.Redis]:
    """The cluster's directory, where a test reads what is left of a lease, or makes its time go by."""
    with redis.Redis.from_url(fresh_redis_url, decode_responses=True) as client:
        yield client


def lease_left(directory: redis.Redis, code: str) -> float:
    """The seconds the lease on ``code`` has left to run (below zero: there is none)."""
    return directory.pttl(LEASE_KEY + code) / 1000


def set_lease_left(directory: redis.Redis, code: str, seconds: float) -> None:
    """The lease on ``code`` runs out ``seconds`` from now: as if time had gone by since its last renewal, or
    (longer than a lease) where a renewal would be seen bringing its end nearer."""
    assert directory.pexpire(LEASE_KEY + code, int(seconds * 1000)), f"no lease on {code}"


def test_a_lobby_is_served_by_its_owner_and_other_nodes_send_clients_there(nodes, clock, directory):
    a, b = nodes
    night = Night(a, clock, ["Ann", "Boris"])
    assert 0 < lease_left(directory, night.code) <= LEASE  # a's claim: a lease that runs out unless renewed
    with pytest.raises(ActionError) as moved:
        b.lobby(night.code)
    assert moved.value.code == "moved" and moved.value.params == {"node": "a"}
    joined, token = b.join(night.code, "Chen")
    assert not joined.ok and joined.error["code"] == "moved" and token is None
    assert b.lobbies == {}
    # The owner keeps it while it renews, however long that is: each renewal makes its lease whole again.
    for _ in range(3):
        set_lease_left(directory, night.code, LEASE / 2)
        assert a.renew_leases() == []
        assert LEASE / 2 < lease_left(directory, night.code) <= LEASE
    assert b.known(night.code) == night.code  # any node may tell that the code exists
    with pytest.raises(ActionError):
        b.lobby(night.code)
    assert night.join("Chen").ok


def test_lobby_codes_are_unique_across_nodes(nodes, clock, monkeypatch):
    a, b = nodes
    codes = itertools.cycle(["KQWZ", "KQWZ", "MNPR"])  # each node draws KQWZ first
    monkeypatch.setattr("gamenight.engine.new_lobby_code", lambda: next(codes))
    first, _ = a.create_lobby("Ann")
    second, _ = b.create_lobby("Boris")
    assert first.ok and second.ok
    assert (first.code, second.code) == ("KQWZ", "MNPR")


def test_a_node_paused_past_its_lease_can_no_longer_write_and_lets_go(nodes, clock, fresh_redis_url):
    a, b = nodes
    dropped = []
    a.on_drop.append(lambda code, owner: dropped.append((code, owner)))
    night = Night(a, clock, ["Ann", "Boris", "Chen"])
    assert night.start(deals=[DEAL_ABC]).ok
    assert expire_leases(fresh_redis_url, "a") == [night.code]  # node a is paused: it renews nothing
    taken = b.lobby(night.code)
    assert taken is not None and taken.version == night.lobby.version
    claim = {"action": "claim", "args": {"value": 3}, "version": b.lobbies[night.code].match.version}
    assert b.submit(night.code, "act", claim, token=night.tokens["Ann"]).ok

    # Node a wakes up and plays on as if nothing happened: its write is refused, it drops the lobby.
    stale = night.move("Ann", "claim", value=9)
    assert not stale.ok and stale.error["code"] == "moved" and stale.error["params"] == {"node": "b"}
    assert night.code not in a.lobbies and dropped == [(night.code, "b")]
    # What is stored is b's play alone: replaying the log gives b's lobby.
    again = Engine(open_store(b.store.url), b.plugins, clock)
    assert again.lobby(night.code).to_dict() == b.lobbies[night.code].to_dict()
    claims = [r["args"]["args"] for r in b.store.records(night.code) if r["kind"] == "act" and r["actor"] != "system"]
    assert claims == [{"value": 3}]


def test_a_renewal_finds_a_lease_lost_and_drops_the_lobby(nodes, clock, fresh_redis_url):
    a, b = nodes
    night = Night(a, clock, ["Ann", "Boris"])
    assert expire_leases(fresh_redis_url, "a") == [night.code]
    assert b.lobby(night.code) is not None
    assert a.renew_leases() == [night.code]
    assert night.code not in a.lobbies


def test_a_store_write_under_an_old_epoch_is_fenced(fresh_postgres_url):
    old, new = open_store(fresh_postgres_url, shared=True), open_store(fresh_postgres_url, shared=True)
    record = {"kind": "join", "actor": "system", "args": {}, "extra": {}, "at": 1.0}
    assert old.create_lobby("ABCD", 1.0, epoch=1)
    old.append("ABCD", 1, record, None, epoch=1)
    assert new.fence("ABCD", 2)
    with pytest.raises(Fenced):
        old.append("ABCD", 2, record | {"at": 2.0}, None, due=5.0, epoch=1)
    with pytest.raises(Fenced):
        old.append("ABCD", 2, record | {"at": 2.0}, {"snapshot": True}, epoch=1)
    assert not old.fence("ABCD", 1)  # an epoch never goes back
    new.append("ABCD", 2, record | {"at": 3.0}, None, epoch=2)
    assert [r["at"] for r in new.records("ABCD")] == [1.0, 3.0]


def test_a_dead_nodes_lobby_with_a_clock_is_adopted_with_the_time_it_had_left(nodes, clock):
    """The one test in which a lease runs out by itself, in Redis's own time (the others make it run out)."""
    a, b = nodes
    night = Night(a, clock, ["Ann", "Boris", "Chen"])
    assert night.start(deals=[DEAL_ABC], options={"claim_seconds": 60}).ok
    clock.advance(10)
    assert a.renew_leases() == []  # a's last renewal, and
    a.heartbeat()  # its last sign of life: 50 s left on the claim clock
    left = night.match.timers["claim"].left(clock.now)
    clock.advance(30)  # a is dead; its lease runs out
    assert b.adopt_orphans() == []  # not before the lease has expired
    assert wait_until(b.adopt_orphans, "b adopting the lobby once a's lease ran out", LEASE * 10, 0.05) == [night.code]
    assert b.lobbies[night.code].match.timers["claim"].left(clock.now) == pytest.approx(left)
    assert not any(p["connected"] for p in b.lobbies[night.code].players.values())


def test_a_node_shutting_down_hands_its_lobbies_over_at_once(nodes, clock):
    a, b = nodes
    night = Night(a, clock, ["Ann", "Boris", "Chen"])
    assert night.start(deals=[DEAL_ABC], options={"claim_seconds": 60}).ok
    left = night.match.timers["claim"].left(clock.now)
    assert a.release_all() == [night.code] and a.draining
    clock.advance(2)
    assert b.lobby(night.code) is not None  # no lease to wait for
    assert b.lobbies[night.code].match.timers["claim"].left(clock.now) == pytest.approx(left)
    # The draining node takes nothing any more, and sends clients on.
    with pytest.raises(ActionError) as moved:
        a.lobby(night.code)
    assert moved.value.code == "moved"
    refused, _ = a.create_lobby("Zoe")
    assert refused.error["code"] == "unavailable"


def test_a_directory_that_lost_its_data_still_fences_the_old_owner(nodes, clock, fresh_redis_url):
    """Redis restarted empty: epochs would start again at 1, below the store's; a claim goes above the store's."""
    import redis

    a, b = nodes
    night = Night(a, clock, ["Ann", "Boris"])
    for _ in range(3):  # the lobby changes hands a few times: its epoch in the store climbs
        assert expire_leases(fresh_redis_url, "a") == [night.code]
        assert b.lobby(night.code) is not None and a.renew_leases() == [night.code]
        assert expire_leases(fresh_redis_url, "b") == [night.code]
        assert a.lobby(night.code) is not None and b.renew_leases() == [night.code]
    stored = a.store.epoch(night.code)
    assert stored >= 7
    with redis.Redis.from_url(fresh_redis_url) as directory:
        directory.flushall()
    assert b.lobby(night.code) is not None  # at once: no lease to wait for, no epoch refused
    assert b.store.epoch(night.code) > stored
    stale = night.command("Ann", "lock", locked=True)  # a still holds it in memory, under its old epoch
    assert not stale.ok and stale.error["code"] == "moved" and night.code not in a.lobbies


def test_a_node_cut_from_the_directory_stays_healthy_for_the_players_it_holds(
    fresh_postgres_url, plugins, clock, tmp_path
):
    with RedisServer(tmp_path / "redis") as directory:
        a = node("a", fresh_postgres_url, directory.url, plugins, clock)
        night = Night(a, clock, ["Ann", "Boris", "Chen"])
        assert night.start(deals=[DEAL_ABC]).ok
        directory.stop()
        with pytest.raises(LeasesUnavailable):
            a.heartbeat()
        assert a.health() is None  # its proxy keeps it: moves touch only PostgreSQL
        assert night.move("Ann", "claim", value=4).ok
        a.store.close()
        a.leases.close()


def test_a_node_cut_from_the_database_lets_its_lobbies_go_to_one_that_reaches_it(
    fresh_postgres_url, fresh_redis_url, directory, plugins, clock
):
    """One node loses its way to PostgreSQL while the others keep theirs: it stops renewing its leases (and says
    so on /healthz), so another node adopts its lobby and plays on; back on the database, it lets the lobby go."""
    parts = urlsplit(fresh_postgres_url)
    link = Link((parts.hostname, parts.port))
    try:
        a = node(
            "a", parts._replace(netloc=f"postgres@127.0.0.1:{link.port}").geturl(), fresh_redis_url, plugins, clock
        )
        b = node("b", fresh_postgres_url, fresh_redis_url, plugins, clock)
        night = Night(a, clock, ["Ann", "Boris", "Chen"])
        assert night.start(deals=[DEAL_ABC], options={"claim_seconds": 60}).ok
        a.heartbeat()
        link.cut()
        with pytest.raises(StoreUnavailable):
            a.heartbeat()
        assert a.health() == "store unavailable"
        set_lease_left(directory, night.code, 60 * LEASE)  # a renewal would make it one lease again
        for _ in range(4):  # a's ticker renews as ever: nothing is renewed
            assert a.renew_leases() == []
        assert lease_left(directory, night.code) > LEASE
        assert expire_leases(fresh_redis_url, "a") == [night.code]  # so the lease runs out
        assert b.adopt_orphans() == [night.code]
        claim = {"action": "claim", "args": {"value": 5}, "version": b.lobbies[night.code].match.version}
        assert b.submit(night.code, "act", claim, token=night.tokens["Ann"]).ok
        link.mend()
        a.heartbeat()
        assert a.health() is None
        assert a.renew_leases() == [night.code] and night.code not in a.lobbies
        for engine in (a, b):
            engine.store.close()
            engine.leases.close()
    finally:
        link.close()


def documented_keys() -> dict[str, re.Pattern[str]]:
    """The keys docs/deploy.md's Redis table names, each with its pattern (``<code>``, ``<node>``: one part)."""
    guide = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    table = guide.split("Its keys all begin with `gamenight:`:", 1)[1].strip().split("\n\n", 1)[0]
    keys = [key for row in table.splitlines()[2:] for key in re.findall(r"`(gamenight:[^`]+)`", row.split("|")[1])]
    return {key: re.compile(re.sub(r"<[A-Za-z]+>", "[^:]+", re.escape(key))) for key in keys}


def test_every_key_the_cluster_writes_in_redis_is_in_the_deploy_guide(nodes, directory, fresh_redis_url, clock):
    a, b = nodes
    night = Night(a, clock, ["Ann", "Boris", "Chen"])  # a claims the lobby: its lease and its record
    assert night.start(deals=[DEAL_ABC]).ok
    a.heartbeat()
    b.heartbeat()
    limits = shared_limits(fresh_redis_url, Limits())  # a wrong code, a lobby created: counted in the cluster
    limits["throttle"].miss("192.0.2.7")
    limits["creations"].record("192.0.2.7")
    written = sorted(directory.scan_iter("*"))
    documented = documented_keys()
    assert len(documented) == 7, documented
    for key in written:
        assert any(p.fullmatch(key) for p in documented.values()), f"{key} is written but not in docs/deploy.md"
    for key, pattern in documented.items():
        assert any(pattern.fullmatch(k) for k in written), f"docs/deploy.md names {key}, which nothing writes"
