"""I'm Not a Robot's own bag of word cards (plugins/notarobot/cards/builtin.json).

Every card is three words in English and the same three in Russian; no word
appears twice in the bag (nor inside another card's two-word name), every word
is lower case and short enough for the shelf. The checks are plain functions,
tested on bad cards too, so that a broken bag fails loudly.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from gamenight.plugins.notarobot import cards

MIN_CARDS = 60
MAX_WORD = 24
SCRIPT = {
    "en": re.compile(r"[a-z]+(?:[- ][a-z]+)*"),
    "ru": re.compile(r"[а-яё]+(?:[- ][а-яё]+)*"),
}


def load_bag() -> list[dict]:
    return json.loads(cards.BUILTIN_FILE.read_text(encoding="utf-8"))["cards"]


def normal(word: str) -> str:
    return " ".join(word.casefold().replace("ё", "е").split())


def shape_problems(bag: list[dict]) -> list[str]:
    problems = []
    for n, card in enumerate(bag, 1):
        if set(card) != {"en", "ru"}:
            problems.append(f"card {n}: keys {sorted(card)}")
            continue
        for lang in ("en", "ru"):
            words = card[lang]
            if not isinstance(words, list) or len(words) != cards.WORDS_PER_CARD:
                problems.append(f"card {n}: {lang} has not {cards.WORDS_PER_CARD} words: {words!r}")
    return problems


def word_problems(bag: list[dict], lang: str) -> list[str]:
    problems = []
    for card in bag:
        for word in card[lang]:
            if not isinstance(word, str) or not word.strip():
                problems.append(f"empty word {word!r}")
            elif len(word) > MAX_WORD:
                problems.append(f"too long ({len(word)}): {word!r}")
            elif word != word.lower():
                problems.append(f"not lower case: {word!r}")
            elif not SCRIPT[lang].fullmatch(word):
                problems.append(f"not {lang} letters (with single inner hyphens or spaces): {word!r}")
    return problems


def repeats(bag: list[dict], lang: str) -> list[str]:
    """Words that occur twice, as a whole word or as part of another word's name ("bear", "teddy bear")."""
    words = [normal(w) for card in bag for w in card[lang] if isinstance(w, str)]
    whole = [w for w, n in Counter(words).items() if n > 1]
    parts = Counter(part for w in set(words) for part in re.split(r"[- ]", w))
    return whole + [p for p, n in parts.items() if n > 1 and p not in whole]


BAG = load_bag()


def test_the_bag_is_big_enough():
    assert len(BAG) >= MIN_CARDS
    # a full match of 6 rounds with two cards per round, twice over, without running out
    assert len(BAG) >= 2 * 6 * 2


def test_every_card_has_three_words_in_each_language():
    assert shape_problems(BAG) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_words_are_short_lower_case_and_in_their_script(lang):
    assert word_problems(BAG, lang) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_word_repeats_in_the_bag(lang):
    assert repeats(BAG, lang) == []


def test_the_game_loads_the_bag_with_ids():
    loaded = cards.builtin_cards()
    assert [c["id"] for c in loaded] == [f"b{n}" for n in range(1, len(BAG) + 1)]
    assert [{"en": c["en"], "ru": c["ru"]} for c in loaded] == BAG
    assert cards.words_of(loaded[0])[0] == {"en": BAG[0]["en"][0], "ru": BAG[0]["ru"][0]}


def test_every_card_would_be_accepted_on_the_lobby_shelf():
    """Exported and imported again, the bag's cards pass the shelf's own checks."""
    assert cards.CardSchema(many=True).validate(BAG) == {}


# -- the checks themselves catch a bad bag ---------------------------------------------------------------


GOOD = {"en": ["apple", "house", "fish"], "ru": ["яблоко", "дом", "рыба"]}


@pytest.mark.parametrize(
    "card",
    [
        {"en": ["apple", "house"], "ru": ["яблоко", "дом", "рыба"]},
        {"en": ["apple", "house", "fish"], "ru": ["яблоко", "дом", "рыба", "кот"]},
        {"en": ["apple", "house", "fish"]},
        {"en": "apple house fish", "ru": ["яблоко", "дом", "рыба"]},
    ],
)
def test_a_card_without_three_words_per_language_is_caught(card):
    assert shape_problems([GOOD, card])


@pytest.mark.parametrize(
    ("lang", "word"),
    [
        ("en", ""),
        ("en", "   "),
        ("en", "Apple"),
        ("en", "x" * 25),
        ("en", "яблоко"),
        ("en", "apple2"),
        ("en", " apple"),
        ("en", "apple--pie"),
        ("ru", "Дом"),
        ("ru", "house"),
        ("ru", "дoм"),  # a Latin "o" among Cyrillic letters
        ("ru", "дом!"),
        ("ru", "д" * 25),
    ],
)
def test_a_bad_word_is_caught(lang, word):
    card = {**GOOD, lang: [word, *GOOD[lang][1:]]}
    assert word_problems([card], lang)


@pytest.mark.parametrize(
    ("lang", "other"),
    [
        ("en", ["fish", "boot", "kite"]),
        ("en", ["Fish ", "boot", "kite"]),
        ("en", ["goldfish", "boot", "fish bowl"]),
        ("ru", ["ёж", "ёж", "сапог"]),
        ("ru", ["ёж", "еж", "сапог"]),
        ("ru", ["морской дом", "ёж", "сапог"]),
    ],
)
def test_a_repeated_word_is_caught(lang, other):
    card = {**GOOD, lang: other}
    assert repeats([GOOD, card], lang)


def test_words_that_only_share_letters_are_not_repeats():
    card = {"en": ["applesauce", "greenhouse", "fishing boat"], "ru": ["яблоня", "домик", "рыбак"]}
    assert repeats([GOOD, card], "en") == []
    assert repeats([GOOD, card], "ru") == []
