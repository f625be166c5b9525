"""A crew's data to take away: one member's own history, or the whole crew for its host (JSON or CSV).

Nothing secret leaves: no member's crew code, no device. A member's history is their nights (place, points,
wins), their counts per season and game, the records they hold, their head-to-heads and their keepsakes in
the hall of fame; the whole crew is every member's, with names.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from gamenight.crew_view import crew_view

if TYPE_CHECKING:
    from gamenight.lobby import Lobby

CSV_COLUMNS = ("section", "member", "name", "season", "night", "date", "game", "stat", "value", "against")


def member_history(lobby: Lobby, member: str, now: float) -> dict[str, Any]:
    """Everything the crew keeps about ``member``."""
    crew = lobby.crew
    assert crew is not None
    entry = crew["members"][member]
    return {
        "crew": lobby.code,
        "exported": now,
        "member": {"id": member, "name": entry["name"], "since": entry["since"]},
        "nights": [
            {"night": night["n"], "date": night["date"], "season": night["season"], **_row(night, member)}
            for night in crew["nights"]
            if _row(night, member)
        ],
        "stats": {season: games[member] for season, games in crew["stats"].items() if member in games},
        "records": [{"stat": key, **held} for key, held in crew["bests"].items() if held["member"] == member],
        "head_to_head": [
            {"against": key.split("|")[1], "stat": key.split("|")[2], "season": season, "count": count}
            for season, pairs in crew["pairs"].items()
            for key, count in pairs.items()
            if key.split("|")[0] == member
        ],
        "streak": crew["streaks"].get(member),
        "fame": [entry for entry in crew["fame"] if entry["by"] == member],
        "names": _names(lobby),
    }


def whole_crew(lobby: Lobby, now: float) -> dict[str, Any]:
    """The crew as its view shows it, with every member's name (for the host to keep or move elsewhere)."""
    view = crew_view(lobby)
    assert view is not None
    return {
        "crew": lobby.code,
        "exported": now,
        "names": _names(lobby),
        **{k: v for k, v in view.items() if k not in ("claims", "opener")},
        "stats": lobby.crew["stats"],
    }


def as_csv(history: dict[str, Any]) -> str:
    """A member's history (or the whole crew's) as CSV rows: nights, stats, records and head-to-heads."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    names = history["names"]
    for row in _csv_rows(history):
        writer.writerow({**row, "name": names.get(row.get("member", ""), "")})
    return out.getvalue()


def _csv_rows(history: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    single = history.get("member")
    if single is not None:
        member = single["id"]
        for night in history["nights"]:
            for stat in ("place", "points", "wins"):
                rows.append(_csv("night", member, night, stat, night[stat]))
        stats = {season: {member: games} for season, games in history["stats"].items()}
    else:
        for night in history["nights"]:
            for standing in night["standings"]:
                for stat in ("place", "points", "wins"):
                    rows.append(_csv("night", standing["member"], {**night, "night": night["n"]}, stat, standing[stat]))
        stats = history["stats"]
    for season, members in stats.items():
        for member, games in members.items():
            for game, counts in games.items():
                for stat, value in counts.items():
                    rows.append(
                        {
                            "section": "stats",
                            "member": member,
                            "season": season,
                            "game": game,
                            "stat": stat,
                            "value": value,
                        }
                    )
    for record in history["records"]:
        rows.append(
            {
                "section": "record",
                "member": record["member"],
                "stat": record["stat"],
                "value": record["figure"],
                "night": record["night"],
            }
        )
    for pair in history["head_to_head"]:
        rows.append(
            {
                "section": "head_to_head",
                "member": pair.get("member", single["id"] if single else ""),
                "season": pair.get("season", ""),
                "stat": pair["stat"],
                "value": pair["count"],
                "against": pair["against"],
            }
        )
    return rows


def _csv(section: str, member: str, night: dict[str, Any], stat: str, value: Any) -> dict[str, Any]:
    return {
        "section": section,
        "member": member,
        "season": night["season"],
        "night": night["night"],
        "date": night["date"],
        "stat": stat,
        "value": value,
    }


def _row(night: dict[str, Any], member: str) -> dict[str, Any]:
    found = next((s for s in night["standings"] if s["member"] == member), None)
    return {} if found is None else {"place": found["place"], "points": found["points"], "wins": found["wins"]}


def _names(lobby: Lobby) -> dict[str, str | None]:
    return {pid: member["name"] for pid, member in lobby.crew["members"].items()}
