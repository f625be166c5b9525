"""I'm Not a Robot: everyone draws a secret CAPTCHA on a 5 x 5 pad; guessers race to check a tile that is inside."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Shelf, hookimpl
from gamenight.plugins.notarobot import rules
from gamenight.plugins.notarobot.cards import CARDS_SHELF


@hookimpl
def gamenight_games() -> list[Game]:
    return [rules.GAME]


@hookimpl
def gamenight_shelves() -> list[Shelf]:
    return [CARDS_SHELF]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("notarobot", Path(__file__).parent / "client")]
