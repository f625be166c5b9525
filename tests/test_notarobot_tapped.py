"""I'm Not a Robot: a figure tapped point by point on the pad's grid is the same drawing to the server as a
figure drawn by hand along the same shape: the same tiles inside, so the same checkmarks are right."""

from __future__ import annotations

import math

import pytest
from helpers import Night

PLAYERS = ["Ann", "Boris", "Chen", "Dina"]
CARDS = [{"en": [f"w{n}a", f"w{n}b", f"w{n}c"], "ru": [f"с{n}а", f"с{n}б", f"с{n}в"]} for n in range(6)]
# Tapped: grid points only (the corners of tiles, multiples of 0.2), in the order tapped.
TAPPED = {
    "square": [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]],
    "L": [[0.0, 0.0], [0.4, 0.0], [0.4, 0.6], [1.0, 0.6], [1.0, 1.0], [0.0, 1.0]],
    "steps": [[0.2, 0.0], [0.6, 0.0], [0.6, 0.4], [1.0, 0.4], [1.0, 0.8], [0.2, 0.8]],
}


def by_hand(corners: list[list[float]], steps: int = 25, wobble: float = 0.012) -> list[list[float]]:
    """A finger along the same corners: many points, wavering a little either side of each edge, left open."""
    out = []
    ring = [*corners, corners[0]]
    for (x1, y1), (x2, y2) in zip(ring, ring[1:], strict=False):
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        for i in range(steps):
            f = i / steps
            w = wobble * math.sin(2 * math.pi * 3 * f)
            out.append(
                [
                    min(1, max(0, round(x1 + (x2 - x1) * f + nx * w, 4))),
                    min(1, max(0, round(y1 + (y2 - y1) * f + ny * w, 4))),
                ]
            )
    return out[:-3]  # the finger lifts just short of where it began: the server closes the line


@pytest.fixture
def night(engine, clock) -> Night:
    night = Night(engine, clock, PLAYERS)
    assert night.command("Ann", "shelf", shelf="notarobot.cards", action="add_cards", args={"cards": CARDS}).ok
    assert night.start("notarobot", options={"cards": ["custom"]}).ok
    return night


@pytest.mark.parametrize("shape", sorted(TAPPED))
def test_a_tapped_figure_has_the_inside_of_the_same_figure_drawn_by_hand(night, shape):
    tapped, drawn = TAPPED[shape], by_hand(TAPPED[shape])
    assert night.move("Ann", "draw", word=0, figure=tapped, decorations=[]).ok
    assert night.move("Boris", "draw", word=0, figure=drawn, decorations=[[[0.1, 0.9], [0.9, 0.1]]]).ok
    ann = night.view("Ann")["match"]["game_view"]["drawing"]
    boris = night.view("Boris")["match"]["game_view"]["drawing"]
    assert ann["inside"] and ann["inside"] == boris["inside"]


def test_a_tapped_figure_scores_like_the_same_figure_drawn_by_hand(night):
    """Both artists' turns with checkmarks on the same tiles: the same tiles are right, the artists win alike."""
    tapped = TAPPED["square"]
    figures = {"Ann": tapped, "Boris": by_hand(tapped), "Chen": tapped, "Dina": tapped}
    for name, figure in figures.items():
        assert night.move(name, "draw", word=0, figure=figure, decorations=[]).ok
    checks = {"Ann": {"Boris": 12, "Chen": 0, "Dina": 24}, "Boris": {"Chen": 12, "Dina": 0, "Ann": 24}}
    won = {}
    for artist, guesses in checks.items():
        before = {night.name_of(p): dict(t) for p, t in night.view(None)["match"]["game_view"]["tokens"].items()}
        assert night.name_of(night.match.turn) == artist
        assert night.move(artist, "uncover", tile=6).ok
        for name, tile in guesses.items():
            assert night.move(name, "check", tile=tile).ok
        after = {night.name_of(p): t for p, t in night.view(None)["match"]["game_view"]["tokens"].items()}
        won[artist] = {
            "artist": {k: after[artist][k] - before[artist][k] for k in after[artist]},
            "right": sorted(tile for n, tile in guesses.items() if after[n] != before[n]),
        }
        assert night.move("Ann", "next").ok
    assert won["Ann"]["right"] == won["Boris"]["right"] == [12]
    assert won["Ann"]["artist"] == won["Boris"]["artist"]
    assert sum(won["Ann"]["artist"].values()) > 0
