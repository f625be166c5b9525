"""Per-recipient views: the only way state leaves the engine.

A recipient is a seated player (their id) or the table screen (``None``).
The public frame of a lobby and its match is built once per change; each
recipient's view adds only what is theirs: their ballots and the game's view
for their seat. Everything is JSON-ready and carries i18n keys, never prose.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gamenight import approval
from gamenight import audience as audiences
from gamenight.crew_view import crew_view, own_part
from gamenight.moderation import host_view
from gamenight.seating import next_seating
from gamenight.time_asks import standing_asks

if TYPE_CHECKING:
    from gamenight.lobby import Lobby
    from gamenight.match import Match
    from gamenight.registry import Plugins

EVENTS_SHOWN = 50
HISTORY_SHOWN = 20  # recent matches; the scoreboard holds the whole evening


class SharedWithOwn(dict):
    """A view part made of a part shared by every recipient with this recipient's own keys laid over it.

    To any reader it is the plain dict of both; the fan-out compares the shared part once for all.
    """

    __slots__ = ("shared", "own")

    def __init__(self, shared: dict[str, Any], own: dict[str, Any]) -> None:
        super().__init__(shared)
        self.update(own)
        self.shared = shared
        self.own = tuple(own)


def match_frame(match: Match, now: float) -> dict[str, Any]:
    """What everyone may see of a match."""
    rounds = [
        {"scores": match.ledger.round_scores(i, match.players), "entries": entries}
        for i, entries in enumerate(match.ledger.to_list())
    ]
    return {
        "id": match.id,
        "game": match.game,
        "variants": match.variants,
        "options": match.options,
        "version": match.version,
        "phase": match.phase,
        "round": match.round,
        "rounds_finished": match.rounds_finished,
        "turn": match.turn,
        "players": match.players,
        "present": match.present,
        "left": match.left,
        "names": match.names,
        "timers": {name: timer.public(now) for name, timer in match.timers.items()},
        "rounds": rounds,
        "totals": match.totals(),
        "events": match.events[-EVENTS_SHOWN:],
        "paused": match.paused,
        "time_asks": standing_asks(match),
        "over": match.over,
        "result": match.result,
        "prompts": audiences.match_part(match),
    }


def game_view(match: Match, recipient: str | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game's view for one recipient: the public view, with their seat's view laid over it.

    Anyone not playing (the table, a late arrival, a player who left) gets the public view alone.
    """
    if public is None:
        public = match.hook.public_view(match=match)
    # not playing: the public view laid over nothing, so that the fan-out compares it once for everyone
    return SharedWithOwn(
        public, match.hook.seat_view(match=match, player=recipient) if match.is_present(recipient) else {}
    )


def match_view(match: Match, frame: dict[str, Any], public: dict[str, Any], recipient: str | None) -> dict[str, Any]:
    """One recipient's view of a match: the public frame, their ballots, the game's view for their seat."""
    seat = recipient if match.is_present(recipient) else None
    return SharedWithOwn(
        frame,
        {
            "ballots": {bid: ballot.view(seat) for bid, ballot in match.ballots.items()},
            "game_view": game_view(match, seat, public),
        },
    )


def lobby_frame(lobby: Lobby, plugins: Plugins | None = None) -> dict[str, Any]:
    """What everyone may see of a lobby."""
    return {
        "code": lobby.code,
        "version": lobby.version,
        "host": lobby.host,
        "locked": lobby.locked,
        "seats": [
            {
                "id": pid,
                "name": lobby.players[pid]["name"],
                "look": lobby.players[pid]["look"],
                "connected": lobby.players[pid]["connected"],
                "host": pid == lobby.host,
                "sits_out": bool(lobby.players[pid].get("sits_out")),
            }
            for pid in lobby.seats
        ],
        "sitting_out": lobby.sitting_out if lobby.match_live else [],
        "next_seating": _next_seating(lobby, plugins),
        "seat_requests": [{"id": r["id"], "player": r["player"], "at": r["at"]} for r in lobby.seat_requests],
        "door": lobby.moderation["door"],
        "streamer": lobby.moderation["streamer"],
        "family_filter": lobby.family_filter.get("level"),
        "setup": lobby.setup,
        "scoreboard": lobby.scoreboard.standings(),
        "history": lobby.history[-HISTORY_SHOWN:],
        "recap": lobby.recap,
        "shelves": lobby.shelves,
        "crew": crew_view(lobby),
        "audience": audiences.frame(lobby),
    }


def _next_seating(lobby: Lobby, plugins: Plugins | None) -> dict[str, Any]:
    """Who would play and who would sit out if the host started the chosen game now."""
    game = plugins.games.get(lobby.setup["game"]) if plugins is not None and lobby.setup else None
    return next_seating(lobby, game.max_players if game is not None else None).to_dict()


def lobby_views(
    lobby: Lobby, plugins: Plugins, recipients: Iterable[str | None], now: float
) -> dict[str | None, dict[str, Any]]:
    """The views of a lobby and its current match for each of ``recipients``."""
    match = lobby.match
    frame = lobby_frame(lobby, plugins)
    mframe = public = None
    if match is not None:
        lobby.bind_match(plugins, now)
        mframe = match_frame(match, now)
        public = match.hook.public_view(match=match)
    shared = {"now": now, "lobby": frame}
    views = {
        recipient: SharedWithOwn(
            shared,
            {
                "you": recipient,
                "match": match_view(match, mframe, public, recipient) if match is not None else None,
                **({"moderation": host_view(lobby)} if recipient is not None and recipient == lobby.host else {}),
                **approval.host_part(lobby, recipient),
                **audiences.host_part(lobby, recipient),
                **own_part(lobby, recipient),
            },
        )
        for recipient in recipients
    }
    if lobby.moderation["hidden"]:
        from gamenight.hiding import scrub_views  # it builds on this module's SharedWithOwn

        views = scrub_views(lobby, views, plugins)
    withheld = approval.withheld(lobby)
    if withheld and None in views:  # strict mode: the TV shows no text the host has not allowed
        views[None] = approval.for_table(views[None], withheld)
    return views


def lobby_view(lobby: Lobby, plugins: Plugins, recipient: str | None, now: float) -> dict[str, Any]:
    """One recipient's view of a lobby and of its current match."""
    return lobby_views(lobby, plugins, [recipient], now)[recipient]
