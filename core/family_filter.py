"""The family filter: does a text a player typed hold a word a lobby's level keeps out, and which.

Three levels: `off` lets everything through; `moderate` catches strong profanity, explicit sexual words and
slurs, in English and Russian; `strict` also catches mild swearing and crude words (the lists and what belongs
where: gamenight.family_filter_words). A host's own words are caught at both levels, at the start of a word.

A word is looked at as typed and folded: lower case, ё as е, diacritics and zero-width characters dropped,
separators between letters removed (`f.u.c.k`, `х_у_й`), single letters spaced apart joined (`f u c k`),
and read twice: once with Cyrillic look-alikes and leetspeak as Latin letters (`fuсk`, `sh1t`), once with
Latin look-alikes and digits as Cyrillic letters (`xуй`, `пи3да`, `6лядь`). A letter stretched three times
or more is read twice and once (`fuuuck`, `хууууй`). Most roots match at the start of a word only, and an
allow-list covers the innocent words a root still finds (Scunthorpe, команда, застрахуй pass).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from gamenight import family_filter_words as words


class Level(StrEnum):
    OFF = "off"
    MODERATE = "moderate"
    STRICT = "strict"


@dataclass(frozen=True)
class Verdict:
    """What the filter caught in a text: each caught word as typed, and where it stands (start, end)."""

    caught: tuple[str, ...] = ()
    spans: tuple[tuple[int, int], ...] = ()

    @property
    def clean(self) -> bool:
        return not self.caught


_VOWELS = set("aeiouyаеиоуыэюя")
_ZERO_WIDTH = set("\u200b\u200c\u200d\u2060\ufeff\u00ad")
_EDGES = "!|*"  # letter-like only inside a word: "shit!" is "shit"

_TO_LATIN = str.maketrans(
    {
        "а": "a",
        "в": "b",
        "е": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ј": "j",
        "ԁ": "d",
        "ӏ": "l",
        "0": "o",
        "1": "i",
        "3": "e",
        "4": "a",
        "5": "s",
        "7": "t",
        "8": "b",
        "$": "s",
        "@": "a",
        "€": "e",
        "!": "i",
        "|": "l",
    }
)
_TO_CYRILLIC = str.maketrans(
    {
        "a": "а",
        "b": "в",
        "c": "с",
        "e": "е",
        "h": "н",
        "i": "и",
        "k": "к",
        "m": "м",
        "n": "п",
        "o": "о",
        "p": "р",
        "r": "г",
        "t": "т",
        "u": "и",
        "x": "х",
        "y": "у",
        "і": "и",
        "ѕ": "с",
        "0": "о",
        "3": "з",
        "4": "ч",
        "6": "б",
        "9": "я",
        "@": "а",
        "$": "с",
    }
)


def _compile_root(root: str) -> str:
    """A root as a pattern where a vowel may be starred out (`f*ck`)."""
    out: list[str] = []
    i = 0
    while i < len(root):
        char = root[i]
        if char == "[":
            end = root.index("]", i)
            cls = root[i : end + 1]
            if any(c in _VOWELS for c in cls):
                cls = cls[:-1] + r"\*]"
            out.append(cls)
            i = end + 1
            continue
        if char.isalpha():
            letter = f"[{char}*]" if char in _VOWELS else char
            out.append(letter)
        else:
            out.append(char)
        i += 1
    return "".join(out)


@dataclass(frozen=True)
class _Roots:
    """Roots anchored at a word's start, tried there only, and the others, searched through the word."""

    at_start: re.Pattern[str]
    anywhere: re.Pattern[str]

    def matches(self, folded: str) -> list[re.Match[str]]:
        first = self.at_start.match(folded)
        return ([first] if first else []) + list(self.anywhere.finditer(folded))


def _either(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{pattern})" for pattern in patterns) or "(?!)")


def _compile(*groups: Iterable[str]) -> _Roots:
    roots = [root for group in groups for root in group]
    return _Roots(
        at_start=_either([_compile_root(root[1:]) for root in roots if root.startswith("^")]),
        anywhere=_either([_compile_root(root) for root in roots if not root.startswith("^")]),
    )


_ROOTS = {
    Level.MODERATE: (
        _compile(words.ENGLISH_MODERATE, words.TRANSLIT_MODERATE),
        _compile(words.RUSSIAN_MODERATE),
    ),
    Level.STRICT: (
        _compile(words.ENGLISH_MODERATE, words.TRANSLIT_MODERATE, words.ENGLISH_MILD),
        _compile(words.RUSSIAN_MODERATE, words.RUSSIAN_MILD),
    ),
}
_ALLOWED_LATIN = _compile(words.ENGLISH_ALLOWED)
_ALLOWED_CYRILLIC = _compile(words.RUSSIAN_ALLOWED)
_RUNS = re.compile(r"(.)\1{2,}")


def _unstretched(latin: str, cyrillic: str) -> list[tuple[str, str]]:
    """A word read as typed or, where a letter is stretched (three times or more), with it twice and once:
    `fuuuuck` is `fuck`, `asssshole` is `asshole`."""
    if not _RUNS.search(latin) and not _RUNS.search(cyrillic):
        return [(latin, cyrillic)]
    return [
        (_RUNS.sub(r"\1\1", latin), _RUNS.sub(r"\1\1", cyrillic)),
        (_RUNS.sub(r"\1", latin), _RUNS.sub(r"\1", cyrillic)),
    ]


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    """One character as the filter reads it: a lower-case letter or digit, " " for a space, and "\0" for an
    invisible one, which parts letters like a dot does (so the folded text keeps the typed text's positions)."""
    if char in _ZERO_WIDTH:
        return "\0"
    if char.isspace():
        return " "
    composed = unicodedata.normalize("NFKC", char).lower()
    if composed in ("ё", "ѐ"):
        return "е"
    if "\u0400" <= composed[:1] <= "\u04ff":
        return composed[:1]  # й stays й
    base = "".join(c for c in unicodedata.normalize("NFKD", composed) if not unicodedata.combining(c))
    return base[:1] or "\0"


_FOLDED_BELOW = "\u0500"  # Latin, Greek and Cyrillic: folded by one table
_FOLD_TABLE = str.maketrans({chr(code): _fold_char(chr(code)) for code in range(ord(_FOLDED_BELOW))})


def _fold(text: str) -> str:
    """The text as the filter reads it, character for character (the same length)."""
    if not text or max(text) < _FOLDED_BELOW:
        return text.translate(_FOLD_TABLE)
    return "".join(map(_fold_char, text))


_CHUNKS = re.compile(r"[^ ]+")
# Letters, digits, and the symbols that stand for letters inside a word: leetspeak, a star for a hidden vowel.
_LETTER_RUNS = re.compile(r"(?:[^\W_]|[$@*€!|])+")


@dataclass(frozen=True)
class _Word:
    text: str  # folded
    start: int  # where it stands in the text as typed
    end: int


def _words(text: str) -> list[_Word]:
    """The text's words, each also joined across the separators inside it, and runs of spaced single letters."""
    folded = _fold(text)
    found: list[_Word] = []
    singles: list[tuple[int, int]] = []
    for chunk in _CHUNKS.finditer(folded):
        pieces = [_trim(folded, *m.span()) for m in _LETTER_RUNS.finditer(folded, chunk.start(), chunk.end())]
        found.extend(_Word(folded[start:end], start, end) for start, end in pieces)
        if len(pieces) > 1:
            found.append(_joined(folded, pieces))
        if len(pieces) == 1 and pieces[0][1] - pieces[0][0] == 1:
            singles.append(pieces[0])
            continue
        if len(singles) > 1:
            found.append(_joined(folded, singles))
        singles = []
    if len(singles) > 1:
        found.append(_joined(folded, singles))
    return found


def _trim(folded: str, start: int, end: int) -> tuple[int, int]:
    while end - start > 1 and folded[end - 1] in _EDGES:
        end -= 1
    while end - start > 1 and folded[start] in _EDGES:
        start += 1
    return start, end


def _joined(folded: str, pieces: list[tuple[int, int]]) -> _Word:
    return _Word("".join(folded[start:end] for start, end in pieces), pieces[0][0], pieces[-1][1])


def _hits(roots: _Roots, allowed: _Roots, folded: str) -> bool:
    matches = roots.matches(folded)
    if not matches:
        return False
    allowed_spans = [m.span() for m in allowed.matches(folded)]
    return any(
        not any(start <= match.start() and match.end() <= end for start, end in allowed_spans) for match in matches
    )


@lru_cache(maxsize=256)
def _host_roots(host_words: tuple[str, ...]) -> _Roots | None:
    roots = set()
    for word in host_words:
        folded = "".join(_LETTER_RUNS.findall(_fold(word))).replace("*", "")
        if folded:
            roots.add("^" + re.escape(folded.translate(_TO_LATIN)))
            roots.add("^" + re.escape(folded.translate(_TO_CYRILLIC)))
    return _compile(sorted(roots)) if roots else None


def check(text: str, level: Level | str, host_words: Iterable[str] = ()) -> Verdict:
    """What `text` holds that `level` keeps out, with the host's own words (ignored when the level is off)."""
    level = Level(level)
    if level is Level.OFF or not text:
        return Verdict()
    latin_roots, cyrillic_roots = _ROOTS[level]
    host = _host_roots(tuple(sorted({w.strip() for w in host_words if w.strip()})))
    caught: list[tuple[int, int]] = []
    for word in _words(text):
        latin = word.text.translate(_TO_LATIN)
        cyrillic = word.text.translate(_TO_CYRILLIC)
        if any(
            _hits(latin_roots, _ALLOWED_LATIN, latin)
            or _hits(cyrillic_roots, _ALLOWED_CYRILLIC, cyrillic)
            or (host is not None and bool(host.matches(latin) or host.matches(cyrillic)))
            for latin, cyrillic in _unstretched(latin, cyrillic)
        ):
            caught.append((word.start, word.end))
    spans = _merge(caught)
    return Verdict(tuple(text[start:end] for start, end in spans), tuple(spans))


def is_clean(text: str, level: Level | str, host_words: Iterable[str] = ()) -> bool:
    return check(text, level, host_words).clean


def mask(text: str, level: Level | str, host_words: Iterable[str] = (), star: str = "*") -> str:
    """`text` with every letter of what `level` keeps out starred, for a place that cannot refuse (a timed move):
    the same length, spaces and the innocent words kept."""
    verdict = check(text, level, host_words)
    if verdict.clean:
        return text
    chars = list(text)
    for start, end in verdict.spans:
        for index in range(start, end):
            if not chars[index].isspace():
                chars[index] = star
    return "".join(chars)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
