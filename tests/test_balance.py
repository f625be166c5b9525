"""Lobbies spread over a cluster's nodes by load, and clocks that lose no time to a restart or a store outage.

Each test runs real engines (nodes) on one real PostgreSQL and one real Redis; their clocks are the tests' own. A
node publishes how many lobbies it holds with its heartbeat (``Engine.heartbeat``), which the tests call by hand.
A lease lasts longer than any test (a loaded machine must not end one by itself); a test that needs one gone ends
it in Redis (``expire_leases``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
import redis
from gamenight.engine import Engine
from gamenight.errors import ActionError
from gamenight.leases_redis import RedisLeases
from gamenight.store import StoreUnavailable, open_store
from helpers import DEAL_ABC, Night
from services import Link, expire_leases

LEASE = 30.0  # longer than any test takes under load: a test ends a lease itself (expire_leases)
QUIET = 10.0  # the seconds nobody acts in a lobby before it may change nodes (``Engine.rebalance``)


def node(name: str, url: str, redis_url: str, plugins, clock) -> Engine:
    return Engine(open_store(url, shared=True), plugins, clock, leases=RedisLeases(redis_url, name, LEASE))


@pytest.fixture
def cluster(fresh_postgres_url, fresh_redis_url, plugins, clock):
    """Makes nodes by name on one database and one directory; closes them all at the end."""
    made: list[Engine] = []

    def start(name: str, url: str = fresh_postgres_url) -> Engine:
        made.append(node(name, url, fresh_redis_url, plugins, clock))
        return made[-1]

    yield start
    for engine in made:
        engine.store.close()
        engine.leases.close()


def beat(*nodes: Engine) -> None:
    """Each node's heartbeat: its load published."""
    for engine in nodes:
        engine.heartbeat()


def held(engine: Engine) -> set[str]:
    return set(engine.ownership.held)


def moved_to(call, *args) -> str | None:
    """The node a refusal ``moved`` sends the client to."""
    with pytest.raises(ActionError) as refused:
        call(*args)
    assert refused.value.code == "moved"
    return refused.value.params["node"]


def started(engine: Engine, clock, claim_seconds: int = 60) -> Night:
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    assert night.start(deals=[DEAL_ABC], options={"claim_seconds": claim_seconds}).ok
    return night


# -- where lobbies go -------------------------------------------------------------------------------------------


def test_a_new_lobby_is_created_on_a_node_holding_clearly_fewer(cluster, clock):
    a, b = cluster("a"), cluster("b")
    first = Night(a, clock, ["Ann"])  # a: 1, b: 0; one more on a would make it 2 against 0
    beat(a, b)
    refused, token = a.create_lobby("Boris")
    assert not refused.ok and refused.error["code"] == "moved" and refused.error["params"] == {"node": "b"}
    assert token is None and held(a) == {first.code}
    second = Night(b, clock, ["Boris"])  # the client asks b: made there
    beat(a, b)
    third = Night(a, clock, ["Chen"])  # a: 2 against b: 1, no clearer than that
    assert held(a) == {first.code, third.code} and held(b) == {second.code}


def test_a_directory_restarted_empty_spreads_the_lobbies_again_whichever_node_is_asked(cluster, clock, fresh_redis_url):
    """Every client reaches node a first after Redis lost its data: a takes its share, and sends the rest on."""
    a, b = cluster("a"), cluster("b")
    nights = []
    for engine in (a, b, a, b):
        nights.append(Night(engine, clock, ["Ann"]))
        beat(a, b)
    with redis.Redis.from_url(fresh_redis_url) as directory:
        directory.flushall()
    assert sorted(a.renew_leases() + b.renew_leases()) == sorted(n.code for n in nights)
    beat(a, b)
    sent = {}
    for night in nights:
        try:
            assert a.lobby(night.code) is not None
        except ActionError as refusal:
            assert refusal.code == "moved"
            sent[night.code] = refusal.params["node"]
            assert b.lobby(night.code) is not None
    assert len(held(a)) == 2 and len(held(b)) == 2
    assert set(sent.values()) == {"b"}


def test_a_dead_nodes_orphans_are_dealt_out_by_load_not_to_whoever_asks_first(cluster, clock, fresh_redis_url):
    a = cluster("a")
    nights = [started(a, clock) for _ in range(4)]  # a alone: it makes every lobby
    b, c = cluster("b"), cluster("c")
    beat(a, b, c)
    assert expire_leases(fresh_redis_url, "a") == sorted(n.code for n in nights)  # a died
    first = c.adopt_orphans()  # c asks first: it takes its share only
    beat(c)
    second = b.adopt_orphans()
    assert len(first) == 2 and len(second) == 2
    assert sorted(first + second) == sorted(n.code for n in nights)


def test_a_node_holding_clearly_more_hands_a_quiet_lobby_over_never_one_mid_round(cluster, clock):
    a = cluster("a")
    playing = started(a, clock)  # a round under way: it stays
    idle = [Night(a, clock, ["Ann"]) for _ in range(3)]
    b = cluster("b")  # a node added (or back): it holds nothing
    beat(a, b)
    assert a.rebalance() == []  # a player acted in every lobby less than QUIET ago
    clock.advance(QUIET - 1)
    playing.must(playing.turn, "claim", value=5)
    clock.advance(1)
    beat(a, b)
    handed = a.rebalance()  # 4 against 0: one quiet lobby goes
    assert len(handed) == 1 and handed[0][1] == "b" and handed[0][0] in {n.code for n in idle}
    assert handed[0][0] not in a.lobbies and a.ownership.owner(handed[0][0]) is None
    assert b.lobby(handed[0][0]) is not None  # its clients, sent to b, find it there
    beat(a, b)
    clock.advance(QUIET)
    second = a.rebalance()  # 3 against 1: one more
    assert len(second) == 1 and second[0][0] != playing.code
    assert b.lobby(second[0][0]) is not None
    beat(a, b)
    clock.advance(QUIET)
    assert a.rebalance() == []  # 2 against 2
    assert playing.code in a.lobbies and len(held(a)) == 2 and len(held(b)) == 2


def test_the_lobby_left_for_last_moves_only_between_rounds(cluster, clock):
    a = cluster("a")
    nights = [started(a, clock, claim_seconds=120) for _ in range(2)]
    b = cluster("b")
    beat(a, b)
    clock.advance(QUIET)
    assert a.rebalance() == []  # both mid-round
    first = nights[0]
    while first.match.phase == "claim":
        first.must(first.turn, "claim", value=3)
    assert first.match.phase == "vote"
    clock.advance(QUIET)
    beat(a, b)
    assert a.rebalance() == []  # mid-vote
    for voter in ("Ann", "Boris", "Chen"):
        first.must(voter, "vote", ballot="highest", choice=first.ids["Boris" if voter != "Boris" else "Ann"])
    assert first.match.phase == "round_over"
    beat(a, b)
    assert a.rebalance() == []  # between rounds, but a player acted just now
    clock.advance(QUIET)
    beat(a, b)  # each node beats every second: the loads are fresh
    assert a.rebalance() == [(first.code, "b")]


# -- clocks -----------------------------------------------------------------------------------------------------


def test_a_node_restarted_under_its_id_gives_its_lobbies_clocks_their_downtime(cluster, clock):
    a = cluster("a")
    night = started(a, clock)
    clock.advance(5)
    beat(a)  # a's last sign of life before it is killed
    left = night.match.timers["claim"].left(clock.now)
    epoch = a.ownership.epoch(night.code)
    clock.advance(20)  # down 20 s; it comes back under the same id, within its lease
    again = cluster("a")
    assert night.code in again.lobbies
    assert again.lobbies[night.code].match.timers["claim"].left(clock.now) == pytest.approx(left)
    assert again.ownership.epoch(night.code) > epoch  # the run before is fenced out
    stale = night.move(night.turn, "claim", value=4)  # the old run, were it still alive, writes nothing
    assert not stale.ok and stale.error["code"] == "moved"


def test_a_store_outage_gives_the_clocks_back_the_time_nobody_could_move(
    fresh_postgres_url, fresh_redis_url, plugins, clock
):
    parts = urlsplit(fresh_postgres_url)
    link = Link((parts.hostname, parts.port))
    url = parts._replace(netloc=f"postgres@127.0.0.1:{link.port}").geturl()
    a = node("a", url, fresh_redis_url, plugins, clock)
    try:
        night = started(a, clock, claim_seconds=5)
        claimer = night.match.turn
        clock.advance(1)
        link.cut()
        refused = night.move(night.turn, "claim", value=4)  # the first write refused: nobody can move from here
        assert not refused.ok and refused.error["code"] == "unavailable"
        for _ in range(10):
            clock.advance(1)
            assert a.run_due() == []
            with pytest.raises(StoreUnavailable):
                a.heartbeat()
        link.mend()
        clock.advance(0.5)
        a.heartbeat()  # a write taken again: 10.5 s nobody could move
        a.run_due()
        assert night.match.phase == "claim" and night.match.turn == claimer  # the claim clock did not run out
        assert night.match.timers["claim"].left(clock.now) == pytest.approx(4)
        assert night.move(night.turn, "claim", value=4).ok
    finally:
        a.store.close()
        a.leases.close()
        link.close()
