"""Secret ballots: one changeable ballot per eligible voter, hidden until the vote closes.

Two tally rules cover the built-in games:

* ``plurality``: the candidate with most votes wins; a tie goes to the game's
  ``ballot_tiebreak`` hook, and stays a tie (no winner) if the game has none.
* ``yesno``: candidates are ``"yes"`` and ``"no"``; the motion passes with the
  yes votes of all eligible voters but ``k`` (``k=0``: only a unanimous yes).
* ``majority``: ``"yes"`` and ``"no"``; the motion passes with the yes votes of
  more than half of the eligible voters (a voter who does not vote is not a yes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Rule = Literal["plurality", "yesno", "majority"]


@dataclass
class Ballot:
    id: str
    voters: list[str]
    candidates: list[str]
    rule: Rule = "plurality"
    k: int = 0
    forbidden: dict[str, list[str]] = field(default_factory=dict)
    choices: dict[str, str] = field(default_factory=dict)
    closed: bool = False
    result: dict[str, Any] | None = None
    timer: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return all(voter in self.choices for voter in self.voters)

    def allowed(self, voter: str) -> list[str]:
        banned = set(self.forbidden.get(voter, ()))
        return [c for c in self.candidates if c not in banned]

    def drop_candidate(self, candidate: str) -> None:
        """Take ``candidate`` off an open ballot; whoever chose it may vote again."""
        if candidate in self.candidates:
            self.candidates.remove(candidate)
        for voter, choice in list(self.choices.items()):
            if choice == candidate:
                del self.choices[voter]

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(self.candidates, 0)
        for voter, choice in self.choices.items():
            if voter in self.voters:
                counts[choice] += 1
        return counts

    def tally(self) -> dict[str, Any]:
        """Count the ballots. ``winner`` is None on an unresolved tie."""
        counts = self.counts()
        if self.rule in ("yesno", "majority"):
            needed = len(self.voters) // 2 + 1 if self.rule == "majority" else max(0, len(self.voters) - self.k)
            passed = counts.get("yes", 0) >= needed and needed > 0
            return {
                "counts": counts,
                "needed": needed,
                "passed": passed,
                "winner": "yes" if passed else "no",
                "tied": [],
            }
        top = max(counts.values(), default=0)
        tied = [c for c, n in counts.items() if n == top] if top > 0 else []
        winner = tied[0] if len(tied) == 1 else None
        return {"counts": counts, "winner": winner, "tied": tied if len(tied) > 1 else []}

    def view(self, recipient: str | None) -> dict[str, Any]:
        """Open: who has voted and the recipient's own choice. Closed: everything."""
        shown: dict[str, Any] = {
            "id": self.id,
            "rule": self.rule,
            "voters": list(self.voters),
            "candidates": list(self.candidates),
            "closed": self.closed,
            "timer": self.timer,
            "data": self.data,
        }
        if self.closed:
            shown["choices"] = dict(self.choices)
            shown["result"] = self.result
        else:
            shown["voted"] = [v for v in self.voters if v in self.choices]
            if recipient in self.voters:
                shown["mine"] = self.choices.get(recipient)
                shown["allowed"] = self.allowed(recipient)
        return shown

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "voters": list(self.voters),
            "candidates": list(self.candidates),
            "rule": self.rule,
            "k": self.k,
            "forbidden": {v: list(c) for v, c in self.forbidden.items()},
            "choices": dict(self.choices),
            "closed": self.closed,
            "result": self.result,
            "timer": self.timer,
            "data": self.data,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ballot:
        return cls(**data)
