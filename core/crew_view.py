"""What every recipient sees of a crew (``lobby.crew``, docs/protocol.md): its members, all-time and season
standings, each game's table, records, streaks, head-to-heads, nights, hall of fame and "previously on".

Made from the crew's state once per change of it (the same object then goes into every view, so the
fan-out compares it once); nothing in it is secret but each member's crew code, which only that member's
view carries (``own_part``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamenight.lobby import Lobby

HEAD_TO_HEAD_SHOWN = 12
NIGHTS_WITH_AWARDS = 10  # the latest nights carry their awards; every night carries its matches and standings


def crew_view(lobby: Lobby) -> dict[str, Any] | None:
    """The crew's public part, or None for a lobby that is not a crew's."""
    crew = lobby.crew
    if crew is None:
        return None
    cached = lobby.crew_view_made  # (the crew, its rev, its view, and without the opener): copies keep it
    if cached is None or cached[0] is not crew or cached[1] != crew["rev"]:
        view = _build(crew)
        cached = lobby.crew_view_made = (crew, crew["rev"], view, {**view, "opener": None})
    opening = not lobby.night and not lobby.match_live and lobby.recap is None  # before the night's first match
    return cached[2] if opening else cached[3]


def own_part(lobby: Lobby, recipient: str | None) -> dict[str, Any]:
    """A member's own crew code (to claim their past self on a new phone) and hall-of-fame ballot, in their
    view alone."""
    if lobby.crew is None or recipient is None:
        return {}
    member = lobby.crew["members"].get(recipient)
    if member is None or not member.get("code"):
        return {}
    vote = lobby.crew["fame_vote"]
    ballot = vote["ballots"].get(recipient, {}) if vote is not None else None
    return {"crew_you": {"code": member["code"], "fame_ballot": ballot}}


def _build(crew: dict[str, Any]) -> dict[str, Any]:
    members = crew["members"]
    season = str(crew["season"]["n"])
    nights = crew["nights"]
    return {
        "since": crew["since"],
        "season": crew["season"],
        "members": [{"id": pid, "name": m["name"], "since": m["since"]} for pid, m in members.items()],
        "standings": _standings(crew, crew["stats"], nights),
        "season_standings": _standings(
            crew, {season: crew["stats"].get(season, {})}, [n for n in nights if str(n["season"]) == season]
        ),
        "games": _games(crew),
        "records": [{"stat": key, **held} for key, held in sorted(crew["bests"].items())],
        "night_records": crew["night_records"],
        "streaks": sorted(
            (
                {"member": pid, "current": s["current"], "best": s["best"]}
                for pid, s in crew["streaks"].items()
                if s["best"] >= 2
            ),
            key=lambda s: (-s["current"], -s["best"], s["member"]),
        ),
        "head_to_head": _head_to_head(crew),
        "nights": [
            night if i >= len(nights) - NIGHTS_WITH_AWARDS else {k: v for k, v in night.items() if k != "awards"}
            for i, night in enumerate(nights)
        ],
        "fame": crew["fame"],
        "keepsakes": crew["keepsakes"] if crew["fame_vote"] is not None else [],
        "fame_vote": None
        if crew["fame_vote"] is None
        else {
            "candidates": crew["fame_vote"]["candidates"],
            "voted": sorted(crew["fame_vote"]["ballots"]),
        },
        "claims": crew["claims"],
        "opener": crew["opener"],
        "kept_until": None
        if crew["keep_days"] is None
        else (nights[-1]["date"] if nights else crew["since"]) + crew["keep_days"] * 86400,
    }


def _standings(crew: dict[str, Any], seasons: dict[str, Any], nights: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Members ranked by nights won, then matches won, then points, then fewer matches played."""
    rows: dict[str, dict[str, Any]] = {}

    def row(pid: str) -> dict[str, Any]:
        return rows.setdefault(pid, {"member": pid, "nights": 0, "nights_won": 0, "matches": 0, "wins": 0, "points": 0})

    for season in seasons.values():
        for pid, games in season.items():
            for counts in games.values():
                entry = row(pid)
                entry["matches"] += counts.get("matches", 0)
                entry["wins"] += counts.get("wins", 0)
                entry["points"] += counts.get("points", 0)
    for night in nights:
        for standing in night["standings"]:
            pid = standing["member"]
            if crew["members"].get(pid, {}).get("name") is None:
                continue
            entry = row(pid)
            entry["nights"] += 1
            entry["nights_won"] += standing["place"] == 1 and standing["wins"] > 0
    ordered = sorted(rows.values(), key=_rank_key)
    place = 0
    previous = None
    for index, entry in enumerate(ordered):
        key = _rank_key(entry)[:-1]
        if key != previous:
            place, previous = index + 1, key
        entry["place"] = place
    return ordered


def _rank_key(entry: dict[str, Any]) -> tuple:
    return (-entry["nights_won"], -entry["wins"], -entry["points"], entry["matches"], entry["member"])


def _games(crew: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Per game: each member's counts over every season (matches, wins, points and the game's own stats)."""
    tables: dict[str, dict[str, dict[str, Any]]] = {}
    for season in crew["stats"].values():
        for pid, games in season.items():
            for game, counts in games.items():
                total = tables.setdefault(game, {}).setdefault(pid, {"member": pid})
                for key, amount in counts.items():
                    total[key] = total.get(key, 0) + amount
    return {
        game: sorted(table.values(), key=lambda r: (-r.get("wins", 0), -r.get("points", 0), r["member"]))
        for game, table in sorted(tables.items())
    }


def _head_to_head(crew: dict[str, Any]) -> list[dict[str, Any]]:
    counts: dict[str, float] = {}
    for season in crew["pairs"].values():
        for key, amount in season.items():
            counts[key] = counts.get(key, 0) + amount
    found = []
    for key, amount in counts.items():
        member, against, stat = key.split("|", 2)
        found.append({"member": member, "against": against, "stat": stat, "count": amount})
    found.sort(key=lambda e: (-e["count"], e["stat"], e["member"], e["against"]))
    return found[:HEAD_TO_HEAD_SHOWN]
