"""The table talk both Spyfall games share: the asking tracker and each player's cross-off marks.

A round keeps (in ``match.round_state``) its list of possible locations as
cards under ``"locations"`` and the tracker under ``"asker"`` and ``"asked_by"``; the marks live in
``match.data["marks"]``, one list per player, kept by the server so that they
survive a refresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight import Action, ActionError, Move
from marshmallow import fields, validate

if TYPE_CHECKING:
    from gamenight.match import Match


def location_ids(state: dict[str, Any]) -> list[str]:
    return [card["id"] for card in state["locations"]]


def asked(match: Match, action: Action) -> None:
    """The asker names whom they asked; that player asks next. No asking back (rulebook: "нельзя спросить в ответ")."""
    state = match.round_state
    target = action.args["player"]
    if not match.is_present(target) or target == action.actor:
        raise ActionError("spyfall.bad_target", player=target)
    if target == state["asked_by"]:
        raise ActionError("spyfall.no_asking_back")
    state["asked_by"], state["asker"] = action.actor, target
    match.pass_turn(target)


def hand_on_the_question(match: Match, player: str) -> None:
    """``player`` left: if they were to ask, the next player still in the match asks; nobody asks them back."""
    state = match.round_state
    if state.get("asked_by") == player:
        state["asked_by"] = None
    if state.get("asker") == player:
        state["asker"] = match.next_player(player)
        if match.turn == player:
            match.pass_turn(state["asker"])


def cross(match: Match, action: Action) -> None:
    """Cross a location off (or back on) one's own list."""
    state = match.round_state
    location = action.args["location"]
    if "locations" not in state or location not in location_ids(state):
        raise ActionError("spyfall.unknown_location", location=location)
    marks = match.data["marks"].setdefault(action.actor, [])
    if action.args["crossed"] and location not in marks:
        marks.append(location)
    elif not action.args["crossed"] and location in marks:
        marks.remove(location)


TARGET = {"player": fields.String(required=True, validate=validate.Length(1, 32))}
ASKED = Move(asked, args=TARGET, who="turn")
CROSS = Move(
    cross,
    args={
        "location": fields.String(required=True, validate=validate.Length(1, 64)),
        "crossed": fields.Boolean(required=True),
    },
    simultaneous=True,
)
