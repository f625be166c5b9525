"""Deck helpers and the per-move RNG."""

from __future__ import annotations

import random

import pytest
from gamenight.deck import deal_one_each, draw, draw_bottom, shuffled
from gamenight.match import Match


def test_shuffle_is_a_permutation_and_depends_on_the_seed():
    cards = list(range(52))
    a = shuffled(random.Random("s1"), cards)
    b = shuffled(random.Random("s1"), cards)
    c = shuffled(random.Random("s2"), cards)
    assert sorted(a) == cards and a == b and a != c
    assert cards == list(range(52)), "the input is left alone"


def test_draw_from_top_and_bottom():
    deck = ["a", "b", "c", "d", "e"]
    assert draw(deck, 2) == ["a", "b"]
    assert draw_bottom(deck) == ["e"]
    assert deck == ["c", "d"]
    with pytest.raises(ValueError):
        draw(deck, 3)


def test_deal_one_each_leaves_the_leftovers():
    deck = ["h", "r1", "r2", "r3", "r4"]
    hands = deal_one_each(deck, ["p1", "p2", "p3", "p4"])
    assert hands == {"p1": "h", "p2": "r1", "p3": "r2", "p4": "r3"}
    assert deck == ["r4"], "the server card"


def test_rng_is_per_match_secret_seed_and_version():
    def match(seed: str) -> Match:
        return Match(id="m", game="g", variants=[], options={}, players=["p1"], names={"p1": "A"}, seed=seed)

    one, same, other = match("seed-a"), match("seed-a"), match("seed-b")
    assert one.rng.random() == same.rng.random()
    assert match("seed-a").rng.random() != other.rng.random()
    first = match("seed-a").rng.random()
    later = match("seed-a")
    later.version = 1
    assert later.rng.random() != first


def test_seeds_are_drawn_from_the_os_and_stay_on_the_server(night):
    night.start()
    seed = night.match.seed
    night2 = night.engine.lobbies[night.code]
    assert len(seed) == 32 and seed != night2.code
    for name in [None, "Ann", "Boris", "Chen"]:
        assert seed not in repr(night.view(name))
