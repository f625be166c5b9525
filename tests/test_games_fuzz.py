"""Property test for every built-in game: random moves, well-formed or not, never break a match.

Each step picks a player and one of the moves the current phase declares (or
any move at all), with arguments drawn from what the match could accept
(player ids, location ids, picture numbers, words, yes/no) mixed with junk.
No exception may escape (no internal_error), every refusal is structured, the
state stays plain JSON, and replaying the log gives the same lobby.
"""

from __future__ import annotations

import json

import pytest
from gamenight.clock import ManualClock, advance
from gamenight.engine import Engine, replay_lobby
from gamenight.game import ANY_PHASE
from gamenight.store import SQLiteStore
from helpers import Night
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from marshmallow import fields

GAMES = {
    "spyfall": (["Ann", "Boris", "Chen", "Dina", "Emil"], {"rounds": 2, "round_minutes": 1, "vote_seconds": 10}),
    "notahuman": (
        ["Ann", "Boris", "Chen", "Dina"],
        {"reveal_seconds": 3, "guess_seconds": 10, "explain_seconds": 10, "discussion_seconds": 15, "vote_seconds": 15},
    ),
    "spyfall_teams": (
        ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay"],
        {"rounds": 2, "pick_seconds": 15, "show_seconds": 1},
    ),
}


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
    if isinstance(field, fields.Boolean):
        return draw(st.booleans())
    if isinstance(field, fields.Integer):
        return draw(st.integers(-1, 10))
    if isinstance(field, fields.List):
        return draw(st.lists(st.sampled_from(values), max_size=3))
    if isinstance(field, fields.String):
        return draw(st.one_of(st.sampled_from(values), st.sampled_from(values), st.text(max_size=6)))
    return draw(st.one_of(st.none(), st.integers(), st.text(max_size=4)))


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_moves_never_break_a_match(plugins, game, data):
    # Each example has its own engine and a seed hypothesis chose, so that it can be replayed exactly.
    clock = ManualClock()
    engine = Engine(SQLiteStore(":memory:"), plugins, clock)
    names, options = GAMES[game]
    night = Night(engine, clock, names)
    seed = data.draw(st.text(alphabet="0123456789abcdef", min_size=8, max_size=8), label="seed")
    assert night.start(game=game, options=options, seed=seed).ok
    for _ in range(data.draw(st.integers(20, 80), label="steps")):
        match = night.match
        if match.over:
            break
        if data.draw(st.integers(0, 9), label="tick") == 0:
            advance(engine, clock, data.draw(st.sampled_from([1, 5, 30, 90]), label="seconds"))
            continue
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
        who = data.draw(st.sampled_from(names), label="who")
        if match.turn and data.draw(st.booleans(), label="the turn"):
            who = night.name_of(match.turn)
        outcome = night.move(who, move_id, **args)
        event(f"{game}: {night.match.phase}")
        if not outcome.ok:
            assert outcome.error["code"] != "internal_error", (move_id, args)
            assert isinstance(outcome.error["params"], dict)
            json.dumps(outcome.error)
    live = night.lobby.to_dict()
    assert json.loads(json.dumps(live)) == live
    assert replay_lobby(engine.store, plugins, night.code).to_dict() == live
