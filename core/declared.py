"""A game's declared functions as the bottom layer of its hook stack.

A :class:`~gamenight.game.Game` names its functions (``setup``, ``deal``,
the views, ``on_leave``...) as fields; the stack calls them through the game
hooks, so that a variant wraps or overrides them as it would any hook. This
layer sits above the core's defaults and below the game's own ``hooks`` and
every variant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight.hookspecs import hookimpl

if TYPE_CHECKING:
    from gamenight.audience import Prompt
    from gamenight.ballots import Ballot
    from gamenight.game import Game, Next
    from gamenight.match import Match
    from gamenight.records import Keepsake, Tally


class DeclaredGame:
    """The hooks of one game, answered by the functions its ``Game`` declares."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @hookimpl
    def check_start(self, match: Match) -> None:
        if self.game.check_start is not None:
            self.game.check_start(match)

    @hookimpl
    def setup(self, match: Match) -> None:
        self.game.setup(match)

    @hookimpl
    def deal(self, match: Match, forced: dict[str, Any] | None) -> None:
        if self.game.deal is not None:
            self.game.deal(match, forced)

    @hookimpl
    def public_view(self, match: Match) -> dict[str, Any]:
        return self.game.public_view(match)

    @hookimpl
    def seat_view(self, match: Match, player: str) -> dict[str, Any] | None:
        return None if self.game.seat_view is None else self.game.seat_view(match, player)

    @hookimpl
    def player_left(self, match: Match, player: str) -> Next:
        declared = match.phase_declared
        handler = declared.on_leave if declared is not None and declared.on_leave is not None else self.game.on_leave
        return None if handler is None else handler(match, player)

    @hookimpl
    def unfinished_round(self, match: Match) -> list[dict[str, Any]]:
        return [] if self.game.unfinished_round is None else self.game.unfinished_round(match)

    @hookimpl
    def ranking_key(self, match: Match, player: str) -> tuple | None:
        return None if self.game.ranking_key is None else self.game.ranking_key(match, player)

    @hookimpl
    def ballot_tiebreak(self, match: Match, ballot: Ballot, tied: list[str]) -> str | None:
        return None if self.game.ballot_tiebreak is None else self.game.ballot_tiebreak(match, ballot, tied)

    @hookimpl
    def round_tallies(self, match: Match) -> list[Tally]:
        return [] if self.game.round_tallies is None else self.game.round_tallies(match)

    @hookimpl
    def audience_prompts(self, match: Match) -> list[Prompt]:
        return [] if self.game.audience_prompts is None else self.game.audience_prompts(match)

    @hookimpl
    def keepsakes(self, match: Match) -> list[Keepsake]:
        return [] if self.game.keepsakes is None else self.game.keepsakes(match)
