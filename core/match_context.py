"""The context a match is bound to for the move being applied (the facade's ``stack``, ``hook``, ``now``,
``rng``, ``shelf``, ``image_pool``, ``has_image_pack``): the game stack and its hooks, the engine's clock, the
move's random source, the lobby's shelves and picture packs. None of it is persisted."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Self

from gamenight.images import UPLOADS, UPLOADS_SHELF_ID, uploaded_images

if TYPE_CHECKING:
    from gamenight.registry import GameStack


class MatchContext:
    """``bind`` attaches the context; the rest reads it.

    A part of ``gamenight.match.Match``: the state it reads and changes is what ``Match.__init__`` sets.
    """

    def bind(self, stack: GameStack, now: float, shelves: dict[str, dict[str, Any]] | None = None) -> Self:
        """Attach the game stack, the clock reading and the lobby's shelves for the next change."""
        self._stack = stack
        self._now = now
        self._rng = None
        if shelves is not None:
            self._shelves = shelves
        return self

    def shelf(self, shelf_id: str) -> dict[str, Any]:
        """The lobby's shelf ``shelf_id`` (data that outlives the match); changes to it are kept."""
        assert self._shelves is not None, "match is not bound to its lobby"
        return self._shelves.setdefault(shelf_id, {})

    @property
    def now(self) -> float:
        """The engine's clock reading for the move being applied (seconds)."""
        return self._now

    @property
    def rng(self) -> random.Random:
        """This move's random source: derived from the match's secret seed and version."""
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}/{self.version}")
        return self._rng

    @property
    def stack(self) -> GameStack:
        assert self._stack is not None, "match is not bound to its game stack"
        return self._stack

    @property
    def hook(self) -> Any:
        """The match's hook relay: ``match.hook.<name>(match=match, ...)``."""
        return self.stack.hook

    def image_pool(self, pack_ids: list[str]) -> list[list[str]]:
        """Every ``[pack, image]`` of the picture packs ``pack_ids`` (``"uploads"``: this lobby's uploads)."""
        registry = self.stack.registry
        pool: list[list[str]] = []
        for pack_id in pack_ids:
            if pack_id == UPLOADS:
                pool += [[p, i] for p, i in uploaded_images(self.shelf(UPLOADS_SHELF_ID))]
            elif registry is not None and pack_id in registry.image_packs:
                pool += [[pack_id, image.id] for image in registry.image_packs[pack_id].images]
        return pool

    def has_image_pack(self, pack_id: str) -> bool:
        """Whether ``pack_id`` names an installed picture pack or this lobby's uploads."""
        registry = self.stack.registry
        return pack_id == UPLOADS or (registry is not None and pack_id in registry.image_packs)
