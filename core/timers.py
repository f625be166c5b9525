"""Server-authoritative countdowns.

A timer is plain data in the match state. A running timer has a ``deadline``
on the engine's clock; a held timer keeps its ``remaining`` seconds. Holds are
named (``"host"`` for the host's pause, a game may add its own such as an
accusation vote), and a timer runs only while it has none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NO_CLOCK_HOLD = "no_clock"  # the hold of every players' countdown in a match the host plays with no clock


@dataclass
class Timer:
    name: str
    duration: float
    remaining: float
    deadline: float | None = None
    holds: list[str] = field(default_factory=list)
    pace: bool = False  # it moves the show on, it is no deadline for players (game.Clock.pace)

    @classmethod
    def started(
        cls, name: str, seconds: float, now: float, holds: list[str] | None = None, pace: bool = False
    ) -> Timer:
        timer = cls(name=name, duration=seconds, remaining=seconds, holds=list(holds or []), pace=pace)
        if not timer.holds:
            timer.deadline = now + seconds
        return timer

    @property
    def running(self) -> bool:
        return self.deadline is not None

    def left(self, now: float) -> float:
        """Seconds left at ``now`` (never negative)."""
        if self.deadline is None:
            return max(0.0, self.remaining)
        return max(0.0, self.deadline - now)

    def hold(self, reason: str, now: float) -> None:
        if reason in self.holds:
            return
        if self.deadline is not None:
            self.remaining = self.left(now)
            self.deadline = None
        self.holds.append(reason)

    def release(self, reason: str, now: float) -> None:
        if reason not in self.holds:
            return
        self.holds.remove(reason)
        if not self.holds:
            self.deadline = now + self.remaining

    def extend(self, seconds: float, now: float) -> None:
        if self.deadline is not None:
            self.deadline = max(self.deadline, now) + seconds
        else:
            self.remaining = max(0.0, self.remaining) + seconds
        self.duration += seconds

    def shift(self, seconds: float) -> None:
        """Move a running deadline later, as if no time passed for ``seconds``."""
        if self.deadline is not None:
            self.deadline += seconds

    def to_dict(self) -> dict[str, Any]:
        data = {
            "name": self.name,
            "duration": self.duration,
            "remaining": self.remaining,
            "deadline": self.deadline,
            "holds": list(self.holds),
        }
        if self.pace:
            data["pace"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Timer:
        return cls(**data)

    def public(self, now: float) -> dict[str, Any]:
        """What any recipient may see: the countdown (and whether it only paces the show), never more."""
        seen = {
            "remaining": round(self.left(now), 3),
            "deadline": self.deadline,
            "duration": self.duration,
            "running": self.running,
            "paused": "host" in self.holds,
        }
        if NO_CLOCK_HOLD in self.holds:
            seen["untimed"] = True
        if self.pace:
            seen["pace"] = True
        return seen
