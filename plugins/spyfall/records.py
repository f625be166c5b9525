"""Spyfall's stats in a crew's record book (``gamenight.records``): each round's spies and agents, who won,
who was caught and by whom, who named the location, and the crew's fastest win by a spy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Stat, Tally

if TYPE_CHECKING:
    from gamenight.match import Match

STATS = {
    "spy_rounds": Stat(),
    "spy_won": Stat(),
    "spy_caught": Stat(),
    "guessed_location": Stat(),
    "agent_rounds": Stat(),
    "agent_won": Stat(),
    "caught_spy": Stat(),  # first to accuse a spy who was then convicted: head to head, against that spy
    "fastest_spy_win": Stat(best="least", unit="seconds"),
}


def round_tallies(match: Match) -> list[Tally]:
    state = match.round_state
    outcome = state.get("outcome")
    if not outcome:
        return []
    spies = [s for s in outcome["spies"] if s in match.players]
    spies_won = outcome["winner"] == "spies"
    found: list[Tally] = []
    for spy in spies:
        found.append(Tally(spy, "spy_rounds"))
        if spies_won:
            found.append(Tally(spy, "spy_won"))
            if "dealt_at" in state:
                found.append(Tally(spy, "fastest_spy_win", round(match.now - state["dealt_at"])))
        if outcome["convicted"] == spy:
            found.append(Tally(spy, "spy_caught"))
            first = state["first_accuser"].get(spy)
            if first is not None and first in match.players:
                found.append(Tally(first, "caught_spy", against=spy))
        if spy in outcome["correct"]:
            found.append(Tally(spy, "guessed_location"))
    for agent in match.present:
        if agent not in outcome["spies"]:
            found.append(Tally(agent, "agent_rounds"))
            if not spies_won:
                found.append(Tally(agent, "agent_won"))
    return found
