"""Drawing primitives of the picture backgrounds: gradients, rectangles, hills, clouds, stars, rooms.

Every function returns SVG markup for the 512x512 canvas (``SIZE``); gradient ids take a
prefix ``p`` unique to the picture so several pictures can be inlined into one HTML page.
"""

from __future__ import annotations

import math
import random

from svg_text import fmt

SIZE = 512


def linear_gradient(p: str, name: str, stops: list[tuple[float, str]], vertical: bool = True) -> str:
    xy = 'x1="0" y1="0" x2="0" y2="1"' if vertical else 'x1="0" y1="0" x2="1" y2="0"'
    s = "".join(f'<stop offset="{fmt(o, 2)}" stop-color="{c}"/>' for o, c in stops)
    return f'<linearGradient id="{p}{name}" {xy}>{s}</linearGradient>'


def radial_gradient(
    p: str, name: str, stops: list[tuple[float, str]], cx: float = 0.5, cy: float = 0.5, r: float = 0.7
) -> str:
    s = "".join(f'<stop offset="{fmt(o, 2)}" stop-color="{c}"/>' for o, c in stops)
    return f'<radialGradient id="{p}{name}" cx="{fmt(cx, 2)}" cy="{fmt(cy, 2)}" r="{fmt(r, 2)}">{s}</radialGradient>'


def rect(fill: str, y: float = 0, h: float = SIZE, x: float = 0, w: float = SIZE, extra: str = "") -> str:
    return f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" fill="{fill}"{extra}/>'


def hill(y: float, amp: float, fill: str, phase: float = 0.0, waves: float = 1.0) -> str:
    """A gently rolling ground band whose top edge averages *y*."""
    pts = []
    for i in range(17):
        x = i * SIZE / 16
        pts.append((x, y - amp * math.sin(phase + waves * math.pi * i / 8)))
    d = f"M0 {fmt(pts[0][1])}"
    for i in range(1, len(pts)):
        x0, y0 = pts[i - 1]
        x1, y1 = pts[i]
        d += f"Q{fmt(x0 + 16)} {fmt(y0)} {fmt((x0 + x1) / 2)} {fmt((y0 + y1) / 2)}"
    d += f"L{SIZE} {fmt(pts[-1][1])}V{SIZE}H0Z"
    return f'<path d="{d}" fill="{fill}"/>'


def cloud(x: float, y: float, s: float, fill: str = "#fff", opacity: float = 0.85) -> str:
    return (
        f'<g fill="{fill}" opacity="{fmt(opacity, 2)}"><ellipse cx="{fmt(x)}" cy="{fmt(y)}" rx="{fmt(s)}" ry="{fmt(s * 0.45)}"/>'
        f'<circle cx="{fmt(x - s * 0.35)}" cy="{fmt(y - s * 0.22)}" r="{fmt(s * 0.38)}"/>'
        f'<circle cx="{fmt(x + s * 0.2)}" cy="{fmt(y - s * 0.3)}" r="{fmt(s * 0.48)}"/></g>'
    )


def stars(rng: random.Random, n: int, top: float, bottom: float, color: str = "#fff") -> str:
    out = []
    for _ in range(n):
        x, y = rng.uniform(6, SIZE - 6), rng.uniform(top, bottom)
        r = rng.choice((0.8, 1.0, 1.3, 1.8))
        out.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}"/>')
    return f'<g fill="{color}" opacity=".85">{"".join(out)}</g>'


def dots(
    rng: random.Random,
    n: int,
    top: float,
    bottom: float,
    colors: list[str],
    rmin: float,
    rmax: float,
    opacity: float = 0.8,
) -> str:
    out = []
    for _ in range(n):
        x, y = rng.uniform(0, SIZE), rng.uniform(top, bottom)
        out.append(
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(rng.uniform(rmin, rmax))}" fill="{rng.choice(colors)}"/>'
        )
    return f'<g opacity="{fmt(opacity, 2)}">{"".join(out)}</g>'


def floor_planks(y: float, color: str, line: str) -> str:
    lines = "".join(f'<path d="M0 {fmt(y + dy)}H{SIZE}"/>' for dy in (34, 76, 124))
    return rect(color, y, SIZE - y) + f'<g stroke="{line}" stroke-width="2" opacity=".5">{lines}</g>'


def painted_wall(p: str, top: str, bottom: str, floor_y: float) -> tuple[str, str]:
    return linear_gradient(p, "w", [(0, top), (1, bottom)]), rect(f"url(#{p}w)", 0, floor_y)


def window_pane(x: float, y: float, w: float, h: float, sky: str, frame: str = "#fff") -> str:
    return (
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" fill="{sky}" stroke="{frame}" stroke-width="8"/>'
        f'<path d="M{fmt(x + w / 2)} {fmt(y)}V{fmt(y + h)}M{fmt(x)} {fmt(y + h / 2)}H{fmt(x + w)}" stroke="{frame}" stroke-width="6"/>'
    )


def skyline(
    rng: random.Random,
    base: float,
    color: str,
    hmin: float,
    hmax: float,
    windows: str | None,
    wmin: float = 40,
    wmax: float = 80,
) -> str:
    out, x = [], -10.0
    while x < SIZE:
        w, h = rng.uniform(wmin, wmax), rng.uniform(hmin, hmax)
        out.append(f'<rect x="{fmt(x)}" y="{fmt(base - h)}" width="{fmt(w + 1)}" height="{fmt(h)}" fill="{color}"/>')
        if windows:
            for wy in range(int(base - h + 12), int(base - 14), 22):
                for wx in range(int(x + 8), int(x + w - 12), 16):
                    if rng.random() < 0.55:
                        out.append(f'<rect x="{wx}" y="{wy}" width="8" height="11" fill="{windows}"/>')
        x += w
    return "".join(out)
