"""I'm Not a Human (Hobby World's "Я не человек"): robots know the picture; one hidden human bluffs."""

from __future__ import annotations

from pathlib import Path

from gamenight import ClientAssets, Game, Variant, hookimpl
from gamenight.images import ImagePack
from gamenight.plugins.notahuman import rules
from gamenight.plugins.notahuman.deck import scenes_pack
from gamenight.plugins.notahuman.variants import VARIANTS


@hookimpl
def gamenight_games() -> list[Game]:
    return [rules.GAME]


@hookimpl
def gamenight_variants() -> list[Variant]:
    return list(VARIANTS)


@hookimpl
def gamenight_image_packs() -> list[ImagePack]:
    return [scenes_pack()]


@hookimpl
def gamenight_client_assets() -> list[ClientAssets]:
    return [ClientAssets("notahuman", Path(__file__).parent / "client")]
