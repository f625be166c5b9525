"""One action path: actor, phase, turn, payload and version are checked before a game sees a move;
a refused move changes nothing and answers its sender alone."""

from __future__ import annotations

import json

import pytest
from gamenight.errors import ActionError
from gamenight.match import SYSTEM, Match
from helpers import DEAL_ABC
from waiting import Worker


@pytest.fixture
def started(night):
    assert night.start(deals=[DEAL_ABC]).ok
    return night


def log_length(night) -> int:
    return len(night.engine.store.records(night.code))


def test_accepted_move_bumps_the_version_logs_it_and_updates_every_recipient(started):
    version = started.match.version
    logged = log_length(started)
    outcome = started.move("Ann", "claim", value=7)
    assert outcome.ok
    assert started.match.version == version + 1
    assert log_length(started) == logged + 1
    record = started.engine.store.records(started.code)[-1]
    assert (record["kind"], record["actor"], record["args"]["action"]) == ("act", started.ids["Ann"], "claim")
    assert set(outcome.views) == {None, *started.ids.values()}
    for pid, view in outcome.views.items():
        assert view["you"] == pid
        assert view["match"]["version"] == version + 1


@pytest.mark.parametrize(
    ("who", "action", "args", "code"),
    [
        ("Boris", "claim", {"value": 7}, "not_your_turn"),
        ("Ann", "claim", {"value": 0}, "bad_request"),
        ("Ann", "claim", {"value": "seven"}, "bad_request"),
        ("Ann", "claim", {}, "bad_request"),
        ("Ann", "claim", {"value": 7, "extra": 1}, "bad_request"),
        ("Ann", "next", {}, "wrong_phase"),
        ("Ann", "fly", {}, "unknown_action"),
        ("Ann", "vote", {"ballot": "highest", "choice": "p2"}, "unknown_ballot"),
        ("Boris", "pause", {}, "not_host"),
        ("Ann", "expire", {"timer": "claim"}, "not_allowed"),
        ("Ann", "shift_clocks", {"seconds": 100}, "not_allowed"),
    ],
)
def test_refused_moves_change_nothing(started, who, action, args, code):
    before = started.snapshot()
    logged = log_length(started)
    outcome = started.move(who, action, **args)
    assert not outcome.ok
    assert outcome.error["code"] == code
    assert outcome.error["key"] == f"error.{code}"
    assert isinstance(outcome.error["params"], dict)
    json.dumps(outcome.error)
    assert outcome.views == {}, "a refusal goes to its sender alone"
    assert started.snapshot() == before
    assert log_length(started) == logged


def test_a_move_refused_after_the_game_changed_its_copy_changes_nothing(started, monkeypatch):
    """The claim is written into the round before passing the turn fails: the lobby must not keep it."""
    before = started.snapshot()
    logged = log_length(started)

    def refuse(match, player):
        raise ActionError("not_your_turn")

    monkeypatch.setattr(Match, "pass_turn", refuse)
    outcome = started.move("Ann", "claim", value=7)
    assert outcome.error["code"] == "not_your_turn"
    assert started.snapshot() == before
    assert started.ids["Ann"] not in started.match.round_state["claims"]
    assert log_length(started) == logged
    monkeypatch.undo()
    assert started.move("Ann", "claim", value=7).ok
    assert started.match.round_state["claims"][started.ids["Ann"]] == 7


@pytest.mark.parametrize(
    "payload",
    [None, [], "claim", {"args": {}}, {"action": 5}, {"action": "claim", "args": [1]}, {"action": "x" * 500}],
)
def test_malformed_payloads_are_structured_errors(started, payload):
    before = started.snapshot()
    outcome = started.engine.submit(started.code, "act", payload, token=started.tokens["Ann"])
    assert outcome.error["code"] == "bad_request"
    assert started.snapshot() == before


def test_a_move_needs_a_seat_token(started):
    outcome = started.engine.submit(started.code, "act", {"action": "claim", "args": {"value": 1}}, token="forged")
    assert outcome.error["code"] == "bad_token"
    outcome = started.engine.submit(started.code, "act", {"action": "claim", "args": {"value": 1}})
    assert outcome.error["code"] == "bad_token"


def test_a_player_can_only_act_for_their_own_seat(started):
    # Boris holds his own token; the engine decides the actor from it, never from the payload.
    outcome = started.engine.submit(
        started.code,
        "act",
        {"action": "claim", "args": {"value": 1}, "actor": started.ids["Ann"]},
        token=started.tokens["Boris"],
    )
    assert outcome.error["code"] == "bad_request"
    assert started.move("Boris", "claim", value=1).error["code"] == "not_your_turn"


def test_stale_moves_are_refused(started):
    version = started.match.version
    assert started.move("Ann", "claim", version=version, value=5).ok
    outcome = started.move("Boris", "claim", version=version, value=5)
    assert outcome.error == {"code": "stale", "key": "error.stale", "params": {"version": version + 1}}
    assert started.move("Boris", "claim", version=version + 1, value=5).ok


def test_ballots_are_simultaneous_and_exempt_from_the_version_check(started):
    started.move("Ann", "claim", value=5)
    started.move("Boris", "claim", value=5)
    started.move("Chen", "claim", value=5)
    seen = started.match.version
    assert started.move("Ann", "vote", version=seen, ballot="highest", choice=started.ids["Boris"]).ok
    assert started.move("Boris", "vote", version=seen, ballot="highest", choice=started.ids["Chen"]).ok


def test_a_late_joiner_watches_but_cannot_move(started):
    started.join("Dina")
    assert started.move("Dina", "claim", value=3).error["code"] == "not_in_match"
    view = started.view("Dina")
    assert "my_card" not in view["match"]["game_view"]


def test_moves_after_the_match_is_over_are_refused(night):
    night.start(options={"rounds": 1}, deals=[DEAL_ABC])
    night.play_round({"Ann": 1, "Boris": 2, "Chen": 3}, {"Ann": "Boris", "Boris": "Ann", "Chen": "Boris"})
    night.move("Ann", "next")
    assert night.move("Ann", "pause").error["code"] == "match_over"


def test_forced_deals_cannot_come_from_a_client(night):
    night.command("Ann", "choose", game="highcard")
    outcome = night.command("Ann", "start", forced_deals=[DEAL_ABC])
    assert outcome.error["code"] == "bad_request"
    assert night.lobby.match is None


def test_the_engine_alone_sends_system_moves(started):
    started.clock.advance(100)
    outcome = started.engine.submit(started.code, "act", {"action": "expire", "args": {"timer": "claim"}}, system=True)
    assert outcome.ok
    assert started.engine.store.records(started.code)[-1]["actor"] == SYSTEM


def test_a_lobby_waits_only_on_itself(night, engine, clock):
    from helpers import Night

    other = Night(engine, clock, ["Xena", "Yuri"])
    elsewhere = Worker(lambda: (other.start(), other.move("Xena", "claim", value=3)), name="another lobby")
    with engine._locks[night.code]:  # night's lobby is busy applying a command
        elsewhere.start()
        started, moved = elsewhere.finish(10)  # fails, rather than hangs, if it waits on night's lock
    assert started.ok and moved.ok
