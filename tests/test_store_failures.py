"""A write the store cannot make answers its sender ``unavailable`` and changes nothing, in each store."""

from __future__ import annotations

import pytest
from gamenight.engine import Engine
from gamenight.store import StoreInUse, is_postgres, open_store
from helpers import DEAL_ABC, Night
from stores import run_sql

SQLITE_FAILURE = """
CREATE TRIGGER failing_disk BEFORE INSERT ON log WHEN NEW.code = '{code}'
BEGIN SELECT RAISE(ABORT, 'disk I/O error (made by the test)'); END
"""
POSTGRES_FAILURE = (
    """CREATE FUNCTION failing_disk() RETURNS trigger AS $$
    BEGIN
        IF NEW.code = '{code}' THEN RAISE EXCEPTION 'could not write (made by the test)'; END IF;
        RETURN NEW;
    END $$ LANGUAGE plpgsql""",
    "CREATE TRIGGER failing_disk BEFORE INSERT ON log FOR EACH ROW EXECUTE FUNCTION failing_disk()",
)


def break_writes(location: str, code: str) -> None:
    """From now on the store fails every write of lobby ``code``'s log, as a full disk or a lost database would."""
    if is_postgres(location):
        for statement in POSTGRES_FAILURE:
            run_sql(location, statement.format(code=code))
    else:
        run_sql(location, SQLITE_FAILURE.format(code=code))


def mend_writes(location: str) -> None:
    run_sql(location, "DROP TRIGGER failing_disk" + (" ON log" if is_postgres(location) else ""))


def test_a_failing_write_answers_unavailable_and_changes_nothing(store_at, plugins, clock):
    engine = Engine(open_store(store_at), plugins, clock)
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    other = Night(engine, clock, ["Dina", "Emil"])
    assert night.start(deals=[DEAL_ABC]).ok
    before = night.snapshot()
    views = {name: night.view(name) for name in ("Ann", "Boris", None)}

    break_writes(store_at, night.code)
    refused = night.move("Ann", "claim", value=4)
    assert not refused.ok and refused.error["code"] == "unavailable"
    assert refused.error["key"] == "error.unavailable"
    joined = night.join("Fedor")
    assert not joined.ok and joined.error["code"] == "unavailable"
    # Nothing changed: not the lobby, not anyone's view; the other lobby goes on.
    assert night.snapshot() == before
    assert {name: night.view(name) for name in views} == views
    assert other.command("Dina", "lock", locked=True).ok

    mend_writes(store_at)
    assert night.move("Ann", "claim", value=4).ok
    engine.store.close()
    # What the store holds is what was acknowledged: a restart sees the claim, and only one.
    again = Engine(open_store(store_at), plugins, clock)
    assert again.lobby(night.code).to_dict() == night.snapshot()


def test_a_lobby_cannot_be_created_while_the_store_fails(store_at, plugins, clock):
    engine = Engine(open_store(store_at), plugins, clock)
    Night(engine, clock, ["Ann"])
    in_memory, stored = set(engine.lobbies), engine.store.count()
    if is_postgres(store_at):
        run_sql(store_at, "ALTER TABLE lobbies ADD CONSTRAINT no_more CHECK (code = '') NOT VALID")
    else:
        run_sql(store_at, "CREATE TRIGGER no_more BEFORE INSERT ON lobbies BEGIN SELECT RAISE(ABORT, 'full'); END")
    outcome, token = engine.create_lobby("Zoe")
    assert not outcome.ok and outcome.error["code"] == "unavailable" and token is None
    assert set(engine.lobbies) == in_memory and engine.store.count() == stored


def end_every_session(location: str) -> None:
    """What a restart of the database does to a server's connections: ends each of them."""
    run_sql(
        location,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )


def test_after_a_database_restart_the_server_plays_on_and_keeps_a_second_server_out(fresh_postgres_url, plugins, clock):
    first = Engine(open_store(fresh_postgres_url, exclusive=True), plugins, clock)
    night = Night(first, clock, ["Ann", "Boris"])
    end_every_session(fresh_postgres_url)
    first.heartbeat()  # the next beat finds the store again and takes the servers' lock back
    assert first.health() is None
    with pytest.raises(StoreInUse):
        open_store(fresh_postgres_url, exclusive=True)
    # Every stale connection went at once: no move pays for one.
    for name in ("Chen", "Dina", "Emil"):
        assert night.join(name).ok
    first.store.close()


def test_a_server_that_finds_its_lock_taken_after_a_restart_says_so(fresh_postgres_url, plugins, clock):
    first = Engine(open_store(fresh_postgres_url, exclusive=True), plugins, clock)
    end_every_session(fresh_postgres_url)
    second = open_store(fresh_postgres_url, exclusive=True)  # started while the lock was free
    with pytest.raises(StoreInUse):
        first.heartbeat()
    assert first.health() == "store in use by another server"
    second.close()
    first.heartbeat()
    assert first.health() is None
    first.store.close()
