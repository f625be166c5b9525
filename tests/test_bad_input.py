"""Bad input from a client gets a structured error and changes nothing (issue: a server strangers can't take down)."""

from __future__ import annotations

import pytest
from gamenight import names
from gamenight.engine import Engine


def rows(engine: Engine) -> dict[str, int]:
    db = engine.store._db
    return {table: db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in ("lobbies", "log")}


def test_a_seated_player_sending_join_as_a_command_is_refused_cleanly(night):
    before = night.snapshot()
    outcome = night.engine.submit(night.code, "join", {"name": "Mallory"}, token=night.tokens["Boris"])
    assert outcome.error["code"] == "not_allowed"
    assert night.snapshot() == before


@pytest.mark.parametrize("name", ["", "   ", None, 5, "x" * 200, "a\x00b"])
def test_a_refused_lobby_creation_leaves_nothing_behind(engine, name):
    before = rows(engine)
    outcome, token = engine.create_lobby(name)
    assert outcome.error["code"] == "name_invalid" and token is None
    assert rows(engine) == before and engine.lobbies == {}


def test_lobby_creation_gives_up_when_the_codes_run_out(engine, monkeypatch):
    outcome, _ = engine.create_lobby("Ann")
    monkeypatch.setattr(names, "CODE_ALPHABET", outcome.code[0])
    monkeypatch.setattr(names, "CODE_LENGTH", 1)
    taken, _ = engine.create_lobby("Boris")  # the one code left
    assert taken.ok
    before = rows(engine)
    full, token = engine.create_lobby("Chen")
    assert full.error["code"] == "no_free_code" and token is None
    assert rows(engine) == before


def test_a_choice_listed_twice_is_refused(night):
    outcome = night.command("Ann", "choose", game="spyfall", options={"packs": ["spyfall2", "spyfall2", "spyfall2"]})
    assert outcome.error["code"] == "invalid_options" and "packs" in outcome.error["params"]["errors"]
    assert night.lobby.setup is None


def test_a_turn_move_without_the_version_it_was_made_on_is_refused(night):
    night.command("Ann", "choose", game="highcard")
    assert night.start().ok
    before = night.snapshot()
    turn = night.name_of(night.match.turn)
    payload = {"action": "claim", "args": {"value": 5}}
    outcome = night.engine.submit(night.code, "act", payload, token=night.tokens[turn])
    assert outcome.error["code"] == "bad_request" and "version" in outcome.error["params"]["errors"]
    assert night.snapshot() == before
    stale = night.engine.submit(
        night.code, "act", payload | {"version": night.match.version - 1}, token=night.tokens[turn]
    )
    assert stale.error["code"] == "stale"
    assert night.move(turn, "claim", value=5).ok, "with the current version it goes through"
