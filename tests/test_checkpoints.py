"""The store's log is moved into its database file by a thread of its own, never by the commit that
acknowledges a move (core/checkpointer.py)."""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from pathlib import Path

import pytest
import socketio
from gamenight.store import SQLiteStore
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
    store = SQLiteStore(db_path)
    store.create_lobby("ABCD", 0.0)
    append(store, "ABCD", 1, 500)
    wait_for_rows_in_the_file(db_path, 500)
    size = os.path.getsize(f"{db_path}-wal")
    append(store, "ABCD", 501, 500)  # written from the log's beginning again, not after the first 500
    assert os.path.getsize(f"{db_path}-wal") < 1.5 * size
    wait_for_rows_in_the_file(db_path, 1000)
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
    """The checkpointer's thread is the operating system's own under each mode's patches, and it runs."""
    path = tmp_path / "night.sqlite"
    with running_server(path, async_mode=async_mode) as url:
        client = socketio.Client(reconnection=False)
        client.connect(url, transports=["websocket"])
        code = client.call("create_lobby", {"name": "Ann"}, timeout=10)["code"]
        for name in ("Boris", "Chen", "Dana"):
            assert client.call("join_lobby", {"code": code, "name": name}, timeout=10)["ok"]
        with sqlite3.connect(path) as db:  # through the log, as the server sees it
            logged = db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        assert logged >= 4
        wait_for_rows_in_the_file(str(path), logged)
        client.disconnect()


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
