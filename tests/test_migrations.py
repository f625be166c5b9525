"""Numbered schema migrations on both stores (gamenight.migrations).

A database the release at 0c7b515 wrote (tests/fixtures, made by make_0c7b515.py with that release's own
code) is brought to the latest schema when a store opens it, and its lobbies play on: a High Card round
mid-claim is finished, a Spyfall match comes back, an idle lobby takes a new player. A new database gets
every migration; a database a newer release wrote is refused with the two versions named, by the store
and by ``gamenight serve``; a failed migration leaves the version before it; several openers at once
apply each migration once.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import subprocess_env
from gamenight import store_postgres, store_sqlite
from gamenight.clock import ManualClock
from gamenight.engine import Engine
from gamenight.migrations import Migration
from gamenight.registry import Plugins
from gamenight.store import SchemaTooNew, is_postgres, open_store
from server import free_port
from stores import postgres_rows, run_sql

FIXTURES = Path(__file__).parent / "fixtures"
OLD = "0c7b515"
NIGHT = json.loads((FIXTURES / f"{OLD}.json").read_text())
LATEST = {"sqlite": store_sqlite.LATEST, "postgres": store_postgres.LATEST}


@pytest.fixture(scope="module")
def plugins() -> Plugins:
    return Plugins(["testgame"])


@pytest.fixture(params=("sqlite", "postgres"))
def kind(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def location(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """An empty store of ``kind``: a SQLite file's path, or a new PostgreSQL database's URL."""
    return str(tmp_path / "gamenight.sqlite") if kind == "sqlite" else request.getfixturevalue("fresh_postgres_url")


def old_database(kind: str, location: str) -> str:
    """The database the old release wrote, put at ``location`` (a copy: the fixture stays as it is)."""
    if kind == "sqlite":
        shutil.copyfile(FIXTURES / f"{OLD}.db", location)
    else:
        lines = (FIXTURES / f"{OLD}.postgres.sql").read_text().splitlines(keepends=True)
        text = "".join(line for line in lines if not line.startswith("--"))
        for statement in filter(str.strip, text.split(";\n")):
            run_sql(location, statement)
    return location


def rows(location: str, sql: str) -> list[list[Any]]:
    if is_postgres(location):
        return postgres_rows(location, sql)
    db = sqlite3.connect(location)
    try:
        return [list(row) for row in db.execute(sql)]
    finally:
        db.close()


def version(location: str) -> int:
    return rows(location, "SELECT version FROM schema_version")[0][0]


def tables(location: str) -> set[str]:
    if is_postgres(location):
        found = postgres_rows(location, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    else:
        found = rows(location, "SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in found}


def play(engine: Engine, lobby: dict[str, Any], name: str, action: str, **args: Any) -> None:
    """``name`` makes a move in a lobby of the fixture, with the seat token the old release gave them."""
    match = engine.lobby(lobby["code"]).match
    outcome = engine.submit(
        lobby["code"], "act", {"action": action, "args": args, "version": match.version}, token=lobby["tokens"][name]
    )
    assert outcome.ok, f"{name}'s {action} {args}: {outcome.error}"


# -- the previous release's database -----------------------------------------------------------------------


def test_the_previous_releases_database_is_upgraded_and_its_lobbies_play_on(kind, location, plugins):
    old_database(kind, location)
    assert "schema_version" not in tables(location)  # that release kept no version
    night = NIGHT[kind]
    clock = ManualClock(night["now"] + 5)
    store = open_store(location)
    assert version(location) == LATEST[kind]
    engine = Engine(store, plugins, clock)

    # High Card, mid-claim: Ann claimed before the upgrade; Boris and Chen claim, everyone votes, and the
    # cards the old release dealt are shown and scored.
    highcard = night["highcard"]
    match = engine.lobby(highcard["code"]).match
    assert (match.phase, match.turn) == ("claim", highcard["ids"]["Boris"])
    assert match.round_state["claims"] == {highcard["ids"]["Ann"]: 12}
    play(engine, highcard, "Boris", "claim", value=25)
    play(engine, highcard, "Chen", "claim", value=7)
    assert engine.lobby(highcard["code"]).match.phase == "vote"
    ids = highcard["ids"]
    for voter, choice in (("Ann", "Boris"), ("Boris", "Chen"), ("Chen", "Boris")):
        play(engine, highcard, voter, "vote", ballot="highest", choice=ids[choice])
    match = engine.lobby(highcard["code"]).match
    assert match.round_state["revealed"]
    assert match.round_state["hands"] == {ids["Ann"]: "c10", ids["Boris"]: "c25", ids["Chen"]: "c03"}
    assert match.round_scores(0) == {ids["Ann"]: 1, ids["Boris"]: 0, ids["Chen"]: 1}

    # Spyfall, mid-round: back as it was.
    spyfall = engine.lobby(night["spyfall"]["code"])
    assert spyfall.match is not None and spyfall.match.game == "spyfall" and not spyfall.match.over
    assert sorted(spyfall.match.names.values()) == ["Dina", "Emil", "Fay"]

    # The lobby that had not chosen a game takes a new player.
    idle = night["idle"]
    outcome, token = engine.join(idle["code"], "Ivy")
    assert outcome.ok and token
    assert sorted(p["name"] for p in engine.lobby(idle["code"]).players.values()) == ["Gus", "Hana", "Ivy"]
    engine.heartbeat()
    store.close()

    # A restart opens the upgraded database as it is: the same version, the moves made since kept.
    again = Engine(open_store(location), plugins, clock)
    assert version(location) == LATEST[kind]
    assert rows(location, "SELECT COUNT(*) FROM schema_version") == [[1]]
    assert engine_round_scores(again, highcard["code"]) == {ids["Ann"]: 1, ids["Boris"]: 0, ids["Chen"]: 1}
    again.store.close()


def engine_round_scores(engine: Engine, code: str) -> dict[str, int]:
    return engine.lobby(code).match.round_scores(0)


def test_a_sqlite_file_from_before_retention_gains_its_columns_and_plays_on(tmp_path, plugins):
    """The first files had no ``touched`` and ``due`` on their lobbies: migration 1 adds them, filled in."""
    location = old_database("sqlite", str(tmp_path / "gamenight.sqlite"))
    db = sqlite3.connect(location)
    for statement in (
        "DROP INDEX lobbies_due",
        "DROP INDEX lobbies_touched",
        "ALTER TABLE lobbies DROP COLUMN touched",
        "ALTER TABLE lobbies DROP COLUMN due",
    ):
        db.execute(statement)
    db.commit()
    db.close()
    night = NIGHT["sqlite"]
    engine = Engine(open_store(location), plugins, ManualClock(night["now"] + 5))
    assert version(location) == LATEST["sqlite"]
    highcard = night["highcard"]
    # touched: the lobby's last logged move; due: unknown until it is loaded, so every lobby is (at start).
    assert rows(location, f"SELECT touched FROM lobbies WHERE code = '{night['idle']['code']}'") == [[night["now"]]]
    play(engine, highcard, "Boris", "claim", value=25)
    assert engine.lobby(highcard["code"]).match.turn == highcard["ids"]["Chen"]
    engine.store.close()


# -- a new database, a newer one -------------------------------------------------------------------------


def test_a_new_database_gets_every_migration(kind, location):
    store = open_store(location)
    assert store.create_lobby("ABCD", 1.0)
    store.close()
    assert version(location) == LATEST[kind] >= 1
    assert {"lobbies", "log", "meta", "schema_version"} <= tables(location)


def test_a_database_a_newer_release_wrote_is_refused_naming_both_versions(kind, location):
    store = open_store(location)
    assert store.create_lobby("ABCD", 1.0)
    store.close()
    newer = LATEST[kind] + 1
    run_sql(location, "UPDATE schema_version SET version = ?", [(newer,)])
    with pytest.raises(SchemaTooNew) as refused:
        open_store(location)
    message = str(refused.value)
    assert f"schema version {newer}" in message and f"schema version {LATEST[kind]}" in message
    assert "newer release" in message
    assert version(location) == newer  # nothing was changed
    assert rows(location, "SELECT code FROM lobbies") == [["ABCD"]]


def test_serve_refuses_a_database_a_newer_release_wrote(tmp_path):
    db = tmp_path / "night.sqlite"
    open_store(str(db)).close()
    run_sql(str(db), "UPDATE schema_version SET version = ?", [(store_sqlite.LATEST + 1,)])
    finished = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamenight",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(free_port()),
            "--db",
            str(db),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env=subprocess_env(),
    )
    assert finished.returncode != 0, f"it started: {finished.stdout}"
    printed = finished.stdout + finished.stderr
    assert f"{db} has schema version {store_sqlite.LATEST + 1}, newer than" in printed
    assert "Traceback" not in printed


# -- applying migrations -------------------------------------------------------------------------------------


def migrate_with(kind: str, location: str, migrations: Sequence[Migration[Any]]) -> None:
    """Run the store's migration step on its own connection to ``location`` with another list of migrations."""
    if kind == "sqlite":
        db = sqlite3.connect(location, isolation_level=None, timeout=30)
        try:
            store_sqlite.migrate(db, location, migrations)
        finally:
            db.close()
        return
    import pg8000.native

    db = pg8000.native.Connection(**store_postgres._connection_args(location))
    try:
        store_postgres.migrate(db, location, migrations)
    finally:
        db.close()


def statements(*sql: str, pause: float = 0.0) -> Callable[[Any], None]:
    """A migration's steps: each statement in turn, ``pause`` seconds after the first (another opener waits)."""

    def apply(db: Any) -> None:
        for number, statement in enumerate(sql):
            db.run(statement) if hasattr(db, "run") else db.execute(statement)
            if number == 0:
                time.sleep(pause)

    return apply


def test_a_failing_migration_leaves_the_version_before_it(kind, location):
    real = store_sqlite.MIGRATIONS if kind == "sqlite" else store_postgres.MIGRATIONS
    first = len(real)
    added = Migration(first + 1, "a table", statements("CREATE TABLE added (n INTEGER)"))
    broken = Migration(
        first + 2, "a table, then a mistake", statements("CREATE TABLE half (n INTEGER)", "SELECT * FROM no_such_table")
    )
    with pytest.raises(Exception, match="no_such_table"):
        migrate_with(kind, location, (*real, added, broken))
    assert version(location) == first + 1
    assert "added" in tables(location) and "half" not in tables(location)
    # and this code, which knows fewer migrations than the database has, refuses it
    with pytest.raises(SchemaTooNew):
        open_store(location)


def test_openers_at_once_apply_each_migration_once(kind, location):
    """Nodes of a cluster start together: one migrates, the others wait for it and find it done."""
    real = store_sqlite.MIGRATIONS if kind == "sqlite" else store_postgres.MIGRATIONS
    slow = Migration(
        len(real) + 1,
        "a table and a row, slowly",
        statements("CREATE TABLE applied (n INTEGER)", "INSERT INTO applied VALUES (1)", pause=0.3),
    )
    errors: list[BaseException] = []

    def opener() -> None:
        try:
            migrate_with(kind, location, (*real, slow))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    openers = [threading.Thread(target=opener) for _ in range(4)]
    for thread in openers:
        thread.start()
        time.sleep(0.01)
    for thread in openers:
        thread.join(60)
    assert errors == []
    assert rows(location, "SELECT COUNT(*) FROM applied") == [[1]]
    assert version(location) == len(real) + 1
