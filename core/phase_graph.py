"""A game's phases as a graph: where each phase leads (its ``next``), drawn as text or as Graphviz, and checked.

``gamenight games --phases GAME`` prints it; tests/test_phase_graph.py checks every installed game with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.game import ANY_PHASE, Phase
from gamenight.registry import GameStack


@dataclass(frozen=True)
class PhaseGraph:
    """The declared phases of one game stack (a game and its chosen variants), in declaration order."""

    first: str | None
    phases: dict[str, Phase]
    anywhere: tuple[str, ...]  # where every phase may lead (the ``next`` of the phase "*")

    @classmethod
    def of(cls, stack: GameStack) -> PhaseGraph:
        phases = {pid: phase for pid, phase in stack.declared.items() if pid != ANY_PHASE}
        return cls(stack.first_phase, phases, stack.leads_anywhere)

    def leads_to(self, phase_id: str) -> tuple[str, ...]:
        """The phases ``phase_id`` may lead to: its own ``next``, then where every phase may go."""
        own = self.phases[phase_id].leads_to
        return own + tuple(p for p in self.anywhere if p not in own and p != phase_id)

    def reachable(self) -> list[str]:
        """The phases a match can reach from its first, in the order first reached."""
        if self.first is None:
            return []
        seen, queue = [self.first], [self.first]
        while queue:
            for target in self.leads_to(queue.pop(0)):
                if target in self.phases and target not in seen:
                    seen.append(target)
                    queue.append(target)
        return seen

    def unreachable(self) -> list[str]:
        reached = set(self.reachable())
        return [pid for pid in self.phases if pid not in reached]

    def as_text(self) -> str:
        """One line per phase: ``id -> next, ...`` with its clock, its moves and whether a round is played."""
        lines = []
        for pid, phase in self.phases.items():
            marks = ["start"] if pid == self.first else []
            if not phase.is_playing:
                marks.append("between rounds")
            if phase.clock is not None:
                marks.append(f"clock {phase.timer}" + (", spans phases" if phase.clock.spans else ""))
            if phase.moves:
                marks.append("moves " + ", ".join(phase.moves))
            targets = ", ".join(self.leads_to(pid)) or "(stays; the match ends here)"
            lines.append(f"{pid} -> {targets}" + (f"   [{'; '.join(marks)}]" if marks else ""))
        return "\n".join(lines)

    def as_dot(self, name: str) -> str:
        """The graph in Graphviz's DOT language (``| dot -Tsvg``)."""
        lines = [f'digraph "{name}" {{', "  rankdir=LR;", '  node [shape=box, style=rounded, fontname="sans-serif"];']
        for pid, phase in self.phases.items():
            attributes = ["penwidth=2"] if pid == self.first else []
            if not phase.is_playing:
                attributes.append("style=dashed")
            label = pid + (f"\\n({phase.timer})" if phase.clock is not None else "")
            lines.append(f'  "{pid}" [label="{label}"{"".join(", " + a for a in attributes)}];')
        for pid, phase in self.phases.items():
            for target in phase.leads_to:
                lines.append(f'  "{pid}" -> "{target}";')
            for target in self.anywhere:
                if target not in phase.leads_to and target != pid:
                    lines.append(f'  "{pid}" -> "{target}" [style=dotted];')
        lines.append("}")
        return "\n".join(lines)
