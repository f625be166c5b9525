"""Word cards: the game's own bag, and the cards a host adds on the lobby's shelf (imported and exported as JSON).

A card is three words, in English and Russian; a card of the host's may have
one language only, and then shows that language's words to everyone.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from gamenight import ActionError, Move, Shelf, ShelfContext
from gamenight.text import Text
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

BUILTIN_FILE = Path(__file__).parent / "cards" / "builtin.json"
BUILTIN, CUSTOM = "builtin", "custom"
SHELF = "notarobot.cards"
WORDS_PER_CARD = 3
MAX_CARDS_PER_ADD = 100
MAX_SHELF_CARDS = 300
LANGUAGES = ("en", "ru")


@cache
def builtin_cards() -> list[dict[str, Any]]:
    """The game's bag, with ids ``b1``, ``b2``, ... in file order."""
    cards = json.loads(BUILTIN_FILE.read_text(encoding="utf-8"))["cards"]
    return [{"id": f"b{n}", "en": card["en"], "ru": card["ru"]} for n, card in enumerate(cards, 1)]


def bag(sources: list[str], shelf: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card of the chosen sources: ``"builtin"`` (the game's bag), ``"custom"`` (this lobby's shelf)."""
    found: list[dict[str, Any]] = []
    if BUILTIN in sources:
        found += builtin_cards()
    if CUSTOM in sources:
        found += shelf.get("cards", [])
    return found


def words_of(card: dict[str, Any]) -> list[dict[str, str]]:
    """A card's three words, each as ``{"en", "ru"}`` (a missing language shows the other one)."""
    en, ru = card.get("en") or card.get("ru"), card.get("ru") or card.get("en")
    return [{"en": e, "ru": r} for e, r in zip(en, ru, strict=True)]


# -- the lobby's own cards -----------------------------------------------------------------------------


WORD = Text(max_length=24)


class CardSchema(Schema):
    en = fields.List(WORD, validate=validate.Length(equal=WORDS_PER_CARD))
    ru = fields.List(WORD, validate=validate.Length(equal=WORDS_PER_CARD))

    @validates_schema
    def _one_language_at_least(self, data: dict[str, Any], **kwargs: Any) -> None:
        if not any(data.get(lang) for lang in LANGUAGES):
            raise ValidationError(f"A card has {WORDS_PER_CARD} words in English, Russian or both.")


def add_cards(shelf: ShelfContext, action) -> None:
    cards = shelf.data.setdefault("cards", [])
    given = [{lang: card[lang] for lang in LANGUAGES if card.get(lang)} for card in action.args["cards"]]
    if len(cards) + len(given) > MAX_SHELF_CARDS:
        raise ActionError("notarobot.too_many_cards", max=MAX_SHELF_CARDS)
    for card in given:
        shelf.data["next"] = number = shelf.data.get("next", 0) + 1
        cards.append({"id": f"c{number}", **card})


def remove_card(shelf: ShelfContext, action) -> None:
    cards = shelf.data.setdefault("cards", [])
    kept = [c for c in cards if c["id"] != action.args["card"]]
    if len(kept) == len(cards):
        raise ActionError("notarobot.unknown_card", card=action.args["card"])
    shelf.data["cards"] = kept


def clear_cards(shelf: ShelfContext, action) -> None:
    shelf.data["cards"] = []


CARDS_SHELF = Shelf(
    SHELF,
    {
        "add_cards": Move(
            add_cards,
            args={
                "cards": fields.List(
                    fields.Nested(CardSchema), required=True, validate=validate.Length(1, MAX_CARDS_PER_ADD)
                )
            },
            who="host",
        ),
        "remove_card": Move(remove_card, args={"card": fields.String(required=True)}, who="host"),
        "clear_cards": Move(clear_cards, who="host"),
    },
)
