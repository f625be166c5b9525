"""The drawn indoor backgrounds: rooms, kitchens, tables, offices, classrooms, stages.

Each ``bg_<name>(p, rng)`` returns ``(defs, body)`` markup for the 512x512 canvas; ``p`` is
the id prefix unique to the picture and ``rng`` the picture's own random source.
"""

from __future__ import annotations

import math

from svg_shapes import (
    SIZE,
    cloud,
    dots,
    floor_planks,
    linear_gradient,
    painted_wall,
    radial_gradient,
    rect,
    stars,
    window_pane,
)
from svg_text import fmt


def bg_room(p, rng):
    d, wall = painted_wall(p, "#fbeed3", "#f1dcb4", 370)
    stripes = "".join(f'<path d="M{x} 0V370"/>' for x in range(20, SIZE, 40))
    b = (
        wall
        + f'<g stroke="#e9cf9f" stroke-width="6" opacity=".45">{stripes}</g>'
        + window_pane(320, 70, 140, 130, "#bfe6ff")
        + rect("#d9b27c", 362, 10)
        + floor_planks(372, "#c48a52", "#9c6a3c")
    )
    return d, b


def bg_bedroom(p, rng):
    d, wall = painted_wall(p, "#3a3f7c", "#545aa0", 370)
    sky = f"url(#{p}ws)"
    d += linear_gradient(p, "ws", [(0, "#0b1440"), (1, "#2b4180")])
    b = (
        wall
        + window_pane(60, 60, 150, 150, sky, "#e8e4f5")
        + stars(rng, 10, 70, 200)
        + rect("#2f2f5a", 362, 10)
        + floor_planks(372, "#6a4a3a", "#4b3328")
    )
    return d, b


def bg_kitchen(p, rng):
    d = linear_gradient(p, "w", [(0, "#eef7f8"), (1, "#dbeef0")])
    tiles = "".join(f'<path d="M0 {y}H512"/>' for y in range(130, 310, 36)) + "".join(
        f'<path d="M{x} 112V310"/>' for x in range(36, SIZE, 36)
    )
    upper = "".join(f'<rect x="{x}" y="0" width="118" height="100" rx="4"/>' for x in (8, 134, 260, 386))
    lower = "".join(f'<rect x="{x}" y="340" width="150" height="150" rx="6"/>' for x in (20, 182, 344))
    b = (
        rect(f"url(#{p}w)", 0, 310)
        + f'<g stroke="#b9d6dc" stroke-width="2">{tiles}</g>'
        + rect("#c98f5c", 0, 112)
        + f'<g fill="#dfa772" stroke="#b37f4d" stroke-width="3">{upper}</g>'
        + '<g fill="#8e5b3a"><circle cx="115" cy="84" r="4"/><circle cx="149" cy="84" r="4"/><circle cx="367" cy="84" r="4"/><circle cx="401" cy="84" r="4"/></g>'
        + rect("#8e5b3a", 306, 16)
        + rect("#d9a36c", 322, 190)
        + f'<g stroke="#b37f4d" stroke-width="3" fill="none">{lower}</g>'
    )
    return d, b


def _table(p, rng, window: str | None):
    d, wall = painted_wall(p, "#fff3dc", "#f3dcb0", 290)
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
        d += linear_gradient(p, "ws", [(0, "#7cc8f2"), (1, "#dff3ff")])
        b += window_pane(300, 40, 170, 150, f"url(#{p}ws)") + cloud(350, 100, 22)
    elif window == "night":
        d += linear_gradient(p, "ws", [(0, "#0b1440"), (1, "#2b4180")])
        b += window_pane(300, 40, 170, 150, f"url(#{p}ws)")
        b += "".join(
            f'<circle cx="{fmt(rng.uniform(310, 460))}" cy="{fmt(rng.uniform(50, 180))}" r="1.5" fill="#fff"/>'
            for _ in range(12)
        )
    b += (
        rect("#fff", 290, 222)
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
    d, wall = painted_wall(p, "#e6edf4", "#cfdae6", 320)
    blinds = "".join(f'<path d="M40 {y}H200"/>' for y in range(50, 170, 12))
    b = (
        wall
        + '<rect x="40" y="40" width="160" height="130" fill="#a9d8f5"/>'
        + f'<g stroke="#f4f7fa" stroke-width="6">{blinds}</g><rect x="40" y="40" width="160" height="130" fill="none" stroke="#9aa9b8" stroke-width="6"/>'
        + '<rect x="330" y="50" width="140" height="100" fill="#d9b98f" stroke="#a8875f" stroke-width="5"/>'
        + '<g fill="#fff"><rect x="345" y="62" width="40" height="32" transform="rotate(-4 365 78)"/><rect x="400" y="70" width="52" height="36" transform="rotate(3 426 88)"/><rect x="352" y="106" width="46" height="30"/></g>'
        + '<g fill="#e2534a"><circle cx="365" cy="64" r="3"/><circle cx="426" cy="72" r="3"/><circle cx="375" cy="108" r="3"/></g>'
        + rect("#7a5a43", 316, 14)
        + rect("#a57a58", 330, 182)
    )
    return d, b


def bg_classroom(p, rng):
    d, wall = painted_wall(p, "#f4ecd6", "#e8dcbc", 380)
    board = (
        '<rect x="60" y="50" width="392" height="200" rx="6" fill="#2f5d4a" stroke="#9c6b3d" stroke-width="12"/>'
        '<path d="M100 110q40-20 80 0M110 160h120M300 100l40 60M300 160l40-60" stroke="#e8f1ea" stroke-width="4" fill="none" opacity=".45"/>'
        '<rect x="150" y="250" width="212" height="10" fill="#9c6b3d"/>'
    )
    return d, wall + board + floor_planks(380, "#b98b5a", "#8f673f")


def bg_lab(p, rng):
    d, wall = painted_wall(p, "#e6f4f3", "#cde6e4", 330)
    shelves = (
        '<g fill="#9fb8c0"><rect x="30" y="110" width="170" height="8"/><rect x="310" y="80" width="170" height="8"/>'
        '<rect x="310" y="170" width="170" height="8"/></g>'
        '<g fill="#bfe3ef" stroke="#7b9aa6" stroke-width="2"><rect x="44" y="78" width="22" height="32" rx="4"/>'
        '<rect x="74" y="88" width="16" height="22" rx="3"/><rect x="330" y="138" width="20" height="32" rx="4"/>'
        '<rect x="450" y="50" width="18" height="30" rx="3"/></g>'
    )
    b = wall + shelves + rect("#5d6e7a", 326, 16) + rect("#8397a3", 342, 170)
    return d, b


def bg_stage(p, rng):
    d = radial_gradient(p, "s", [(0, "#5a2b63"), (1, "#1a0b22")], 0.5, 0.4, 0.8) + linear_gradient(
        p, "c", [(0, "#c62a35"), (1, "#7d1119")], False
    )
    folds = "".join(f'<path d="M{x} 0V420" />' for x in (20, 45, 70, 442, 467, 492))
    b = (
        rect(f"url(#{p}s)")
        + '<ellipse cx="256" cy="420" rx="190" ry="40" fill="#fff3b0" opacity=".25"/>'
        + '<path d="M256 0L120 420H392Z" fill="#fff7cf" opacity=".08"/>'
        + rect("#8a5a2b", 400, 112)
        + '<path d="M0 400H512" stroke="#6b431f" stroke-width="6"/>'
        + '<path d="M0 0H100Q80 200 96 420H0Z" fill="#b3202a"/><path d="M512 0H412Q432 200 416 420H512Z" fill="#b3202a"/>'
        + f'<g stroke="#7d1119" stroke-width="4" opacity=".6">{folds}</g>'
        + '<path d="M0 0H512V44Q448 70 384 44T256 44 128 44 0 44Z" fill="#9a1822"/>'
    )
    return d, b


def bg_party(p, rng):
    d = linear_gradient(p, "w", [(0, "#4b2478"), (1, "#8a3fb0")])
    flags = "".join(
        f'<path d="M{x} {fmt(30 + 12 * math.sin(x / 80))}l14 28 14-28Z" fill="{c}"/>'
        for x, c in zip(range(6, SIZE, 34), ["#ff5d8f", "#ffd23f", "#3ec1d3", "#7bd389"] * 5, strict=False)
    )
    b = (
        rect(f"url(#{p}w)", 0, 380)
        + '<path d="M0 30Q256 70 512 30" stroke="#fff" stroke-width="2" fill="none"/>'
        + flags
        + dots(rng, 50, 80, 370, ["#ff5d8f", "#ffd23f", "#3ec1d3", "#7bd389", "#ffffff"], 2, 4.5, 0.8)
        + floor_planks(380, "#3a1f55", "#2a1540")
    )
    return d, b


def bg_circus(p, rng):
    d = linear_gradient(p, "s", [(0, "#2a1846"), (1, "#5a2f6e")])
    stripes = "".join(
        f'<path d="M256 0L{x} 380L{x + 40} 380Z" fill="#d8323d" opacity=".55"/>' for x in range(-200, 700, 80)
    )
    b = (
        rect(f"url(#{p}s)")
        + stripes
        + '<ellipse cx="256" cy="440" rx="280" ry="90" fill="#d7b36a"/>'
        + '<ellipse cx="256" cy="440" rx="250" ry="75" fill="#e8cf8f"/><ellipse cx="256" cy="440" rx="280" ry="90" fill="none" stroke="#c0282f" stroke-width="14"/>'
    )
    return d, b
