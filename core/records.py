"""What a game tells a crew's record book: its stats (``Stat``), what each round adds (``Tally``) and what is
worth keeping in the hall of fame (``Keepsake``).

A game declares its stats in ``Game.stats`` (key -> ``Stat``) and answers two hooks:

* ``round_tallies(match)``, asked as each round ends scored (never for a void round), returns the round's
  tallies: "Dina was the spy and won", "Boris caught Dina" (a tally ``against`` another player), "the spy
  won in 95 seconds" (a figure, for a stat whose ``best`` is ``"least"`` or ``"most"``);
* ``keepsakes(match)``, asked once as the match ends, returns what the crew may vote into its hall of fame
  (a drawing with its strokes, an association).

The core counts every match's players, wins and points itself. A crew adds the tallies up as each match
ends (``gamenight.crew``); a lobby that is not a crew's keeps them only for the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Best = Literal["", "least", "most"]


@dataclass(frozen=True)
class Stat:
    """One stat a game keeps: shown as the text of ``<game>.stat.<key>`` (and ``<game>.stat.<key>.record``
    for a best, with ``{figure}``).

    ``best`` "" adds tallies up (rounds won as the spy); "least" or "most" keeps the crew's record and each
    member's own best of a figure (the fastest spy win in seconds: "least"). ``unit`` is how screens show a
    figure: "" (a number) or "seconds".
    """

    best: Best = ""
    unit: Literal["", "seconds"] = ""


@dataclass(frozen=True)
class Tally:
    """A round's addition to ``player``'s record: ``amount`` of ``stat`` (a figure, for a best), maybe
    ``against`` another player (head to head: who caught whom)."""

    player: str
    stat: str
    amount: float = 1
    against: str | None = None

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"player": self.player, "stat": self.stat, "amount": self.amount}
        if self.against is not None:
            found["against"] = self.against
        return found


@dataclass(frozen=True)
class Keepsake:
    """Something a match made that the crew may keep: a ``"drawing"`` (``content`` holds what the game's
    screens replay it from: for I'm Not a Robot its strokes) or an ``"association"`` (``content["text"]``).
    ``by`` is its author; ``label`` (an i18n key) and ``params`` say what it was ("the word: lighthouse")."""

    kind: Literal["drawing", "association"]
    by: str
    label: str
    params: dict[str, Any] = field(default_factory=dict)
    content: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "by": self.by, "label": self.label, "params": self.params, "content": self.content}
