"""I'm Not a Human's variants from the rulebook: Human factor and Defragmentation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Variant, hookimpl
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
    """Any number of rounds: the ``rounds`` option."""

    @hookimpl(tryfirst=True)
    def notahuman_rounds(self, match: Match) -> int:
        return match.options["rounds"]


VARIANTS = [
    Variant(
        id="human_factor",
        game="notahuman",
        names={"en": "Human factor", "ru": "Человеческий фактор"},
        hooks=HumanFactor(),
    ),
    Variant(
        id="defragmentation",
        game="notahuman",
        names={"en": "Defragmentation", "ru": "Дефрагментация"},
        options={"rounds": integer(ROUNDS, 1, 27, "notahuman.option.rounds")},
        hooks=Defragmentation(),
    ),
]
