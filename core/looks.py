"""A player's look: a colour and an avatar, chosen on joining and kept all night.

Both are ids, unique in a lobby: no two seats hold the same colour, nor the same
avatar, so that a player is told apart by the avatar's shape even where the
colour cannot be seen. The browser draws them (``web/static/js/looks.js`` holds
each colour's value and each avatar's SVG, under the same ids). A seat that
chose nothing, and every seat of a lobby stored before looks existed, gets the
first free colour and the first free avatar, in the order below: the same on
every replay.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamenight.errors import ActionError

COLOURS: tuple[str, ...] = tuple(f"hue{n:02d}" for n in range(1, 25))
AVATARS: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "star",
    "heart",
    "moon",
    "plus",
    "hexagon",
    "drop",
    "bolt",
    "leaf",
    "cloud",
    "crown",
    "flag",
    "bell",
    "key",
    "ring",
    "arrow",
    "cross",
    "sun",
    "eye",
    "note",
    "tree",
)


def default_look(taken: Iterable[dict[str, Any]]) -> dict[str, str]:
    """The first free colour and the first free avatar, given the looks already held."""
    looks = list(taken)
    colours = {look["colour"] for look in looks}
    avatars = {look["avatar"] for look in looks}
    colour = next((c for c in COLOURS if c not in colours), COLOURS[len(looks) % len(COLOURS)])
    avatar = next((a for a in AVATARS if a not in avatars), AVATARS[len(looks) % len(AVATARS)])
    return {"colour": colour, "avatar": avatar}


def check_free(look: dict[str, str], others: Iterable[dict[str, Any]]) -> None:
    """Refuse a look whose colour or avatar another seat holds (``look_taken``, naming which part)."""
    for other in others:
        if other["colour"] == look["colour"]:
            raise ActionError("look_taken", part="colour")
        if other["avatar"] == look["avatar"]:
            raise ActionError("look_taken", part="avatar")


def fill_looks(players: dict[str, dict[str, Any]], seats: list[str]) -> None:
    """Give every player without a look (a lobby stored before looks) the first free one, in seat order."""
    for pid in [*seats, *players]:
        player = players.get(pid)
        if player is not None and "look" not in player:
            player["look"] = default_look(p["look"] for p in players.values() if "look" in p)
