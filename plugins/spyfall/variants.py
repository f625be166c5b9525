"""Spyfall's built-in variant: known spies (the rulebook's "Знакомые шпионы")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight import ActionError, hookimpl
from gamenight.plugins.spyfall.rules import ACCUSATION, score_round, spy_count_option

if TYPE_CHECKING:
    from collections.abc import Generator

    from gamenight.match import Match


class KnownSpies:
    """Both spies see each other. A spy convicted by an early accusation gives both spies 0."""

    @hookimpl
    def check_start(self, match: Match) -> None:
        if spy_count_option(match) != 2:
            raise ActionError("spyfall.known_spies_needs_two")

    @hookimpl(wrapper=True)
    def seat_view(self, match: Match, player: str) -> Generator[None, dict[str, Any], dict[str, Any]]:
        shown = yield
        spies = match.round_state.get("spies", [])
        if player in spies:
            shown["card"] = {**shown["card"], "partners": [s for s in spies if s != player]}
        return shown

    @hookimpl(tryfirst=True)
    def spyfall_score(self, match: Match, outcome: dict[str, Any]) -> bool | None:
        if outcome["how"] == ACCUSATION and outcome["convicted"] in outcome["spies"]:
            score_round(match, outcome, other_spy_as_agent=False)
            return True
        return None
