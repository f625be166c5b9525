"""Spyfall 2 (Hobby World's "Находка для шпиона 2"): one or two spies who do not know the location."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Shelf, Variant, hookimpl
from gamenight.plugins.spyfall import rules
from gamenight.plugins.spyfall.board import BOARD_SHELF, eight_locations
from gamenight.plugins.spyfall.packs import PACKS_SHELF
from gamenight.plugins.spyfall.variants import KnownSpies


@hookimpl
def gamenight_games() -> list[Game]:
    return [rules.GAME]


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(
            id="known_spies",
            game="spyfall",
            names={"en": "Known spies", "ru": "Знакомые шпионы"},
            hooks=KnownSpies(),
        ),
        eight_locations("eight_locations", "spyfall", rules.next_round),
    ]


@hookimpl
def gamenight_shelves() -> list[Shelf]:
    return [PACKS_SHELF, BOARD_SHELF]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("spyfall", Path(__file__).parent / "client")]
