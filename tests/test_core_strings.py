"""Every error code and event key the core can emit has its message in Russian and in English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gamenight.images import UPLOADS
from gamenight.registry import UPLOADS_LABEL, Plugins

CORE = Path(__file__).parent.parent / "core"
PLURAL_FORMS = {"en": {"one", "other"}, "ru": {"one", "few", "many", "other"}}


def catalogue(lang: str) -> dict:
    return json.loads((CORE / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def emitted_keys() -> set[str]:
    source = "\n".join(p.read_text(encoding="utf-8") for p in CORE.glob("*.py"))
    codes = {f"error.{c}" for c in re.findall(r'ActionError\(\s*"([a-z_.]+)"', source)}
    events = set(re.findall(r'announce\(\s*"([a-z_.]+)"', source))
    return codes | events


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_core_key_is_translated(lang):
    missing = emitted_keys() - set(catalogue(lang))
    assert not missing, f"{lang} lacks {sorted(missing)}"


def test_both_languages_have_the_same_keys_and_placeholders():
    en, ru = catalogue("en"), catalogue("ru")
    assert set(en) == set(ru)
    for key in en:
        forms = [en[key]] if isinstance(en[key], str) else [v for k, v in en[key].items() if k != "_by"]
        forms += [ru[key]] if isinstance(ru[key], str) else [v for k, v in ru[key].items() if k != "_by"]
        placeholders = {frozenset(re.findall(r"{(\w+)}", f)) for f in forms}
        assert len(placeholders) == 1, f"{key} uses different placeholders across languages"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_plural_messages_have_every_form_the_language_needs(lang):
    for key, message in catalogue(lang).items():
        if isinstance(message, dict):
            assert set(message) - {"_by"} == PLURAL_FORMS[lang], key


def test_the_engine_labels_its_own_option_choices_from_the_string_tables():
    """The "pictures uploaded in this lobby" choice has a key in both catalogues, not text in the code."""
    images = next(
        option
        for game in Plugins().catalogue()
        if game["id"] == "notahuman"
        for option in game["options"]
        if option["name"] == "images"
    )
    assert images["choice_keys"] == {UPLOADS: UPLOADS_LABEL}
    assert UPLOADS not in images["choice_names"] and "notahuman.scenes" in images["choice_names"]
    assert catalogue("en")[UPLOADS_LABEL] == "Pictures uploaded in this lobby"
    assert catalogue("ru")[UPLOADS_LABEL] == "Картинки, загруженные в лобби"
