"""Idle lobbies leave memory and come back when asked for; lobbies untouched for weeks are deleted; start-up reads
only the lobbies whose clocks run, however many are stored."""

from __future__ import annotations

import json

import pytest
from gamenight.engine import Engine
from gamenight.store import open_store
from helpers import DEAL_ABC, Night
from stores import run_sql

DAY = 86400


class CountingStore:
    """A real store, counting the lobbies it is asked to read whole."""

    def __init__(self, store) -> None:
        self.store = store
        self.read: list[str] = []

    def lobby(self, code: str):
        self.read.append(code)
        return self.store.lobby(code)

    def __getattr__(self, name: str):
        return getattr(self.store, name)


@pytest.fixture
def engine(store_at, plugins, clock) -> Engine:
    """This suite runs on each store."""
    return Engine(open_store(store_at), plugins, clock)


def test_an_idle_lobby_leaves_memory_and_comes_back_as_it_was(engine, clock):
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    before = night.snapshot()
    clock.advance(engine.idle_seconds - 1)
    engine.maintain()
    assert night.code in engine.lobbies, "not idle long enough"
    clock.advance(2)
    assert engine.maintain() == []
    assert night.code not in engine.lobbies
    # Boris's phone comes back: his token still opens his seat, and the lobby is as it was.
    assert engine.identify(night.code, night.tokens["Boris"]) == night.ids["Boris"]
    assert night.lobby.to_dict() == before
    assert night.command("Ann", "lock", locked=True).ok


def test_a_lobby_stays_in_memory_while_attached_or_while_a_clock_runs(engine, clock):
    watched = Night(engine, clock, ["Ann", "Boris"])
    playing = Night(engine, clock, ["Chen", "Dina", "Emil"])
    assert playing.start(deals=[DEAL_ABC | {"hands": {"Chen": "c10", "Dina": "c25", "Emil": "c03"}}]).ok
    clock.advance(engine.idle_seconds + 1)
    engine.maintain(attached=[watched.code])
    assert watched.code in engine.lobbies
    assert playing.code in engine.lobbies and playing.match.timers, "its claim clock runs"


def test_a_lobby_untouched_for_the_retention_time_is_deleted_with_its_log(engine, clock, store_at):
    old = Night(engine, clock, ["Ann", "Boris"])
    clock.advance(engine.retention_days * DAY - 60)
    recent = Night(engine, clock, ["Chen", "Dina"])
    forgotten: list[str] = []
    engine.on_delete.append(forgotten.append)
    assert engine.maintain() == []
    clock.advance(61)
    assert engine.maintain() == [old.code] == forgotten
    assert engine.lobby(old.code) is None and not engine.store.exists(old.code)
    assert engine.store.records(old.code) == []
    assert engine.lobby(recent.code) is not None
    joined, _ = engine.join(old.code, "Ann")
    assert joined.error["code"] == "unknown_lobby"
    # The deletion survives a restart, and the kept lobby is still there.
    again = Engine(open_store(store_at), engine.plugins, clock)
    assert again.lobby(old.code) is None and again.lobby(recent.code) is not None


def test_a_restart_reads_only_the_lobbies_with_a_running_clock_of_ten_thousand(engine, clock, store_at, plugins):
    live = Night(engine, clock, ["Ann", "Boris", "Chen"])
    assert live.start(deals=[DEAL_ABC]).ok
    idle = Night(engine, clock, ["Dina", "Emil"])
    engine.store.close()
    # 10,000 more lobbies with one seat each, written as the engine writes them.
    now = clock.now
    record = {"kind": "join", "actor": "system", "args": {"name": "Solo"}, "extra": {"token_hash": "0" * 64}}
    codes = [f"Z{n:05d}" for n in range(10_000)]
    run_sql(store_at, "INSERT INTO lobbies (code, created, touched) VALUES (?, ?, ?)", ((c, now, now) for c in codes))
    text = json.dumps(record | {"at": now})
    run_sql(store_at, "INSERT INTO log (code, seq, at, record) VALUES (?, 1, ?, ?)", ((c, now, text) for c in codes))

    store = CountingStore(open_store(store_at))
    restarted = Engine(store, plugins, clock)
    assert store.count() == 10_002
    assert store.read == [live.code] and set(restarted.lobbies) == {live.code}
    # Any other lobby comes back the moment someone asks for it.
    assert restarted.lobby("Z04321").players["p1"]["name"] == "Solo"
    assert restarted.lobby(idle.code).players[idle.ids["Emil"]]["name"] == "Emil"
    assert set(restarted.lobbies) == {live.code, "Z04321", idle.code}


def test_a_command_that_writes_only_the_log_still_counts_as_a_touch(engine, clock, store_at):
    """A command leaves the lobby's row alone (no clock changed); the sweep still sees when it was made."""
    night = Night(engine, clock, ["Ann", "Boris"])
    clock.advance(engine.retention_days * DAY - 60)
    host = night.tokens["Ann"]
    assert engine.submit(night.code, "choose", {"game": "highcard", "options": {"rounds": 2}}, token=host).ok
    clock.advance(61)
    assert engine.maintain() == []
    engine.store.close()  # and a restart reads the same
    again = Engine(open_store(store_at), engine.plugins, clock)
    assert again.maintain() == []
    assert again.lobby(night.code) is not None
