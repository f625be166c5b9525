"""Screens test phases by the ids the server declares: every phase id a game's client files name is one of
its ``Game.phases`` (or a variant's), and no client file compares a phase with a literal string.

The shell gives each screen ``api.phases`` from the catalogue (``/api/games``), an object whose keys are the
game's phase ids: ``match.phase === api.phases.play``. Naming an undeclared key throws in the browser; this
test finds the same mistake without one, in every installed game's client files and the examples'.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gamenight.registry import Plugins

ALIAS = re.compile(r"\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:[\w$]+\.)*phases\b")
LITERAL = re.compile(
    r"""\b[A-Za-z_.]*[pP]hase\s*[!=]==?\s*["'][^"']*["']|["'][^"']*["']\s*[!=]==?\s*[A-Za-z_.]*[pP]hase\b"""
)
EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.fixture(scope="module")
def installed() -> Plugins:
    return Plugins(["testgame"])


def client_files(installed: Plugins) -> list[tuple[str, Path]]:
    """Each game's and variant's client JavaScript files, with the game they belong to."""
    found = []
    for assets in installed.client_assets.values():
        game = assets.id if assets.id in installed.games else installed.variants[assets.id].game
        found += [(game, path) for path in sorted(assets.directory.rglob("*.js"))]
    return found


def phase_names(source: str) -> re.Pattern[str]:
    """What a file reads a phase id from: ``phases.<id>``, or ``<alias>.<id>`` after ``const P = api.phases``."""
    holders = ["phases", *ALIAS.findall(source)]
    return re.compile(r"(?<![\w$.])(?:[\w$]+\.)*(?:" + "|".join(map(re.escape, holders)) + r")\.([A-Za-z_]\w*)")


def test_every_phase_a_screen_names_is_declared_by_its_game(installed):
    named = set()
    for game, path in client_files(installed):
        declared = set(installed.phase_ids(game))
        source = path.read_text(encoding="utf-8")
        names = phase_names(source)
        for line_number, line in enumerate(source.splitlines(), 1):
            for phase in names.findall(line):
                assert phase in declared, f"{path}:{line_number}: {game} declares no phase {phase!r}"
                named.add((game, phase))
    for game in installed.games:  # every game's screens test its phases this way
        assert any(g == game for g, _ in named), f"{game}'s screens name none of its phases"


def test_no_screen_compares_a_phase_with_a_literal_string(installed):
    for _, path in client_files(installed):
        for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not LITERAL.search(line), f"{path}:{line_number}: compare with api.phases.<id>: {line.strip()}"


def test_the_catalogue_serves_each_games_phases_with_its_variants(installed):
    games = {game["id"]: game for game in installed.catalogue()}
    assert games["highcard"]["phases"] == ["claim", "vote", "round_over"]
    spyfall = games["spyfall"]["phases"]
    assert spyfall[0] == "play" and "board_wait" in spyfall  # the sticker variant's wait is among them
    assert "*" not in spyfall


def test_every_phase_has_a_title_in_english_and_russian(installed):
    """A phone's live region and the match's head say a phase by its title (``<game>.phase.<id>``)."""
    for assets in installed.client_assets.values():
        if assets.id not in installed.games:
            continue
        for lang in ("en", "ru"):
            strings = json.loads((assets.directory / "strings" / f"{lang}.json").read_text(encoding="utf-8"))
            for phase in installed.phase_ids(assets.id):
                assert strings.get(f"{assets.id}.phase.{phase}"), f"{assets.id} has no {lang} title for {phase!r}"
