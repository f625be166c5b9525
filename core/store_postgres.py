"""PostgreSQL as the store: the lobbies of every node of a cluster in one database.

The same tables as the SQLite store, with each lobby's lease ``epoch`` beside it. A move
is one statement: its log row is inserted only while the lobby's row holds the writer's
epoch, under a share lock that a takeover's ``fence`` (an update of that epoch) waits for,
so a write either lands before the new owner reads the log or is refused (``Fenced``).

The driver, pg8000, is pure Python over the standard socket: under eventlet or gevent a
query waiting on the database lets every other lobby go on. Each query borrows one of a
pool of connections, so one lobby's slow commit holds up no other's.

``durability``: ``process`` commits with ``synchronous_commit=off`` (a commit is in the
database before the move is acknowledged and survives any crash of the gamenight server;
a crash of PostgreSQL itself may lose its last fraction of a second); ``full`` waits for
PostgreSQL's flush to disk on every move.
"""

from __future__ import annotations

import logging
import queue
import ssl
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import orjson
import pg8000.native
from gamenight import audience_records
from gamenight.audience_records import AudienceRecords
from gamenight.migrations import CLEAR_VERSION, READ_VERSION, VERSION_TABLE, Migration, latest, pending
from gamenight.store import Durability, Fenced, StoredLobby, StoreInUse, StoreUnavailable

POOL_SIZE = 16
PREPARED_KEPT = 64  # statements each pooled connection keeps prepared (the audience's batches vary in size)
CONNECT_SECONDS = 5.0
# One number every gamenight server takes an advisory lock on: shared by a cluster's nodes, exclusive otherwise.
SERVERS_LOCK = zlib.crc32(b"gamenight servers")
MIGRATIONS_LOCK = SERVERS_LOCK + 1  # one store migrates the database at a time (a cluster's nodes start together)

log = logging.getLogger(__name__)

# Migration 1: the schema of the first release that numbered its migrations. ``IF NOT EXISTS``: an unversioned
# database written before versions were kept already has it.
FIRST_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS lobbies (
        code TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        snapshot TEXT,
        snapshot_seq INTEGER NOT NULL DEFAULT 0,
        touched DOUBLE PRECISION,
        due DOUBLE PRECISION,
        epoch BIGINT NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS log (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    )""",
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS lobbies_due ON lobbies (due) WHERE due IS NOT NULL",
    "CREATE INDEX IF NOT EXISTS lobbies_touched ON lobbies (touched)",
)


def _statements(statements: tuple[str, ...]) -> Callable[[pg8000.native.Connection], None]:
    def apply(db: pg8000.native.Connection) -> None:
        for statement in statements:
            db.run(statement)

    return apply


# Migration 2: what the server's host does with ``gamenight admin`` (``gamenight.admin``): the addresses banned
# (``until`` NULL: for good), and every action, kept; a close or hide waits (``done`` NULL) for the node holding
# the lobby to carry it out.
ADMIN_TABLES = (
    "CREATE TABLE bans (address TEXT PRIMARY KEY, until DOUBLE PRECISION, at DOUBLE PRECISION NOT NULL)",
    """CREATE TABLE admin_actions (
        id BIGSERIAL PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        done DOUBLE PRECISION
    )""",
    "CREATE INDEX admin_actions_pending ON admin_actions (id) WHERE done IS NULL",
)

MIGRATIONS: tuple[Migration[pg8000.native.Connection], ...] = (
    Migration(1, "lobbies (with their lease epoch), their log and meta", _statements(FIRST_SCHEMA)),
    Migration(2, "bans, and the server's host's admin actions", _statements(ADMIN_TABLES)),
    Migration(3, "the audiences of lobbies: members, picks, answers", _statements(audience_records.TABLES)),
)
LATEST = latest(MIGRATIONS)

# The log row goes in only while the lobby's row holds the writer's epoch (the share lock makes a
# takeover's fence wait for this write, or this write see the fence). A single server (no cluster)
# writes with no epoch (NULL): it holds the database alone.
APPEND_LOG = """
    INSERT INTO log (code, seq, at, record)
    SELECT code, :seq, :at, :record FROM lobbies WHERE code = :code AND epoch = COALESCE(CAST(:epoch AS BIGINT), epoch) FOR SHARE
    RETURNING seq
"""
# The same, when the lobby's row changes too (its snapshot, or when it is next due).
APPEND_WITH_ROW = """
    WITH fenced AS (
        UPDATE lobbies SET touched = :at, due = :due,
            snapshot = COALESCE(:snapshot, snapshot), snapshot_seq = COALESCE(:snapshot_seq, snapshot_seq)
        WHERE code = :code AND epoch = COALESCE(CAST(:epoch AS BIGINT), epoch) RETURNING code
    )
    INSERT INTO log (code, seq, at, record) SELECT code, :seq, :at, :record FROM fenced RETURNING seq
"""


class PostgresStore:
    """Lobbies in a PostgreSQL database (``postgresql://user:password@host:port/database?sslmode=require``)."""

    def __init__(
        self, url: str, durability: Durability = "process", *, exclusive: bool = False, shared: bool = False
    ) -> None:
        """``exclusive``: refuse to run beside another server on this database; ``shared``: be one node of a
        cluster (and refuse to run beside a server that is not). Both are held until ``close``."""
        self.url = url
        self._connect_args = _connection_args(url)
        self._settings = "on" if durability == "full" else "off"
        self._pool: queue.LifoQueue[pg8000.native.Connection] = queue.LifoQueue()
        self._open = 0
        self._open_lock = threading.Lock()
        self.audience = AudienceRecords(self._run)
        self._due: dict[str, float | None] = {}
        self._touched: dict[str, float] = {}
        self._closed = False
        self._holder: pg8000.native.Connection | None = None
        self._holding = "shared" if shared else "exclusive" if exclusive else None
        self._holder_lock = threading.Lock()
        if self._holding:  # first: a lone server's migrations must not change a database another server uses
            self._holder = self._hold(shared)
        try:
            with self._connection() as db:
                migrate(db, _safe(url), MIGRATIONS)
        except BaseException:
            self.close()
            raise

    # -- connections -----------------------------------------------------------------------

    def _new_connection(self) -> pg8000.native.Connection:
        try:
            db = pg8000.native.Connection(**self._connect_args)
        except (pg8000.native.InterfaceError, pg8000.native.DatabaseError, OSError) as exc:
            raise StoreUnavailable(f"cannot connect to PostgreSQL at {_safe(self.url)}: {exc}") from exc
        db.run(f"SET synchronous_commit = {self._settings}")
        return db

    @contextmanager
    def _connection(self) -> Iterator[pg8000.native.Connection]:
        """Borrow a connection; one that failed is closed and not given back (the next query opens another)."""
        if self._closed:
            raise StoreUnavailable("the store is closed")
        try:
            db = self._pool.get_nowait()
        except queue.Empty:
            with self._open_lock:
                grow = self._open < POOL_SIZE
                if grow:
                    self._open += 1
            if grow:
                try:
                    db = self._new_connection()
                except BaseException:
                    with self._open_lock:
                        self._open -= 1
                    raise
            else:
                db = self._pool.get()
        try:
            yield db
        except pg8000.native.DatabaseError as exc:
            if not _is_broken(db):
                self._pool.put(db)
                raise StoreUnavailable(_message(exc)) from exc
            self._drop(db)
            self._drop_idle()
            raise StoreUnavailable(_message(exc)) from exc
        except (pg8000.native.InterfaceError, OSError) as exc:
            self._drop(db)
            self._drop_idle()
            raise StoreUnavailable(f"PostgreSQL connection lost: {exc}") from exc
        except BaseException:
            self._drop(db)
            raise
        else:
            self._pool.put(db)

    def _drop(self, db: pg8000.native.Connection) -> None:
        with self._open_lock:
            self._open -= 1
        with suppress(Exception):
            db.close()

    def _drop_idle(self) -> None:
        """One connection found broken: the database most likely restarted, and the idle ones are as dead. Close
        them all, so that each next query opens a fresh one instead of failing on another stale one."""
        while True:
            try:
                self._drop(self._pool.get_nowait())
            except queue.Empty:
                return

    def _run(self, sql: str, **params: Any) -> list[list[Any]]:
        with self._connection() as db:
            return prepared_run(db, sql, **params)

    def _hold(self, shared: bool) -> pg8000.native.Connection:
        """Take the servers' advisory lock on a connection of its own, held until ``close``."""
        db = self._new_connection()
        kind = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
        if not db.run(f"SELECT {kind}(:key)", key=SERVERS_LOCK)[0][0]:
            db.close()
            if shared:
                raise StoreInUse(
                    f"{_safe(self.url)} is in use by a gamenight server that is not part of a cluster: stop it, "
                    "or start every server with the same --cluster directory."
                )
            raise StoreInUse(
                f"{_safe(self.url)} is in use by another gamenight server. Servers sharing a database must be "
                "nodes of one cluster: start each with --cluster redis://... (they would each keep their own copy "
                "of a lobby otherwise)."
            )
        return db

    # -- lobbies -------------------------------------------------------------------------------

    def create_lobby(self, code: str, created: float, epoch: int = 0) -> bool:
        with self._connection() as db:
            db.run(
                "INSERT INTO lobbies (code, created, touched, epoch) VALUES (:code, :created, :created, :epoch) "
                "ON CONFLICT (code) DO NOTHING",
                code=code,
                created=created,
                epoch=epoch,
            )
            made = db.row_count == 1
        if made:
            self._due[code] = None
        return made

    def fence(self, code: str, epoch: int) -> bool:
        """Raise the lobby's epoch to ``epoch``: from now on only writes under it land (False: it holds a newer one,
        or no such lobby)."""
        rows = self._run(
            "UPDATE lobbies SET epoch = :epoch WHERE code = :code AND epoch <= :epoch RETURNING code",
            code=code,
            epoch=epoch,
        )
        return bool(rows)

    def append(
        self,
        code: str,
        seq: int,
        record: dict[str, Any],
        snapshot: dict[str, Any] | None,
        due: float | None = None,
        epoch: int | None = None,
    ) -> None:
        """Write one accepted command (and maybe a snapshot and the lobby's ``due``) in one statement.

        ``Fenced`` when the lobby holds a newer epoch than ``epoch`` (another node took it over).
        """
        text = orjson.dumps(record).decode()
        params: dict[str, Any] = {"code": code, "seq": seq, "at": record["at"], "record": text, "epoch": epoch}
        with self._connection() as db:
            if snapshot is None and self._due.get(code, due) == due and code in self._due:
                written = prepared_run(db, APPEND_LOG, **params)
            else:
                snap = orjson.dumps(snapshot).decode() if snapshot is not None else None
                written = prepared_run(
                    db,
                    APPEND_WITH_ROW,
                    due=due,
                    snapshot=snap,
                    snapshot_seq=seq if snapshot is not None else None,
                    **params,
                )
        if not written:
            raise Fenced(code)
        self._due[code] = due
        self._touched[code] = record["at"]

    def lobby(self, code: str) -> StoredLobby | None:
        rows = self._run("SELECT created, snapshot, snapshot_seq, due FROM lobbies WHERE code = :code", code=code)
        if not rows:
            return None
        created, snapshot, seq, due = rows[0]
        self._due[code] = due
        return created, orjson.loads(snapshot) if snapshot else None, self.records(code, seq)

    def records(self, code: str, after: int = 0) -> list[dict[str, Any]]:
        rows = self._run(
            "SELECT record FROM log WHERE code = :code AND seq > :after ORDER BY seq", code=code, after=after
        )
        return [orjson.loads(r[0]) for r in rows]

    def due_codes(self) -> list[str]:
        return [r[0] for r in self._run("SELECT code FROM lobbies WHERE due IS NOT NULL ORDER BY code")]

    def set_due(self, code: str, due: float | None) -> None:
        self._run("UPDATE lobbies SET due = :due WHERE code = :code", code=code, due=due)
        self._due[code] = due

    def untouched_since(self, moment: float, limit: int = 1000) -> list[str]:
        self._write_touched()
        rows = self._run(
            "SELECT code FROM lobbies WHERE touched < :moment ORDER BY touched LIMIT :limit", moment=moment, limit=limit
        )
        return [r[0] for r in rows]

    def count(self) -> int:
        return self._run("SELECT COUNT(*) FROM lobbies")[0][0]

    def epoch(self, code: str) -> int | None:
        rows = self._run("SELECT epoch FROM lobbies WHERE code = :code", code=code)
        return rows[0][0] if rows else None

    def exists(self, code: str) -> bool:
        return bool(self._run("SELECT 1 FROM lobbies WHERE code = :code", code=code))

    def delete_lobby(self, code: str) -> None:
        with self._connection() as db:
            db.run("BEGIN")
            try:
                db.run("DELETE FROM log WHERE code = :code", code=code)
                db.run("DELETE FROM lobbies WHERE code = :code", code=code)
                db.run("DELETE FROM meta WHERE key LIKE :pattern", pattern=f"%:{code}")
                for statement in audience_records.FORGET:
                    db.run(statement, code=code)
                db.run("COMMIT")
            except BaseException:
                db.run("ROLLBACK")
                raise
        self._due.pop(code, None)
        self._touched.pop(code, None)

    def compact(self, code: str, upto: int, epoch: int | None = None) -> None:
        with self._connection() as db:
            db.run(
                "SELECT code FROM lobbies WHERE code = :code AND snapshot_seq >= :upto"
                " AND epoch = COALESCE(CAST(:epoch AS BIGINT), epoch)",
                code=code,
                upto=upto,
                epoch=epoch,
            )
            if db.row_count != 1:
                raise Fenced(code)
            db.run("DELETE FROM log WHERE code = :code AND seq <= :upto", code=code, upto=upto)

    def last_write(self) -> float | None:
        return self._run("SELECT MAX(at) FROM log")[0][0]

    def set_meta(self, key: str, value: str) -> None:
        self._run(
            "INSERT INTO meta (key, value) VALUES (:key, :value) ON CONFLICT (key) DO UPDATE SET value = :value",
            key=key,
            value=value,
        )

    def get_meta(self, key: str) -> str | None:
        rows = self._run("SELECT value FROM meta WHERE key = :key", key=key)
        return rows[0][0] if rows else None

    # -- the server's host's actions (``gamenight.admin``) ------------------------------------

    def bans(self) -> list[tuple[str, float | None]]:
        """Every ban: (address or network, until when; None: for good), expired ones too."""
        return [(row[0], row[1]) for row in self._run("SELECT address, until FROM bans ORDER BY address")]

    def ban(self, address: str, until: float | None, at: float) -> None:
        self._run(
            "INSERT INTO bans (address, until, at) VALUES (:address, :until, :at) "
            "ON CONFLICT (address) DO UPDATE SET until = :until, at = :at",
            address=address,
            until=until,
            at=at,
        )

    def unban(self, address: str) -> bool:
        return bool(self._run("DELETE FROM bans WHERE address = :address RETURNING address", address=address))

    def add_admin_action(self, at: float, action: str, target: str, detail: str, done: float | None) -> int:
        rows = self._run(
            "INSERT INTO admin_actions (at, action, target, detail, done) "
            "VALUES (:at, :action, :target, :detail, :done) RETURNING id",
            at=at,
            action=action,
            target=target,
            detail=detail,
            done=done,
        )
        return int(rows[0][0])

    def admin_actions(
        self, pending: bool = False, limit: int = 1000
    ) -> list[tuple[int, float, str, str, str, float | None]]:
        """The admin actions, newest last: (id, at, action, target, detail, done); ``pending``: those not done."""
        where = "WHERE done IS NULL" if pending else ""
        rows = self._run(
            f"SELECT id, at, action, target, detail, done FROM admin_actions {where} ORDER BY id DESC LIMIT :limit",
            limit=limit,
        )
        return [(int(r[0]), r[1], r[2], r[3], r[4], r[5]) for r in reversed(rows)]

    def admin_action_done(self, action_id: int, at: float) -> None:
        self._run("UPDATE admin_actions SET done = :at WHERE id = :id", at=at, id=action_id)

    def check(self) -> None:
        try:
            self._run("SELECT 1")
        except StoreUnavailable:
            self._run("SELECT 1")  # the first found the idle connections stale (a restart): a fresh one tells
        if self._holding is None:
            return
        with self._holder_lock:
            if self._holder is not None:
                try:
                    self._holder.run("SELECT 1")
                    return
                except Exception:  # the database restarted or the connection broke: the lock went with it
                    with suppress(Exception):
                        self._holder.close()
                    self._holder = None
                    log.warning("lost the connection holding the servers' lock on %s; taking it again", _safe(self.url))
            self._holder = self._hold(self._holding == "shared")

    def close(self) -> None:
        with suppress(StoreUnavailable):
            self._write_touched()
        self._closed = True
        while True:
            try:
                self._pool.get_nowait().close()
            except queue.Empty:
                break
            except Exception:
                pass
        with self._holder_lock:
            if self._holder is not None:
                with suppress(Exception):
                    self._holder.close()
                self._holder = None

    def _write_touched(self) -> None:
        """Write the newer ``touched`` times the log-only appends kept back (for the retention sweep)."""
        if not self._touched:
            return
        touched, self._touched = self._touched, {}
        with self._connection() as db:
            db.run(
                "UPDATE lobbies SET touched = t.at FROM unnest(CAST(:codes AS TEXT[]), CAST(:ats AS DOUBLE PRECISION[])) "
                "AS t(code, at) WHERE lobbies.code = t.code AND (lobbies.touched IS NULL OR lobbies.touched < t.at)",
                codes=list(touched),
                ats=list(touched.values()),
            )


def migrate(
    db: pg8000.native.Connection, where: str, migrations: Sequence[Migration[pg8000.native.Connection]]
) -> None:
    """Apply the migrations the database lacks, one transaction each (``SchemaTooNew``: a newer release's), under
    an advisory lock: of several nodes starting at once, one migrates and the others find it done."""
    db.run("SELECT pg_advisory_lock(:key)", key=MIGRATIONS_LOCK)
    try:
        db.run(VERSION_TABLE)
        for migration in pending(db.run(READ_VERSION)[0][0] or 0, migrations, where):
            db.run("BEGIN")
            try:
                migration.apply(db)
                db.run(CLEAR_VERSION)
                db.run("INSERT INTO schema_version (version) VALUES (:version)", version=migration.number)
                db.run("COMMIT")
            except BaseException:
                db.run("ROLLBACK")
                raise
    finally:
        db.run("SELECT pg_advisory_unlock(:key)", key=MIGRATIONS_LOCK)


def prepared_run(db: pg8000.native.Connection, sql: str, **params: Any) -> list[list[Any]]:
    """Run ``sql`` on ``db`` as a statement prepared once per connection: one round trip to the server, where an
    unprepared one takes three (parse, describe, execute). The connection keeps its newest few."""
    if not params:
        return db.run(sql)
    statements: OrderedDict[str, Any] | None = getattr(db, "gamenight_statements", None)
    if statements is None:
        statements = db.gamenight_statements = OrderedDict()
    statement = statements.get(sql)
    if statement is None:
        statement = statements[sql] = db.prepare(sql)
        if len(statements) > PREPARED_KEPT:
            statements.popitem(last=False)[1].close()
    else:
        statements.move_to_end(sql)
    return statement.run(**params)


def _connection_args(url: str) -> dict[str, Any]:
    parts = urlsplit(url)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    args: dict[str, Any] = {
        "user": unquote(parts.username or "postgres"),
        "password": unquote(parts.password) if parts.password else None,
        "host": parts.hostname or "127.0.0.1",
        "port": parts.port or 5432,
        "database": unquote(parts.path.lstrip("/")) or None,
        "timeout": CONNECT_SECONDS,
        "application_name": "gamenight",
    }
    if query.get("sslmode") in ("require", "verify-ca", "verify-full"):
        context = ssl.create_default_context()
        if query["sslmode"] == "require":
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        args["ssl_context"] = context
    return args


def _is_broken(db: pg8000.native.Connection) -> bool:
    """After a failed statement: roll back an open transaction; True if the connection is unusable."""
    try:
        db.run("ROLLBACK")
        return False
    except Exception:
        return True


def _message(exc: Exception) -> str:
    detail = exc.args[0] if exc.args else exc
    if isinstance(detail, dict):
        return f"PostgreSQL {detail.get('C', '')}: {detail.get('M', '')}"
    return f"PostgreSQL: {detail}"


def _safe(url: str) -> str:
    """The URL without its password (for messages)."""
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return parts._replace(netloc=netloc).geturl()
    return url
