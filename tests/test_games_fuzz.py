"""Property test for every built-in game and the example variants: random moves, departures and arrivals
never break a match, and every match ends once its players stop acting.

Each step picks a player and one of the moves the current phase declares (or
any move at all), with arguments drawn from what the match could accept
(player ids, location ids, picture numbers, words, yes/no) mixed with junk;
or a player leaves, is kicked, joins again, or arrives late; or the clock
runs, or the host moves a waiting phase on. No exception may escape (no
internal_error), every refusal is structured, the state stays plain JSON,
replaying the log gives the same lobby, and from the state reached the match
ends when the remaining players stop acting (a paused match resumed) and the
clocks run out.
"""

from __future__ import annotations

import json

import pytest
from gamenight.clock import ManualClock, advance
from gamenight.engine import Engine, replay_lobby
from gamenight.game import ANY_PHASE
from gamenight.plugins.notarobot.drawing import Decorations, Figure
from gamenight.store_sqlite import SQLiteStore
from helpers import Night
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from marshmallow import fields

SPYFALL = {"rounds": 2, "round_minutes": 1, "vote_seconds": 10}
HUMAN = {"reveal_seconds": 3, "guess_seconds": 10, "explain_seconds": 10, "discussion_seconds": 15, "vote_seconds": 15}
ROBOT = {"rounds": 2, "draw_seconds": 30, "uncover_seconds": 5, "guess_seconds": 5, "reveal_seconds": 10}
# Figures with tiles inside (mostly, so that rounds get drawn), one with none, and junk; decorations likewise.
FIGURES = [
    [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]],
    [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
    [[0.0, 0.0], [0.4, 0.0], [0.4, 0.4], [0.0, 0.4]],
    [[0.5, 0.5], [1.0, 0.5], [1.0, 1.0]],
    [[0.5, 0.5], [0.51, 0.5], [0.51, 0.51]],
    [[0.1, 0.1], [2, 0.5]],
]
DECORATIONS = [[], [[[0.05, 0.1], [0.95, 0.1], [0.95, 0.3], [0.05, 0.3], [0.05, 0.5], [0.95, 0.7], [0.05, 0.9]]], [[1]]]
# label -> (game, variants, players, options)
GAMES = {
    "spyfall": ("spyfall", [], ["Ann", "Boris", "Chen", "Dina", "Emil"], SPYFALL),
    "notahuman": ("notahuman", [], ["Ann", "Boris", "Chen", "Dina"], HUMAN),
    "spyfall_teams": (
        "spyfall_teams",
        [],
        ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay"],
        {"rounds": 2, "pick_seconds": 15, "show_seconds": 1},
    ),
    "highcard": ("highcard", [], ["Ann", "Boris", "Chen"], {"rounds": 2}),
    "hidden_spies": ("spyfall", ["hidden_spies"], ["Ann", "Boris", "Chen", "Dina", "Emil"], SPYFALL),
    "double_human": ("notahuman", ["double_human"], ["Ann", "Boris", "Chen", "Dina", "Emil"], HUMAN),
    "notarobot": ("notarobot", [], ["Ann", "Boris", "Chen", "Dina", "Emil"], ROBOT),
}
LATE = ["Lena", "Mark", "Nina"]
CLOCK_RUNS = 400  # hour-long clock runs allowed for a match to end on its own


WORDS = [
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
    "papa",
    "quebec",
    "romeo",
    "sierra",
    "tango",
    "uniform",
    "victor",
    "whiskey",
    "xray",
    "yankee",
    "zulu",
]


def pool(match) -> list:
    """Values a move might well take right now."""
    values: list = list(match.players) + ["yes", "no", "server", "1", "2", "9", "human", "accusation", "ёлка", "Ёлки"]
    used = len(match.data.get("words", []))
    values += WORDS[used : used + 3]  # fresh words, so that association rounds can finish
    state = match.data.get("round") or {}
    for card in state.get("locations", [])[:6]:
        values.append(card["id"])
    values += [b for b in match.ballots]
    return values


def argument(draw, field, values):
    if isinstance(field, Figure):
        return draw(st.sampled_from(FIGURES))
    if isinstance(field, Decorations):
        return draw(st.sampled_from(DECORATIONS))
    if isinstance(field, fields.Boolean):
        return draw(st.booleans())
    if isinstance(field, fields.Integer):
        return draw(st.one_of(st.integers(-1, 10), st.integers(0, 2)))
    if isinstance(field, fields.List):
        return draw(st.lists(st.sampled_from(values), max_size=3))
    if isinstance(field, fields.String):
        return draw(st.one_of(st.sampled_from(values), st.sampled_from(values), st.text(max_size=6)))
    return draw(st.one_of(st.none(), st.integers(), st.text(max_size=4)))


@pytest.fixture(scope="module")
def every_plugin():
    from gamenight.registry import Plugins

    return Plugins(["testgame"])


@pytest.mark.parametrize("label", list(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_moves_never_break_a_match(every_plugin, label, data):
    # Each example has its own engine and a seed hypothesis chose, so that it can be replayed exactly.
    plugins = every_plugin
    game, variants, names, options = GAMES[label]
    if any(v not in plugins.variants for v in variants):
        pytest.skip(f"the example package for {variants} is not installed")
    clock = ManualClock()
    engine = Engine(SQLiteStore(":memory:"), plugins, clock)
    night = Night(engine, clock, names)
    seed = data.draw(st.text(alphabet="0123456789abcdef", min_size=8, max_size=8), label="seed")
    assert night.start(game=game, variants=variants, options=options, seed=seed).ok
    everyone = names + LATE
    for _ in range(data.draw(st.integers(20, 80), label="steps")):
        match = night.match
        if match.over:
            break
        kind = data.draw(st.integers(0, 19), label="kind")
        if kind < 2:
            advance(engine, clock, data.draw(st.sampled_from([1, 5, 30, 90]), label="seconds"))
            continue
        moving = kind >= 5
        outcome = random_move(night, data, names, label) if moving else coming_and_going(night, data, kind, everyone)
        if outcome is not None and not outcome.ok:
            assert outcome.error["code"] != "internal_error", outcome.error
            assert isinstance(outcome.error["params"], dict)
            json.dumps(outcome.error)
    live = night.lobby.to_dict()
    assert json.loads(json.dumps(live)) == live
    assert replay_lobby(engine.store, plugins, night.code).to_dict() == live
    assert ends_on_its_own(night), f"{label}: stuck in {night.match.phase!r} with nobody acting"


def coming_and_going(night: Night, data, kind: int, everyone: list[str]):
    seated = [n for n in night.tokens if night.engine.identify(night.code, night.tokens[n])]
    if kind == 2 and seated:
        return night.command(data.draw(st.sampled_from(seated), label="leaver"), "leave")
    if kind == 3 and seated:
        host = next((n for n in seated if night.ids[n] == night.lobby.host), None)
        target = data.draw(st.sampled_from(seated), label="kicked")
        if host is not None:
            return night.command(host, "kick", player=night.ids[target])
    outside = [n for n in everyone if n not in seated]
    if outside:
        return night.join(data.draw(st.sampled_from(outside), label="joins"))
    return None


def random_move(night: Night, data, names: list[str], label: str):
    match = night.match
    stack = match.stack
    own = stack.phases.get(match.phase, {})
    declared = {**stack.phases.get(ANY_PHASE, {}), **own}
    # Mostly the phase's own moves, so that matches get somewhere; sometimes anything at all.
    choices = sorted(own) if own and data.draw(st.integers(0, 4), label="focus") else [*sorted(declared), "fly"]
    move_id = data.draw(st.sampled_from(choices), label="move")
    move = declared.get(move_id)
    values = pool(match)
    args = {}
    if move is not None:
        for name, field in move.args.items():
            if data.draw(st.integers(0, 9), label="skip") > 0:
                args[name] = argument(data.draw, field, values)
    who = data.draw(st.sampled_from(sorted(night.tokens)), label="who")
    if match.turn and match.turn in night.ids.values() and data.draw(st.booleans(), label="the turn"):
        who = night.name_of(match.turn)
    outcome = night.move(who, move_id, **args)
    event(f"{label}: {night.match.phase}")
    return outcome


def ends_on_its_own(night: Night) -> bool:
    """Nobody acts any more (the host resumes a paused match): the clocks alone must end the match."""
    match = night.match
    if match.paused and not match.over:
        host = night.name_of(night.lobby.host)
        assert night.move(host, "resume").ok
    for _ in range(CLOCK_RUNS):
        if night.match.over:
            return True
        advance(night.engine, night.clock, 3600)
    return night.match.over
