"""Durable storage of lobbies: a snapshot and the log of every accepted command.

Two stores keep the same promise (a command is committed before it is acknowledged; replaying
a lobby's log reproduces it): the embedded SQLite file (``gamenight.store_sqlite``), the
default for a night at home, and PostgreSQL (``gamenight.store_postgres``), which several
server processes on several machines share. ``open_store`` picks one from where it points.

In a cluster every write of a lobby carries the epoch of its owner's lease (``gamenight.leases``):
a store that knows a newer epoch refuses the write with ``Fenced``, so a node that was paused
past its lease can no longer change a lobby another node now owns.

Each store brings its database to the schema this code writes when it opens it (``gamenight.migrations``),
and refuses one a newer release wrote (``SchemaTooNew``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Protocol

from gamenight.audience_records import AudienceRecords
from gamenight.checkpointer import NativeThreads

Durability = Literal["process", "full"]
StoredLobby = tuple[float, dict[str, Any] | None, list[dict[str, Any]]]  # created, last snapshot, the log after it
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class StoreUnavailable(Exception):
    """A write or read the store could not do (the database is down, the disk is full): nothing changed."""


class Fenced(Exception):
    """A write of a lobby under an epoch older than the store's: another node owns the lobby now."""

    def __init__(self, code: str) -> None:
        super().__init__(f"lobby {code} is owned by another node (a newer lease)")
        self.code = code


class StoreInUse(Exception):
    """The store is in use by another server process that does not share it (no ``--cluster``)."""


class SchemaTooNew(Exception):
    """The database was written by a newer release (its schema version is past this code's migrations)."""

    def __init__(self, where: str, found: int, known: int) -> None:
        super().__init__(
            f"{where} has schema version {found}, newer than this gamenight's schema version {known}: a newer "
            "release wrote it. Run that release (or a newer one) on it; this one would misread it."
        )
        self.where = where
        self.found = found
        self.known = known


class Store(Protocol):
    audience: AudienceRecords  # the audiences of its lobbies (``gamenight.audience_records``)

    def create_lobby(self, code: str, created: float, epoch: int = 0) -> bool:
        """Store a new lobby; False when the code is taken already."""
        ...

    def append(
        self,
        code: str,
        seq: int,
        record: dict[str, Any],
        snapshot: dict[str, Any] | None,
        due: float | None = None,
        epoch: int = 0,
    ) -> None: ...
    def fence(self, code: str, epoch: int) -> bool:
        """Let only writes under ``epoch`` (or newer) change lobby ``code``; False if it holds a newer one."""
        ...

    def lobby(self, code: str) -> StoredLobby | None: ...
    def due_codes(self) -> list[str]: ...
    def set_due(self, code: str, due: float | None) -> None: ...
    def untouched_since(self, moment: float, limit: int = 1000) -> list[str]: ...
    def count(self) -> int: ...
    def records(self, code: str, after: int = 0) -> list[dict[str, Any]]: ...
    def exists(self, code: str) -> bool: ...
    def epoch(self, code: str) -> int | None:
        """The newest lease epoch lobby ``code``'s writes were fenced with (None: no such lobby)."""
        ...

    def delete_lobby(self, code: str) -> None: ...
    def compact(self, code: str, upto: int, epoch: int | None = None) -> None:
        """Drop lobby ``code``'s log records up to ``upto`` (its snapshot is at ``upto`` or later), so that the
        store keeps nothing of what came before (a member's deleted history); ``Fenced`` as ``append``."""
        ...

    def last_write(self) -> float | None: ...
    def set_meta(self, key: str, value: str) -> None: ...
    def get_meta(self, key: str) -> str | None: ...
    def check(self) -> None:
        """Raise ``StoreUnavailable`` unless the store answers now; take back what a lost connection let go
        (PostgreSQL's lock that keeps other servers off the database), or raise ``StoreInUse`` if another took it."""
        ...

    # The server's host's actions (``gamenight.admin``): the bans, and every action kept (``done`` None: a close
    # or hide waiting for the node that holds its lobby).
    def bans(self) -> list[tuple[str, float | None]]: ...
    def ban(self, address: str, until: float | None, at: float) -> None: ...
    def unban(self, address: str) -> bool: ...
    def add_admin_action(self, at: float, action: str, target: str, detail: str, done: float | None) -> int: ...
    def admin_actions(
        self, pending: bool = False, limit: int = 1000
    ) -> list[tuple[int, float, str, str, str, float | None]]: ...
    def admin_action_done(self, action_id: int, at: float) -> None: ...
    def close(self) -> None: ...


def is_postgres(location: str) -> bool:
    return location.startswith(POSTGRES_SCHEMES)


def open_store(
    location: str,
    durability: Durability = "process",
    *,
    threads: NativeThreads | None = None,
    exclusive: bool = False,
    shared: bool = False,
) -> Store:
    """The store at ``location``: a ``postgresql://`` URL, or the path of a SQLite file (``":memory:"`` too).

    ``exclusive``: this process is the only server using it (``StoreInUse`` if another one is);
    ``shared``: it is one node of a cluster (PostgreSQL only), and refuses a server that is not.
    """
    if is_postgres(location):
        from gamenight.store_postgres import PostgresStore

        return PostgresStore(location, durability, exclusive=exclusive, shared=shared)
    if "://" in location:
        raise ValueError(f"not a store this server knows: {location} (a SQLite file's path, or postgresql://...)")
    if shared:
        raise ValueError("a cluster's nodes share PostgreSQL (--db postgresql://...), not a SQLite file")
    from gamenight.store_sqlite import SQLiteStore

    if location != ":memory:":
        Path(location).parent.mkdir(parents=True, exist_ok=True)
    return SQLiteStore(location, durability, threads, exclusive=exclusive)
