"""The plugin API: discovery, loud failures, variants that override and wrap, and every hook documented."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import subprocess_env
from gamenight.hookspecs import GameHooks, PlatformHooks
from gamenight.registry import PluginError, Plugins
from helpers import DEAL_ABC

DOCS = Path(__file__).parent.parent / "docs" / "plugins.md"


def hook_signature(func) -> str:
    params = [p for p in inspect.signature(func).parameters.values() if p.name != "self"]
    args = ", ".join(f"{p.name}: {p.annotation}" for p in params)
    return f"{func.__name__}({args}) -> {inspect.signature(func).return_annotation}"


def all_hooks():
    for spec in (PlatformHooks, GameHooks):
        for name, func in vars(spec).items():
            if callable(func) and not name.startswith("_"):
                yield func


@pytest.mark.parametrize("hook", list(all_hooks()), ids=lambda f: f.__name__)
def test_every_hook_is_documented_with_its_exact_signature(hook):
    assert hook.__doc__ and hook.__doc__.strip(), f"{hook.__name__} has no docstring"
    assert f"`{hook_signature(hook)}`" in DOCS.read_text(encoding="utf-8"), (
        f"docs/plugins.md does not document `{hook_signature(hook)}`"
    )


def make_dist(root: Path, package: str, module: str, source: str, entry: str | None = None) -> None:
    """Lay out an installed distribution (as pip would) with a gamenight.plugins entry point (named ``entry``,
    the module's name by default)."""
    (root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = root / f"{package}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[gamenight.plugins]\n{entry or module} = {module}\n", encoding="utf-8")


OUTSIDE_VARIANT = """
from gamenight import Variant, hookimpl

class Triple:
    @hookimpl
    def highcard_points(self, reason):
        return 3

@hookimpl
def gamenight_variants():
    return [Variant(id="triple", game="highcard", names={"en": "Triple", "ru": "Тройные"}, hooks=Triple())]
"""


def test_entry_point_plugins_are_listed_with_their_package(tmp_path):
    make_dist(tmp_path, "gamenight-triple", "triple_points", OUTSIDE_VARIANT)
    env = subprocess_env()
    env["PYTHONPATH"] += f":{tmp_path}"
    out = subprocess.run(
        [sys.executable, "-m", "gamenight", "games", "--json"], env=env, capture_output=True, text=True, check=True
    ).stdout
    games = {g["id"]: g for g in json.loads(out)}
    variants = {v["id"]: v for v in games["highcard"]["variants"]}
    assert variants["triple"]["package"] == "gamenight-triple"
    assert games["highcard"]["players"] == [2, 9]
    text = subprocess.run(
        [sys.executable, "-m", "gamenight", "games"], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert "highcard" in text and "triple" in text and "gamenight-triple" in text


def test_a_plugin_installed_and_also_named_is_loaded_once(tmp_path):
    """``pip install -e`` registers a package by its entry point; naming its module too (``--plugin``, or
    ``GAMENIGHT_PLUGINS``) loads it once, not a pluggy traceback."""
    make_dist(tmp_path, "gamenight-triple", "triple_points", OUTSIDE_VARIANT, entry="triple")
    env = subprocess_env()
    env["PYTHONPATH"] += f":{tmp_path}"
    for named, options in (("testgame,triple_points", []), ("", ["-p", "testgame", "--plugin", "triple_points"])):
        env["GAMENIGHT_PLUGINS"] = named
        command = [sys.executable, "-m", "gamenight", "games", "--json", *options]
        run = subprocess.run(command, env=env, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        variants = [v["id"] for g in json.loads(run.stdout) for v in g["variants"]]
        assert variants.count("triple") == 1
    env["GAMENIGHT_PLUGINS"] = "testgame,no_such_plugin_module"
    run = subprocess.run([sys.executable, "-m", "gamenight", "games"], env=env, capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "no_such_plugin_module" in run.stderr and "cannot be imported" in run.stderr


def test_outside_variant_plays_through_a_script(tmp_path):
    make_dist(tmp_path, "gamenight-triple", "triple_points", OUTSIDE_VARIANT)
    script = {
        "game": "highcard",
        "variants": ["triple"],
        "options": {"rounds": 1},
        "players": ["Ann", "Boris", "Chen"],
        "deals": [DEAL_ABC],
        "steps": [
            {"player": "Ann", "action": "claim", "args": {"value": 1}},
            {"player": "Boris", "action": "claim", "args": {"value": 1}},
            {"player": "Chen", "action": "claim", "args": {"value": 1}},
            {"player": "Ann", "action": "vote", "args": {"ballot": "highest", "choice": "@Boris"}},
            {"player": "Boris", "action": "vote", "args": {"ballot": "highest", "choice": "@Ann"}},
            {"player": "Chen", "action": "vote", "args": {"ballot": "highest", "choice": "@Ann"}},
            {"expect": {"round_scores": {"Ann": 3, "Boris": 3, "Chen": 0}}},
        ],
    }
    path = tmp_path / "triple.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    env = subprocess_env()
    env["PYTHONPATH"] += f":{tmp_path}"
    run = subprocess.run(
        [sys.executable, "-m", "gamenight", "play", str(path)], env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["totals"] == {"Ann": 3, "Boris": 3, "Chen": 0}


def write_module(tmp_path: Path, name: str, source: str, monkeypatch) -> str:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_a_misspelled_game_hook_fails_loudly(tmp_path, monkeypatch):
    name = write_module(
        tmp_path,
        "typo_game",
        """
        from gamenight import Game, hookimpl

        class Defaults:
            @hookimpl
            def set_up(self, match):  # should be "setup"
                pass

        @hookimpl
        def gamenight_games():
            return [
                Game(
                    id="typo",
                    names={"en": "T", "ru": "Т"},
                    min_players=1,
                    max_players=2,
                    phases=[],
                    setup=lambda match: None,
                    public_view=lambda match: {},
                    hooks=Defaults(),
                )
            ]
        """,
        monkeypatch,
    )
    with pytest.raises(PluginError, match="set_up"):
        Plugins([name], entry_points=False)


def test_a_misspelled_platform_hook_fails_loudly(tmp_path, monkeypatch):
    name = write_module(
        tmp_path,
        "typo_platform",
        """
        from gamenight import hookimpl

        @hookimpl
        def gamenight_game():
            return []
        """,
        monkeypatch,
    )
    with pytest.raises(PluginError, match="gamenight_game"):
        Plugins([name], entry_points=False)


def test_a_variant_of_an_unknown_game_fails_loudly(tmp_path, monkeypatch):
    name = write_module(
        tmp_path,
        "orphan_variant",
        """
        from gamenight import Variant, hookimpl

        @hookimpl
        def gamenight_variants():
            return [Variant(id="v", game="nope", names={"en": "V", "ru": "В"})]
        """,
        monkeypatch,
    )
    with pytest.raises(PluginError, match="unknown game 'nope'"):
        Plugins([name], entry_points=False)


def test_a_game_provided_twice_fails_loudly(tmp_path, monkeypatch):
    name = write_module(
        tmp_path,
        "second_highcard",
        """
        from gamenight import hookimpl
        import testgame

        @hookimpl
        def gamenight_games():
            return testgame.gamenight_games()
        """,
        monkeypatch,
    )
    with pytest.raises(PluginError, match="provided twice"):
        Plugins(["testgame", name], entry_points=False)


def test_options_come_from_the_game_and_its_variants(night, plugins):
    assert set(plugins.stack("highcard", []).option_fields) == {
        "rounds",
        "claim_seconds",
        "vote_seconds",
        "break_seconds",
        "time_factor",  # every game's: the host's extended time
    }
    assert "short_top" in plugins.stack("highcard", ["short_deck"]).option_fields
    assert night.command("Ann", "choose", game="highcard", options={"short_top": 7}).error["code"] == "invalid_options"
    outcome = night.command("Ann", "choose", game="highcard", options={"rounds": 99})
    assert outcome.error["code"] == "invalid_options" and "rounds" in outcome.error["params"]["errors"]
    assert night.command("Ann", "choose", game="highcard", variants=["short_deck"], options={"short_top": 7}).ok
    assert night.lobby.setup["options"] == {
        "rounds": 2,
        "claim_seconds": 20,
        "vote_seconds": 30,
        "break_seconds": 120,
        "short_top": 7,
        "time_factor": 1.0,
    }


def test_unknown_games_and_variants_are_refused(night):
    assert night.command("Ann", "choose", game="chess").error["code"] == "unknown_game"
    assert night.command("Ann", "choose", game="highcard", variants=["nope"]).error["code"] == "unknown_variant"
    assert (
        night.command("Ann", "choose", game="highcard", variants=["double", "double"]).error["code"]
        == "unknown_variant"
    )


def test_a_variant_overrides_dealing(night):
    night.start(variants=["short_deck"], options={"short_top": 5})
    hands = night.match.round_state["hands"]
    assert set(hands.values()) | {night.match.round_state["server"]} <= {"c01", "c02", "c03", "c04", "c05"}


def test_a_variant_changes_scoring_through_the_games_own_hookspec(night):
    night.start(variants=["double"], deals=[DEAL_ABC])
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, {"Ann": "Boris", "Boris": "Ann", "Chen": "Ann"})
    assert night.match.round_scores() == {night.ids["Ann"]: 2, night.ids["Boris"]: 2, night.ids["Chen"]: 0}


def test_a_variant_can_wrap_a_view(tmp_path, monkeypatch, clock, db_path):
    from gamenight.engine import Engine
    from gamenight.store_sqlite import SQLiteStore
    from helpers import Night

    name = write_module(
        tmp_path,
        "peek_counter",
        """
        from gamenight import Variant, hookimpl

        class Counter:
            @hookimpl(wrapper=True)
            def public_view(self, match):
                shown = yield
                shown["claims_made"] = len(match.round_state["claims"])
                return shown

        @hookimpl
        def gamenight_variants():
            return [Variant(id="counter", game="highcard", names={"en": "C", "ru": "С"}, hooks=Counter())]
        """,
        monkeypatch,
    )
    engine = Engine(SQLiteStore(db_path), Plugins(["testgame", name], entry_points=False), clock)
    night = Night(engine, clock, ["Ann", "Boris"])
    night.start(variants=["counter"])
    night.move("Ann", "claim", value=3)
    game_view = night.view("Boris")["match"]["game_view"]
    assert game_view["claims_made"] == 1 and "my_card" in game_view


def test_a_variant_keeps_the_games_departure_handling_from_acting(tmp_path, monkeypatch, clock, db_path):
    """docs/plugins.md, ``player_left``: a variant that returns a phase (its current one: stay) decides alone."""
    from gamenight.engine import Engine
    from gamenight.store_sqlite import SQLiteStore
    from helpers import Night

    name = write_module(
        tmp_path,
        "turn_keeper",
        """
        from gamenight import Variant, hookimpl

        class KeepTheTurn:
            # A player who leaves on their turn keeps it until its clock runs out.
            @hookimpl
            def player_left(self, match, player):
                return match.phase

        @hookimpl
        def gamenight_variants():
            return [Variant(id="keeper", game="highcard", names={"en": "K", "ru": "К"}, hooks=KeepTheTurn())]
        """,
        monkeypatch,
    )
    engine = Engine(SQLiteStore(db_path), Plugins(["testgame", name], entry_points=False), clock)
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    assert night.start(variants=["keeper"]).ok
    holder = night.turn
    night.leave(holder)
    assert night.match.phase == "claim" and night.turn == holder, "the game's own handling did not pass the turn"
    night.advance(night.match.timers[night.match.phase_declared.timer].duration)
    assert night.turn != holder and night.match.round_state["claims"][night.id_of(holder)] is None
