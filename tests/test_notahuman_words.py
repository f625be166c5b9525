"""Association checks: one word, no repeats after normalisation, same-stem words flagged."""

from __future__ import annotations

import pytest
from gamenight import ActionError
from gamenight.plugins.notahuman.words import check_word, likely_repeat_of, normalize, repeat_of
from hypothesis import given
from hypothesis import strategies as st


@pytest.mark.parametrize("word", ["Dark", "рок-н-ролл", "o'clock", "Ёлка", "café", "東京", "naïve", "rock’n’roll"])
def test_one_word_in_any_script(word):
    assert check_word(f"  {word} ") == word


@pytest.mark.parametrize(
    "word", ["", "   ", "two words", "r2d2", "-dash", "dash-", "a--b", "hello!", "x" * 33, "tab\tword", "<b>"]
)
def test_not_one_word_is_refused(word):
    with pytest.raises(ActionError) as refused:
        check_word(word)
    assert refused.value.code == "notahuman.not_one_word"


@pytest.mark.parametrize(
    ("word", "earlier"),
    [
        ("ЁЛКА", ["елка"]),
        ("Dark", ["dark"]),
        ("ｄａｒｋ", ["dark"]),
        ("Straße", ["STRASSE"]),
        ("рок-н-ролл", ["Рок-Н-Ролл"]),
    ],
)
def test_exact_repeats_after_normalisation(word, earlier):
    assert repeat_of(word, earlier) == earlier[0]


@pytest.mark.parametrize(
    ("word", "earlier"),
    [
        ("кошки", ["кошка"]),
        ("кошкой", ["кошка"]),
        ("елки", ["ёлка"]),
        ("running", ["runs"]),
        ("movies", ["movie"]),
        ("darkness", ["dark"]),
    ],
)
def test_same_stem_is_a_likely_repeat(word, earlier):
    assert repeat_of(word, earlier) is None
    assert likely_repeat_of(word, earlier) == earlier[0]


def test_different_words_pass():
    assert likely_repeat_of("кит", ["кот", "кита-нет"]) is None
    assert likely_repeat_of("building", ["movie", "dark", "row"]) is None


@given(st.text(max_size=40))
def test_checks_never_crash(text):
    try:
        word = check_word(text)
    except ActionError as refused:
        assert refused.code == "notahuman.not_one_word"
    else:
        assert " " not in word and normalize(word)
        likely_repeat_of(word, ["кошка", "dark"])
