"""The embedded store: one SQLite file in WAL mode, for one server process.

With ``synchronous=NORMAL`` (the default) a command survives a crash of the process as
soon as it is acknowledged; ``durability="full"`` also survives a power loss, at the cost
of an fsync per command. One process owns the file (``exclusive``): a cluster of several
processes shares PostgreSQL instead, so the lease epochs that fence a cluster's writes
have nothing to fence here.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import orjson
from gamenight import audience_records
from gamenight.audience_records import AudienceRecords
from gamenight.checkpointer import BUSY_TIMEOUT_MS, STANDARD_THREADS, Checkpointer, NativeThreads
from gamenight.migrations import CLEAR_VERSION, READ_VERSION, VERSION_TABLE, Migration, latest, pending
from gamenight.store import Durability, StoredLobby, StoreInUse, StoreUnavailable

_UNKNOWN = object()
Result = TypeVar("Result")

# Migration 1: the tables of the first numbered schema. ``IF NOT EXISTS``: an unversioned file written
# before versions were kept already has them.
TABLES = (
    """CREATE TABLE IF NOT EXISTS lobbies (
        code TEXT PRIMARY KEY,
        created REAL NOT NULL,
        snapshot TEXT,
        snapshot_seq INTEGER NOT NULL DEFAULT 0,
        touched REAL,
        due REAL
    )""",
    """CREATE TABLE IF NOT EXISTS log (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        at REAL NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    ) WITHOUT ROWID""",
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)
# The columns the files written before lobbies had retention lack: (column, definition, how rows are filled in).
RETENTION_COLUMNS = (
    (
        "touched",
        "REAL",
        "UPDATE lobbies SET touched = COALESCE((SELECT MAX(at) FROM log WHERE log.code = lobbies.code), created)",
    ),
    ("due", "REAL", "UPDATE lobbies SET due = created"),  # unknown until the lobby is loaded once: load it at start
)
INDEXES = (
    "CREATE INDEX IF NOT EXISTS lobbies_due ON lobbies (due) WHERE due IS NOT NULL",
    "CREATE INDEX IF NOT EXISTS lobbies_touched ON lobbies (touched)",
)


def _first_schema(db: sqlite3.Connection) -> None:
    """The schema of the first release that numbered its migrations, from any file an earlier one wrote."""
    for statement in TABLES:
        db.execute(statement)
    columns = {row[1] for row in db.execute("PRAGMA table_info(lobbies)")}
    for column, kind, fill in RETENTION_COLUMNS:
        if column not in columns:
            db.execute(f"ALTER TABLE lobbies ADD COLUMN {column} {kind}")
            db.execute(fill)
    for statement in INDEXES:
        db.execute(statement)


# Migration 2: what the server's host does with ``gamenight admin`` (``gamenight.admin``): the addresses banned
# (``until`` NULL: for good), and every action, kept; a close or hide waits (``done`` NULL) for the server holding
# the lobby to carry it out.
ADMIN_TABLES = (
    "CREATE TABLE bans (address TEXT PRIMARY KEY, until REAL, at REAL NOT NULL)",
    """CREATE TABLE admin_actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at REAL NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        done REAL
    )""",
    "CREATE INDEX admin_actions_pending ON admin_actions (id) WHERE done IS NULL",
)


def _admin_tables(db: sqlite3.Connection) -> None:
    for statement in ADMIN_TABLES:
        db.execute(statement)


def _audience_tables(db: sqlite3.Connection) -> None:
    for statement in audience_records.TABLES:
        db.execute(statement)


MIGRATIONS: tuple[Migration[sqlite3.Connection], ...] = (
    Migration(1, "lobbies, their log and meta; an earlier file's lobbies gain touched and due", _first_schema),
    Migration(2, "bans, and the server's host's admin actions", _admin_tables),
    Migration(3, "the audiences of lobbies: members, picks, answers", _audience_tables),
)
LATEST = latest(MIGRATIONS)


def _unavailable_on_error(method: Callable[..., Result]) -> Callable[..., Result]:
    """A database error (a full disk, a read-only file) becomes ``StoreUnavailable``: the caller changed nothing."""

    @functools.wraps(method)
    def guarded(*args: Any, **kwargs: Any) -> Result:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc

    return guarded


class SQLiteStore:
    """The embedded store: one SQLite file (or ``":memory:"`` for headless scripts)."""

    def __init__(
        self,
        path: str,
        durability: Durability = "process",
        threads: NativeThreads | None = None,
        *,
        exclusive: bool = False,
    ) -> None:
        """``threads``: how to start the checkpointer's thread (``Checkpointer``) under the server's async mode.

        ``exclusive``: hold the file for this process alone while the store is open (a server does: two
        servers on one file would each keep their own copy of a lobby); ``StoreInUse`` if another holds it.
        """
        self.path = path
        self._holder = _hold_alone(path) if exclusive and path != ":memory:" else None
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        # Most commands change only the log: a lobby's row is written when its ``due`` changes, and its
        # newer ``touched`` times are kept here and written together when the sweep asks for them (a crash
        # loses at most a sweep's worth of them: the lobby is then deleted that much early).
        self.audience = AudienceRecords(self._run)
        self._due: dict[str, float | None] = {}  # the ``due`` stored for each lobby written since start
        self._touched: dict[str, float] = {}  # lobby -> its newest command's time, not written yet
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA secure_delete=ON")  # a deleted row's bytes are overwritten, not left in free pages
        self._db.execute(f"PRAGMA synchronous={'FULL' if durability == 'full' else 'NORMAL'}")
        try:
            migrate(self._db, path, MIGRATIONS)
        except BaseException:
            self._db.close()
            if self._holder is not None:
                self._holder.close()
            raise
        self._checkpointer: Checkpointer | None = None
        if path != ":memory:":
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # commits never copy the log back: the checkpointer does
            self._db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self._checkpointer = Checkpointer(path, self, threads or STANDARD_THREADS)

    @_unavailable_on_error
    def create_lobby(self, code: str, created: float, epoch: int = 0) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO lobbies (code, created, touched) VALUES (?, ?, ?)", (code, created, created)
            )
            return cursor.rowcount == 1

    def fence(self, code: str, epoch: int) -> bool:
        """One process owns the file: there is nobody to fence out."""
        return True

    def epoch(self, code: str) -> int | None:
        return 0 if self.exists(code) else None

    @_unavailable_on_error
    def append(
        self,
        code: str,
        seq: int,
        record: dict[str, Any],
        snapshot: dict[str, Any] | None,
        due: float | None = None,
        epoch: int = 0,
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

    @_unavailable_on_error
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

    @_unavailable_on_error
    def due_codes(self) -> list[str]:
        """The lobbies with a clock that runs (or a moment the engine must act at): they live in memory."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT code FROM lobbies WHERE due IS NOT NULL ORDER BY code")]

    @_unavailable_on_error
    def set_due(self, code: str, due: float | None) -> None:
        with self._lock:
            self._db.execute("UPDATE lobbies SET due = ? WHERE code = ?", (due, code))
            self._due[code] = due

    @_unavailable_on_error
    def untouched_since(self, moment: float, limit: int = 1000) -> list[str]:
        """The lobbies whose last command is older than ``moment``, oldest first, at most ``limit`` of them."""
        with self._lock:
            self._write_touched()
            rows = self._db.execute(
                "SELECT code FROM lobbies WHERE touched < ? ORDER BY touched LIMIT ?", (moment, limit)
            )
            return [r[0] for r in rows]

    @_unavailable_on_error
    def count(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM lobbies").fetchone()[0]

    @_unavailable_on_error
    def records(self, code: str, after: int = 0) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT record FROM log WHERE code = ? AND seq > ? ORDER BY seq", (code, after)
            ).fetchall()
        return [json.loads(r[0]) for r in rows]

    @_unavailable_on_error
    def last_write(self) -> float | None:
        """The engine-clock time of the newest logged command."""
        with self._lock:
            return self._db.execute("SELECT MAX(at) FROM log").fetchone()[0]

    @_unavailable_on_error
    def exists(self, code: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM lobbies WHERE code = ?", (code,)).fetchone() is not None

    @_unavailable_on_error
    def delete_lobby(self, code: str) -> None:
        """Remove a lobby with its log and its meta entries, in one transaction."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("DELETE FROM log WHERE code = ?", (code,))
                self._db.execute("DELETE FROM lobbies WHERE code = ?", (code,))
                self._db.execute("DELETE FROM meta WHERE key LIKE ?", (f"%:{code}",))
                for statement in audience_records.FORGET:
                    self._db.execute(statement, {"code": code})
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._due.pop(code, None)
            self._touched.pop(code, None)

    @_unavailable_on_error
    def _run(self, sql: str, **params: Any) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    @_unavailable_on_error
    def compact(self, code: str, upto: int, epoch: int | None = None) -> None:
        with self._lock:
            self._db.execute("DELETE FROM log WHERE code = ? AND seq <= ?", (code, upto))
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the deleted rows' old pages leave the WAL too

    @_unavailable_on_error
    def set_meta(self, key: str, value: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    @_unavailable_on_error
    def get_meta(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    @_unavailable_on_error
    def check(self) -> None:
        with self._lock:
            self._db.execute("SELECT 1").fetchone()

    # -- the server's host's actions (``gamenight.admin``) ------------------------------------

    @_unavailable_on_error
    def bans(self) -> list[tuple[str, float | None]]:
        """Every ban: (address or network, until when; None: for good), expired ones too."""
        with self._lock:
            return [(r[0], r[1]) for r in self._db.execute("SELECT address, until FROM bans ORDER BY address")]

    @_unavailable_on_error
    def ban(self, address: str, until: float | None, at: float) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO bans (address, until, at) VALUES (?, ?, ?)", (address, until, at))

    @_unavailable_on_error
    def unban(self, address: str) -> bool:
        with self._lock:
            return self._db.execute("DELETE FROM bans WHERE address = ?", (address,)).rowcount > 0

    @_unavailable_on_error
    def add_admin_action(self, at: float, action: str, target: str, detail: str, done: float | None) -> int:
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO admin_actions (at, action, target, detail, done) VALUES (?, ?, ?, ?, ?)",
                (at, action, target, detail, done),
            )
            return cursor.lastrowid

    @_unavailable_on_error
    def admin_actions(
        self, pending: bool = False, limit: int = 1000
    ) -> list[tuple[int, float, str, str, str, float | None]]:
        """The admin actions, newest last: (id, at, action, target, detail, done); ``pending``: those not done."""
        where = "WHERE done IS NULL" if pending else ""
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, at, action, target, detail, done FROM admin_actions {where} ORDER BY id DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [tuple(row) for row in reversed(rows)]

    @_unavailable_on_error
    def admin_action_done(self, action_id: int, at: float) -> None:
        with self._lock:
            self._db.execute("UPDATE admin_actions SET done = ? WHERE id = ?", (at, action_id))

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.stop()  # then this connection is the last: closing it checkpoints the whole log
        with self._lock:
            self._write_touched()
            self._db.close()
        if self._holder is not None:
            self._holder.close()

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


def migrate(db: sqlite3.Connection, where: str, migrations: Sequence[Migration[sqlite3.Connection]]) -> None:
    """Apply the migrations the file at ``where`` lacks, one transaction each (``SchemaTooNew``: a newer release's).

    Each takes the file's write lock first (``BEGIN IMMEDIATE``) and reads the version again under it: another
    process that opens the same file at once (not a server: a server holds it alone) applies each one only once.
    A file already at the latest version is not locked at all.
    """
    db.execute(VERSION_TABLE)
    if not pending(db.execute(READ_VERSION).fetchone()[0] or 0, migrations, where):
        return
    while True:
        db.execute("BEGIN IMMEDIATE")
        try:
            todo = pending(db.execute(READ_VERSION).fetchone()[0] or 0, migrations, where)
            if todo:
                todo[0].apply(db)
                db.execute(CLEAR_VERSION)
                db.execute("INSERT INTO schema_version (version) VALUES (?)", (todo[0].number,))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # (SQLite rolls some failures back itself)
                db.execute("ROLLBACK")
            raise
        if len(todo) <= 1:
            return


def _hold_alone(path: str) -> Any:
    """Lock ``<path>-server.lock`` for this process (released when it exits, however it exits)."""
    holder = open(f"{path}-server.lock", "a+")  # noqa: SIM115 - held open while the store is
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder.seek(0)
        pid = holder.read().strip() or "?"
        holder.close()
        raise StoreInUse(
            f"{path} is in use by another gamenight server (pid {pid}). One SQLite file serves one process: "
            "to run several, give them a PostgreSQL database and a directory (--db postgresql://... --cluster "
            "redis://...)."
        ) from None
    holder.truncate(0)
    holder.write(str(os.getpid()))
    holder.flush()
    return holder
