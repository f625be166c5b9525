"""I'm Not a Robot: everyone draws a secret CAPTCHA on a 5 x 5 pad; guessers race to check a tile that is inside."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Shelf, hookimpl
from gamenight.plugins.notarobot import rules
from gamenight.plugins.notarobot.awards import gamenight_awards as gamenight_awards  # the recap's awards
from gamenight.plugins.notarobot.cards import CARDS_SHELF

NAMES = {"en": "I'm Not a Robot", "ru": "Я не робот"}


@hookimpl
def gamenight_games() -> list[Game]:
    return [
        Game(
            id="notarobot",
            names=NAMES,
            min_players=rules.MIN_PLAYERS,
            max_players=rules.MAX_PLAYERS,
            rules=rules,
            points=rules.POINTS,
        )
    ]


@hookimpl
def gamenight_shelves() -> list[Shelf]:
    return [CARDS_SHELF]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("notarobot", Path(__file__).parent / "client")]
