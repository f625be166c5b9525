"""The drawn outdoor backgrounds: skies, fields, seas, cities, mountains, weather.

Each ``bg_<name>(p, rng)`` returns ``(defs, body)`` markup for the 512x512 canvas; ``p`` is
the id prefix unique to the picture and ``rng`` the picture's own random source.
"""

from __future__ import annotations

from svg_shapes import SIZE, cloud, dots, hill, linear_gradient, radial_gradient, rect, skyline, stars
from svg_text import fmt


def bg_meadow(p, rng):
    d = linear_gradient(p, "s", [(0, "#7cc8f2"), (1, "#dff3ff")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(110, 90, 46)
        + cloud(390, 60, 36, opacity=0.7)
        + hill(320, 14, "#9fd67f", 0.3, 1.2)
        + hill(350, 10, "#7cc35a", 2.0, 0.9)
    )
    return d, b


def bg_garden(p, rng):
    d, b = bg_meadow(p, rng)
    posts = "".join(f'<path d="M{x} 352V300l8-10 8 10V352Z"/>' for x in range(4, SIZE, 30))
    fence = f'<g fill="#fffaf0" stroke="#c9bfa8" stroke-width="1.5">{posts}<rect x="0" y="312" width="512" height="8"/><rect x="0" y="334" width="512" height="8"/></g>'
    flowers = dots(rng, 40, 365, 505, ["#ff6b8a", "#ffd23f", "#ffffff", "#b088f9"], 2.5, 4.5, 0.9)
    return d, b + fence + hill(356, 6, "#6cba4c", 1.0, 1.0) + flowers


def bg_park(p, rng):
    d, b = bg_meadow(p, rng)
    path = '<path d="M200 512C230 440 300 400 300 350H330C340 410 300 450 330 512Z" fill="#e8d7a8"/>'
    return d, b + path


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
    d = linear_gradient(p, "s", [(0, "#a8dcc5"), (1, "#eef8f0")]) + linear_gradient(
        p, "g", [(0, "#5a9a3e"), (1, "#3c7a2c")]
    )
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
    b = rect(f"url(#{p}s)") + "".join(trees) + hill(345, 8, f"url(#{p}g)", 0.5, 1.0)
    return d, b


def bg_night(p, rng):
    d = linear_gradient(p, "s", [(0, "#0a1236"), (0.7, "#243a78"), (1, "#3b5497")])
    b = (
        rect(f"url(#{p}s)")
        + stars(rng, 70, 6, 300)
        + hill(340, 16, "#1e3a3a", 1.0, 1.1)
        + hill(370, 10, "#163026", 2.4, 0.8)
    )
    return d, b


def bg_snow_day(p, rng):
    d = linear_gradient(p, "s", [(0, "#a9d4f5"), (1, "#eef7ff")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(400, 80, 40, opacity=0.8)
        + hill(330, 20, "#dbe8f5", 0.8, 1.3)
        + hill(360, 10, "#f7fbff", 2.2, 0.9)
        + dots(rng, 45, 0, 512, ["#ffffff"], 1.5, 3.5, 0.9)
    )
    return d, b


def bg_snow_night(p, rng):
    d = linear_gradient(p, "s", [(0, "#081433"), (1, "#2f4f8f")])
    b = (
        rect(f"url(#{p}s)")
        + stars(rng, 55, 6, 260)
        + hill(335, 18, "#9fb6d6", 0.5, 1.2)
        + hill(365, 10, "#dfe9f7", 2.0, 0.9)
        + dots(rng, 50, 0, 512, ["#ffffff"], 1.2, 3, 0.75)
    )
    return d, b


def bg_beach(p, rng):
    d = linear_gradient(p, "s", [(0, "#62c3f5"), (1, "#d8f1ff")]) + linear_gradient(
        p, "sea", [(0, "#1d8fd0"), (1, "#4fc0e8")]
    )
    b = (
        rect(f"url(#{p}s)")
        + cloud(120, 80, 40, opacity=0.8)
        + rect(f"url(#{p}sea)", 270, 120)
        + '<path d="M0 300q30-8 60 0t60 0 60 0 60 0 60 0 60 0 60 0 60 0 60 0" fill="none" stroke="#bfeaff" stroke-width="3" opacity=".7"/>'
        + hill(342, 8, "#e9f7fb", 0.0, 2.0)
        + hill(350, 8, "#f4d79a", 0.3, 2.0)
        + hill(420, 6, "#efcd86", 1.3, 1.0)
    )
    return d, b


def bg_sea(p, rng):
    d = linear_gradient(p, "s", [(0, "#5bbcf2"), (1, "#d6f0ff")]) + linear_gradient(
        p, "sea", [(0, "#2b8fd0"), (1, "#0b4c86")]
    )
    waves = "".join(
        f'<path d="M{x} {y}q12-8 24 0t24 0" fill="none" stroke="#9fdcff" stroke-width="3" opacity=".6"/>'
        for x, y in ((30, 300), (180, 330), (340, 290), (90, 380), (400, 400), (250, 440), (40, 470), (430, 480))
    )
    b = (
        rect(f"url(#{p}s)")
        + cloud(380, 90, 44)
        + cloud(90, 130, 30, opacity=0.6)
        + rect(f"url(#{p}sea)", 260, 252)
        + waves
    )
    return d, b


def bg_underwater(p, rng):
    d = linear_gradient(p, "s", [(0, "#49c2ec"), (0.6, "#1b75b8"), (1, "#0d3f78")])
    rays = "".join(f'<path d="M{x} 0L{x + 40} 0L{x + 140} 512L{x + 60} 512Z"/>' for x in (20, 170, 330))
    bubbles = "".join(
        f'<circle cx="{fmt(rng.uniform(20, 490))}" cy="{fmt(rng.uniform(20, 380))}" r="{fmt(rng.uniform(3, 8))}"/>'
        for _ in range(14)
    )
    b = (
        rect(f"url(#{p}s)")
        + f'<g fill="#fff" opacity=".08">{rays}</g>'
        + f'<g fill="none" stroke="#d9f6ff" stroke-width="2" opacity=".6">{bubbles}</g>'
        + hill(440, 12, "#d9c27d", 0.7, 1.4)
        + hill(470, 8, "#c9ae66", 2.0, 1.0)
    )
    return d, b


def bg_space(p, rng):
    d = radial_gradient(p, "s", [(0, "#3a2477"), (0.6, "#160f3d"), (1, "#05051a")], 0.35, 0.35, 0.9)
    d += radial_gradient(p, "pl", [(0, "#7fd1c0"), (1, "#2f6f8f")], 0.4, 0.3, 0.8)
    b = (
        rect(f"url(#{p}s)")
        + stars(rng, 110, 4, 508)
        + stars(rng, 12, 4, 508, "#ffe9a8")
        + f'<circle cx="470" cy="560" r="170" fill="url(#{p}pl)" opacity=".9"/>'
    )
    return d, b


def bg_desert(p, rng):
    d = linear_gradient(p, "s", [(0, "#ffb86b"), (1, "#fff0cf")])
    b = (
        rect(f"url(#{p}s)")
        + hill(320, 22, "#f2c078", 0.4, 1.3)
        + hill(360, 16, "#e9a957", 2.2, 1.0)
        + hill(430, 10, "#dc9847", 0.9, 0.8)
    )
    return d, b


def bg_sunset(p, rng):
    d = linear_gradient(p, "s", [(0, "#5b3c8f"), (0.45, "#e0677a"), (0.8, "#ffb36b"), (1, "#ffd98a")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(130, 120, 50, "#ffc1a1", 0.5)
        + hill(345, 18, "#5a3e63", 1.0, 1.2)
        + hill(380, 10, "#3f2b48", 2.5, 0.8)
    )
    return d, b


def bg_dusk(p, rng):
    d = linear_gradient(p, "s", [(0, "#1f2a5c"), (0.6, "#7a4d8c"), (1, "#f59a76")])
    b = (
        rect(f"url(#{p}s)")
        + stars(rng, 30, 6, 160)
        + hill(350, 14, "#2b2f4f", 0.6, 1.0)
        + hill(390, 8, "#1e2240", 2.0, 0.8)
    )
    return d, b


def bg_city(p, rng):
    d = linear_gradient(p, "s", [(0, "#8fd0f7"), (1, "#e4f5ff")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(420, 70, 36, opacity=0.8)
        + skyline(rng, 360, "#b4c4d6", 120, 230, "#d7e4f0")
        + skyline(rng, 380, "#8fa3ba", 70, 170, "#c4d6e8", 50, 90)
        + rect("#c9ccd1", 380, 40)
        + rect("#5d636b", 420, 92)
        + '<path d="M0 468H512" stroke="#f1f1f1" stroke-width="6" stroke-dasharray="36 28"/>'
    )
    return d, b


def bg_city_night(p, rng):
    d = linear_gradient(p, "s", [(0, "#070d2b"), (1, "#2d2f6b")])
    b = (
        rect(f"url(#{p}s)")
        + stars(rng, 35, 4, 180)
        + skyline(rng, 360, "#1f2550", 130, 240, "#f7d56b")
        + skyline(rng, 385, "#151a3a", 80, 170, "#ffe58a", 50, 90)
        + rect("#2e3140", 385, 35)
        + rect("#1c1e28", 420, 92)
        + '<path d="M0 468H512" stroke="#d8c25a" stroke-width="5" stroke-dasharray="36 28" opacity=".7"/>'
    )
    return d, b


def bg_road(p, rng):
    d = linear_gradient(p, "s", [(0, "#79c6f3"), (1, "#e3f4ff")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(100, 90, 40)
        + cloud(400, 120, 30, opacity=0.7)
        + hill(300, 10, "#a6d98a", 1.0, 1.0)
        + rect("#84c865", 310, 202)
        + '<path d="M236 310H276L470 512H42Z" fill="#666b73"/>'
        + '<path d="M256 316V512" stroke="#fff" stroke-width="6" stroke-dasharray="18 22"/>'
    )
    return d, b


def bg_mountains(p, rng):
    d = linear_gradient(p, "s", [(0, "#7cc2ef"), (1, "#e3f3ff")])
    peaks = [(90, 130, 210), (250, 80, 260), (420, 120, 220)]
    m = ""
    for x, top, half in peaks:
        m += f'<path d="M{x - half} 360L{x} {top}L{x + half} 360Z" fill="#7d8aa3"/>'
        cap = top + 60
        m += f'<path d="M{x} {top}L{fmt(x + 0.26 * half * (cap - top) / 60)} {cap}l-14 -10-12 12-12-12-14 10Z" fill="#fff"/>'
    b = (
        rect(f"url(#{p}s)")
        + cloud(330, 70, 34, opacity=0.8)
        + m
        + hill(360, 10, "#8cc76a", 0.4, 1.0)
        + hill(400, 8, "#70b352", 2.0, 0.8)
    )
    return d, b


def bg_autumn(p, rng):
    d = linear_gradient(p, "s", [(0, "#f7c98b"), (1, "#fff1dc")])
    b = (
        rect(f"url(#{p}s)")
        + hill(330, 14, "#d98b3a", 0.7, 1.1)
        + hill(360, 10, "#b8662b", 2.3, 0.9)
        + dots(rng, 40, 370, 505, ["#f2a33a", "#d9532b", "#f7d046"], 3, 6, 0.9)
    )
    return d, b


def bg_rain(p, rng):
    d = linear_gradient(p, "s", [(0, "#6f7d8e"), (1, "#c3ccd6")])
    drops = "".join(
        f'<path d="M{fmt(x)} {fmt(y)}l-8 22"/>'
        for x, y in ((rng.uniform(0, 530), rng.uniform(0, 500)) for _ in range(70))
    )
    b = (
        rect(f"url(#{p}s)")
        + cloud(120, 70, 60, "#9aa6b4", 0.9)
        + cloud(380, 60, 70, "#8a96a5", 0.9)
        + hill(350, 10, "#5c7a63", 0.9, 1.0)
        + '<ellipse cx="170" cy="450" rx="90" ry="16" fill="#8fb1cc" opacity=".7"/><ellipse cx="400" cy="410" rx="60" ry="10" fill="#8fb1cc" opacity=".7"/>'
        + f'<g stroke="#e6eef7" stroke-width="2" opacity=".55" stroke-linecap="round">{drops}</g>'
    )
    return d, b


def bg_storm(p, rng):
    d = linear_gradient(p, "s", [(0, "#262a3f"), (1, "#5e6580")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(100, 60, 70, "#3b4058", 0.95)
        + cloud(330, 50, 80, "#444a64", 0.95)
        + hill(360, 16, "#2a3630", 0.5, 1.2)
        + hill(395, 8, "#1f2824", 2.0, 0.8)
    )
    return d, b


def bg_lake(p, rng):
    d = linear_gradient(p, "s", [(0, "#86cdf4"), (1, "#e8f7ff")]) + linear_gradient(
        p, "w", [(0, "#5fb4e0"), (1, "#2f7fb8")]
    )
    b = (
        rect(f"url(#{p}s)")
        + cloud(140, 80, 42)
        + hill(300, 14, "#5f9a6a", 0.2, 1.4)
        + rect(f"url(#{p}w)", 305, 130)
        + '<g stroke="#cdeeff" stroke-width="3" opacity=".6"><path d="M60 340h60M300 360h80M150 400h70M380 410h50"/></g>'
        + hill(440, 8, "#7cbf5a", 1.5, 1.0)
    )
    return d, b


def bg_arctic(p, rng):
    d = linear_gradient(p, "s", [(0, "#b7e0f7"), (1, "#f4fbff")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(100, 90, 38, opacity=0.8)
        + rect("#2c6f9e", 300, 212)
        + '<path d="M-10 360L60 330H300L340 352H530V520H-10Z" fill="#f2f8fd"/>'
        + '<path d="M300 330L340 352H530V370H330Z" fill="#cfe3f1"/>'
        + '<path d="M380 300l30-12h50l20 12Z" fill="#e4f1fa"/>'
    )
    return d, b


def bg_clouds(p, rng):
    d = linear_gradient(p, "s", [(0, "#4aa8ea"), (1, "#cdeeff")])
    b = (
        rect(f"url(#{p}s)")
        + cloud(90, 120, 50)
        + cloud(420, 200, 60)
        + cloud(200, 420, 80, opacity=0.9)
        + cloud(460, 460, 60, opacity=0.9)
        + cloud(40, 470, 50, opacity=0.9)
    )
    return d, b


def bg_jungle(p, rng):
    d = linear_gradient(p, "s", [(0, "#2f8d55"), (1, "#174f2e")])
    leaves = []
    for _ in range(22):
        x, y = rng.uniform(-20, 530), rng.uniform(-20, 330)
        a = rng.uniform(0, 360)
        col = rng.choice(["#1f6b3c", "#3ea35e", "#2a7f47", "#59b96f"])
        leaves.append(
            f'<ellipse cx="0" cy="0" rx="60" ry="20" fill="{col}" transform="translate({fmt(x)} {fmt(y)}) rotate({fmt(a)})"/>'
        )
    b = rect(f"url(#{p}s)") + "".join(leaves) + hill(380, 12, "#3d6b2a", 0.4, 1.1) + hill(420, 8, "#2f5a20", 2.0, 0.8)
    return d, b


def bg_cave(p, rng):
    d = radial_gradient(p, "s", [(0, "#6b5a4a"), (0.7, "#3a2f28"), (1, "#1e1814")], 0.5, 0.45, 0.7)
    rocks = (
        '<path d="M0 0H512V60Q470 120 430 70T350 90 260 60 170 100 90 70 0 110Z" fill="#2a221d"/>'
        '<path d="M0 110Q40 200 20 330L0 340Z" fill="#2a221d"/><path d="M512 90Q470 220 500 330L512 340Z" fill="#2a221d"/>'
    )
    b = rect(f"url(#{p}s)") + rocks + hill(380, 10, "#4a3d33", 1.0, 1.0) + hill(420, 6, "#3b3029", 2.2, 0.8)
    return d, b
