"""Association checks (docs/rules, I'm Not a Human, rules 1 and 2).

One word: letters of any script, with hyphens and apostrophes allowed inside
("рок-н-ролл", "o'clock"). No repeats across the whole game, compared after
NFKC, case folding, trimming and "ё" = "е". A word with the same stem as an
earlier one (Snowball stemmers for Russian and English) is a likely repeat in
another form: its author is warned and may confirm it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import snowballstemmer
from gamenight import ActionError
from gamenight.text import TextError, at_door, clean_text

MAX_LETTERS = 32
_JOINERS = "-'\u2019\u2010\u2011"  # hyphen, apostrophes, Unicode hyphens


def normalize(word: str) -> str:
    """The form two associations are compared in."""
    folded = unicodedata.normalize("NFKC", word).strip().casefold()
    folded = folded.replace("ё", "е")
    for joiner in _JOINERS[2:]:
        folded = folded.replace(joiner, "-" if joiner in "\u2010\u2011" else "'")
    return folded


def check_word(raw: str) -> str:
    """The cleaned word, or ``ActionError("notahuman.not_one_word")``."""
    try:
        word = unicodedata.normalize("NFKC", clean_text(raw, MAX_LETTERS, door=False))
    except TextError:
        raise ActionError("notahuman.not_one_word", max=MAX_LETTERS) from None
    if len(word) > MAX_LETTERS:
        raise ActionError("notahuman.not_one_word", max=MAX_LETTERS)
    parts = re.split(f"[{re.escape(_JOINERS)}]", word)
    if any(
        not part or not all(unicodedata.category(ch).startswith("L") or unicodedata.category(ch) == "Mn" for ch in part)
        for part in parts
    ):
        raise ActionError("notahuman.not_one_word", max=MAX_LETTERS)
    return at_door(word, "word")  # the family filter's, after the shape: a word it masks keeps its stars


@cache
def _stemmer(language: str):
    return snowballstemmer.stemmer(language)


def stem(word: str) -> str:
    """The word's stem, by the Russian stemmer for Cyrillic and the English one otherwise."""
    normal = normalize(word)
    language = "russian" if any("\u0400" <= ch <= "\u04ff" for ch in normal) else "english"
    return "-".join(_stemmer(language).stemWord(part) for part in normal.split("-"))


def repeat_of(word: str, earlier: list[str]) -> str | None:
    """The earlier association ``word`` repeats exactly (after normalisation), if any."""
    normal = normalize(word)
    return next((w for w in earlier if normalize(w) == normal), None)


def likely_repeat_of(word: str, earlier: list[str]) -> str | None:
    """An earlier association with the same stem, if any: a warning, not a refusal."""
    stemmed = stem(word)
    return next((w for w in earlier if stem(w) == stemmed), None)
