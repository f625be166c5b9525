"""Property test: random sequences of moves and commands, well-formed or not, through the whole engine."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from gamenight.clock import ManualClock
from gamenight.commands import COMMANDS
from gamenight.engine import Engine, replay_lobby
from gamenight.store_sqlite import SQLiteStore
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil"]
MOVES = ["claim", "vote", "next", "pause", "resume", "extend", "expire", "shift_clocks", "fly", ""]
KINDS = [*COMMANDS, "explode"]

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.text(max_size=8))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
# Arguments that are often right, and sometimes anything at all.
arg_values = st.one_of(
    st.integers(1, 30),
    st.sampled_from(["p1", "p2", "p3", "p4", "p5", "highest", "claim", "yes"]),
    json_values,
)
args = st.dictionaries(
    st.sampled_from(
        ["value", "ballot", "choice", "seconds", "timer", "player", "locked", "order", "game", "name", "x"]
    ),
    arg_values,
    max_size=3,
)

plausible_step = st.tuples(st.just("plausible"), st.integers(0, 99), st.just(""), st.just({}), st.integers(0, 99))
step = st.one_of(
    plausible_step,
    plausible_step,
    plausible_step,
    plausible_step,
    plausible_step,
    st.tuples(
        st.just("move"),
        st.integers(-1, len(NAMES) - 1),
        st.sampled_from(MOVES),
        args,
        st.one_of(st.none(), st.integers(0, 40)),
    ),
    st.tuples(
        st.just("command"), st.integers(-1, len(NAMES) - 1), st.sampled_from(KINDS), args | json_values, st.none()
    ),
    st.tuples(st.just("advance"), st.just(0), st.just(""), st.just({}), st.integers(0, 45)),
)


def secrets_hidden_from(lobby, recipient) -> list[str]:
    """The card strings this recipient must not see right now."""
    match = lobby.match
    if match is None or match.round_state.get("revealed", True) or "hands" not in match.round_state:
        return []
    hidden = [match.round_state["server"]]
    hidden += [card for pid, card in match.round_state["hands"].items() if pid != recipient]
    return hidden


def plausible(engine, code, tokens, pick: int, other: int):
    """A move that someone could well make now, so that sequences get past the first phase."""
    lobby = engine.lobbies[code]
    host = next((t for n, t in tokens.items() if engine.identify(code, t) == lobby.host), None)
    match = lobby.match
    if match is None or match.over:
        if host is None:
            return None
        engine.submit(code, "choose", {"game": "highcard", "options": {"rounds": 1 + pick % 2}}, token=host)
        return engine.submit(code, "start", token=host)
    name_of = {engine.identify(code, t): t for t in tokens.values()}
    if match.phase == "claim" and match.turn in name_of:
        return engine.submit(
            code, "act", {"action": "claim", "args": {"value": 1 + other % 30}}, token=name_of[match.turn]
        )
    if match.phase == "vote":
        ballot = match.ballots["highest"]
        voter = ballot.voters[pick % len(ballot.voters)]
        allowed = ballot.allowed(voter)
        if voter in name_of and allowed:
            body = {"action": "vote", "args": {"ballot": "highest", "choice": allowed[other % len(allowed)]}}
            return engine.submit(code, "act", body, token=name_of[voter])
    if match.phase == "round_over" and host is not None:
        return engine.submit(code, "act", {"action": "next"}, token=host)
    return None


def check_views(engine, code, tokens) -> None:
    lobby = engine.lobbies[code]
    for recipient in [None, *lobby.seats]:
        text = json.dumps(engine.view(code, recipient))
        for card in secrets_hidden_from(lobby, recipient):
            assert f'"{card}"' not in text, f"{recipient} sees {card}"
        for token in tokens.values():
            assert token not in text
        assert lobby.match is None or lobby.match.seed not in text


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(players=st.integers(2, 5), rounds=st.integers(1, 3), steps=st.lists(step, min_size=30, max_size=150))
def test_random_sequences_never_break_the_engine(plugins, players, rounds, steps):
    with tempfile.TemporaryDirectory() as tmp:
        clock = ManualClock()
        engine = Engine(SQLiteStore(str(Path(tmp) / "p.sqlite")), plugins, clock, snapshot_every=5)
        outcome, host = engine.create_lobby(NAMES[0])
        code = outcome.code
        tokens = {NAMES[0]: host}
        for name in NAMES[1:players]:
            tokens[name] = engine.join(code, name)[1]
        engine.submit(code, "choose", {"game": "highcard", "options": {"rounds": rounds}}, token=host)
        assert engine.submit(code, "start", token=host).ok
        for kind, who, what, payload, extra in steps:
            token = tokens[NAMES[who]] if 0 <= who < players else "forged-token"
            before = engine.lobbies[code].to_dict()
            if kind == "plausible":
                outcome = plausible(engine, code, tokens, who, extra)
                if outcome is not None:
                    event(f"plausible: {'accepted' if outcome.ok else 'refused'}")
                check_views(engine, code, tokens)
                continue
            if kind == "advance":
                clock.advance(extra)
                for fired in engine.run_due():
                    assert fired.ok
                continue
            if kind == "move":
                body = {"action": what, "args": payload} | ({"version": extra} if extra is not None else {})
                outcome = engine.submit(code, "act", body, token=token)
            else:
                outcome = engine.submit(code, what, payload, token=token)
            event(f"{what}: {'accepted' if outcome.ok else 'refused'}")
            if outcome.ok:
                assert set(outcome.views) == {None, *engine.lobbies[code].seats}
            else:
                error = outcome.error
                assert isinstance(error["code"], str) and error["code"]
                assert error["key"] == f"error.{error['code']}"
                assert isinstance(error["params"], dict)
                json.dumps(error)
                assert outcome.views == {}
                assert engine.lobbies[code].to_dict() == before, f"refused {what} changed the state"
            check_views(engine, code, tokens)
        final = engine.lobbies[code]
        event(
            f"reached phase {final.match.phase if final.match else 'no match'}, round {final.match.round if final.match else 0}"
        )
        live = final.to_dict()
        assert json.loads(json.dumps(live)) == live
        assert replay_lobby(engine.store, plugins, code).to_dict() == live
        engine.store.close()
