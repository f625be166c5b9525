"""Both stores under one suite: a store's location for each, and plain SQL on either (to break a row on purpose)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from gamenight.store import is_postgres

STORES = ("sqlite", "postgres")


def run_sql(location: str, sql: str, rows: Iterable[Sequence[Any]] = ((),)) -> None:
    """Run ``sql`` (``?`` placeholders) once per row of ``rows``, in one transaction, in the store at ``location``."""
    if not is_postgres(location):
        db = sqlite3.connect(location, isolation_level=None)
        try:
            db.execute("BEGIN")
            db.executemany(sql, rows)
            db.execute("COMMIT")
        finally:
            db.close()
        return
    import pg8000.dbapi
    from gamenight.store_postgres import _connection_args

    args = _connection_args(location)
    db = pg8000.dbapi.connect(**{k: v for k, v in args.items() if k != "application_name"})
    try:
        cursor = db.cursor()
        cursor.executemany(sql.replace("?", "%s"), [tuple(row) for row in rows])
        db.commit()
    finally:
        db.close()


def postgres_rows(location: str, sql: str) -> list[list[Any]]:
    """The rows of one query in the PostgreSQL database at ``location``."""
    import pg8000.native
    from gamenight.store_postgres import _connection_args

    db = pg8000.native.Connection(**_connection_args(location))
    try:
        return db.run(sql)
    finally:
        db.close()
