"""Shelves: lobby data that outlives matches and restarts, changed by declared moves, read by games."""

from __future__ import annotations

from gamenight.engine import Engine, replay_lobby
from gamenight.store_sqlite import SQLiteStore
from helpers import DEAL_ABC, Night


def shelf(night: Night, name: str, action: str, **args):
    return night.command(name, "shelf", shelf="highcard.bans", action=action, args=args)


def test_any_player_uses_a_player_move_and_only_the_host_a_host_move(night):
    assert shelf(night, "Boris", "ban", card="c01").ok
    assert shelf(night, "Chen", "ban", card="c01").error["code"] == "highcard.already_banned"
    assert shelf(night, "Chen", "unban", card="c01").error["code"] == "not_host"
    assert night.lobby.shelves["highcard.bans"]["cards"] == ["c01"]
    assert shelf(night, "Ann", "unban", card="c01").ok
    assert night.lobby.shelves["highcard.bans"]["cards"] == []


def test_bad_shelf_commands_are_refused_and_change_nothing(night):
    before = night.snapshot()
    cases = [
        ({"shelf": "nope", "action": "ban", "args": {}}, "unknown_shelf"),
        ({"shelf": "highcard.bans", "action": "burn", "args": {}}, "unknown_action"),
        ({"shelf": "highcard.bans", "action": "ban", "args": {"card": "c99"}}, "bad_request"),
        ({"shelf": "highcard.bans", "action": "ban", "args": ["c01"]}, "bad_request"),
        ({"shelf": "highcard.bans"}, "bad_request"),
    ]
    for args, code in cases:
        assert night.engine.submit(night.code, "shelf", args, token=night.tokens["Boris"]).error["code"] == code
    assert night.snapshot() == before


def test_shelves_are_public_in_every_view(night):
    shelf(night, "Chen", "ban", card="c07")
    for viewer in [None, "Ann", "Boris"]:
        assert night.view(viewer)["lobby"]["shelves"] == {"highcard.bans": {"cards": ["c07"]}}


def test_games_read_and_write_shelves_across_matches(night):
    for card in [f"c{n:02d}" for n in range(1, 21)]:
        assert shelf(night, "Boris", "ban", card=card).ok
    assert shelf(night, "Boris", "ban", card="c21").error["code"] == "highcard.too_many_bans"
    night.start(options={"rounds": 1})
    dealt = set(night.match.round_state["hands"].values()) | {night.match.round_state["server"]}
    assert dealt <= {f"c{n:02d}" for n in range(21, 31)}, "banned cards are not dealt"
    assert shelf(night, "Ann", "unban", card="c01").ok, "shelves change during a match too"
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    night.move("Ann", "next")
    winners = [night.name_of(p) for p in night.match.result["winners"]]
    assert night.lobby.shelves["highcard.bans"]["last_winners"] == winners
    night.start(options={"rounds": 1}, deals=[DEAL_ABC])
    assert len(night.lobby.shelves["highcard.bans"]["cards"]) == 19


def test_shelves_survive_a_restart_and_replay(db_path, plugins, clock):
    engine = Engine(SQLiteStore(db_path), plugins, clock)
    night = Night(engine, clock, ["Ann", "Boris"])
    shelf(night, "Boris", "ban", card="c05")
    night.start()
    engine.store.close()
    restored = Engine(SQLiteStore(db_path), plugins, clock)
    assert restored.lobbies[night.code].shelves == {"highcard.bans": {"cards": ["c05"]}}
    assert replay_lobby(restored.store, plugins, night.code).to_dict() == restored.lobbies[night.code].to_dict()
