"""The night's recap: the night scoreboard and a few awards, made when the host closes the night.

``night_recap`` reads the records of the night's finished matches (the lobby
keeps one as each match ends, so they are rebuilt from the log like every other
part of the lobby) and asks each game's ``awards`` (``Game.awards``), then each
plugin's ``gamenight_awards`` hook, for theirs. The core's own awards (most matches won, most points in one match,
points in the most rounds) come the same way, from ``core_awards``, which the
registry's core plugin implements the hook with.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from gamenight.awards import Award, MatchRecord, Night, leaders

if TYPE_CHECKING:
    from gamenight.registry import Plugins
    from gamenight.scores import NightScoreboard

log = logging.getLogger(__name__)

MAX_AWARDS = 8  # what the table screen shows at once, next to the scoreboard


def night_recap(records: Iterable[Mapping[str, Any]], scoreboard: NightScoreboard, plugins: Plugins) -> dict[str, Any]:
    """The recap of a night, JSON-ready: its standings (with each player's points) and its awards."""
    night = Night(tuple(MatchRecord.from_dict(r) for r in records))
    games = list(dict.fromkeys(m.game for m in night.matches))
    points: dict[str, int] = {}
    names: dict[str, str] = {}
    for match in night.matches:
        names.update(match.names)
        for player, total in match.totals().items():
            points[player] = points.get(player, 0) + total
    standings = [{**row, "points": points.get(row["player"], 0)} for row in scoreboard.standings()]
    names.update({row["player"]: row["name"] for row in standings})
    return {
        "matches": len(night.matches),
        "games": games,
        "standings": standings,
        "awards": [award.to_dict() for award in _ordered(_collect(night, plugins), games)],
        "names": names,
    }


def _collect(night: Night, plugins: Plugins) -> list[Award]:
    """Every game's awards and every plugin's; one that fails is left out (and logged), the recap goes on."""
    givers: list[tuple[str, Callable[..., Any]]] = [
        (f"game {game.id}", game.awards) for game in plugins.games.values() if game.awards is not None
    ]
    givers += [(impl.plugin_name, impl.function) for impl in plugins.pm.hook.gamenight_awards.get_hookimpls()]
    awards: list[Award] = []
    for giver, give in givers:
        try:
            found = give(night=night)
        except Exception:
            log.exception("the awards of %s failed: the recap goes on without them", giver)
            continue
        awards += [a for a in found or [] if isinstance(a, Award) and a.players]
    return awards


def _ordered(awards: list[Award], games: list[str]) -> list[Award]:
    """At most ``MAX_AWARDS``, taken in turn from each game (in the order first played), the night's own last."""
    groups: dict[str, list[Award]] = {}
    seen: set[str] = set()
    for award in awards:
        if award.key not in seen:
            seen.add(award.key)
            groups.setdefault(award.game, []).append(award)

    def rank(game: str) -> tuple[int, int, str]:
        if game in games:
            return (0, games.index(game), game)
        return (2 if game == "" else 1, 0, game)

    order = sorted(groups, key=rank)
    chosen: list[Award] = []
    depth = 0
    while len(chosen) < MAX_AWARDS and any(depth < len(groups[g]) for g in order):
        for game in order:
            if depth < len(groups[game]) and len(chosen) < MAX_AWARDS:
                chosen.append(groups[game][depth])
        depth += 1
    return chosen


# -- the night's own awards, whatever the games ---------------------------------------------------------------


def core_awards(night: Night) -> list[Award]:
    """Most matches won (from two matches on), most points in one match, points scored in the most rounds."""
    everyone = night.players()
    wins: dict[str, int] = {}
    best: dict[str, int] = {}
    steady: dict[str, int] = {}
    for match in night.matches:
        for player in match.winners():
            wins[player] = wins.get(player, 0) + 1
        for player, total in match.totals().items():
            best[player] = max(best.get(player, 0), total)
        for entries in match.ledger:
            round_points: dict[str, int] = {}
            for entry in entries:
                round_points[entry["player"]] = round_points.get(entry["player"], 0) + entry["points"]
            for player, scored in round_points.items():
                if scored > 0:
                    steady[player] = steady.get(player, 0) + 1
    awards: list[Award] = []
    if len(night.matches) >= 2:
        awards += leaders("award.most_wins", wins, everyone)
    awards += leaders("award.best_match", best, everyone)
    awards += leaders("award.steady", steady, everyone, minimum=2)
    return awards
