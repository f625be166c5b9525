"""I'm Not a Human's variants from the rulebook: Human factor and Defragmentation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import hookimpl
from gamenight.options import integer
from gamenight.plugins.notahuman.rules import ROUNDS

if TYPE_CHECKING:
    from gamenight.match import Match


class HumanFactor:
    """No server card: there is always a Human among the players, and no "#9" to vote for."""

    @hookimpl(tryfirst=True)
    def notahuman_server_card(self, match: Match) -> bool:
        return False


class Defragmentation:
    """Any number of rounds."""

    OPTIONS = {"rounds": integer(ROUNDS, 1, 27, "notahuman.option.rounds")}

    @hookimpl(tryfirst=True)
    def notahuman_rounds(self, match: Match) -> int:
        return match.options["rounds"]
