"""Server-authoritative timers: expiry through the action path, host pause/resume/extend, game holds."""

from __future__ import annotations

from gamenight.timers import Timer
from helpers import DEAL_ABC


def test_timer_counts_down_holds_and_extends():
    timer = Timer.started("clock", 60, now=100)
    assert timer.left(130) == 30
    timer.hold("accusation", now=130)
    assert timer.left(500) == 30
    timer.hold("host", now=140)
    timer.release("accusation", now=150)
    assert not timer.running, "still held by the host"
    timer.release("host", now=200)
    assert timer.left(200) == 30 and timer.deadline == 230
    timer.extend(15, now=210)
    assert timer.left(210) == 35
    assert timer.left(10_000) == 0


def test_expiry_enters_the_action_path_and_is_logged(night):
    night.start(deals=[DEAL_ABC], options={"claim_seconds": 20})
    assert night.match.turn == night.ids["Ann"]
    night.advance(19)
    assert night.match.turn == night.ids["Ann"]
    fired = night.advance(1)
    assert len(fired) == 1 and fired[0].ok
    assert night.match.turn == night.ids["Boris"]
    assert night.match.round_state["claims"] == {night.ids["Ann"]: None}
    record = night.engine.store.records(night.code)[-1]
    assert record["actor"] == "system"
    assert (record["args"]["action"], record["args"]["args"]) == ("expire", {"timer": "claim"})


def test_views_carry_the_server_deadline(night):
    night.start(options={"claim_seconds": 20})
    night.advance(5)
    timer = night.view("Boris")["match"]["timers"]["claim"]
    assert timer["remaining"] == 15
    assert timer["deadline"] == night.clock.now + 15
    assert timer["running"] and not timer["paused"]


def test_host_pauses_resumes_and_extends(night):
    night.start(options={"claim_seconds": 20})
    night.advance(5)
    assert night.move("Ann", "pause").ok
    assert night.move("Ann", "pause").error["code"] == "already_paused"
    night.advance(600)
    assert night.match.turn == night.ids["Ann"], "a paused clock never runs out"
    assert night.view(None)["match"]["timers"]["claim"]["paused"]
    assert night.move("Ann", "extend", seconds=30).ok
    assert night.move("Ann", "resume").ok
    assert night.match.timers["claim"].left(night.clock.now) == 45
    assert night.move("Ann", "resume").error["code"] == "not_paused"
    assert night.move("Ann", "extend", timer="nope", seconds=5).error["code"] == "unknown_timer"
    assert night.move("Ann", "extend", seconds=0).error["code"] == "bad_request"
    assert night.move("Boris", "extend", seconds=5).error["code"] == "not_host"


def test_the_hosts_clock_moves_hold_on_a_state_a_move_has_just_overtaken(night):
    # The host taps Pause as Ann's claim goes through: the host meant "stop the clocks now", whatever the state.
    night.start(options={"claim_seconds": 20})
    seen = night.match.version
    night.must("Ann", "claim", value=9)
    assert night.move("Ann", "pause", version=seen).ok
    assert night.move("Ann", "extend", version=seen, seconds=30).ok
    assert night.move("Ann", "resume", version=seen).ok
    assert night.match.timers["claim"].left(night.clock.now) == 50
    assert night.move("Boris", "claim", version=seen, value=3).error["code"] == "stale", "a player's move still is"
    assert night.move("Ann", "skip", version=seen).error["code"] == "stale", "what is skipped depends on the state"


def test_timers_started_while_paused_wait_for_resume(night):
    night.start(options={"claim_seconds": 20})
    night.move("Ann", "pause")
    night.move("Ann", "claim", value=9)  # the next turn's clock starts, held by the pause
    assert not night.match.timers["claim"].running
    night.advance(100)
    assert night.match.turn == night.ids["Boris"]
    night.move("Ann", "resume")
    night.advance(20)
    assert night.match.turn == night.ids["Chen"]


def test_extended_time_lengthens_every_clock_of_the_match(night):
    assert (
        night.command("Ann", "choose", game="highcard", options={"time_factor": 4}).error["code"] == "invalid_options"
    )
    assert night.start(options={"claim_seconds": 20, "vote_seconds": 30, "time_factor": 1.5}, deals=[DEAL_ABC]).ok
    match = night.match
    assert match.timers["claim"].left(night.clock.now) == 30, "the turn's 20 s, one and a half times"
    for _ in range(3):
        night.move(night.name_of(night.match.turn), "claim", value=5)
    assert night.match.phase == "vote"
    assert night.match.timers["ballot:highest"].left(night.clock.now) == 45
    night.advance(44)
    assert night.match.phase == "vote"
    night.advance(1)
    assert night.match.phase == "round_over"


def test_a_rounds_result_stays_up_while_the_host_holds_it(night):
    """The break after a round (a result read on the TV) is a clock like any other: the host's pause holds
    it for as long as the table needs, and the next round comes only after the resume and the rest of it."""
    night.join("Dina")
    night.start(game="spyfall", options={"rounds": 2, "break_seconds": 60})
    spy = night.match.round_state["spies"][0]
    night.move(night.name_of(spy), "reveal", location=night.match.round_state["location"])
    assert night.match.phase == "round_over"
    night.advance(20)
    assert night.move("Ann", "pause").ok
    night.advance(3600)
    assert (night.match.phase, night.match.round) == ("round_over", 1)
    assert night.view("Boris")["match"]["timers"]["break"]["paused"]
    assert night.move("Ann", "resume").ok
    night.advance(39)
    assert night.match.round == 1
    night.advance(1)
    assert night.match.round == 2
