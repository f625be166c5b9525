"""Restore never takes the server down.

A lobby whose game or variant is not installed, or whose log cannot be
replayed, is parked: one warning line names it and the cause, its rows stay in
the database untouched, its code is never given to a new lobby, and it comes
back as it was on a later start once the cause is gone. Every other lobby
comes back as usual.
"""

from __future__ import annotations

import logging
import textwrap
from pathlib import Path

import gamenight.engine as engine_module
import pytest
from gamenight.clock import ManualClock
from gamenight.engine import Engine, replay_lobby
from gamenight.registry import Plugins
from gamenight.store import open_store
from helpers import DEAL_ABC, Night
from stores import run_sql


@pytest.fixture(autouse=True)
def _no_plugins_from_the_environment(monkeypatch):
    monkeypatch.delenv("GAMENIGHT_PLUGINS", raising=False)


@pytest.fixture(scope="module")
def with_highcard() -> Plugins:
    return Plugins(["testgame"])


@pytest.fixture(scope="module")
def without_highcard() -> Plugins:
    """The built-in games only: High Card (the `testgame` module) is not installed."""
    return Plugins([])


def restart(store_at: str, plugins: Plugins, clock: ManualClock) -> Engine:
    return Engine(open_store(store_at), plugins, clock)


def stop(engine: Engine) -> None:
    engine.heartbeat()
    engine.store.close()


def parked_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and "parked" in r.getMessage()]


def a_night_of_three(engine: Engine, clock: ManualClock) -> tuple[Night, Night, Night]:
    """High Card mid-round, Spyfall mid-round, and a lobby that has not chosen a game yet."""
    highcard = Night(engine, clock, ["Ann", "Boris", "Chen"])
    assert highcard.start(deals=[DEAL_ABC], options={"claim_seconds": 60}).ok
    assert highcard.move("Ann", "claim", value=12).ok
    clock.advance(25)
    spyfall = Night(engine, clock, ["Dina", "Emil", "Fay"])
    assert spyfall.start("spyfall", options={"rounds": 1}).ok
    idle = Night(engine, clock, ["Gus", "Hana"])
    return highcard, spyfall, idle


def test_a_lobby_whose_game_is_gone_is_parked_and_comes_back_with_it(
    store_at, clock, with_highcard, without_highcard, caplog, monkeypatch
):
    engine = restart(store_at, with_highcard, clock)
    highcard, spyfall, idle = a_night_of_three(engine, clock)
    before = {night.code: night.snapshot() for night in (highcard, spyfall, idle)}
    records = engine.store.records(highcard.code)
    stop(engine)
    clock.advance(100)  # down for 100 s

    with caplog.at_level(logging.WARNING, logger="gamenight.engine"):
        parked = restart(store_at, without_highcard, clock)
    # the server is up, with every other lobby as it was (an idle one comes back when asked for)
    assert parked.lobby(spyfall.code) is not None and parked.lobby(idle.code) is not None
    assert parked.lobby(highcard.code) is None
    assert parked.lobbies[spyfall.code].match.round_state == before[spyfall.code]["match"]["round_state"]
    assert parked.lobbies[idle.code].to_dict() == before[idle.code]
    assert parked.view(spyfall.code, None)["match"]["game"] == "spyfall"
    # one warning line names the lobby and the cause
    (line,) = parked_lines(caplog)
    assert highcard.code in line and "'highcard' is not installed" in line and "\n" not in line
    assert parked.parked == {highcard.code: "game 'highcard' is not installed"}
    # its rows are untouched and nobody reaches it
    assert parked.store.records(highcard.code) == records
    assert not parked.submit(highcard.code, "join", {"name": "Ivan"}).ok
    # its code is never reissued, even when the dice say so
    codes = iter([highcard.code, highcard.code, "QQQQ"])
    monkeypatch.setattr(engine_module, "new_lobby_code", lambda: next(codes))
    outcome, _ = parked.create_lobby("Ivan")
    assert outcome.ok and outcome.code == "QQQQ"
    monkeypatch.undo()
    clock.advance(3000)  # the server runs on without High Card for an hour ...
    stop(parked)
    clock.advance(50)  # ... and is down again for 50 s

    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="gamenight.engine"):
        back = restart(store_at, with_highcard, clock)
    assert parked_lines(caplog) == [] and back.parked == {}
    assert all(back.lobby(code) is not None for code in (highcard.code, spyfall.code, idle.code, "QQQQ"))
    lobby = back.lobbies[highcard.code]
    # as it was, the claim clock keeping the 35 s it had left when the lobby went down
    assert lobby.match.to_dict()["round_state"] == before[highcard.code]["match"]["round_state"]
    assert lobby.match.phase == "claim" and lobby.match.turn == highcard.ids["Boris"]
    assert lobby.match.timers["claim"].left(clock.now) == 35
    # and play goes on
    highcard.engine = back
    assert highcard.move("Boris", "claim", value=3).ok


def test_a_lobby_parked_twice_keeps_the_time_it_went_down(store_at, clock, with_highcard, without_highcard):
    engine = restart(store_at, with_highcard, clock)
    night = Night(engine, clock, ["Ann", "Boris"])
    night.start(options={"claim_seconds": 60})
    clock.advance(20)
    stop(engine)
    for _ in range(2):  # two starts without the game, a long time apart
        clock.advance(500)
        stop(restart(store_at, without_highcard, clock))
    clock.advance(7)
    back = restart(store_at, with_highcard, clock)
    assert back.lobbies[night.code].match.timers["claim"].left(clock.now) == 40


def test_a_match_restored_from_its_snapshot_alone_is_checked_too(store_at, clock, with_highcard, without_highcard):
    """A start writes a snapshot: with no record after it, nothing is replayed, yet a view would need the game."""
    engine = restart(store_at, with_highcard, clock)
    night = Night(engine, clock, ["Ann", "Boris"])
    assert night.start().ok
    assert engine.store.records(night.code, after=night.lobby.version) == []
    other = Night(engine, clock, ["Chen", "Dina"])
    stop(engine)
    parked = restart(store_at, without_highcard, clock)
    assert night.code in parked.parked and night.code not in parked.lobbies
    assert [seat["name"] for seat in parked.view(other.code, None)["lobby"]["seats"]] == ["Chen", "Dina"]


def test_a_finished_match_of_a_missing_game_parks_its_lobby(store_at, clock, with_highcard, without_highcard):
    engine = restart(store_at, with_highcard, clock)
    night = Night(engine, clock, ["Ann", "Boris"])
    night.start()
    assert night.command("Ann", "end").ok  # ended early, scored: the match stays in the lobby, over
    assert night.match.over
    stop(engine)
    parked = restart(store_at, without_highcard, clock)
    assert parked.lobby(night.code) is None, "no clock runs: it is parked when someone asks for it"
    assert night.code in parked.parked
    back = restart(store_at, with_highcard, clock)
    assert back.lobby(night.code).match.over


def test_a_lobby_whose_variant_is_gone_is_parked(store_at, clock, tmp_path: Path, monkeypatch, caplog):
    (tmp_path / "loud_claims.py").write_text(
        textwrap.dedent(
            """
            from gamenight import Variant, hookimpl

            class Loud:
                @hookimpl
                def highcard_points(self, reason):
                    return 5

            @hookimpl
            def gamenight_variants():
                return [Variant(id="loud", game="highcard", names={"en": "L", "ru": "Г"}, hooks=Loud())]
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    engine = restart(store_at, Plugins(["testgame", "loud_claims"], entry_points=False), clock)
    loud = Night(engine, clock, ["Ann", "Boris"])
    assert loud.start(variants=["loud"]).ok
    plain = Night(engine, clock, ["Chen", "Dina"])
    assert plain.start().ok
    stop(engine)
    with caplog.at_level(logging.WARNING, logger="gamenight.engine"):
        parked = restart(store_at, Plugins(["testgame"], entry_points=False), clock)
    assert parked.parked == {loud.code: "variant 'loud' of 'highcard' is not installed"}
    assert set(parked.lobbies) == {plain.code}
    assert parked.lobby(loud.code) is None
    (line,) = parked_lines(caplog)
    assert loud.code in line and "'loud'" in line


@pytest.mark.parametrize(
    ("record", "cause"),
    [
        ({"kind": "no_such_command", "actor": None, "args": {}, "extra": {}}, "KeyError: 'no_such_command'"),
        ({"kind": "act", "actor": "p1", "args": {"action": "claim", "args": {"value": 5}}}, "KeyError: 'extra'"),
        (
            {
                "kind": "act",
                "actor": "p2",
                "args": {"action": "claim", "args": {"value": 5}, "version": None},
                "extra": {},
            },
            "refused with not_your_turn",
        ),
    ],
    ids=["unknown-kind", "no-extra", "refused-move"],
)
def test_a_log_that_cannot_be_replayed_parks_only_its_lobby(store_at, clock, with_highcard, caplog, record, cause):
    engine = restart(store_at, with_highcard, clock)
    broken = Night(engine, clock, ["Ann", "Boris"])
    assert broken.start(deals=[DEAL_ABC | {"hands": {"Ann": "c10", "Boris": "c25"}}]).ok
    fine = Night(engine, clock, ["Chen", "Dina"])
    assert fine.start().ok
    live = fine.snapshot()
    engine.store.append(broken.code, broken.lobby.version + 1, record | {"at": clock.now}, None)
    stop(engine)

    with caplog.at_level(logging.WARNING, logger="gamenight.engine"):
        restored = restart(store_at, with_highcard, clock)
        assert restored.lobby(broken.code) is None
    assert set(restored.parked) == {broken.code}
    assert cause in restored.parked[broken.code] and "record 1 after the snapshot" in restored.parked[broken.code]
    assert restored.lobby(fine.code).to_dict() == live
    (line,) = parked_lines(caplog)
    assert broken.code in line and cause in line
    # the bad record is still there, for whoever repairs the database
    assert restored.store.records(broken.code)[-1]["kind"] == record["kind"]


def test_nothing_is_parked_on_an_ordinary_restart(store_at, clock, with_highcard, caplog):
    engine = restart(store_at, with_highcard, clock)
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    night.start(deals=[DEAL_ABC])
    live = night.snapshot()
    stop(engine)
    with caplog.at_level(logging.WARNING, logger="gamenight.engine"):
        restored = restart(store_at, with_highcard, clock)
    assert restored.parked == {} and parked_lines(caplog) == []
    assert (
        restored.lobby(night.code).to_dict()
        == live
        == replay_lobby(restored.store, with_highcard, night.code).to_dict()
    )


def test_a_row_that_is_not_json_parks_its_lobby_and_the_others_stay(store_at, clock, with_highcard, caplog):
    engine = restart(store_at, with_highcard, clock)
    broken = Night(engine, clock, ["Ann", "Boris", "Chen"])
    assert broken.start(deals=[DEAL_ABC]).ok  # a clock runs: it is rebuilt at start
    fine = Night(engine, clock, ["Dina", "Emil"])
    stop(engine)
    run_sql(store_at, "UPDATE lobbies SET snapshot = '{not json' WHERE code = ?", [(broken.code,)])
    with caplog.at_level(logging.WARNING, logger="gamenight.engine"):
        restored = restart(store_at, with_highcard, clock)
    assert broken.code in restored.parked and "not valid JSON" in restored.parked[broken.code]
    assert restored.lobby(broken.code) is None
    assert restored.lobby(fine.code) is not None
    (line,) = parked_lines(caplog)
    assert broken.code in line
