"""A drawing the host hides (I'm Not a Robot): its ink leaves every view, on the table and on the phones, for the
rest of the match (the turn's uncovered tile, the reveal, the end's gallery), while the match goes on."""

from __future__ import annotations

import json

import pytest
from helpers import Night
from test_notarobot import CARDS, FRAME, PLAYERS, everyone_draws, game, start


@pytest.fixture
def group(engine, clock) -> Night:
    night = Night(engine, clock, PLAYERS)
    assert night.command("Ann", "shelf", shelf="notarobot.cards", action="add_cards", args={"cards": CARDS}).ok
    return night


def views(night) -> dict:
    return {name: night.view(name) for name in [*PLAYERS, None]}


def test_a_hidden_drawing_loses_its_ink_everywhere_and_the_match_goes_on(group):
    start(group, rounds=1)
    everyone_draws(group)
    ann = group.ids["Ann"]
    assert group.move("Ann", "uncover", tile=6).ok
    assert game(group, "Boris")["uncovered"]["lines"]  # the tile's ink, on every screen

    assert group.command("Ann", "hide", kind="drawing", key=f"{ann}@1").ok
    for name, view in views(group).items():
        shown = view["match"]["game_view"]
        assert shown["uncovered"] == {"tile": 6, "lines": [], "hidden": True}, name
    assert game(group, "Ann")["drawing"]["figure"] == [] and game(group, "Ann")["drawing"]["hidden"]
    assert game(group, "Boris")["drawing"]["figure"] == FRAME  # Boris's own drawing is not Ann's

    for name in ("Boris", "Chen", "Dina"):
        assert group.move(name, "check", tile={"Boris": 12, "Chen": 0, "Dina": 11}[name]).ok
    assert group.match.phase == "reveal"
    for view in views(group).values():
        reveal = view["match"]["game_view"]["reveal"]
        assert reveal["figure"] == [] and reveal["decorations"] == [] and reveal["hidden"] is True
        assert reveal["inside"] == [6, 7, 11, 12]  # the points still read

    while not group.match.over:  # the others' turns, to the end of the match
        assert group.command("Ann", "end").ok
    gallery = game(group)["gallery"]
    hidden = [entry for entry in gallery if entry["artist"] == ann]
    others = [entry for entry in gallery if entry["artist"] != ann]
    assert [entry["figure"] for entry in hidden] == [[]] and all(entry["figure"] == FRAME for entry in others)
    assert json.dumps(FRAME) in json.dumps(game(group))  # the others' drawings are still there
