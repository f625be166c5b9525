"""``apply_move``: the checks every move passes (a player's, the host's, or a timer's expiry) on the single
path by which a move changes a match, then the game's ``act`` hook and the phase's ``end_if``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight.errors import ActionError
from gamenight.game import Action
from marshmallow import ValidationError

if TYPE_CHECKING:
    from gamenight.match import Match
    from gamenight.registry import GameStack

SYSTEM = "system"  # the actor of the moves the engine makes itself (a countdown's expiry)


def apply_move(
    match: Match,
    stack: GameStack,
    actor: str,
    move_id: str,
    raw_args: Any,
    *,
    is_host: bool,
    version: int | None = None,
) -> None:
    """Check and apply one move to ``match`` in place; raise ``ActionError`` to refuse it.

    The checks run in this order: the match is live, the move exists in this
    phase, the actor may make it, the version is current, the arguments load.
    The caller binds the match (stack, clock, shelves) first, applies moves to
    a copy and keeps it only if this returns.
    """
    if match.over:
        raise ActionError("match_over")
    move = stack.move(match.phase, move_id)
    if move is None:
        if stack.move_anywhere(move_id):
            raise ActionError("wrong_phase", action=move_id, phase=match.phase)
        raise ActionError("unknown_action", action=move_id)
    if move.who == "system":
        if actor != SYSTEM:
            raise ActionError("not_allowed", action=move_id)
    elif move.who == "host":
        if not is_host:
            raise ActionError("not_host")
    else:
        if not match.is_present(actor):
            raise ActionError("not_in_match")
        if move.who == "turn" and match.turn != actor:
            raise ActionError("not_your_turn", turn=match.turn)
    if not move.simultaneous and actor != SYSTEM:
        # A move is made on a state the player saw: without its version the stale check could be skipped.
        if version is None:
            raise ActionError("bad_request", errors={"version": ["The version of the state this move was made on."]})
        if version != match.version:
            raise ActionError("stale", version=match.version)
    if raw_args is None:
        raw_args = {}
    if not isinstance(raw_args, dict):
        raise ActionError("bad_request", errors={"args": ["Not a valid mapping type."]})
    try:
        args = move.schema.load(raw_args)
    except ValidationError as exc:
        raise ActionError("bad_request", errors=exc.messages) from None
    stack.hook.act(match=match, action=Action(id=move_id, actor=actor, args=args))
    match.check_phase_end()
    match.version += 1
