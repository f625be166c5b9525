"""The variant's strings and its screen extension: every key in both languages, and a banner that says the
same to every phone and the table (run under Node with a stand-in DOM; skipped where Node is missing)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import gamenight_double_human
import pytest
from double_human_table import PLAYERS, VARIANT

CLIENT = Path(gamenight_double_human.__file__).parent / "client"
HARNESS = Path(__file__).parent / "screen_harness.mjs"


def strings(lang: str) -> dict[str, str]:
    return json.loads((CLIENT / "strings" / f"{lang}.json").read_text(encoding="utf-8"))


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_both_languages_have_every_key_with_the_same_placeholders():
    en, ru = strings("en"), strings("ru")
    assert set(en) == set(ru)
    for key in en:
        assert placeholders(en[key]) == placeholders(ru[key]), key
        assert re.search("[а-яё]", ru[key], re.IGNORECASE), f"{key} is not translated"


def test_the_strings_hold_the_name_the_refusal_and_every_key_the_screen_uses(plugins):
    screen = (CLIENT / "screen.js").read_text(encoding="utf-8")
    used = set(re.findall(r"""api\.t\(\s*["']([\w.]+)["']""", screen))
    assert used, "the screen's keys are found"
    for lang in ("en", "ru"):
        catalogue = strings(lang)
        assert catalogue[f"variant.{VARIANT}"] == plugins.variants[VARIANT].names[lang]
        assert placeholders(catalogue["error.double_human.too_few_players"]) == {"min", "players"}
        assert used <= set(catalogue), used - set(catalogue)
    assert re.search(r"export function extend\(view, root, api\)", screen)


def banners(views: dict, lang: str = "en") -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    payload = {"screen": str(CLIENT / "screen.js"), "strings": strings(lang), "lang": lang, "views": views}
    run = subprocess.run([node, str(HARNESS)], input=json.dumps(payload), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def every_recipient(table) -> dict:
    return {name or "table": table.view(name) for name in [None, *PLAYERS]}


def test_the_banner_is_the_same_on_every_phone_and_the_table_and_names_the_humans_after_the_round(seat):
    table = seat(PLAYERS)
    assert table.start(deals=[{"answer": 5, "human": ["Boris", "Dina"]}]).ok
    en, ru = strings("en"), strings("ru")
    during = f"{en['double_human.screen.banner']} {en['double_human.screen.hint']}"

    def check(expected: str, lang: str = "en") -> None:
        shown = banners(every_recipient(table), lang)
        for recipient, banner in shown.items():
            assert banner["banners"] == 1, recipient
            assert banner["order"] == ["dh-banner", "game-own"], "added above the game's screen, which stays"
            assert set(banner["styles"]) == {VARIANT}, "its screen.css (the shell loads it once)"
            assert banner["text"] == expected, recipient

    check(during)  # associations
    table.associate_all({"Ann": "cold", "Boris": "winter", "Chen": "night", "Dina": "moon", "Emil": "frost"})
    check(during)  # the reveal window: a Human's phone offers the reveal, the banner does not change
    table.to_vote()
    check(during)
    table.vote({"Ann": "2", "Boris": "1", "Chen": "2", "Dina": "2", "Emil": "1"})
    assert table.state()["phase"] == "round_over"
    check(f"{en['double_human.screen.banner']} This round's Humans: Boris and Dina")
    check(f"{ru['double_human.screen.banner']} Люди этого раунда: Boris и Dina", "ru")
