"""A match's phases and turns (the facade's ``phase_declared``, ``playing``, ``move_on``, ``pass_turn``,
``restart_clock``, ``check_phase_end``, ``clock_ran_out``): entering the phase a handler returned, with its turn,
clock and ``on_enter``, and asking a phase's ``end_if``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight.game import ANY_PHASE
from gamenight.match_ballots import BALLOT_TIMER_PREFIX

if TYPE_CHECKING:
    from gamenight.game import Phase

MAX_PHASE_CHAIN = 32  # phases ended in a row by one change before the game is deemed to loop


class MatchPhases:
    """``phase`` and ``turn`` are the match's state; these move them on as the game's declarations say.

    A part of ``gamenight.match.Match``: the state it reads and changes is what ``Match.__init__`` sets.
    """

    @property
    def phase_declared(self) -> Phase | None:
        """The declaration of the current phase (its moves, clock and handlers)."""
        return self.stack.phase(self.phase)

    @property
    def playing(self) -> bool:
        """True while a round is being played (the current phase is not one between rounds)."""
        declared = self.phase_declared
        return not self.over and declared is not None and declared.is_playing

    def move_on(self, target: str | None) -> None:
        """Enter ``target``, the phase a handler returned (``None``, or the current phase: stay).

        The core calls this with what a move, ``on_end``, ``on_clock``,
        ``on_ballot``, ``on_enter`` or ``player_left`` returned; the current
        phase must name ``target`` in its ``next`` (or ``"*"`` must).
        """
        for _ in range(MAX_PHASE_CHAIN):
            if target is None or target == self.phase or self.over:
                return
            if target not in self.stack.phases or target == ANY_PHASE:
                raise ValueError(f"{self.game}: undeclared phase {target!r}")
            current = self.phase_declared
            if current is not None and target not in current.leads_to and target not in self.stack.leads_anywhere:
                raise ValueError(f"{self.game}: phase {self.phase!r} does not lead to {target!r} (add it to its next)")
            target = self._enter(target)
        raise RuntimeError(f"{self.game}: phases keep passing on from {self.phase!r}: the game loops")

    def _enter(self, phase: str) -> str | None:
        """Leave the current phase (its clock stops unless it ``spans`` phases) and enter ``phase``: the turn,
        its clock, its ``on_enter``; where ``on_enter`` passes on to."""
        old = self.phase_declared
        if old is not None and old.clock is not None and not old.clock.spans:
            self.stop_timer(old.timer)
        self.phase = phase
        new = self.phase_declared
        self.turn = new.turn(self) if new.turn is not None else None
        if new.clock is not None and new.timer not in self.timers:
            self.start_timer(new.timer, new.clock.length(self), pace=new.clock.pace)
        return new.on_enter(self) if new.on_enter is not None else None

    def pass_turn(self, player: str | None) -> None:
        """Give the turn to ``player`` within the phase; a ``per_turn`` clock starts again."""
        self.turn = player
        declared = self.phase_declared
        if declared is not None and declared.clock is not None and declared.clock.per_turn:
            self.restart_clock()

    def restart_clock(self) -> None:
        """Start the current phase's clock again from its full length."""
        declared = self.phase_declared
        if declared is not None and declared.clock is not None:
            self.start_timer(declared.timer, declared.clock.length(self), pace=declared.clock.pace)

    def check_phase_end(self) -> None:
        """Ask the current phase's ``end_if``; while it holds, move on where it leads (the core calls this)."""
        for _ in range(MAX_PHASE_CHAIN):
            declared = self.phase_declared
            if self.over or declared is None or declared.end_if is None or not declared.end_if(self):
                return
            self.move_on(declared.ended(self))
            if self.phase == declared.id:
                return
        raise RuntimeError(f"phase {self.phase!r} keeps ending: the game loops")

    def clock_ran_out(self, name: str) -> None:
        """Timer ``name`` ran out (or the host moved on): close its ballot, or ask its phase where to go."""
        if name.startswith(BALLOT_TIMER_PREFIX):
            self.close_ballot(name.removeprefix(BALLOT_TIMER_PREFIX))
            return
        self.stop_timer(name)
        declared = self.phase_declared
        owner = declared if declared is not None and declared.timer == name else self.stack.phase_with_timer(name)
        if owner is not None:
            self.move_on(owner.clock_ran_out(self))
