"""Streamer mode: the TV shows neither the lobby's code nor its QR, and a seat is taken only through the private
link the host's phone shows, whose secret (the invite) a glance at the stream does not give.

The invite is drawn by the engine (``extra["invite"]``, so a replay of the log draws nothing) when the host turns
the mode on or renews it; renewing voids every older link. It is the host's alone (``moderation.host_view``).
"""

from __future__ import annotations

import hmac
import secrets
from typing import TYPE_CHECKING, Any

from gamenight.errors import ActionError

if TYPE_CHECKING:
    from gamenight.lobby import Lobby

DRAWS_INVITE = ("streamer", "renew_invite")


def new_invite() -> str:
    return secrets.token_urlsafe(12)


def check_invite(lobby: Lobby, invite: Any) -> None:
    """In streamer mode, refuse a newcomer without the current invite (the code alone does not admit)."""
    expected = lobby.moderation["invite"]
    if not lobby.moderation["streamer"] or expected is None:
        return
    if not isinstance(invite, str) or not hmac.compare_digest(invite.encode(), expected.encode()):
        raise ActionError("invite_needed")


def streamer(lobby: Lobby, plugins, actor, args, extra, now):
    """The host turns streamer mode on (a new invite) or off (the code admits again)."""
    moderation = lobby.moderation
    moderation["streamer"] = args["on"]
    moderation["invite"] = extra["invite"] if args["on"] else None


def renew_invite(lobby: Lobby, plugins, actor, args, extra, now):
    """A new invite: the links given so far stop working."""
    if not lobby.moderation["streamer"]:
        raise ActionError("not_streaming")
    lobby.moderation["invite"] = extra["invite"]


HANDLERS = {"streamer": streamer, "renew_invite": renew_invite}
