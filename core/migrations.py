"""Numbered schema migrations, the rules both stores keep.

Each store lists its migrations in order, numbered from 1 (``store_sqlite.MIGRATIONS``,
``store_postgres.MIGRATIONS``). A database keeps the number of the last one applied in its
table ``schema_version`` (one row). At open a store reads it, refuses a database newer than
its list (``SchemaTooNew``: a newer release wrote it), and applies the ones it lacks, each in a
transaction of its own together with the new number: a migration that fails leaves the
database at the version before it.

Number 1 is the schema of the first release that numbered them. A database with no
``schema_version`` is at version 0: either new and empty, or written before versions were
kept; migration 1 creates what is missing in either, and keeps the rows an older database holds.

To change a schema, append a migration to the store's list (never edit one a release shipped)
with the next number, and keep the previous release's nodes of a cluster working on it until
they are replaced, or say in the release notes that every node must stop first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from gamenight.store import SchemaTooNew

Connection = TypeVar("Connection")

VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
READ_VERSION = "SELECT MAX(version) FROM schema_version"
CLEAR_VERSION = "DELETE FROM schema_version"


@dataclass(frozen=True)
class Migration(Generic[Connection]):
    number: int
    summary: str
    apply: Callable[[Connection], None]  # runs inside the migration's transaction


def latest(migrations: Sequence[Migration[Connection]]) -> int:
    """The version a database is at once every migration in ``migrations`` is applied."""
    return migrations[-1].number if migrations else 0


def pending(found: int, migrations: Sequence[Migration[Connection]], where: str) -> list[Migration[Connection]]:
    """The migrations a database at version ``found`` lacks, in order (``SchemaTooNew`` if it is newer than all)."""
    numbers = [migration.number for migration in migrations]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"migrations must be numbered 1, 2, 3... in order, not {numbers}")
    if found > latest(migrations):
        raise SchemaTooNew(where, found, latest(migrations))
    return [migration for migration in migrations if migration.number > found]
