"""The variant's strings and its screen extension: every key in both languages, and a banner that says the
same to every phone and the table, run in headless Chromium with the real shell and I'm Not a Human's own
screen (gamenight's screen runner, ``gamenight.web.testing``; skipped without Chromium or Playwright)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import gamenight_double_human
import pytest
from double_human_party import PLAYERS, VARIANT, associate_all, start, to_vote, vote
from gamenight.web.testing import ScreenPage, play_screen

CLIENT = Path(gamenight_double_human.__file__).parent / "client"


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


def test_the_strings_hold_the_name_the_refusal_and_every_key_the_screen_uses(gamenight_plugins):
    screen = (CLIENT / "screen.js").read_text(encoding="utf-8")
    used = set(re.findall(r"""api\.t\(\s*["']([\w.]+)["']""", screen))
    assert used, "the screen's keys are found"
    for lang in ("en", "ru"):
        catalogue = strings(lang)
        assert catalogue[f"variant.{VARIANT}"] == gamenight_plugins.variants[VARIANT].names[lang]
        assert placeholders(catalogue["error.double_human.too_few_players"]) == {"min", "players"}
        assert used <= set(catalogue), used - set(catalogue)
    assert re.search(r"export function extend\(view, root, api\)", screen)


@pytest.fixture
def screens(gamenight_browser):
    """``screens(party)``: every player's phone and the table screen, each in a page of its own."""
    context = gamenight_browser.new_context(locale="en-US", viewport={"width": 430, "height": 900})

    def open_all(party) -> dict[str | None, ScreenPage]:
        return {name: play_screen(context.new_page(), party, name) for name in [None, *PLAYERS]}

    yield open_all
    context.close()


BANNER = """(root) => ({
  banners: root.querySelectorAll('[data-testid="dh-banner"]').length,
  first: root.firstElementChild?.dataset.testid ?? null,
  below: root.children.length - 1,
  title: root.querySelector('[data-testid="dh-banner-title"]')?.textContent ?? null,
  line: root.querySelector(".dh-banner .dh-line")?.textContent ?? null,
  styles: document.querySelectorAll('link[data-screen="double_human"]').length,
})"""


def check_banners(party, shown: dict[str | None, ScreenPage], title: str, line: str) -> None:
    """Each recipient's screen, rendered twice with their newest view, shows one banner: first in the game's
    screen, above the game's own nodes, its screen.css loaded once, and the same words everywhere."""
    for name, screen in shown.items():
        view = party.view(name)
        screen.show(view)
        screen.show(view)  # the shell renders every state: still one banner
        seen = screen.root.evaluate(BANNER)
        assert seen.pop("below") > 0, f"{name or 'the table'}: the game's own screen is gone"
        assert seen == {"banners": 1, "first": "dh-banner", "title": title, "line": line, "styles": 1}, name
        assert screen.problems == [], (name, screen.problems)


def test_the_banner_is_the_same_on_every_phone_and_the_table_and_names_the_humans_after_the_round(seat, screens):
    party = seat(PLAYERS)
    assert start(party, deals=[{"answer": 5, "human": ["Boris", "Dina"]}]).ok
    en, ru = strings("en"), strings("ru")
    shown = screens(party)
    hint = en["double_human.screen.hint"]
    check_banners(party, shown, en["double_human.screen.banner"], hint)  # associations
    associate_all(party, {"Ann": "cold", "Boris": "winter", "Chen": "night", "Dina": "moon", "Emil": "frost"})
    check_banners(party, shown, en["double_human.screen.banner"], hint)  # the reveal window: a Human may reveal
    to_vote(party)
    check_banners(party, shown, en["double_human.screen.banner"], hint)
    vote(party, {"Ann": "2", "Boris": "1", "Chen": "2", "Dina": "2", "Emil": "1"})
    assert party.phase == "round_over"
    check_banners(party, shown, en["double_human.screen.banner"], "This round's Humans: Boris and Dina")
    for screen in shown.values():  # the shell's language switch: the screen is rendered again in Russian
        screen.page.get_by_test_id("lang-ru").click()
        screen.page.wait_for_function("() => document.documentElement.lang === 'ru'")
    check_banners(party, shown, ru["double_human.screen.banner"], "Люди этого раунда: Boris и Dina")
