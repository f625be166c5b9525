"""Awards of a night: what a plugin reads (the night's finished matches) and what it gives (``Award``).

When the host closes the night, every plugin's ``gamenight_awards(night)``
hook looks at the night's finished matches and returns its awards: the Human
who stayed hidden most, the sharpest spy, and the like. A match is remembered
by its record (``MatchRecord``): who played, the final ranking, and every
point with its reason, round by round. The helpers here count reasons and pick
the leaders, ties included.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Award:
    """One award: its i18n ``key`` and the ``players`` who share it, with the ``figure`` it rests on.

    The screens show the text of ``key`` as the award's title and of
    ``key + ".why"`` as its line, with ``{figure}`` (and ``params``) filled in;
    write the line as a plural chosen by ``figure`` (``"_by": "figure"``).
    ``game`` is the game whose matches earned it ("" for the whole night).
    """

    key: str
    players: tuple[str, ...]
    figure: int
    game: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "game": self.game,
            "players": list(self.players),
            "figure": self.figure,
            "params": dict(self.params),
        }


@dataclass(frozen=True)
class MatchRecord:
    """A finished match as the night remembers it (aborted matches are not remembered).

    ``ledger`` holds every round's points: ``[{"player", "points", "reason",
    "params"}]`` per round, the reason an i18n key (``<game>.reason.<name>``);
    a void round is empty. ``ranking`` is the final ``[{"player", "place",
    "total", "left"?}]``.
    """

    id: str
    game: str
    variants: tuple[str, ...]
    players: tuple[str, ...]
    names: Mapping[str, str]
    ranking: tuple[Mapping[str, Any], ...]
    ledger: tuple[tuple[Mapping[str, Any], ...], ...]
    ended_early: bool = False

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MatchRecord:
        return cls(
            id=d["id"],
            game=d["game"],
            variants=tuple(d["variants"]),
            players=tuple(d["players"]),
            names=dict(d["names"]),
            ranking=tuple(d["ranking"]),
            ledger=tuple(tuple(entries) for entries in d["ledger"]),
            ended_early=d.get("ended_early", False),
        )

    def entries(self, reason: str | None = None) -> Iterable[Mapping[str, Any]]:
        """Every point entry of the match, or those of one ``reason`` (its short name or its whole key)."""
        full = reason if reason is None or "." in reason else f"{self.game}.reason.{reason}"
        for entries in self.ledger:
            for entry in entries:
                if full is None or entry["reason"] == full:
                    yield entry

    def totals(self) -> dict[str, int]:
        return {entry["player"]: entry.get("total", 0) for entry in self.ranking}

    def winners(self) -> list[str]:
        return [entry["player"] for entry in self.ranking if entry["place"] == 1]


@dataclass(frozen=True)
class Night:
    """The night's finished matches, in the order they ended."""

    matches: tuple[MatchRecord, ...]

    def of(self, game: str) -> list[MatchRecord]:
        """The finished matches of ``game``."""
        return [m for m in self.matches if m.game == game]

    def players(self, game: str | None = None) -> list[str]:
        """Everyone who played a finished match (of ``game``), in the order they first appear."""
        seen: dict[str, None] = {}
        for match in self.matches:
            if game is None or match.game == game:
                seen.update(dict.fromkeys(match.players))
        return list(seen)

    def tally(self, game: str, reason: str, *, weight: str | None = None) -> dict[str, int]:
        """How many points entries of ``reason`` each player got over the night's matches of ``game``.

        ``weight`` names a parameter of the entry to add up instead of counting
        entries (Team Spyfall's ``ally`` entries carry how many named the player).
        """
        counts: dict[str, int] = {}
        for match in self.of(game):
            for entry in match.entries(reason):
                amount = int(entry["params"].get(weight, 1)) if weight else 1
                counts[entry["player"]] = counts.get(entry["player"], 0) + amount
        return counts


def leaders(
    key: str,
    figures: Mapping[str, int],
    among: Iterable[str],
    *,
    game: str = "",
    minimum: int = 1,
    params: Mapping[str, Any] | None = None,
) -> list[Award]:
    """The award ``key`` for the players with the highest figure (a tie shares it), or no award.

    No award when the best figure is below ``minimum``, or when every one of
    ``among`` (the players who could have won it) would share it: an award
    everyone gets singles nobody out. Returns a list of one award or none, so
    a hook can add several up.
    """
    candidates = list(dict.fromkeys(among))
    scored = {player: figures.get(player, 0) for player in candidates}
    if not scored:
        return []
    best = max(scored.values())
    if best < minimum:
        return []
    winners = tuple(player for player in candidates if scored[player] == best)
    if len(winners) == len(candidates) and len(candidates) > 1:
        return []
    return [Award(key=key, players=winners, figure=best, game=game, params=dict(params or {}))]


def match_record(match: Any) -> dict[str, Any]:
    """The JSON record of a finished ``gamenight.match.Match``, as the lobby keeps it for the night."""
    return {
        "id": match.id,
        "game": match.game,
        "variants": list(match.variants),
        "players": list(match.players),
        "names": dict(match.names),
        "ranking": [dict(entry) for entry in match.result["ranking"]],
        "ledger": match.ledger.to_list(),
        "ended_early": bool(match.result.get("ended_early", False)),
        "tallies": list(match.tallies),
        "keepsakes": list(match.keepsakes),
    }
