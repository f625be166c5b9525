"""I'm Not a Robot's pad: inside by the even-odd rule, lines through tiles, and what one uncovered tile shows."""

from __future__ import annotations

import math

from gamenight.plugins.notarobot.geometry import crossings, inside_tiles, tile_contents, tiles_crossed

ALL = list(range(25))


def ring(cx: float, cy: float, r: float, points: int = 64, turns: int = 1) -> list[list[float]]:
    return [
        [cx + r * math.cos(2 * math.pi * turns * k / points), cy + r * math.sin(2 * math.pi * turns * k / points)]
        for k in range(points * turns)
    ]


def test_a_square_holds_the_tiles_at_least_half_inside_it():
    # x and y from 0.1 to 0.7: the four middle tiles whole, the edge tiles half, the corner tiles a quarter.
    square = [[0.1, 0.1], [0.7, 0.1], [0.7, 0.7], [0.1, 0.7]]
    assert inside_tiles(square) == [1, 2, 5, 6, 7, 8, 10, 11, 12, 13, 16, 17]


def test_a_triangle_over_half_the_pad_holds_the_tiles_on_its_diagonal():
    # The diagonal halves the tiles it crosses: exactly half is inside.
    triangle = [[0, 0], [1, 0], [0, 1]]
    assert inside_tiles(triangle) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 15, 16, 20]


def test_a_self_crossing_figure_follows_the_even_odd_rule():
    # A bow tie: both lobes are inside, the triangles above and below the crossing are not.
    bow_tie = [[0, 0], [1, 1], [1, 0], [0, 1]]
    inside = inside_tiles(bow_tie)
    assert {0, 5, 10, 15, 20, 4, 9, 14, 19, 24} <= set(inside)
    assert not {1, 2, 3, 21, 22, 23} & set(inside)
    # A loop drawn round twice winds its disc twice: even, so nothing is inside.
    assert inside_tiles(ring(0.5, 0.5, 0.45, turns=2)) == []
    # One round of the same loop holds the middle.
    assert 12 in inside_tiles(ring(0.5, 0.5, 0.45))


def test_a_figure_along_tile_borders_holds_exactly_the_tiles_it_frames_and_runs_through_none():
    framed = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]]
    assert inside_tiles(framed) == [6, 7, 11, 12]
    assert tiles_crossed(framed, []) == []


def test_a_tiny_loop_has_no_tile_inside():
    assert inside_tiles([[0.5, 0.5], [0.52, 0.5], [0.52, 0.52], [0.5, 0.52]]) == []
    assert inside_tiles([[0.1, 0.1], [0.2, 0.2], [0.3, 0.3]]) == [], "a figure with no area"


def test_decorations_never_count_for_inside():
    square = [[0.1, 0.1], [0.7, 0.1], [0.7, 0.7], [0.1, 0.7]]
    # A closed decoration round tile 24 runs through it, but a tile is inside only by the figure.
    loop = [[0.82, 0.82], [0.98, 0.82], [0.98, 0.98], [0.82, 0.98], [0.82, 0.82]]
    assert 24 in tiles_crossed(square, [loop]) and 24 not in tiles_crossed(square, [])
    assert 24 not in inside_tiles(square)
    assert 24 in inside_tiles(loop), "the same loop as a figure holds its tile"


def test_a_line_through_all_25_tiles_is_a_full_pad():
    # A zigzag along the middle of each row, row after row, then closed back to the start.
    zigzag = []
    for row in range(5):
        y = 0.1 + row * 0.2
        zigzag += [[0.05, y], [0.95, y]] if row % 2 == 0 else [[0.95, y], [0.05, y]]
    assert tiles_crossed(zigzag, []) == ALL
    assert len(tiles_crossed([[0.1, 0.1], [0.3, 0.1], [0.3, 0.3]], [])) < 25


def test_an_uncovered_tile_shows_only_the_ink_inside_it_whatever_drew_it():
    square = [[0.1, 0.1], [0.7, 0.1], [0.7, 0.7], [0.1, 0.7]]
    # Tile 0 holds the square's top-left corner: a short piece of each of two sides.
    assert tile_contents(square, [], 0) == [[[0.1, 0.2], [0.1, 0.1], [0.2, 0.1]]]
    # Tile 24 is empty.
    assert tile_contents(square, [], 24) == []
    # The same ink drawn as a decoration, in the other direction, shows the same.
    other_figure = [[0.5, 0.5], [0.9, 0.5], [0.9, 0.9]]
    corner_as_decoration = [[[0.2, 0.1], [0.1, 0.1], [0.1, 0.2]]]
    assert tile_contents(other_figure, corner_as_decoration, 0) == tile_contents(square, [], 0)
    # Everything outside the tile is cut away: no point leaves it.
    for piece in tile_contents(square, [[[0, 0.15], [1, 0.15]]], 0):
        assert all(0 <= x <= 0.2 and 0 <= y <= 0.2 for x, y in piece)


def test_crossings_count_where_the_figure_crosses_itself_not_where_it_touches():
    assert crossings([[0.1, 0.1], [0.7, 0.1], [0.7, 0.7], [0.1, 0.7]]) == 0
    assert crossings([[0, 0], [1, 1], [1, 0], [0, 1]]) == 1, "a bow tie crosses once"
    # A star drawn in one line, five points: five crossings.
    star = [ring(0.5, 0.5, 0.45, points=5)[k % 5] for k in range(0, 10, 2)]
    assert crossings(star) == 5
