"""The built-in picture deck: 249 scenes composed from OpenMoji (CC BY-SA 4.0), with tags in ru and en."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from gamenight.images import ImagePack, PackImage

DECK_DIR = Path(__file__).parent / "deck"
PACK_ID = "notahuman.scenes"


@cache
def scenes_pack() -> ImagePack:
    scenes = json.loads((DECK_DIR / "scenes.json").read_text(encoding="utf-8"))
    images = tuple(
        PackImage(
            id=scene["id"],
            path=DECK_DIR / "images" / f"{scene['id']}.svg",
            tags={lang: tuple(tags) for lang, tags in scene["tags"].items()},
        )
        for scene in scenes
    )
    return ImagePack(
        id=PACK_ID,
        names={"en": "Scenes (OpenMoji)", "ru": "Сценки (OpenMoji)"},
        images=images,
        credit=(
            "All emojis designed by OpenMoji – the open-source emoji and icon project. License: CC BY-SA 4.0. "
            "The scenes are adaptations of OpenMoji art, shared under the same license."
        ),
        credit_url="https://openmoji.org/",
    )
