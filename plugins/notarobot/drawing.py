"""A drawing as it arrives on the wire: strokes of points on the pad, checked and bounded before anything looks at them.

A stroke is a list of ``[x, y]`` points with 0 <= x, y <= 1 (finite numbers,
booleans refused); at most four decimals are kept and a point equal to the one
before it is dropped. The figure is one stroke; the decorations are more.
Anything else is refused with the field's error and changes nothing.
"""

from __future__ import annotations

import math
from typing import Any

from marshmallow import ValidationError, fields

FIGURE_POINTS = (3, 600)
DECORATION_POINTS = (2, 600)
MAX_DECORATIONS = 30
MAX_POINTS = 2400
DECIMALS = 4


def _coordinate(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValidationError("Coordinates are finite numbers.")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValidationError("Coordinates are finite numbers.")
    if not 0 <= value <= 1:  # compared as it came: an integer of 400 digits has no float
        raise ValidationError("Coordinates lie on the pad, from 0 to 1.")
    return round(float(value), DECIMALS)


def stroke(value: Any, bounds: tuple[int, int]) -> list[list[float]]:
    """One stroke, checked: a list of points within ``bounds`` in count once repeated points are dropped."""
    low, high = bounds
    if not isinstance(value, list):
        raise ValidationError("A stroke is a list of [x, y] points.")
    if len(value) > high:
        raise ValidationError(f"A stroke has at most {high} points.")
    points: list[list[float]] = []
    for point in value:
        if not isinstance(point, list) or len(point) != 2:
            raise ValidationError("A point is [x, y].")
        xy = [_coordinate(point[0]), _coordinate(point[1])]
        if not points or points[-1] != xy:
            points.append(xy)
    if len(points) < low:
        raise ValidationError(f"A stroke has at least {low} distinct points.")
    return points


class Figure(fields.Field):
    """The figure: one stroke of 3-600 points (the server closes it)."""

    def _deserialize(self, value, attr, data, **kwargs) -> list[list[float]]:
        return stroke(value, FIGURE_POINTS)


class Decorations(fields.Field):
    """The decorations: up to 30 strokes of 2-600 points; with the figure, 2,400 points at most."""

    def _deserialize(self, value, attr, data, **kwargs) -> list[list[list[float]]]:
        if not isinstance(value, list):
            raise ValidationError("Decorations are a list of strokes.")
        if len(value) > MAX_DECORATIONS:
            raise ValidationError(f"At most {MAX_DECORATIONS} decorations.")
        strokes = [stroke(s, DECORATION_POINTS) for s in value]
        figure = data.get("figure") if isinstance(data, dict) else None
        total = sum(len(s) for s in value) + (len(figure) if isinstance(figure, list) else 0)
        if total > MAX_POINTS:
            raise ValidationError(f"A drawing has at most {MAX_POINTS} points in all.")
        return strokes
