"""Who plays the next match and who sits it out.

A seated player (or the host for them) may ask to sit out the next match;
they play again from the one after. When the game seats fewer players than
the lobby holds, the rest sit out too: those who sat out least this night,
then those who played most, then the latest in seat order. The host changes
that choice by asking others to sit out instead. A late arrival is seated for
the next match whenever there is room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamenight.lobby import Lobby


@dataclass(frozen=True)
class Seating:
    """The next match's players in seat order, and who sits out: ``asked`` (by themselves or the host)
    and ``chosen`` (no room for them at this game)."""

    players: list[str]
    asked: list[str]
    chosen: list[str]

    @property
    def sitting_out(self) -> list[str]:
        return [*self.asked, *self.chosen]

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "asked": self.asked, "chosen": self.chosen}


def next_seating(lobby: Lobby, max_players: int | None) -> Seating:
    """The seating the next match would start with (``max_players``: the chosen game's, if one is chosen)."""
    asked = [pid for pid in lobby.seats if lobby.players[pid].get("sits_out")]
    willing = [pid for pid in lobby.seats if pid not in asked]
    extra = len(willing) - max_players if max_players is not None else 0
    if extra <= 0:
        return Seating(willing, asked, [])
    rows = lobby.scoreboard.rows

    def owed_a_seat(pid: str) -> tuple[int, int, int]:  # the larger, the sooner this player sits out
        row = rows.get(pid, {})
        return (-row.get("sat_out", 0), row.get("played", 0), lobby.seats.index(pid))

    chosen = set(sorted(willing, key=owed_a_seat, reverse=True)[:extra])
    return Seating([pid for pid in willing if pid not in chosen], asked, [pid for pid in willing if pid in chosen])
