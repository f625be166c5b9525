"""I'm Not a Human (Hobby World's "Я не человек"): robots know the picture; one hidden human bluffs."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Variant, hookimpl
from gamenight.images import ImagePack
from gamenight.plugins.notahuman import rules
from gamenight.plugins.notahuman.awards import gamenight_awards as gamenight_awards  # the recap's awards
from gamenight.plugins.notahuman.deck import scenes_pack
from gamenight.plugins.notahuman.hookspecs import NotAHumanHooks
from gamenight.plugins.notahuman.variants import Defragmentation, HumanFactor

NAMES = {"en": "I'm Not a Human", "ru": "Я не человек"}


@hookimpl
def gamenight_games() -> list[Game]:
    return [
        Game(
            id="notahuman",
            names=NAMES,
            min_players=rules.MIN_PLAYERS,
            max_players=rules.MAX_PLAYERS,
            rules=rules,
            hookspecs=NotAHumanHooks,
            points=rules.POINTS,
        )
    ]


@hookimpl
def gamenight_variants() -> list[Variant]:
    return [
        Variant(
            id="human_factor",
            game="notahuman",
            names={"en": "Human factor", "ru": "Человеческий фактор"},
            rules=HumanFactor(),
        ),
        Variant(
            id="defragmentation",
            game="notahuman",
            names={"en": "Defragmentation", "ru": "Дефрагментация"},
            rules=Defragmentation(),
        ),
    ]


@hookimpl
def gamenight_image_packs() -> list[ImagePack]:
    return [scenes_pack()]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("notahuman", Path(__file__).parent / "client")]
