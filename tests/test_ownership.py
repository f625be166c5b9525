"""Which lobbies a node owns, without an engine or the web layer: claims, fencing, renewal, orphans, parking, release.

A single server's cases run on a SQLite file with ``SoloLeases``. A cluster's run on a real PostgreSQL and a real
Redis, each ``Ownership`` standing for one node; their clocks are the tests' own, and leases expire in Redis's real
time (one second here).
"""

from __future__ import annotations

import logging
import time

import pytest
from gamenight.errors import ActionError
from gamenight.leases import Claim, SoloLeases
from gamenight.leases_redis import RedisLeases
from gamenight.ownership import HEARTBEAT_KEY, Ownership
from gamenight.store import Fenced, open_store
from gamenight.store_sqlite import SQLiteStore
from gamenight.web.services import RedisServer

LEASE = 1.0
RECORD = {"kind": "join", "actor": "system", "args": {}, "extra": {}, "at": 1.0}


@pytest.fixture
def sqlite_store(db_path):
    store = SQLiteStore(db_path)
    yield store
    store.close()


@pytest.fixture
def nodes(fresh_postgres_url, fresh_redis_url, clock):
    """Three nodes, ``a``, ``b`` and ``c``, on one database and one directory."""
    made = [
        Ownership(open_store(fresh_postgres_url, shared=True), RedisLeases(fresh_redis_url, name, LEASE), clock)
        for name in "abc"
    ]
    yield made
    for ownership in made:
        ownership.store.close()
        ownership.leases.close()


def let_lease_expire() -> None:
    time.sleep(LEASE + 0.3)


def refusal(call, *args) -> tuple[str, dict]:
    with pytest.raises(ActionError) as refused:
        call(*args)
    return refused.value.code, refused.value.params


# -- a single server ---------------------------------------------------------------------------------------------


def test_a_single_server_holds_every_stored_lobby_unfenced_and_knows_how_long_it_was_down(sqlite_store, clock):
    first = Ownership(sqlite_store, SoloLeases(), clock)
    assert first.claim_new("ABCD", clock.now)
    assert not first.claim_new("ABCD", clock.now), "the code is taken"
    assert first.held == ["ABCD"] and first.epoch("ABCD") is None
    clock.advance(30)
    sqlite_store.set_meta(HEARTBEAT_KEY, repr(clock.now))  # its last heartbeat
    clock.advance(100)  # down for 100 s

    restarted = Ownership(sqlite_store, SoloLeases(), clock)
    assert restarted.held == []
    assert restarted.claim("ABCD") == Claim(epoch=None, down_since=clock.now - 100)
    assert restarted.held == ["ABCD"]
    assert restarted.claim("WXYZ") is None, "no such lobby"
    assert restarted.orphans() == [], "nobody else's lobbies to adopt"
    assert restarted.renew() == []


def test_a_parked_lobby_is_not_claimed_and_keeps_the_moment_it_first_went_down(sqlite_store, clock, caplog):
    ownership = Ownership(sqlite_store, SoloLeases(), clock)
    assert ownership.claim_new("ABCD", clock.now)
    went_down = clock.now
    clock.advance(60)
    with caplog.at_level(logging.WARNING, logger="gamenight.ownership"):
        ownership.park("ABCD", "game 'highcard'\n  is not installed", down_since=went_down, error=None)
    assert ownership.parked == {"ABCD": "game 'highcard' is not installed"}
    (line,) = [r.getMessage() for r in caplog.records if "parked" in r.getMessage()]
    assert "ABCD" in line and "game 'highcard' is not installed" in line
    assert ownership.claim("ABCD") is None

    for _ in range(2):  # later starts, the game still missing: parked again, the first moment kept
        clock.advance(500)
        again = Ownership(sqlite_store, SoloLeases(), clock)
        claim = again.claim("ABCD")
        again.park("ABCD", "game 'highcard' is not installed", down_since=claim.down_since, error=None)
    clock.advance(500)
    back = Ownership(sqlite_store, SoloLeases(), clock)
    claim = back.claim("ABCD")
    assert back.parked == {}
    assert back.back("ABCD", claim) == went_down, "its clocks stopped when it was first parked"
    assert back.back("ABCD", claim) == claim.down_since, "back: the parked moment is used up"


def test_a_draining_node_takes_no_lobby(sqlite_store, clock):
    ownership = Ownership(sqlite_store, SoloLeases(), clock)
    assert ownership.claim_new("ABCD", clock.now)
    assert ownership.forget("ABCD") is None and ownership.held == []
    ownership.drain()
    assert refusal(ownership.claim_new, "EFGH", clock.now) == ("unavailable", {})
    assert refusal(ownership.claim, "ABCD") == ("moved", {"node": None})
    assert not sqlite_store.exists("EFGH")


# -- a cluster ---------------------------------------------------------------------------------------------------


def test_a_claim_takes_the_lease_under_a_newer_epoch_and_fences_the_old_owner_out(nodes, clock):
    a, b, _ = nodes
    assert a.claim_new("ABCD", clock.now)
    old = a.epoch("ABCD")
    assert a.store.epoch("ABCD") == old
    assert refusal(b.claim, "ABCD") == ("moved", {"node": "a"})
    assert b.held == []
    for _ in range(3):  # the owner keeps it while it renews, however long that is
        time.sleep(LEASE / 2)
        assert a.renew() == []
    assert refusal(b.claim, "ABCD") == ("moved", {"node": "a"})

    a.beat(clock.now)  # a's last sign of life; then it is paused past its lease
    stopped = clock.now
    clock.advance(20)
    let_lease_expire()
    claim = b.claim("ABCD")
    assert claim.epoch > old and b.epoch("ABCD") == claim.epoch == b.store.epoch("ABCD")
    assert claim.down_since == stopped, "the clocks stopped at a's last heartbeat"
    # a wakes up and writes as if nothing happened: the store refuses it; b's write lands
    with pytest.raises(Fenced):
        a.store.append("ABCD", 1, RECORD, None, epoch=old)
    b.store.append("ABCD", 1, RECORD, None, epoch=b.epoch("ABCD"))
    assert [r["at"] for r in b.store.records("ABCD")] == [1.0]
    # a's renewal finds the lease lost, and a holds it no more
    assert a.renew() == ["ABCD"] and a.held == [] and a.epoch("ABCD") is None
    assert b.renew() == []


def test_codes_are_unique_across_nodes(nodes, clock):
    a, b, _ = nodes
    assert a.claim_new("ABCD", clock.now)
    assert not b.claim_new("ABCD", clock.now), "held by a"
    a.release("ABCD", a.forget("ABCD"))
    assert not b.claim_new("ABCD", clock.now), "stored already"
    assert b.held == []


def test_a_released_lobby_is_claimed_at_once_with_its_clocks_stopped_at_the_release(nodes, clock):
    a, b, _ = nodes
    assert a.claim_new("ABCD", clock.now)
    clock.advance(5)
    a.release("ABCD", a.forget("ABCD"))
    released = clock.now
    assert a.held == [] and a.owner("ABCD") is None
    clock.advance(7)
    claim = b.claim("ABCD")  # no lease to wait for
    assert claim.down_since == released
    assert a.owner("ABCD") == "b"


def test_orphans_are_the_lobbies_with_something_due_that_no_node_holds(nodes, clock):
    a, b, c = nodes
    for code in ("ABCD", "EFGH"):
        assert a.claim_new(code, clock.now)
    a.store.set_due("ABCD", clock.now + 60)  # a clock runs in ABCD; nothing is due in EFGH
    assert b.orphans() == [], "a holds it"
    let_lease_expire()  # a died
    assert b.orphans() == ["ABCD"] and c.orphans() == ["ABCD"]
    assert b.claim("ABCD") is not None
    assert c.orphans() == [], "b holds it"
    # b cannot rebuild it (its game is not installed there): parked on b, it is left for a node that can
    b.park("ABCD", "game 'highcard' is not installed", down_since=clock.now, error=None)
    b.release("ABCD", b.forget("ABCD"))
    assert b.orphans() == [] and c.orphans() == ["ABCD"]
    c.drain()
    assert c.orphans() == [], "a draining node adopts nothing"


def test_deleting_needs_the_lease_and_forgets_the_lobby(nodes, clock):
    a, b, _ = nodes
    assert a.claim_new("ABCD", clock.now)
    assert b.claim_to_delete("ABCD", clock.now) is None, "a has it in use"
    assert a.claim_to_delete("ABCD", clock.now) == Claim(a.epoch("ABCD"))
    a.release("ABCD", a.forget("ABCD"))
    claim = b.claim_to_delete("ABCD", clock.now)
    assert claim is not None and b.owner("ABCD") == "b"
    b.deleted("ABCD")
    b.release("ABCD", claim.epoch)
    assert b.held == [] and b.owner("ABCD") is None


def test_a_directory_that_does_not_answer(fresh_postgres_url, clock, tmp_path, caplog):
    """Claims are refused as unavailable; a release is only logged (the lease lapses on its own)."""
    with RedisServer(tmp_path / "redis") as directory:
        ownership = Ownership(open_store(fresh_postgres_url, shared=True), RedisLeases(directory.url, "a"), clock)
        assert ownership.claim_new("ABCD", clock.now)
        directory.stop()
        assert refusal(ownership.claim_new, "EFGH", clock.now) == ("unavailable", {})
        assert refusal(ownership.claim, "ABCD") == ("unavailable", {})
        with caplog.at_level(logging.WARNING, logger="gamenight.ownership"):
            ownership.release("ABCD", ownership.forget("ABCD"))
        assert any("release of lobby ABCD failed" in r.getMessage() for r in caplog.records)
        assert ownership.owner("ABCD") is None
        ownership.store.close()
        ownership.leases.close()
