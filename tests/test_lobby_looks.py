"""Player identity: each seat's colour and avatar (its look), unique in the lobby and kept all night."""

from __future__ import annotations

import pytest
from gamenight.engine import Engine, replay_lobby, replay_record
from gamenight.lobby import MAX_SEATS, Lobby
from gamenight.looks import AVATARS, COLOURS, default_look
from gamenight.store_sqlite import SQLiteStore
from helpers import DEAL_ABC, Night


def looks(night: Night) -> dict[str, dict[str, str]]:
    return {seat["name"]: seat["look"] for seat in night.view(None)["lobby"]["seats"]}


def test_the_palette_is_large_enough_for_a_full_lobby():
    assert len(set(COLOURS)) == len(COLOURS) >= MAX_SEATS
    assert len(set(AVATARS)) == len(AVATARS) >= MAX_SEATS


def test_a_seat_without_a_choice_gets_the_first_free_look(night):
    assert looks(night) == {
        "Ann": {"colour": COLOURS[0], "avatar": AVATARS[0]},
        "Boris": {"colour": COLOURS[1], "avatar": AVATARS[1]},
        "Chen": {"colour": COLOURS[2], "avatar": AVATARS[2]},
    }


def test_a_full_lobby_has_twenty_different_looks(engine, clock):
    night = Night(engine, clock, [f"P{i}" for i in range(MAX_SEATS)])
    held = list(looks(night).values())
    assert len({look["colour"] for look in held}) == MAX_SEATS
    assert len({look["avatar"] for look in held}) == MAX_SEATS


def test_the_look_chosen_on_joining_and_on_creating_is_kept(engine, clock):
    outcome, token = engine.create_lobby("Ann", {"colour": "hue07", "avatar": "star"})
    assert outcome.ok
    code = outcome.code
    outcome, _ = engine.join(code, "Boris", {"colour": "hue01", "avatar": "moon"})
    assert outcome.ok
    outcome, _ = engine.join(code, "Chen")  # no choice: the first free of each
    assert outcome.ok
    seats = engine.view(code, None)["lobby"]["seats"]
    assert [s["look"] for s in seats] == [
        {"colour": "hue07", "avatar": "star"},
        {"colour": "hue01", "avatar": "moon"},
        {"colour": "hue02", "avatar": "circle"},
    ]


@pytest.mark.parametrize(
    ("look", "part"),
    [({"colour": "hue02", "avatar": "eye"}, "colour"), ({"colour": "hue20", "avatar": "square"}, "avatar")],
)
def test_a_taken_look_is_refused_on_joining(night, look, part):
    before = night.snapshot()
    outcome, token = night.engine.join(night.code, "Dina", look)
    assert not outcome.ok and token is None
    assert outcome.error == {"code": "look_taken", "key": "error.look_taken", "params": {"part": part}}
    assert night.snapshot() == before


@pytest.mark.parametrize(
    "look",
    [
        {"colour": "hue99", "avatar": "star"},
        {"colour": "hue05", "avatar": "dragon"},
        {"colour": "hue05"},
        {"colour": 5, "avatar": "star"},
        {"colour": "hue05", "avatar": "star", "size": 3},
        "hue05",
        ["hue05", "star"],
    ],
)
def test_a_bad_look_is_refused_as_a_bad_request(night, look):
    before = night.snapshot()
    outcome, _ = night.engine.join(night.code, "Dina", look)
    assert outcome.error["code"] == "bad_request"
    assert "look" in outcome.error["params"]["errors"]
    outcome = night.command("Boris", "look", **look) if isinstance(look, dict) else night.command("Boris", "look")
    assert outcome.error["code"] == "bad_request"
    assert night.snapshot() == before


def test_a_bad_look_on_creating_leaves_no_lobby(engine):
    outcome, token = engine.create_lobby("Ann", {"colour": "reddish", "avatar": "star"})
    assert not outcome.ok and token is None
    assert outcome.error["code"] == "bad_request"
    assert engine.lobbies == {}


def test_a_player_changes_their_look_between_matches(night):
    assert night.command("Boris", "look", colour="hue10", avatar="crown").ok
    assert looks(night)["Boris"] == {"colour": "hue10", "avatar": "crown"}
    # the colour Boris let go is free again; keeping one's own colour with another avatar is fine
    assert night.command("Chen", "look", colour="hue02", avatar="crown").error["params"] == {"part": "avatar"}
    assert night.command("Chen", "look", colour="hue02", avatar="bolt").ok
    assert night.command("Chen", "look", colour="hue02", avatar="key").ok
    assert looks(night)["Chen"] == {"colour": "hue02", "avatar": "key"}


def test_two_players_never_hold_the_same_colour(night):
    before = night.snapshot()
    outcome = night.command("Chen", "look", colour="hue01", avatar="eye")
    assert outcome.error == {"code": "look_taken", "key": "error.look_taken", "params": {"part": "colour"}}
    assert night.snapshot() == before


def test_the_look_is_kept_through_a_match_and_cannot_change_during_one(night):
    night.command("Chen", "look", colour="hue15", avatar="sun")
    assert night.start(deals=[DEAL_ABC]).ok
    outcome = night.command("Chen", "look", colour="hue16", avatar="sun")
    assert outcome.error["code"] == "match_running"
    assert night.command("Ann", "abort").ok
    assert looks(night)["Chen"] == {"colour": "hue15", "avatar": "sun"}


def test_the_look_survives_a_restart(db_path, plugins, clock, engine):
    night = Night(engine, clock, ["Ann", "Boris"])
    assert night.command("Boris", "look", colour="hue12", avatar="leaf").ok
    assert night.join("Chen").ok
    before = looks(night)
    engine.heartbeat()
    engine.store.close()
    again = Engine(SQLiteStore(db_path), plugins, clock)
    seats = again.view(night.code, None)["lobby"]["seats"]
    assert {s["name"]: s["look"] for s in seats} == before
    assert replay_lobby(again.store, plugins, night.code).to_dict() == again.lobbies[night.code].to_dict()


def test_an_old_log_without_looks_replays_with_default_looks(plugins):
    lobby = Lobby("ABCD", 0.0)
    for n, name in enumerate(["Ann", "Boris", "Chen"]):
        record = {"kind": "join", "actor": None, "args": {"name": name}, "extra": {"token_hash": f"h{n}"}, "at": 1.0}
        replay_record(lobby, plugins, record)
    held = [lobby.players[pid]["look"] for pid in lobby.seats]
    assert held == [
        {"colour": "hue01", "avatar": "circle"},
        {"colour": "hue02", "avatar": "square"},
        {"colour": "hue03", "avatar": "triangle"},
    ]


def test_an_old_snapshot_without_looks_gets_default_looks_in_seat_order(night):
    state = night.snapshot()
    for player in state["players"].values():
        del player["look"]
    state["seats"] = list(reversed(state["seats"]))
    lobby = Lobby.from_dict(state)
    assert [lobby.players[pid]["look"] for pid in lobby.seats] == [
        {"colour": "hue01", "avatar": "circle"},
        {"colour": "hue02", "avatar": "square"},
        {"colour": "hue03", "avatar": "triangle"},
    ]


def test_default_look_skips_what_is_held():
    held = [{"colour": "hue01", "avatar": "square"}, {"colour": "hue03", "avatar": "circle"}]
    assert default_look(held) == {"colour": "hue02", "avatar": "triangle"}


def test_the_browser_draws_every_look_in_the_same_order():
    """web/static/js/looks.js holds each colour's value and each avatar's drawing, under the ids above, in
    the same order (a join form pre-chooses the first free one, as the server does)."""
    import re
    from pathlib import Path

    import gamenight.web

    text = (Path(gamenight.web.__file__).parent / "static" / "js" / "looks.js").read_text()
    colours = re.search(r"export const COLOURS = \{(.*?)\n\};", text, re.S).group(1)
    avatars = re.search(r"export const AVATARS = \{(.*?)\n\};", text, re.S).group(1)
    assert tuple(re.findall(r"^  (\w+): \"#[0-9a-f]{6}\",$", colours, re.M)) == COLOURS
    assert tuple(re.findall(r"^  (\w+): \[", avatars, re.M)) == AVATARS


def test_every_look_has_a_name_in_each_language():
    import json
    from pathlib import Path

    import gamenight.web

    for lang in ("en", "ru"):
        strings = json.loads((Path(gamenight.web.__file__).parent / "locales" / f"{lang}.json").read_text())
        names = [strings[f"look.colour.{c}"] for c in COLOURS] + [strings[f"look.avatar.{a}"] for a in AVATARS]
        assert len(set(names)) == len(names), lang
