"""Spyfall 2 (Hobby World's "Находка для шпиона 2"): one or two spies who do not know the location."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Shelf, Variant, hookimpl
from gamenight.plugins.spyfall import rules
from gamenight.plugins.spyfall.awards import gamenight_awards as gamenight_awards  # the recap's awards
from gamenight.plugins.spyfall.board import BOARD_SHELF, EightLocations
from gamenight.plugins.spyfall.hookspecs import SpyfallHooks
from gamenight.plugins.spyfall.packs import PACKS_SHELF
from gamenight.plugins.spyfall.variants import KnownSpies

NAMES = {"en": "Spyfall 2", "ru": "Находка для шпиона 2"}


@hookimpl
def gamenight_games() -> list[Game]:
    return [
        Game(
            id="spyfall",
            names=NAMES,
            min_players=rules.MIN_PLAYERS,
            max_players=rules.MAX_PLAYERS,
            rules=(rules, rules.Defaults()),
            hookspecs=SpyfallHooks,
            points=rules.POINTS,
            dealt=rules.DEALT,
        )
    ]


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(
            id="known_spies",
            game="spyfall",
            names={"en": "Known spies", "ru": "Знакомые шпионы"},
            rules=KnownSpies(),
        ),
        Variant(
            id="eight_locations",
            game="spyfall",
            names={"en": "Eight locations", "ru": "Восемь локаций"},
            rules=EightLocations(rules.next_round),
        ),
    ]


@hookimpl
def gamenight_shelves() -> list[Shelf]:
    return [PACKS_SHELF, BOARD_SHELF]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("spyfall", Path(__file__).parent / "client")]
