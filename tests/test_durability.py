"""Durable before acknowledged: the log replays to the live state, and a SIGKILLed server comes back exactly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from conftest import TESTS, subprocess_env
from gamenight.engine import Engine, replay_lobby
from gamenight.store import open_store
from helpers import DEAL_ABC, Night


@pytest.fixture
def engine(store_at, plugins, clock) -> Engine:
    """This suite runs on each store."""
    return Engine(open_store(store_at), plugins, clock)


def play_some(night: Night) -> None:
    """A busy stretch: moves, a refused move, a timer expiry, a pause, a vote, a leaver, a second round."""
    night.start(deals=[DEAL_ABC, DEAL_ABC], options={"claim_seconds": 20})
    night.move("Ann", "claim", value=4)
    night.move("Ann", "claim", value=4)  # refused: not logged
    night.advance(20)  # Boris stays silent
    night.move("Ann", "pause")
    night.advance(5)
    night.move("Ann", "resume")
    night.move("Chen", "claim", value=30)
    night.move("Ann", "vote", ballot="highest", choice=night.ids["Chen"])
    night.move("Boris", "vote", ballot="highest", choice=night.ids["Chen"])
    night.move("Chen", "vote", ballot="highest", choice=night.ids["Ann"])
    night.move("Ann", "next")
    night.join("Dina")
    night.move("Boris", "claim", value=2)
    night.command("Boris", "leave")


def test_replaying_the_log_reproduces_the_live_state(night, plugins):
    play_some(night)
    live = night.snapshot()
    assert live["match"]["round"] == 2 and live["match"]["version"] > 10
    replayed = replay_lobby(night.engine.store, plugins, night.code)
    assert replayed.to_dict() == live


def test_live_state_is_plain_json(night):
    play_some(night)
    live = night.snapshot()
    assert json.loads(json.dumps(live)) == live


def test_restart_from_snapshot_and_log_tail_restores_everything(store_at, plugins, clock):
    engine = Engine(open_store(store_at), plugins, clock, snapshot_every=7)
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    play_some(night)
    live = night.snapshot()
    engine.heartbeat()
    engine.store.close()
    restored = Engine(open_store(store_at), plugins, clock)
    assert restored.lobbies[night.code].to_dict() == live
    # and play goes on in the restored engine
    night.engine = restored
    assert night.move("Chen", "claim", value=3).ok


def test_restart_keeps_the_time_timers_had_left(store_at, plugins, clock):
    engine = Engine(open_store(store_at), plugins, clock)
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    night.start(options={"claim_seconds": 60})
    night.advance(25)
    engine.heartbeat()  # the server's ticker does this every second
    engine.store.close()
    clock.advance(600)  # ten minutes down
    restored = Engine(open_store(store_at), plugins, clock)
    assert restored.lobbies[night.code].match.timers["claim"].left(clock.now) == 35
    assert restored.view(night.code, None)["match"]["timers"]["claim"]["remaining"] == 35


def test_restart_marks_everyone_disconnected(store_at, plugins, clock):
    engine = Engine(open_store(store_at), plugins, clock)
    night = Night(engine, clock, ["Ann", "Boris"])
    engine.set_presence(night.code, night.ids["Boris"], True)
    engine.store.close()
    restored = Engine(open_store(store_at), plugins, clock)
    assert not restored.lobby(night.code).players[night.ids["Boris"]]["connected"]


def test_a_lobby_coming_back_is_handed_out_only_once_everyone_is_marked_away(store_at, plugins, clock):
    # Two phones reconnecting at once to a lobby back from the store (a cluster's failover): the second must
    # not find the seats as they were before, or its own seat is marked away after it attached.
    engine = Engine(open_store(store_at), plugins, clock)
    night = Night(engine, clock, ["Ann", "Boris"])
    ann = night.ids["Ann"]
    engine.set_presence(night.code, ann, True)
    engine.store.close()
    restored = Engine(open_store(store_at), plugins, clock)
    marking, marked = threading.Event(), threading.Event()
    append = restored.store.append

    def slow_append(*args, **kwargs):  # the first request is marking everyone away: it waits for the second
        marking.set()
        marked.wait(10)
        return append(*args, **kwargs)

    restored.store.append = slow_append
    first = threading.Thread(target=restored.lobby, args=(night.code,))
    first.start()
    assert marking.wait(10)
    found = []
    second = threading.Thread(target=lambda: found.append(restored.lobby(night.code).players[ann]["connected"]))
    second.start()
    second.join(0.5)  # the second request has asked by now
    marked.set()
    first.join(10)
    second.join(10)
    assert found == [False], "handed out before Ann was marked away"


def test_sigkill_mid_match_then_restart_restores_every_lobby(store_at, plugins):
    db = store_at
    worker = subprocess.Popen(
        [sys.executable, str(TESTS / "crash_worker.py"), db],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=subprocess_env(),
    )
    ready = None
    acked: dict[str, int] = {}
    try:
        for line in worker.stdout:
            if line.startswith("READY "):
                ready = json.loads(line[6:])
            elif line.startswith("ACK "):
                _, code, version = line.split()
                acked[code] = int(version)
                if acked[code] >= 60:
                    break
    finally:
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait()
    assert ready is not None and acked, worker.stderr.read()
    assert worker.returncode == -signal.SIGKILL

    last_alive = open_store(db).last_write()  # the server ran (lobby B played) until its last write
    now = time.time()
    engine = Engine(open_store(db), plugins, lambda: now)
    # Lobby A, killed mid-match: everything as it was, its clock with the time it had left.
    a = engine.lobbies[ready["code"]].to_dict()
    before = ready["lobby"]
    left_before = before["match"]["timers"]["claim"]["deadline"] - last_alive
    assert 0 < left_before <= 105
    assert engine.lobbies[ready["code"]].match.timers["claim"].left(now) == pytest.approx(left_before, abs=1e-6)
    for state in (a, before):
        state["version"] = state["match"]["version"] = None
        state["match"]["timers"]["claim"]["deadline"] = None
    assert a == before
    # Lobby B, killed while playing: nothing acknowledged is lost, and the log replays to the restored state.
    ((code_b, version_b),) = acked.items()
    restored_b = engine.lobbies[code_b]
    assert restored_b.version >= version_b
    store = open_store(db)
    replayed = replay_lobby(store, plugins, code_b).to_dict()
    assert replayed == restored_b.to_dict()
