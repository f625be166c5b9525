"""Every string of the shell, of High Card and of every game and example plugin exists in both languages with the
same placeholders and plural forms; every key the shell and High Card's screen use is defined."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = [
    ROOT / "web" / "locales",
    ROOT / "tests" / "testgame_client" / "strings",
    *sorted(ROOT.glob("plugins/*/client/strings")),
    *sorted(ROOT.glob("examples/*/*/client/strings")),
]
RU_FORMS = {"one", "few", "many", "other"}


def load(folder: Path, lang: str) -> dict:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def test_both_languages_have_the_same_keys_and_plural_forms():
    assert len(CATALOGUES) >= 8, "the shell, High Card, four games and the examples"
    for folder in CATALOGUES:
        en, ru = load(folder, "en"), load(folder, "ru")
        assert set(en) == set(ru), folder
        for key, value in ru.items():
            if isinstance(value, dict):
                assert set(value) >= RU_FORMS, (folder, key)
                assert value.get("_by") == en[key].get("_by"), (folder, key)
                assert "other" in en[key] and "one" in en[key], (folder, key)
                english = set(re.findall(r"\{(\w+)\}", en[key]["other"]))
                for form in value.values():
                    assert set(re.findall(r"\{(\w+)\}", form)) <= english | {"count"}, (folder, key)
            else:
                assert isinstance(en[key], str), (folder, key)
                assert set(re.findall(r"\{(\w+)\}", value)) == set(re.findall(r"\{(\w+)\}", en[key])), (folder, key)


def test_web_layer_errors_are_translated():
    for lang in ("en", "ru"):
        strings = load(ROOT / "web" / "locales", lang)
        for code in ("unknown_event", "not_connected", "rate_limited", "too_many_attempts", "not_attached"):
            assert f"error.{code}" in strings, (lang, code)


def test_every_key_the_client_uses_is_defined():
    known = set()
    for lang in ("en", "ru"):
        known |= set(json.loads((ROOT / "core" / "locales" / f"{lang}.json").read_text(encoding="utf-8")))
    shell = {lang: set(load(ROOT / "web" / "locales", lang)) | known for lang in ("en", "ru")}
    game = {lang: set(load(ROOT / "tests" / "testgame_client" / "strings", lang)) for lang in ("en", "ru")}
    used = set()
    for path in (ROOT / "web" / "static" / "js").glob("*.js"):
        used |= set(re.findall(r"\bt\(\"([a-z0-9_.]+)\"", path.read_text(encoding="utf-8")))
    for path in (ROOT / "web" / "templates").glob("*.html"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"data-i18n(?:-[a-z-]+)?=\"([a-z0-9_.]+)\"", text))
        used |= set(re.findall(r"title_key %\}([a-z0-9_.]+)\{%", text))
    assert used, "no keys found"
    for lang in ("en", "ru"):
        assert used <= shell[lang], (lang, sorted(used - shell[lang]))
    screen = (ROOT / "tests" / "testgame_client" / "screen.js").read_text(encoding="utf-8")
    used_by_screen = set(re.findall(r"\bt\(\"([a-z0-9_.]+)\"", screen))
    assert used_by_screen
    emitted = {
        "highcard.reason.found",
        "highcard.reason.fooled",
        "highcard.option.rounds",
        "highcard.option.claim_seconds",
        "highcard.option.vote_seconds",
        "highcard.option.short_top",
        "highcard.phase.claim",
        "highcard.phase.vote",
        "highcard.phase.round_over",
        "error.highcard.already_banned",
        "error.highcard.too_many_bans",
    }
    for lang in ("en", "ru"):
        assert used_by_screen | emitted <= game[lang], (lang, sorted((used_by_screen | emitted) - game[lang]))


def test_russian_wording_seen_in_a_trial():
    """No capital in mid-sentence, "I asked Anna" said as such, and ally counts that fit everyone."""
    sf = load(ROOT / "plugins" / "spyfall" / "client" / "strings", "ru")
    teams = load(ROOT / "plugins" / "spyfall_teams" / "client" / "strings", "ru")
    spy = teams["spyfall_teams.screen.spy_named_inline"].format(name="Boris")
    assert teams["spyfall_teams.screen.winners"]["one"].format(names=spy) == "Раунд выигрывает шпион Boris!"
    screen = (ROOT / "plugins" / "spyfall_teams" / "client" / "parts" / "teams.js").read_text(encoding="utf-8")
    winners = screen[screen.index("function winnersText") :]
    assert "spy_named_inline" in winners[: winners.index("\n}\n")]
    assert "задан" not in sf["spyfall.kit.i_asked"] and "Мой вопрос" in sf["spyfall.kit.i_asked"]
    for key in ("spyfall_teams.reason.ally", "spyfall_teams.reason.trusted"):
        for form in teams[key].values():
            # a past-tense verb carries a gender ("указал" / "указала"); a count of votes does not
            assert "указал" not in form and "голос" in form, (key, form)
