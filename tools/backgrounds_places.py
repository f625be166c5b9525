"""The drawn backgrounds of particular places: a warehouse, a shop, a metro platform, a pitch, a cell, a library,
a gallery, a submarine's sea, a marble hall, a casino's felt, an orbit, a town by day and by night.

Drawn for Spyfall's location pictures, open to any picture. Each ``bg_<name>(p, rng)`` returns
``(defs, body)`` markup for the 512x512 canvas; ``p`` is the id prefix unique to the picture and
``rng`` the picture's own random source.
"""

from __future__ import annotations

from backgrounds_outdoor import bg_underwater
from svg_shapes import SIZE, cloud, dots, floor_planks, linear_gradient, painted_wall, radial_gradient, rect, stars
from svg_text import fmt


def _racks(rng, colors: list[str], edge: str) -> str:
    """Three shelves of boxes on blue racks, each box a colour of *colors*."""
    boxes = []
    for shelf_y in (110, 220, 330):
        x = 18.0
        while x < SIZE - 40:
            w, h = rng.uniform(34, 58), rng.uniform(40, 70)
            boxes.append(
                f'<rect x="{fmt(x)}" y="{fmt(shelf_y - h)}" width="{fmt(w)}" height="{fmt(h)}" fill="{rng.choice(colors)}"/>'
            )
            x += w + rng.uniform(6, 18)
    boards = "".join(f'<rect x="0" y="{y}" width="512" height="8"/>' for y in (110, 220, 330))
    posts = "".join(f'<rect x="{x}" y="20" width="10" height="360"/>' for x in (6, 250, 496))
    return f'<g stroke="{edge}" stroke-width="2">{"".join(boxes)}</g><g fill="#3d6fb6">{boards}{posts}</g>'


def bg_warehouse(p, rng):
    """Tall racks of cardboard boxes against a corrugated wall, on a concrete floor."""
    d, wall = painted_wall(p, "#c9ced6", "#aab2bd", 380)
    ribs = "".join(f'<path d="M{x} 0V380"/>' for x in range(16, SIZE, 32))
    b = (
        wall
        + f'<g stroke="#9aa3ae" stroke-width="4" opacity=".5">{ribs}</g>'
        + _racks(rng, ["#c99a5e", "#b98a4e", "#d4a86c"], "#9c7240")
        + rect("#8d949c", 380, 132)
        + '<path d="M0 440H512" stroke="#f2c94c" stroke-width="8" stroke-dasharray="30 20"/>'
    )
    return d, b


def bg_shop(p, rng):
    """A shop's aisle: racks of bright packets on a white wall, a tiled floor."""
    d, wall = painted_wall(p, "#f6f7f9", "#e4e8ee", 380)
    tiles = "".join(f'<path d="M{x} 380V512"/>' for x in range(0, SIZE, 64)) + '<path d="M0 440H512"/>'
    b = (
        wall
        + _racks(rng, ["#e2534a", "#f2c94c", "#3ec1d3", "#7bd389", "#ff9f43", "#b088f9"], "#ffffff")
        + rect("#eef0f2", 380, 132)
        + f'<g stroke="#cfd4da" stroke-width="3">{tiles}</g>'
    )
    return d, b


def bg_metro(p, rng):
    """A tiled platform wall, the dark mouth of the tunnel and the platform's edge."""
    d = linear_gradient(p, "w", [(0, "#e9eef2"), (1, "#cfd8de")])
    tiles = "".join(f'<path d="M0 {y}H512"/>' for y in range(20, 300, 24))
    band = rect("#d0453a", 150, 26)
    b = (
        rect(f"url(#{p}w)", 0, 300)
        + f'<g stroke="#b9c4cc" stroke-width="2">{tiles}</g>'
        + band
        + '<path d="M300 300V180Q300 90 390 90H512V300Z" fill="#1d2228"/>'
        + '<circle cx="470" cy="150" r="9" fill="#ffd84a"/>'
        + rect("#5b6168", 300, 40)
        + rect("#f2c94c", 336, 12)
        + rect("#9aa1a8", 348, 164)
        + '<g stroke="#7d848b" stroke-width="3"><path d="M0 410H512M0 470H512"/></g>'
    )
    return d, b


def bg_pitch(p, rng):
    """Stands full of a crowd above a striped green pitch with its white lines."""
    d = linear_gradient(p, "s", [(0, "#5fb3ee"), (1, "#cfeaff")])
    stripes = "".join(f'<rect x="{x}" y="250" width="64" height="262" fill="#3f9a3c"/>' for x in range(0, SIZE, 128))
    b = (
        rect(f"url(#{p}s)", 0, 120)
        + rect("#59606e", 100, 150)
        + dots(rng, 60, 112, 238, ["#e2534a", "#f2c94c", "#ffffff", "#3d6fb6", "#7bd389"], 4, 7, 0.9)
        + rect("#4caf48", 250, 262)
        + stripes
        + '<g fill="none" stroke="#fff" stroke-width="5" opacity=".85"><path d="M0 290H512"/>'
        + '<ellipse cx="256" cy="420" rx="120" ry="44"/><path d="M256 290V512"/></g>'
    )
    return d, b


def bg_cell(p, rng):
    """A concrete cell: block wall, a small barred window and a bare floor."""
    d, wall = painted_wall(p, "#8e959c", "#6f767d", 390)
    blocks = "".join(f'<path d="M0 {y}H512"/>' for y in range(40, 390, 40)) + "".join(
        f'<path d="M{x + (y // 40 % 2) * 40} {y}v40"/>' for y in range(0, 390, 40) for x in range(0, SIZE, 80)
    )
    bars = "".join(f'<path d="M{x} 60V170"/>' for x in range(196, 330, 26))
    b = (
        wall
        + f'<g stroke="#5f666c" stroke-width="2" opacity=".6">{blocks}</g>'
        + '<rect x="180" y="60" width="152" height="110" fill="#a9d4f5"/>'
        + f'<g stroke="#3a3f44" stroke-width="8">{bars}</g>'
        + '<rect x="180" y="60" width="152" height="110" fill="none" stroke="#4a5056" stroke-width="10"/>'
        + rect("#5a6066", 390, 122)
    )
    return d, b


def bg_library(p, rng):
    """A wall of bookshelves, the books' spines in many colours, over a wooden floor."""
    d = linear_gradient(p, "w", [(0, "#6b4a2e"), (1, "#57391f")])
    spines = []
    for shelf_y in (120, 230, 340):
        x = 14.0
        while x < SIZE - 20:
            w = rng.uniform(22, 36)
            h = rng.uniform(70, 98)
            col = rng.choice(["#b33a3a", "#3d6fb6", "#2f8d55", "#e0a93b", "#7a4d8c", "#d9d2c0", "#35495e"])
            spines.append(
                f'<rect x="{fmt(x)}" y="{fmt(shelf_y - h)}" width="{fmt(w)}" height="{fmt(h)}" fill="{col}"/>'
            )
            x += w + rng.uniform(1, 4)
    boards = "".join(f'<rect x="0" y="{y}" width="512" height="10"/>' for y in (120, 230, 340))
    b = (
        rect(f"url(#{p}w)", 0, 400)
        + "".join(spines)
        + f'<g fill="#3e2714">{boards}</g>'
        + floor_planks(400, "#a4734a", "#7c5434")
    )
    return d, b


def bg_gallery(p, rng):
    """A museum room: a pale wall with frames, a rope barrier and a parquet floor."""
    d, wall = painted_wall(p, "#f3eee4", "#e3dccd", 380)
    frames = (
        '<g stroke="#c8a24a" stroke-width="8"><rect x="30" y="70" width="110" height="140" fill="#7fb0c9"/>'
        '<rect x="372" y="60" width="110" height="90" fill="#d98b5f"/></g>'
        '<g fill="#fff" opacity=".35"><path d="M40 190l30-50 25 30 20-20 25 40Z"/><circle cx="420" cy="95" r="16"/></g>'
    )
    rope = (
        '<g fill="#c8a24a"><rect x="40" y="300" width="10" height="80"/><rect x="462" y="300" width="10" height="80"/></g>'
        '<path d="M45 305Q256 360 467 305" fill="none" stroke="#b3202a" stroke-width="8"/>'
    )
    return d, wall + frames + floor_planks(380, "#b98b5a", "#8f673f") + rope


def bg_submarine(p, rng):
    """The deep sea with a submarine's yellow hull, its portholes and its conning tower."""
    d, sea = bg_underwater(p, rng)
    hull = (
        '<g stroke="#8a6a12" stroke-width="6"><rect x="40" y="250" width="432" height="170" rx="85" fill="#f2c230"/>'
        '<path d="M190 250V190Q190 170 210 170H300Q320 170 320 190V250Z" fill="#e0ad1e"/>'
        '<path d="M265 170V110H300" fill="none"/>'
        '<circle cx="140" cy="335" r="30" fill="#9fdcff"/><circle cx="256" cy="335" r="30" fill="#9fdcff"/>'
        '<circle cx="372" cy="335" r="30" fill="#9fdcff"/></g>'
        '<path d="M472 300l30-30v130l-30-30Z" fill="#e0ad1e"/>'
    )
    return d, sea + hull


def bg_hall(p, rng):
    """A marble hall: columns on either side, a red carpet down the middle."""
    d = linear_gradient(p, "w", [(0, "#efe6d6"), (1, "#d9ccb4")]) + linear_gradient(
        p, "c", [(0, "#fbf7ef"), (0.5, "#e4dac8"), (1, "#c9bca4")], False
    )
    columns = "".join(
        f'<rect x="{x}" y="40" width="56" height="340" fill="url(#{p}c)"/><rect x="{x - 8}" y="30" width="72" height="16" fill="#cbbd9f"/>'
        f'<rect x="{x - 8}" y="374" width="72" height="14" fill="#cbbd9f"/>'
        for x in (24, 432)
    )
    b = (
        rect(f"url(#{p}w)", 0, 388)
        + rect("#b9a98a", 0, 24)
        + columns
        + rect("#cdbfa6", 388, 124)
        + '<path d="M200 388H312L372 512H140Z" fill="#b3202a"/>'
    )
    return d, b


def _town(rng, base: float, color: str, lit: str | None) -> str:
    """A row of plain building silhouettes (a light skyline: no window grid), a few windows lit."""
    out, x = [], -10.0
    while x < SIZE:
        w, h = rng.uniform(50, 96), rng.uniform(90, 210)
        out.append(f'<rect x="{fmt(x)}" y="{fmt(base - h)}" width="{fmt(w + 1)}" height="{fmt(h)}"/>')
        x += w
    windows = ""
    if lit:
        spots = "".join(
            f'<rect x="{fmt(rng.uniform(0, SIZE - 10))}" y="{fmt(rng.uniform(base - 180, base - 20))}" width="9" height="12"/>'
            for _ in range(16)
        )
        windows = f'<g fill="{lit}">{spots}</g>'
    return f'<g fill="{color}">{"".join(out)}</g>{windows}'


def bg_town(p, rng):
    """A town's street by day: plain buildings, a pavement and a road."""
    d = linear_gradient(p, "s", [(0, "#8fd0f7"), (1, "#e4f5ff")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(420, 70, 36, opacity=0.8)
        + _town(rng, 380, "#b4c4d6", None)
        + rect("#c9ccd1", 380, 40)
        + rect("#5d636b", 420, 92)
        + '<path d="M0 468H512" stroke="#f1f1f1" stroke-width="6" stroke-dasharray="36 28"/>'
    )
    return d, b


def bg_town_night(p, rng):
    """The same street at night: dark buildings, a few lit windows, stars."""
    d = linear_gradient(p, "s", [(0, "#070d2b"), (1, "#2d2f6b")])
    b = (
        rect(f"url(#{p}s)")
        + stars(rng, 25, 4, 160)
        + _town(rng, 385, "#1f2550", "#f7d56b")
        + rect("#2e3140", 385, 35)
        + rect("#1c1e28", 420, 92)
    )
    return d, b


def bg_felt(p, rng):
    """A casino table: green felt under a hanging lamp's light, a wooden rim."""
    d = radial_gradient(p, "f", [(0, "#2f9a5a"), (1, "#14512d")], 0.5, 0.35, 0.75)
    b = (
        rect(f"url(#{p}f)")
        + '<ellipse cx="256" cy="300" rx="200" ry="120" fill="none" stroke="#f2e6b0" stroke-width="4" opacity=".35"/>'
        + rect("#6b3f1f", 470, 42)
        + rect("#8a5a2b", 462, 12)
    )
    return d, b


def bg_orbit(p, rng):
    """Space seen from an orbit: a black sky, some stars and the Earth's blue rim below."""
    d = linear_gradient(p, "s", [(0, "#05051a"), (1, "#1a1446")]) + radial_gradient(
        p, "e", [(0, "#4fa3e0"), (0.8, "#1d5fa8"), (1, "#9fdcff")], 0.5, 0.5, 0.5
    )
    b = rect(f"url(#{p}s)") + stars(rng, 40, 4, 380) + f'<circle cx="256" cy="980" r="560" fill="url(#{p}e)"/>'
    return d, b
