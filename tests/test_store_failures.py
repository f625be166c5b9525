"""A write the store cannot make answers its sender ``unavailable`` and changes nothing, in each store."""

from __future__ import annotations

from gamenight.engine import Engine
from gamenight.store import is_postgres, open_store
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
