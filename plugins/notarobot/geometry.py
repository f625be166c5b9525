"""The pad's geometry: which tiles a drawing's figure holds inside, which tiles its lines cross, and what one tile shows.

The pad is the unit square, x to the right and y down, cut into a 5 x 5 grid of
tiles numbered 0-24 row by row from the top-left. A figure is one stroke,
closed by joining its end to its start. Inside is decided by the even-odd rule:
a point is inside when a ray from it crosses the closed figure an odd number of
times, so the lobes of a figure eight are inside and a region wound twice is not.
A tile is inside when at least half of its area is.

shapely does the noding, polygonizing, clipping and areas; the even-odd test
of each face is ours (numpy), because shapely has no fill rule for a ring that
crosses itself. So is counting a figure's crossings before any of that: a
figure that crosses itself all over would cut the pad into tens of thousands
of faces and cost seconds, so past ``MAX_CROSSINGS`` it is refused unread.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, box
from shapely.geometry.base import BaseGeometry

GRID = 5
TILES = GRID * GRID
TILE = 1 / GRID
HALF = 0.5 - 1e-9  # "at least half", forgiving the last bit of float rounding
BORDER = 1e-6  # a line within this of a tile's edge runs along the edge, not through the tile
MAX_CROSSINGS = 100  # a drawn word crosses itself a few times; a scribble, hundreds

Points = Sequence[Sequence[float]]


def tile_box(tile: int, inset: float = 0.0) -> BaseGeometry:
    """The square of ``tile`` on the pad (optionally shrunk by ``inset`` on every side)."""
    col, row = tile % GRID, tile // GRID
    return box(col * TILE + inset, row * TILE + inset, (col + 1) * TILE - inset, (row + 1) * TILE - inset)


def closed(figure: Points) -> LineString:
    """The figure as drawn, with its end joined back to its start."""
    points = [tuple(p) for p in figure]
    if points[0] != points[-1]:
        points.append(points[0])
    return LineString(points)


def crossings(figure: Points) -> int:
    """How many times the closed figure crosses itself (touching and running along itself do not count)."""
    ring = np.asarray(closed(figure).coords, dtype=float)
    start, end = ring[:-1], ring[1:]
    d = end - start

    def side(points: np.ndarray) -> np.ndarray:
        # side[i, j]: which side of segment i the point j lies on (the sign of the cross product)
        rel = points[None, :, :] - start[:, None, :]
        return d[:, None, 0] * rel[..., 1] - d[:, None, 1] * rel[..., 0]

    a, b = side(start), side(end)
    apart = a * b < 0  # segment j's ends on both sides of segment i's line
    return int(np.count_nonzero(apart & apart.T)) // 2


def _odd(points: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """For each point, whether a ray from it to the right crosses the closed polyline ``ring`` an odd number of times."""
    x1, y1, x2, y2 = ring[:-1, 0], ring[:-1, 1], ring[1:, 0], ring[1:, 1]
    px, py = points[:, 0:1], points[:, 1:2]
    straddles = (y1 > py) != (y2 > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        meets = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
    return np.count_nonzero(straddles & (px < meets), axis=1) % 2 == 1


def inside_area(figure: Points) -> BaseGeometry:
    """The region the closed figure holds inside, by the even-odd rule (empty for a figure with no area)."""
    ring = closed(figure)
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.unary_union(ring))))
    if len(faces) == 0:
        return shapely.Polygon()
    probes = np.array([[p.x, p.y] for p in (face.representative_point() for face in faces)])
    kept = faces[_odd(probes, np.asarray(ring.coords, dtype=float))]
    return shapely.union_all(kept) if len(kept) else shapely.Polygon()


def inside_tiles(figure: Points) -> list[int]:
    """The tiles at least half of whose area lies inside the closed figure."""
    area = inside_area(figure)
    if area.is_empty:
        return []
    whole = TILE * TILE
    return [t for t in range(TILES) if area.intersection(tile_box(t)).area / whole >= HALF]


def all_lines(figure: Points, decorations: Sequence[Points]) -> MultiLineString:
    """Every line on the pad: the closed figure and the decorations."""
    return MultiLineString([closed(figure), *(LineString(d) for d in decorations)])


def tiles_crossed(figure: Points, decorations: Sequence[Points]) -> list[int]:
    """The tiles some line runs through (a line exactly along a tile's edge runs through neither side)."""
    lines = all_lines(figure, decorations)
    return [t for t in range(TILES) if lines.intersects(tile_box(t, BORDER))]


def _canonical(piece: list[tuple[float, float]]) -> list[list[float]]:
    """One clipped piece, rounded, drawn from its smaller end so the pen's direction is not shown."""
    rounded = [[round(x, 4), round(y, 4)] for x, y in piece]
    return rounded if rounded <= rounded[::-1] else rounded[::-1]


def tile_contents(figure: Points, decorations: Sequence[Points], tile: int) -> list[list[list[float]]]:
    """The ink in one tile: every line clipped to it, merged, rounded and sorted.

    Only what lies in the tile decides the result: not which line is the figure,
    not the order or direction the lines were drawn in.
    """
    clipped = all_lines(figure, decorations).intersection(tile_box(tile))
    lines = [g for g in shapely.get_parts(clipped) if isinstance(g, LineString) and g.length > 0]
    if not lines:
        return []
    merged = shapely.line_merge(shapely.union_all(lines))
    pieces = [_canonical(list(part.coords)) for part in shapely.get_parts(merged) if part.length > 0]
    return sorted(pieces)
