"""Scores: a per-round ledger with a reason for every point, final rankings, the night scoreboard."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


class Ledger:
    """Points by round. Each entry is ``{"player", "points", "reason", "params"}``."""

    def __init__(self, rounds: list[list[dict[str, Any]]] | None = None) -> None:
        self.rounds: list[list[dict[str, Any]]] = rounds if rounds is not None else []

    def open_round(self) -> None:
        self.rounds.append([])

    def award(self, player: str, points: int, reason: str, params: dict[str, Any] | None = None) -> None:
        if not self.rounds:
            self.open_round()
        self.rounds[-1].append({"player": player, "points": points, "reason": reason, "params": params or {}})

    def void(self, index: int) -> None:
        """Strike out every point of round ``index`` (a void or unfinished round)."""
        if -len(self.rounds) <= index < len(self.rounds):
            self.rounds[index] = []

    def round_scores(self, index: int, players: Iterable[str]) -> dict[str, int]:
        scores = dict.fromkeys(players, 0)
        for entry in self.rounds[index]:
            scores[entry["player"]] = scores.get(entry["player"], 0) + entry["points"]
        return scores

    def totals(self, players: Iterable[str]) -> dict[str, int]:
        totals = dict.fromkeys(players, 0)
        for entries in self.rounds:
            for entry in entries:
                totals[entry["player"]] = totals.get(entry["player"], 0) + entry["points"]
        return totals

    def to_list(self) -> list[list[dict[str, Any]]]:
        return [[dict(e) for e in entries] for entries in self.rounds]


def rank(players: Iterable[str], key: Callable[[str], tuple]) -> list[dict[str, Any]]:
    """Order players by ``key`` (higher is better) with shared places on equal keys.

    Returns ``[{"player", "place"}]``; two players with the same key share a
    place and the next place is skipped (1, 1, 3).
    """
    keyed = sorted(((key(p), p) for p in players), key=lambda kp: kp[0], reverse=True)
    ranking: list[dict[str, Any]] = []
    for index, (k, player) in enumerate(keyed):
        place = ranking[-1]["place"] if ranking and keyed[index - 1][0] == k else index + 1
        ranking.append({"player": player, "place": place})
    return ranking


class NightScoreboard:
    """Results across the evening's matches, whatever their point scales.

    Each finished match gives every player a placement; the board counts
    matches played, wins (first place, shared victories included) and second
    and third places, and ranks like a medal table: wins, then seconds, then
    thirds, then fewer matches played; a seat that only sat matches out comes
    after every seat that played.
    """

    def __init__(self, rows: dict[str, dict[str, Any]] | None = None) -> None:
        self.rows: dict[str, dict[str, Any]] = rows if rows is not None else {}

    def record(self, ranking: list[dict[str, Any]], names: dict[str, str]) -> None:
        for entry in ranking:
            row = self.rows.setdefault(
                entry["player"], {"name": names[entry["player"]], "played": 0, "places": [0, 0, 0]}
            )
            row["name"] = names[entry["player"]]
            row["played"] += 1
            if entry["place"] <= 3:
                row["places"][entry["place"] - 1] += 1

    def record_sat_out(self, names: dict[str, str]) -> None:
        """These seats sat a finished match out: counted apart, neither a match played nor a place."""
        for player, name in names.items():
            row = self.rows.setdefault(player, {"name": name, "played": 0, "places": [0, 0, 0]})
            row["name"] = name
            row["sat_out"] = row.get("sat_out", 0) + 1

    def standings(self) -> list[dict[str, Any]]:
        def key(player: str) -> tuple:
            row = self.rows[player]
            return (row["played"] > 0, *row["places"], -row["played"])

        ordered = rank(self.rows, key)
        return [
            {
                "player": e["player"],
                "place": e["place"],
                "name": self.rows[e["player"]]["name"],
                "played": self.rows[e["player"]]["played"],
                "sat_out": self.rows[e["player"]].get("sat_out", 0),
                "wins": self.rows[e["player"]]["places"][0],
                "seconds": self.rows[e["player"]]["places"][1],
                "thirds": self.rows[e["player"]]["places"][2],
            }
            for e in ordered
        ]
