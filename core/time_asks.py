"""More time, asked and given during a match: a player asks for it on their phone (``ask_time``), the host
answers (``answer_time_ask``: more time on the phase's clock, or no) and may change the match's extended
time (``time_factor``), which every clock started from then on follows."""

from __future__ import annotations

from typing import Any

from gamenight.errors import ActionError
from gamenight.game import Action, Move
from gamenight.match import Match
from gamenight.options import TIME_FACTOR, TIME_FACTORS
from marshmallow import fields, validate

GIVEN_SECONDS = 60  # what a "yes" to an ask adds to the clock the players wait on


def standing_asks(match: Match) -> list[dict[str, Any]]:
    """The asks for more time made in the phase the match is in (an ask lapses when the phase moves on)."""
    return [ask for ask in match.time_asks if ask["phase"] == match.phase and ask["round"] == match.round]


def ask_time(match: Match, action: Action) -> None:
    if any(ask["player"] == action.actor for ask in standing_asks(match)):
        return
    match.time_asks = [*standing_asks(match), {"player": action.actor, "phase": match.phase, "round": match.round}]


def answer_time_ask(match: Match, action: Action) -> None:
    player = action.args["player"]
    asks = standing_asks(match)
    if not any(ask["player"] == player for ask in asks):
        raise ActionError("no_such_time_ask", player=player)
    match.time_asks = [ask for ask in asks if ask["player"] != player]
    if not action.args["give"]:
        return
    name = waited_clock(match)
    if name is not None:
        match.timers[name].extend(GIVEN_SECONDS, match.now)
        match.announce("event.time_given", seconds=GIVEN_SECONDS, player=player)


def waited_clock(match: Match) -> str | None:
    """The clock the players wait on now: an open ballot's, else the phase's own, else the only one running."""
    for ballot in match.ballots.values():
        if not ballot.closed and ballot.timer in match.timers:
            return ballot.timer
    declared = match.phase_declared
    if declared is not None and declared.timer in match.timers:
        return declared.timer
    players_clocks = [name for name, timer in match.timers.items() if not timer.pace]
    return players_clocks[0] if len(players_clocks) == 1 else None


def set_time_factor(match: Match, action: Action) -> None:
    """The host's extended time for the rest of the match: every clock started from now on follows it."""
    factor = float(action.args["factor"])
    match.options = {**match.options, TIME_FACTOR: factor}
    match.announce("event.time_factor", factor=factor)


TIME_MOVES = {
    "ask_time": Move(ask_time, simultaneous=True),
    "answer_time_ask": Move(
        answer_time_ask,
        args={"player": fields.String(required=True), "give": fields.Boolean(required=True)},
        who="host",
        simultaneous=True,
    ),
    "time_factor": Move(
        set_time_factor,
        args={"factor": fields.Float(required=True, validate=validate.OneOf(TIME_FACTORS))},
        who="host",
        simultaneous=True,
    ),
}
