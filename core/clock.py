"""Clocks: the wall clock for real play, a hand-moved clock for scripts and tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamenight.engine import Engine, Outcome


class ManualClock:
    """A clock that moves only when told to."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def set(self, now: float) -> None:
        self.now = max(self.now, now)


def advance(engine: Engine, clock: ManualClock, seconds: float) -> list[Outcome]:
    """Move a hand-moved clock by ``seconds``, firing every timer due on the way at its own deadline."""
    target = clock.now + seconds
    fired: list[Outcome] = []
    while (due := engine.next_due()) is not None and due <= target:
        clock.set(due)
        fired += engine.run_due()
    clock.set(target)
    return fired
