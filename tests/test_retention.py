"""Idle lobbies leave memory and come back when asked for; lobbies untouched for weeks are deleted; start-up reads
only the lobbies whose clocks run, however many are stored."""

from __future__ import annotations

import json

from gamenight.engine import Engine
from gamenight.store import SQLiteStore
from helpers import DEAL_ABC, Night

DAY = 86400


class CountingStore(SQLiteStore):
    """The real SQLite store, counting the lobbies it is asked to read whole."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.read: list[str] = []

    def lobby(self, code: str):
        self.read.append(code)
        return super().lobby(code)


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


def test_a_lobby_untouched_for_the_retention_time_is_deleted_with_its_log(engine, clock, db_path):
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
    again = Engine(SQLiteStore(db_path), engine.plugins, clock)
    assert again.lobby(old.code) is None and again.lobby(recent.code) is not None


def test_a_restart_reads_only_the_lobbies_with_a_running_clock_of_ten_thousand(engine, clock, db_path, plugins):
    live = Night(engine, clock, ["Ann", "Boris", "Chen"])
    assert live.start(deals=[DEAL_ABC]).ok
    idle = Night(engine, clock, ["Dina", "Emil"])
    engine.store.close()
    # 10,000 more lobbies with one seat each, written as the engine writes them.
    db = SQLiteStore(db_path)._db
    now = clock.now
    record = {"kind": "join", "actor": "system", "args": {"name": "Solo"}, "extra": {"token_hash": "0" * 64}}
    db.execute("BEGIN")
    db.executemany(
        "INSERT INTO lobbies (code, created, touched) VALUES (?, ?, ?)",
        ((f"Z{n:05d}", now, now) for n in range(10_000)),
    )
    db.executemany(
        "INSERT INTO log (code, seq, at, record) VALUES (?, 1, ?, ?)",
        ((f"Z{n:05d}", now, json.dumps(record | {"at": now})) for n in range(10_000)),
    )
    db.execute("COMMIT")
    db.close()

    store = CountingStore(db_path)
    restarted = Engine(store, plugins, clock)
    assert store.count() == 10_002
    assert store.read == [live.code] and set(restarted.lobbies) == {live.code}
    # Any other lobby comes back the moment someone asks for it.
    assert restarted.lobby("Z04321").players["p1"]["name"] == "Solo"
    assert restarted.lobby(idle.code).players[idle.ids["Emil"]]["name"] == "Emil"
    assert set(restarted.lobbies) == {live.code, "Z04321", idle.code}


def test_a_command_that_writes_only_the_log_still_counts_as_a_touch(engine, clock, db_path):
    """A command leaves the lobby's row alone (no clock changed); the sweep still sees when it was made."""
    night = Night(engine, clock, ["Ann", "Boris"])
    clock.advance(engine.retention_days * DAY - 60)
    host = night.tokens["Ann"]
    assert engine.submit(night.code, "choose", {"game": "highcard", "options": {"rounds": 2}}, token=host).ok
    clock.advance(61)
    assert engine.maintain() == []
    engine.store.close()  # and a restart reads the same
    again = Engine(SQLiteStore(db_path), engine.plugins, clock)
    assert again.maintain() == []
    assert again.lobby(night.code) is not None
