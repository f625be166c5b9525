"""The store's log is moved into its database file by a thread of its own, never by the commit that
acknowledges a move (core/checkpointer.py)."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import socketio
from gamenight.store_sqlite import SQLiteStore
from server import running_server


def rows_in_the_file_alone(path: str) -> int:
    """The log's rows the database file holds by itself, without its write-ahead log."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as db:
            return db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    except sqlite3.Error:  # not even the tables are in the file yet
        return 0


def wait_for_rows_in_the_file(path: str, rows: int) -> None:
    deadline = time.monotonic() + 10
    while rows_in_the_file_alone(path) < rows:
        assert time.monotonic() < deadline, f"{rows_in_the_file_alone(path)} of {rows} rows reached the file"
        time.sleep(0.05)


def append(store: SQLiteStore, code: str, first: int, count: int) -> None:
    for seq in range(first, first + count):
        store.append(code, seq, {"kind": "act", "at": float(seq), "args": {"n": seq}}, None)


def test_the_log_reaches_the_database_file_while_the_store_is_open(db_path):
    store = SQLiteStore(db_path)
    store.create_lobby("ABCD", 0.0)
    append(store, "ABCD", 1, 300)
    wait_for_rows_in_the_file(db_path, 300)
    assert store.records("ABCD")[-1]["args"] == {"n": 300}
    store.close()


def test_the_log_starts_over_once_the_file_has_caught_up_with_it(db_path):
    """Batch after batch, the log is written from its beginning again once the file holds what it had: it
    stays the size of about one batch. (A batch may begin while the checkpointer is still reading the log:
    that one is written after the last, and the next starts over; four batches never restarting would be
    four times one.)"""
    store = SQLiteStore(db_path)
    store.create_lobby("ABCD", 0.0)
    sizes = []
    for batch in range(4):
        append(store, "ABCD", 1 + 500 * batch, 500)
        sizes.append(os.path.getsize(f"{db_path}-wal"))
        wait_for_rows_in_the_file(db_path, 500 * (batch + 1))
    assert max(sizes) < 2.5 * sizes[0], sizes
    store.close()


def test_a_closed_store_leaves_everything_in_the_database_file(db_path):
    store = SQLiteStore(db_path)
    store.create_lobby("ABCD", 0.0)
    append(store, "ABCD", 1, 50)
    store.close()
    assert not Path(f"{db_path}-wal").exists()
    assert rows_in_the_file_alone(db_path) == 50
    again = SQLiteStore(db_path)
    assert len(again.records("ABCD")) == 50
    again.close()


@pytest.mark.parametrize("async_mode", ["eventlet", "gevent", "threading"])
def test_a_running_server_moves_its_log_into_the_file_in_every_async_mode(tmp_path, async_mode):
    """A real server in each mode starts its checkpointer, and the log reaches the file."""
    path = tmp_path / "night.sqlite"
    with running_server(path, async_mode=async_mode) as url:
        client = socketio.Client(reconnection=False)
        client.connect(url, transports=["websocket"], wait_timeout=10)
        code = client.call("create_lobby", {"name": "Ann"}, timeout=10)["code"]
        for name in ("Boris", "Chen", "Dana"):
            assert client.call("join_lobby", {"code": code, "name": name}, timeout=10)["ok"]
        with sqlite3.connect(path) as db:  # through the log, as the server sees it
            logged = db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        assert logged >= 4
        wait_for_rows_in_the_file(str(path), logged)
        client.disconnect()


# Run in a process of its own: the mode's patches must come first. The loop is then blocked by the
# unpatched sleep, so that nothing green can run: only a thread of the operating system's own can
# move the log into the file meanwhile.
BLOCKED_LOOP = """
import os
import sys
mode, path = sys.argv[1], sys.argv[2]
if mode == "eventlet":
    import eventlet
    eventlet.monkey_patch()
    yield_once = lambda: eventlet.sleep(0)
    block = eventlet.patcher.original("time").sleep
else:
    import gevent
    from gevent import monkey
    monkey.patch_all()
    yield_once = lambda: gevent.sleep(0)
    block = monkey.get_original("time", "sleep")
from gamenight.store_sqlite import SQLiteStore
from gamenight.web.serve import native_threads

threads = native_threads(mode)
store = SQLiteStore(path, threads=threads)
store.create_lobby("ABCD", 0.0)
for seq in range(1, 201):
    store.append("ABCD", seq, {"kind": "act", "at": float(seq), "args": {}}, None)
yield_once()  # a green checkpointer would start here, then sleep until the loop runs again
block(1.0)  # the loop stands still
store._checkpointer.stop()
os._exit(0)  # not closed: closing the last connection would move the log into the file itself
"""


@pytest.mark.parametrize("async_mode", ["eventlet", "gevent"])
def test_the_checkpointer_runs_while_the_servers_loop_stands_still(tmp_path, async_mode):
    """Its thread is the operating system's own under the mode's patches, not a green one."""
    path = str(tmp_path / "night.sqlite")
    done = subprocess.run([sys.executable, "-c", BLOCKED_LOOP, async_mode, path], timeout=60, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert rows_in_the_file_alone(path) == 200


def test_a_failing_checkpoint_is_reported_once_and_its_recovery_too(db_path, caplog):
    store = SQLiteStore(db_path)
    checkpointer = store._checkpointer
    checkpointer.stop()  # its rounds are made by hand here
    broken = sqlite3.connect(db_path)
    broken.close()  # every checkpoint on it fails, as on a full disk
    working = sqlite3.connect(db_path)
    with caplog.at_level(logging.WARNING, logger="gamenight.checkpointer"):
        for _ in range(5):
            checkpointer._checkpoint(broken)
        checkpointer._checkpoint(working)
    assert [r.getMessage() for r in caplog.records] == [
        f"checkpoint of {db_path} failed; retrying",
        f"checkpoint of {db_path} works again",
    ]
    working.close()
    store.close()
