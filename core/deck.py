"""Deck helpers for secret dealing.

Decks are plain lists so that they live in a match's JSON state; the top of a
deck is index 0. Every helper takes the match's RNG explicitly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def shuffled(rng: random.Random, cards: Iterable[T]) -> list[T]:
    """Return a new list with ``cards`` in a random order."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def draw(deck: list[T], count: int = 1) -> list[T]:
    """Take ``count`` cards from the top of ``deck`` (which shrinks)."""
    if count > len(deck):
        raise ValueError(f"cannot draw {count} from a deck of {len(deck)}")
    taken = deck[:count]
    del deck[:count]
    return taken


def draw_bottom(deck: list[T], count: int = 1) -> list[T]:
    """Take ``count`` cards from the bottom of ``deck`` (which shrinks)."""
    if count > len(deck):
        raise ValueError(f"cannot draw {count} from a deck of {len(deck)}")
    taken = deck[len(deck) - count :]
    del deck[len(deck) - count :]
    return taken


def deal_one_each(deck: list[T], seats: Sequence[str]) -> dict[str, T]:
    """Deal one card from the top of ``deck`` to each seat, in seat order.

    What stays in ``deck`` afterwards are the leftovers (for example the
    "server" card of I'm Not a Human).
    """
    cards = draw(deck, len(seats))
    return dict(zip(seats, cards, strict=True))
