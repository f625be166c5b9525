"""Clocks: the wall clock for real play, a hand-moved clock for scripts and tests."""

from __future__ import annotations


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
