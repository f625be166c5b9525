"""What a running server does for ``gamenight admin``: it refuses banned addresses, carries out closes and hides.

The admin command works on the store only (``gamenight.admin``): it writes a ban to the ``bans`` table, and a
close or a hide to the ``admin_actions`` table, not done yet. Every ``POLL_SECONDS`` each server (each node of a
cluster) reads both: an address newly banned has its open connections closed; a pending close of a lobby
this server holds (or that no node holds) is carried out here: its connections are told ``lobby_closed``,
the lobby is deleted with its log and pictures, and the action marked done; a hide is the lobby's own ``hide``
command, sent as the engine's (``gamenight.moderation``), delivered to every screen. A lobby another node holds
is left to that node.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from gamenight.bans import BanList
from gamenight.engine import Engine
from gamenight.errors import ActionError
from gamenight.leases import LeasesUnavailable
from gamenight.store import StoreUnavailable

log = logging.getLogger(__name__)

POLL_SECONDS = 2.0


class AdminRequests:
    """The server's side of the admin command, run as one of the hub's chores."""

    def __init__(self, engine: Engine, hub: Any) -> None:
        self.engine = engine
        self.hub = hub
        self.bans = BanList(engine.store, engine.clock)

    def poll(self) -> None:
        if self.bans.refresh():
            self.close_banned()
        for action_id, _, action, target, detail, _ in self.engine.store.admin_actions(pending=True):
            if (action == "close" and self.close(target)) or (action == "hide" and self.hide(target, detail)):
                self.engine.store.admin_action_done(action_id, self.engine.clock())

    def close(self, code: str) -> bool:
        """Close lobby ``code`` if this server may (it holds it, or nobody does); True once it is gone."""
        try:
            if not self.engine.store.exists(code):
                return True
            if not self.engine.delete(code, self.engine.clock(), "closed by the server's host (gamenight admin)"):
                return False
        except (LeasesUnavailable, StoreUnavailable) as exc:
            log.warning("lobby %s: not closed yet: %s", code, exc)
            return False
        error = ActionError("lobby_closed").to_dict()
        with self.hub._lock:
            sids = [sid for sid, link in self.hub.links.items() if link.code == code]
        for sid in sids:
            self.hub.socketio.emit("error", error, to=sid)
        self.hub.lobby_moved(code, None)  # each reconnects, and finds no such lobby
        log.warning("lobby %s closed by the server's host (gamenight admin)", code)
        return True

    def hide(self, code: str, detail: str) -> bool:
        """Hide an item in lobby ``code`` as the host would (a system command on the lobby's action path), if
        this server holds the lobby or may take it; True once done (or refused for good: logged)."""
        try:
            if self.engine.lobby(code) is None:
                return True  # closed or deleted since
        except ActionError as exc:  # another node holds it (it hides it), or the store is away: later
            log.debug("lobby %s: hide left for later: %s", code, exc.code)
            return False
        outcome = self.engine.submit(code, "hide", json.loads(detail), system=True)
        if outcome.ok:
            self.hub.publish(outcome)
            log.warning("lobby %s: %s hidden by the server's host (gamenight admin)", code, detail)
            return True
        if outcome.error["code"] in ("moved", "unavailable"):
            return False
        log.warning("lobby %s: the admin's hide was refused: %s", code, outcome.error["code"])
        return True

    def close_banned(self) -> None:
        """Close the open connections of the addresses banned now."""
        with self.hub._lock:
            links = list(self.hub.links.items())
        banned = {link.address for _, link in links if self.bans.banned(link.address)}
        if not banned:
            return
        server = self.hub.socketio.server
        error = ActionError("banned").to_dict()
        for sid, link in links:
            if link.address in banned:
                server.emit("error", error, to=sid)
                server.disconnect(sid)
        log.info("closed the connections of %d banned addresses", len(banned))


def install_admin_requests(engine: Engine, hub: Any) -> AdminRequests | None:
    """Check ``hub``'s connections against the bans, and carry out closes (None: a store without admin tables)."""
    if not hasattr(engine.store, "admin_actions"):
        return None
    requests = AdminRequests(engine, hub)
    hub.bans = requests.bans
    hub.chores.append((POLL_SECONDS, "admin requests", requests.poll))
    return requests
