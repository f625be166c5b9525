"""The moves every game has, written as a plugin like any other.

The core's rules are registered first in every game stack, so a game or a
variant can override any of them.
"""

from __future__ import annotations

from typing import Any

from gamenight.errors import ActionError
from gamenight.game import ANY_PHASE, Action, Move, Phase
from gamenight.hookspecs import hookimpl
from gamenight.match import BALLOT_TIMER_PREFIX, HOST_HOLD, Match
from gamenight.time_asks import TIME_MOVES
from marshmallow import fields, validate

MAX_EXTEND_SECONDS = 3600


def vote(match: Match, action: Action) -> None:
    match.cast(action.args["ballot"], action.actor, action.args["choice"])


def pause(match: Match, action: Action) -> None:
    if match.paused:
        raise ActionError("already_paused")
    match.paused = True
    for name in match.timers:
        match.hold_timer(name, HOST_HOLD)
    match.announce("event.paused")


def resume(match: Match, action: Action) -> None:
    if not match.paused:
        raise ActionError("not_paused")
    match.paused = False
    for name in match.timers:
        match.release_timer(name, HOST_HOLD)
    match.announce("event.resumed")


def extend(match: Match, action: Action) -> None:
    name = action.args.get("timer")
    if name is None:
        candidates = [n for n in match.timers if not n.startswith(BALLOT_TIMER_PREFIX)] or list(match.timers)
        if len(candidates) != 1:
            raise ActionError("unknown_timer", timer=None)
        name = candidates[0]
    if name not in match.timers:
        raise ActionError("unknown_timer", timer=name)
    match.timers[name].extend(action.args["seconds"], match.now)
    match.announce("event.extended", timer=name, seconds=action.args["seconds"])


def expire(match: Match, action: Action) -> None:
    name = action.args["timer"]
    timer = match.timers.get(name)
    if timer is None or timer.deadline is None or timer.deadline > match.now:
        raise ActionError("timer_not_due", timer=name)
    match.clock_ran_out(name)


def skip(match: Match, action: Action) -> None:
    """The host moves a waiting phase on without the missing players: their move counts as not made.

    An open ballot closes now with the votes cast; otherwise the phase's
    clock runs out now.
    """
    open_ballots = [b for b in match.ballots.values() if not b.closed]
    if open_ballots:
        match.close_ballot(open_ballots[0].id)
        return
    declared = match.phase_declared
    if declared is None or declared.timer is None or declared.timer not in match.timers:
        raise ActionError("nothing_to_skip", phase=match.phase)
    match.clock_ran_out(declared.timer)


def shift_clocks(match: Match, action: Action) -> None:
    for timer in match.timers.values():
        timer.shift(action.args["seconds"])


CORE_MOVES = {
    "vote": Move(
        vote,
        args={"ballot": fields.String(required=True), "choice": fields.String(required=True)},
        simultaneous=True,
    ),
    # the host's clock controls mean "now", whatever state the host saw: no stale check, as for ballots
    "pause": Move(pause, who="host", simultaneous=True),
    "resume": Move(resume, who="host", simultaneous=True),
    "extend": Move(
        extend,
        args={
            "timer": fields.String(load_default=None, allow_none=True),
            "seconds": fields.Integer(required=True, validate=validate.Range(1, MAX_EXTEND_SECONDS)),
        },
        who="host",
        simultaneous=True,
    ),
    "expire": Move(expire, args={"timer": fields.String(required=True)}, who="system"),
    "skip": Move(skip, who="host"),
    "shift_clocks": Move(
        shift_clocks, args={"seconds": fields.Float(required=True, validate=validate.Range(0))}, who="system"
    ),
    **TIME_MOVES,
}


CORE_PHASES = [Phase(ANY_PHASE, CORE_MOVES)]
"""The core's moves, allowed in every phase of every game (a game or a variant may replace one)."""


class CoreRules:
    """Defaults under every game: move dispatch, points from the game's table, ranking by points, empty views."""

    @hookimpl(trylast=True)
    def act(self, match: Match, action: Action) -> Any:
        move = match.stack.move(match.phase, action.id)
        assert move is not None
        match.move_on(move.apply(match, action))
        return True

    @hookimpl(trylast=True)
    def ranking_key(self, match: Match, player: str) -> tuple:
        return (match.totals()[player],)

    @hookimpl(trylast=True)
    def points(self, match: Match, reason: str) -> int:
        return match.stack.game.points[reason]

    @hookimpl(trylast=True)
    def public_view(self, match: Match) -> dict[str, Any]:
        return {}

    @hookimpl(trylast=True)
    def seat_view(self, match: Match, player: str) -> dict[str, Any]:
        return {}
