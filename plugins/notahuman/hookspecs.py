"""Hooks I'm Not a Human declares for its variants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import hookspec

if TYPE_CHECKING:
    from gamenight.match import Match


class NotAHumanHooks:
    @hookspec(firstresult=True)
    def notahuman_server_card(self, match: Match) -> bool:
        """Whether a server card is dealt (the game's default: yes; Human factor: no)."""

    @hookspec(firstresult=True)
    def notahuman_rounds(self, match: Match) -> int:
        """How many rounds the match has (the game's default: 6)."""

    @hookspec(firstresult=True)
    def notahuman_points(self, match: Match, reason: str) -> int:
        """Stars for one reason (``guessed`` 3, ``undisclosed`` 2, ``robots_won`` 1, ``voted_human`` 1)."""
