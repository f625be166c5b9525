"""Hooks I'm Not a Human declares for its variants (documented in docs/plugins.md)."""

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
    def notahuman_humans(self, match: Match) -> int:
        """How many Human cards the role deck holds (the game's default: 1).

        The deck has one card per present player, plus the server's when a
        server card is dealt; the Humans are among them. Each Human the vote
        does not reveal scores ``undisclosed``; the robots win when the vote
        reveals any Human. (Stars per reason come from the core ``points``
        hook, over the game's table ``rules.POINTS``.)
        """
