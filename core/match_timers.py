"""A match's countdowns (the facade's ``start_timer``, ``stop_timer``, ``hold_timer``, ``release_timer``; the
core's ``due_timers``, ``next_deadline``): ``timers`` by name, each a ``gamenight.timers.Timer``."""

from __future__ import annotations

from gamenight.options import NO_CLOCK, TIME_FACTOR
from gamenight.timers import NO_CLOCK_HOLD, Timer

HOST_HOLD = "host"  # the hold on every countdown while the host has paused the match


class MatchTimers:
    """Countdowns started, held and stopped at the move's clock reading (``now``).

    A part of ``gamenight.match.Match``: the state it reads and changes is what ``Match.__init__`` sets.
    """

    def start_timer(self, name: str, seconds: float, pace: bool = False) -> Timer:
        """Start (or restart) a countdown; it starts paused while the host has paused the match.

        Every countdown is lengthened by the host's extended-time option (``time_factor``); with no clock
        (``NO_CLOCK``) it starts held for good, and the host moves the phase on (``skip``). A ``pace``
        countdown moves the show on rather than giving players a deadline (``Clock.pace``): it keeps its length.
        """
        factor = float(self.options.get(TIME_FACTOR, 1.0))
        untimed = factor == NO_CLOCK and not pace
        seconds = float(seconds) * (1.0 if factor == NO_CLOCK else factor)
        holds = ([HOST_HOLD] if self.paused else []) + ([NO_CLOCK_HOLD] if untimed else [])
        timer = Timer.started(name, seconds, self.now, holds, pace=pace)
        self.timers[name] = timer
        return timer

    def stop_timer(self, name: str) -> None:
        self.timers.pop(name, None)

    def hold_timer(self, name: str, reason: str) -> None:
        """Stop a countdown for ``reason`` (e.g. a vote) until ``release_timer``."""
        if name in self.timers:
            self.timers[name].hold(reason, self.now)

    def release_timer(self, name: str, reason: str) -> None:
        if name in self.timers:
            self.timers[name].release(reason, self.now)

    def due_timers(self, now: float) -> list[str]:
        """Names of running timers that have run out at ``now``, soonest first."""
        due = [t for t in self.timers.values() if t.deadline is not None and t.deadline <= now]
        return [t.name for t in sorted(due, key=lambda t: (t.deadline, t.name))]

    def next_deadline(self) -> float | None:
        deadlines = [t.deadline for t in self.timers.values() if t.deadline is not None]
        return min(deadlines, default=None)
