"""Spyfall's built-in variant: known spies (the rulebook's "Знакомые шпионы")."""

from __future__ import annotations

from typing import Any

from gamenight import ActionError, hookimpl
from gamenight.plugins.spyfall.rules import ACCUSATION, score_round, spy_count_option


class KnownSpies:
    """Both spies see each other. A spy convicted by an early accusation gives both spies 0."""

    @hookimpl
    def check_start(self, match) -> None:
        if spy_count_option(match) != 2:
            raise ActionError("spyfall.known_spies_needs_two")

    @hookimpl(wrapper=True)
    def view(self, match, player: str | None) -> dict[str, Any]:
        shown = yield
        state = match.data.get("round")
        if player is not None and state and player in state["spies"]:
            shown["card"] = {**shown["card"], "partners": [s for s in state["spies"] if s != player]}
        return shown

    @hookimpl(tryfirst=True)
    def spyfall_score(self, match, outcome: dict[str, Any]) -> bool | None:
        if outcome["how"] == ACCUSATION and outcome["convicted"] in outcome["spies"]:
            score_round(match, outcome, other_spy_as_agent=False)
            return True
        return None
