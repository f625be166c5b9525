"""Double human: an I'm Not a Human house rule, packaged on its own.

Every round two of the players hold a Human card, and there is no server card:
both Humans are players, and there is no "#9" to vote for. Neither Human is
told who the other one is. Either Human may reveal in the reveal window and
guess the picture (3 for a right guess; a wrong one, or the clock running
out, wins the round for the robots). Otherwise the vote decides: the robots
win when it reveals either Human, and each Human it does not reveal scores 2
("undisclosed"). A robot still scores 1 for a vote against either Human.

It needs at least 4 players: the start is refused below that, and a match
that falls below 4 players ends at once, scored by its finished rounds.

Written only against gamenight's documented hooks (docs/plugins.md): the
game's own ``notahuman_humans`` and ``notahuman_server_card``, and the game
hooks ``check_start`` and ``player_left`` (``Variant(hooks=...)``). The game
deals, scores and shows the rest.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

from gamenight import ActionError, ClientAssets, Variant, hookimpl

VARIANT = "double_human"
GAME = "notahuman"
HUMANS = 2
MIN_PLAYERS = 4


class DoubleHuman:
    """The variant's layer of hooks over I'm Not a Human's."""

    @hookimpl
    def notahuman_humans(self, match) -> int:
        return HUMANS

    @hookimpl
    def notahuman_server_card(self, match) -> bool:
        # Both Humans are players: no server card, so no "#9" on the ballot.
        return False

    @hookimpl
    def check_start(self, match) -> None:
        if len(match.players) < MIN_PLAYERS:
            raise ActionError("double_human.too_few_players", min=MIN_PLAYERS, players=len(match.players))

    @hookimpl(wrapper=True)
    def player_left(self, match, player: str) -> Generator[None, str | None, str | None]:
        # The game first (a Human who leaves voids the round, and names the phase to go to); then, below this
        # variant's minimum, the match ends as it would below the game's own: at once, scored by its finished
        # rounds (the core moves an ended match nowhere, whatever phase the game named).
        result = yield
        if not match.over and len(match.present) < MIN_PLAYERS:
            match.announce("event.too_few_players", min=MIN_PLAYERS)
            match.finish(early=True)
        return result


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(
            id=VARIANT,
            game=GAME,
            names={"en": "Double human", "ru": "Двойной человек"},
            hooks=DoubleHuman(),
        )
    ]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets(VARIANT, Path(__file__).parent / "client")]
