"""Durable storage of lobbies: a snapshot and the log of every accepted command.

The embedded default is one SQLite file in WAL mode. With ``synchronous=NORMAL``
(the default) a command survives a crash of the process as soon as it is
acknowledged; ``durability="full"`` also survives a power loss, at the cost of
an fsync per command. Another store (e.g. Redis) implements the same methods.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from typing import Any, Literal, Protocol

import orjson
from gamenight.checkpointer import BUSY_TIMEOUT_MS, STANDARD_THREADS, Checkpointer, NativeThreads

Durability = Literal["process", "full"]
_UNKNOWN = object()

SCHEMA = """
CREATE TABLE IF NOT EXISTS lobbies (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    snapshot TEXT,
    snapshot_seq INTEGER NOT NULL DEFAULT 0,
    touched REAL,
    due REAL
);
CREATE TABLE IF NOT EXISTS log (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    at REAL NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (code, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
# Columns added since the first schema: (column, definition, how existing rows are filled in).
MIGRATIONS = (
    (
        "touched",
        "REAL",
        "UPDATE lobbies SET touched = COALESCE((SELECT MAX(at) FROM log WHERE log.code = lobbies.code), created)",
    ),
    ("due", "REAL", "UPDATE lobbies SET due = created"),  # unknown until the lobby is loaded once: load it at start
)
INDEXES = """
CREATE INDEX IF NOT EXISTS lobbies_due ON lobbies (due) WHERE due IS NOT NULL;
CREATE INDEX IF NOT EXISTS lobbies_touched ON lobbies (touched);
"""


StoredLobby = tuple[float, dict[str, Any] | None, list[dict[str, Any]]]  # created, last snapshot, the log after it


class Store(Protocol):
    def create_lobby(self, code: str, created: float) -> None: ...
    def append(
        self, code: str, seq: int, record: dict[str, Any], snapshot: dict[str, Any] | None, due: float | None = None
    ) -> None: ...
    def lobby(self, code: str) -> StoredLobby | None: ...
    def due_codes(self) -> list[str]: ...
    def set_due(self, code: str, due: float | None) -> None: ...
    def untouched_since(self, moment: float, limit: int = 1000) -> list[str]: ...
    def count(self) -> int: ...
    def records(self, code: str, after: int = 0) -> list[dict[str, Any]]: ...
    def exists(self, code: str) -> bool: ...
    def delete_lobby(self, code: str) -> None: ...
    def last_write(self) -> float | None: ...
    def set_meta(self, key: str, value: str) -> None: ...
    def get_meta(self, key: str) -> str | None: ...
    def close(self) -> None: ...


class SQLiteStore:
    """The embedded store: one SQLite file (or ``":memory:"`` for headless scripts)."""

    def __init__(self, path: str, durability: Durability = "process", threads: NativeThreads | None = None) -> None:
        """``threads``: how to start the checkpointer's thread (``Checkpointer``) under the server's async mode."""
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        # Most commands change only the log: a lobby's row is written when its ``due`` changes, and its
        # newer ``touched`` times are kept here and written together when the sweep asks for them (a crash
        # loses at most a sweep's worth of them: the lobby is then deleted that much early).
        self._due: dict[str, float | None] = {}  # the ``due`` stored for each lobby written since start
        self._touched: dict[str, float] = {}  # lobby -> its newest command's time, not written yet
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durability == 'full' else 'NORMAL'}")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(lobbies)")}
        for column, kind, fill in MIGRATIONS:
            if column not in columns:
                self._db.execute(f"ALTER TABLE lobbies ADD COLUMN {column} {kind}")
                self._db.execute(fill)
        self._db.executescript(INDEXES)
        self._checkpointer: Checkpointer | None = None
        if path != ":memory:":
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # commits never copy the log back: the checkpointer does
            self._db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self._checkpointer = Checkpointer(path, self, threads or STANDARD_THREADS)

    def create_lobby(self, code: str, created: float) -> None:
        with self._lock:
            self._db.execute("INSERT INTO lobbies (code, created, touched) VALUES (?, ?, ?)", (code, created, created))

    def append(
        self, code: str, seq: int, record: dict[str, Any], snapshot: dict[str, Any] | None, due: float | None = None
    ) -> None:
        """Write one accepted command (and maybe a snapshot) in one transaction.

        ``due`` is when the lobby next needs the engine on its own (a clock), or None: a lobby with nothing
        due may stay out of memory until someone comes back to it. When neither it nor the snapshot
        changes, only the log is written: the lobby's ``touched`` time waits for ``untouched_since``.
        """
        text = orjson.dumps(record).decode()
        log = ("INSERT INTO log (code, seq, at, record) VALUES (?, ?, ?, ?)", (code, seq, record["at"], text))
        with self._lock:
            if snapshot is not None:
                row = (
                    "UPDATE lobbies SET snapshot = ?, snapshot_seq = ?, touched = ?, due = ? WHERE code = ?",
                    (orjson.dumps(snapshot).decode(), seq, record["at"], due, code),
                )
            elif self._due.get(code, _UNKNOWN) != due:
                row = ("UPDATE lobbies SET touched = ?, due = ? WHERE code = ?", (record["at"], due, code))
            else:
                row = None
            if row is None:
                self._db.execute(*log)  # one statement: its own transaction
                self._touched[code] = record["at"]
                return
            self._db.execute("BEGIN")
            try:
                self._db.execute(*log)
                self._db.execute(*row)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._due[code] = due
            self._touched.pop(code, None)

    def lobby(self, code: str) -> StoredLobby | None:
        """One lobby: its creation time, last snapshot and the log records after it (None: no such lobby)."""
        with self._lock:
            row = self._db.execute(
                "SELECT created, snapshot, snapshot_seq FROM lobbies WHERE code = ?", (code,)
            ).fetchone()
        if row is None:
            return None
        created, snapshot, seq = row
        return created, json.loads(snapshot) if snapshot else None, self.records(code, seq)

    def due_codes(self) -> list[str]:
        """The lobbies with a clock that runs (or a moment the engine must act at): they live in memory."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT code FROM lobbies WHERE due IS NOT NULL ORDER BY code")]

    def set_due(self, code: str, due: float | None) -> None:
        with self._lock:
            self._db.execute("UPDATE lobbies SET due = ? WHERE code = ?", (due, code))
            self._due[code] = due

    def untouched_since(self, moment: float, limit: int = 1000) -> list[str]:
        """The lobbies whose last command is older than ``moment``, oldest first, at most ``limit`` of them."""
        with self._lock:
            self._write_touched()
            rows = self._db.execute(
                "SELECT code FROM lobbies WHERE touched < ? ORDER BY touched LIMIT ?", (moment, limit)
            )
            return [r[0] for r in rows]

    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM lobbies").fetchone()[0]

    def records(self, code: str, after: int = 0) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT record FROM log WHERE code = ? AND seq > ? ORDER BY seq", (code, after)
            ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def last_write(self) -> float | None:
        """The engine-clock time of the newest logged command."""
        with self._lock:
            return self._db.execute("SELECT MAX(at) FROM log").fetchone()[0]

    def exists(self, code: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM lobbies WHERE code = ?", (code,)).fetchone() is not None

    def delete_lobby(self, code: str) -> None:
        """Remove a lobby with its log and its meta entries, in one transaction."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("DELETE FROM log WHERE code = ?", (code,))
                self._db.execute("DELETE FROM lobbies WHERE code = ?", (code,))
                self._db.execute("DELETE FROM meta WHERE key LIKE ?", (f"%:{code}",))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._due.pop(code, None)
            self._touched.pop(code, None)

    def set_meta(self, key: str, value: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def get_meta(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.stop()  # then this connection is the last: closing it checkpoints the whole log
        with self._lock:
            self._write_touched()
            self._db.close()

    def _write_touched(self) -> None:
        """Write the lobbies' newer ``touched`` times (call with the lock held)."""
        if not self._touched:
            return
        self._db.execute("BEGIN")
        try:
            self._db.executemany(
                "UPDATE lobbies SET touched = ? WHERE code = ?", [(at, code) for code, at in self._touched.items()]
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._touched.clear()
