"""Per-recipient views: the only way state leaves the engine.

A recipient is a seated player (their id) or the table screen (``None``).
Everything here is JSON-ready and carries i18n keys, never prose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamenight.lobby import Lobby
    from gamenight.match import Match
    from gamenight.plugins import Plugins

EVENTS_SHOWN = 50


def match_view(match: Match, recipient: str | None, now: float) -> dict[str, Any]:
    """One recipient's view of a match: the public frame plus the game's own view for them."""
    seat = recipient if recipient in match.players else None
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
        "names": match.names,
        "timers": {name: timer.public(now) for name, timer in match.timers.items()},
        "ballots": {bid: ballot.view(seat) for bid, ballot in match.ballots.items()},
        "rounds": rounds,
        "totals": match.totals(),
        "events": match.events[-EVENTS_SHOWN:],
        "paused": match.paused,
        "over": match.over,
        "result": match.result,
        "game_view": match.hook.view(match=match, player=seat),
    }


def lobby_view(lobby: Lobby, plugins: Plugins, recipient: str | None, now: float) -> dict[str, Any]:
    """One recipient's view of a lobby and of its current match."""
    match = lobby.match
    if match is not None:
        match.bind(plugins.stack(match.game, match.variants, check_conflicts=False), now)
    return {
        "now": now,
        "you": recipient,
        "lobby": {
            "code": lobby.code,
            "version": lobby.version,
            "host": lobby.host,
            "locked": lobby.locked,
            "seats": [
                {
                    "id": pid,
                    "name": lobby.players[pid]["name"],
                    "connected": lobby.players[pid]["connected"],
                    "host": pid == lobby.host,
                }
                for pid in lobby.seats
            ],
            "setup": lobby.setup,
            "scoreboard": lobby.scoreboard.standings(),
            "history": lobby.history,
        },
        "match": match_view(match, recipient, now) if match is not None else None,
    }
