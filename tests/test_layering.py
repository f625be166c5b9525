"""Layering: what may import what, as import-linter's contracts (pyproject.toml, ``[tool.importlinter]``).

The web server (``gamenight.web``) is imported only by itself; only games (``gamenight.plugins.<game>``, the
example packages) import games, one building on another only where a contract names the import; a game imports
only the plugin API of the core (``PLUGIN_API``, docs/plugins.md). The contracts run on a copy of the source laid
out as Python imports it (web/ as ``gamenight/web/``), with what import-linter cannot see read here with ``ast``
and added to its graph: a literal ``importlib.import_module("...")``/``__import__("...")`` and a
``"module:attribute"`` string naming a module to load later. Read here too: the web server never names a game's
or a variant's id (``"spyfall"``, ``"spyfall.packs"``). The last tests plant forbidden imports and see them fail.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).parent.parent
WEB = "gamenight.web"

# The plugin API: what docs/plugins.md tells a plugin author to import. Every other module of the core is in the
# forbidden modules of the contract "plugin-api".
PLUGIN_API = {
    "gamenight": "the declarations, hookimpl and hookspec, ActionError and BadDeal (core/__init__.py's __all__)",
    "gamenight.game": "Declarations (Game, Variant, Phase, Move, Clock, Shelf, ShelfContext, ClientAssets)",
    "gamenight.hookspecs": "the hooks a plugin implements",
    "gamenight.match": "what a game calls on match (Match, for type hints)",
    "gamenight.ballots": "Ballot, what on_ballot receives (for type hints)",
    "gamenight.deck": "the deck helpers (shuffled, draw, draw_bottom, deal_one_each)",
    "gamenight.options": "integer(), the common option field",
    "gamenight.images": "ImagePack and PackImage, for gamenight_image_packs",
    "gamenight.awards": "Award, Night, leaders, for Game.awards",
    "gamenight.records": "Stat, Tally, Keepsake, for a crew's record book (Game.stats, round_tallies, keepsakes)",
    "gamenight.audience": "Prompt, Choice, player_choices, prompt_id, for Game.audience_prompts",
    "gamenight.text": "the one policy for typed text: the Text field, clean_text and TextError",
    "gamenight.testing": "the test kit for a game's tests: Party, Recorder (docs/plugins.md, Testing your game)",
}

REFERENCE = re.compile(r"(?P<module>[A-Za-z_]\w*(?:\.\w+)+):[A-Za-z_][\w.]*")
SKIPPED_FOLDERS = {"__pycache__", "build", "node_modules", "tests"}

# Runs import-linter on the contracts of argv[1], with the imports of argv[2] (JSON) added to its graph.
RUN_CONTRACTS = """
import json, sys
from importlinter import configuration
from importlinter.adapters.building import GraphBuilder
from importlinter.application.app_config import settings
from importlinter.application.use_cases import lint_imports

class WithNamedModules(GraphBuilder):
    def build(self, *args, **kwargs):
        graph = super().build(*args, **kwargs)
        for named in json.loads(sys.argv[2]):
            graph.add_import(**named)
        return graph

configuration.configure()
settings.configure(GRAPH_BUILDER=WithNamedModules())
sys.exit(0 if lint_imports(sys.argv[1], cache_dir=None, no_logo=True) else 1)
"""


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    is_package: bool


@dataclass(frozen=True)
class NamedImport:
    """A module named in a string to be imported: what import-linter cannot see."""

    importer: str
    imported: str
    line_number: int
    line_contents: str


def repo_packages() -> dict[str, Path]:
    """Where each package's source lives: pyproject.toml's package-dir, and the example packages."""
    package_dir = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-dir"
    ]
    packages = {name: ROOT / folder for name, folder in package_dir.items()}
    for init in sorted(ROOT.glob("examples/*/*/__init__.py")):
        if init.parent.name not in SKIPPED_FOLDERS:
            packages[init.parent.name] = init.parent
    return packages


def contracts() -> dict[str, dict]:
    """pyproject.toml's import-linter contracts, by id."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


def modules(packages: Mapping[str, Path]) -> Iterator[Module]:
    """Every module of every package, each once (a folder that is a package of its own is left to it)."""
    folders = set(packages.values())
    for package, folder in packages.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).parts
            if SKIPPED_FOLDERS & set(parts[:-1]):
                continue
            if any(folder / Path(*parts[:i]) in folders for i in range(1, len(parts))):
                continue  # e.g. web/ inside a package folder of its own
            is_package = parts[-1] == "__init__.py"
            names = [*parts[:-1]] if is_package else [*parts[:-1], path.stem]
            yield Module(".".join([package, *names]), path, is_package)


def importable_tree(packages: Mapping[str, Path], root: Path) -> dict[str, Path]:
    """Copy each package's modules under root as Python imports them (gamenight.web in gamenight/web/)."""
    tree = {}
    for module in modules(packages):
        name = module.name.split(".")
        path = root.joinpath(*name, "__init__.py") if module.is_package else root.joinpath(*name[:-1], f"{name[-1]}.py")
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(module.path, path)
    for package in packages:
        if "." not in package:
            tree[package] = root / package
    return tree


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring constants (a docstring may name anything)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def named_imports(packages: Mapping[str, Path]) -> list[NamedImport]:
    """Every module named in a string to be imported, by a package's own code (see the module's docstring)."""
    tops = {name.split(".")[0] for name in packages}
    found = []
    for module in modules(packages):
        text = module.path.read_text(encoding="utf-8")
        tree = ast.parse(text, str(module.path))
        docstrings = _docstrings(tree)
        lines = text.splitlines()
        for node in ast.walk(tree):
            imported = None
            if isinstance(node, ast.Call) and node.args:
                func, first = node.func, node.args[0]
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in ("import_module", "__import__") and isinstance(first, ast.Constant):
                    imported = first.value if isinstance(first.value, str) else None
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                match = REFERENCE.fullmatch(node.value)
                imported = match["module"] if match else None
            if imported and imported.split(".")[0] in tops:
                line = lines[node.lineno - 1].strip()
                found.append(NamedImport(module.name, imported, node.lineno, line))
    return sorted(set(found), key=lambda named: (named.importer, named.line_number, named.imported))


def check_contracts(packages: Mapping[str, Path], workdir: Path) -> tuple[bool, str]:
    """Run pyproject.toml's contracts on a copy of the packages, with their named imports: (all kept, the report)."""
    tree = importable_tree(packages, workdir / "tree")
    named = json.dumps([asdict(found) for found in named_imports(tree)])
    environment = {**os.environ, "PYTHONPATH": str(workdir / "tree"), "COLUMNS": "200", "NO_COLOR": "1"}
    run = subprocess.run(
        [sys.executable, "-c", RUN_CONTRACTS, str(ROOT / "pyproject.toml"), named],
        capture_output=True,
        text=True,
        cwd=workdir,  # import-linter puts the working folder on the path: here, nothing of the checkout's
        env=environment,
    )
    return run.returncode == 0, run.stdout + run.stderr


def game_ids_named(packages: Mapping[str, Path], ids: set[str]) -> list[str]:
    """Every string constant of the web server's code (docstrings aside) that names a game or a variant."""
    wrong = []
    for module in modules(packages):
        if not (module.name == WEB or module.name.startswith(WEB + ".")):
            continue
        tree = ast.parse(module.path.read_text(encoding="utf-8"), str(module.path))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                named = sorted(i for i in ids if node.value == i or node.value.startswith(i + "."))
                if named:
                    path = module.path.relative_to(ROOT) if module.path.is_relative_to(ROOT) else module.path
                    wrong.append(
                        f"{path}:{node.lineno}: {module.name} names the game id {named[0]!r} in {node.value!r}: "
                        "the web server never names a game"
                    )
    return wrong


def installed_ids() -> set[str]:
    from gamenight.registry import Plugins

    ids = set()
    for game in Plugins().catalogue():
        ids.add(game["id"])
        ids.update(variant["id"] for variant in game["variants"])
    return ids


# -- the repository -------------------------------------------------------------------------------


def test_the_layering_contracts_are_kept(tmp_path):
    kept, report = check_contracts(repo_packages(), tmp_path)
    assert kept, report
    assert f"Contracts: {len(contracts())} kept, 0 broken." in report, report


def test_the_named_imports_are_seen():
    named = {(found.importer, found.imported) for found in named_imports(repo_packages())}
    assert named >= {("gamenight.cli", "gamenight.web.serve"), ("gamenight.cli", "gamenight.web.cluster_cli")}


def test_every_module_of_the_core_is_in_the_plugin_api_or_forbidden_to_games():
    core = {module.name for module in modules({"gamenight": ROOT / "core"})}
    forbidden = set(contracts()["plugin-api"]["forbidden_modules"])
    assert not PLUGIN_API.keys() & forbidden, "in the plugin API and forbidden to games"
    assert core - PLUGIN_API.keys() - forbidden == set(), (
        "a module of the core neither in PLUGIN_API nor in the forbidden modules of pyproject.toml's contract "
        "plugin-api: classify it"
    )
    assert (PLUGIN_API.keys() | forbidden) - core == set(), "no such module in the core"


def test_the_web_server_names_no_game():
    ids = installed_ids()
    assert {"spyfall", "spyfall_teams", "notahuman", "notarobot", "eight_locations"} <= ids
    wrong = game_ids_named(repo_packages(), ids)
    assert not wrong, "game ids in the web server:\n" + "\n".join(wrong)


def test_the_core_command_module_loads_no_web_module_when_imported():
    code = (
        "import sys, gamenight.cli\n"
        "print(sorted(m for m in sys.modules if m.startswith(('gamenight.web', 'gamenight.plugins'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_plugin_api_is_documented():
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    for name in PLUGIN_API:
        assert f"`{name}`" in text, f"{name} is part of the plugin API but docs/plugins.md does not name it"


# -- the contracts and the walker, where they must fail ------------------------------------------------


def _plant(packages: Mapping[str, Path], root: Path, files: Mapping[str, str]) -> dict[str, Path]:
    """A copy of the packages laid out as Python imports them, with files added (by module path)."""
    tree = importable_tree(packages, root)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return tree


PLANTED = {
    # the core, importing the web server in every form, or a game
    "gamenight/x_import.py": "def f():\n    import gamenight.web.app\n",
    "gamenight/x_from.py": "def f():\n    from gamenight.web import app\n",
    "gamenight/x_from_name.py": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gamenight.web.app import create_app\n"
    ),
    "gamenight/x_relative.py": "from .web import app\n",
    "gamenight/x_dunder.py": "__import__('gamenight.web.app')\n",
    "gamenight/x_import_module.py": "import importlib\nimportlib.import_module('gamenight.plugins.notarobot')\n",
    "gamenight/x_reference.py": "COMMANDS = {'x': 'gamenight.web.app:create_app'}\n",
    # the web server, importing a game
    "gamenight/web/x_game.py": "from gamenight.plugins.notarobot import rules\n",
    # games, importing the core beyond the plugin API, the web server, another game
    "gamenight/plugins/notarobot/x_engine.py": "from gamenight.engine import Engine\n",
    "gamenight/plugins/notarobot/x_web.py": "def later():\n    import gamenight.web.limits\n",
    "gamenight/plugins/notarobot/x_game.py": "from ..spyfall import packs\n",
    "gamenight/plugins/spyfall_teams/x_variants.py": "from gamenight.plugins.spyfall import variants\n",
    "gamenight_hidden_spies/x_game.py": "from gamenight.plugins.notahuman import rules\n",
}


def test_the_contracts_catch_each_forbidden_import(tmp_path):
    packages = _plant(repo_packages(), tmp_path / "planted", PLANTED)
    kept, report = check_contracts(packages, tmp_path / "run")
    assert not kept
    assert f"Contracts: 0 kept, {len(contracts())} broken." in report, report
    for importer, imported in [
        ("gamenight.x_import", "gamenight.web.app"),
        ("gamenight.x_from", "gamenight.web.app"),
        ("gamenight.x_from_name", "gamenight.web.app"),
        ("gamenight.x_relative", "gamenight.web.app"),
        ("gamenight.x_dunder", "gamenight.web.app"),
        ("gamenight.x_reference", "gamenight.web.app"),
        ("gamenight.x_import_module", "gamenight.plugins.notarobot"),
        ("gamenight.web.x_game", "gamenight.plugins.notarobot.rules"),
        ("gamenight.plugins.notarobot.x_engine", "gamenight.engine"),
        ("gamenight.plugins.notarobot.x_web", "gamenight.web.limits"),
        ("gamenight.plugins.notarobot.x_game", "gamenight.plugins.spyfall.packs"),
        ("gamenight.plugins.spyfall_teams.x_variants", "gamenight.plugins.spyfall.variants"),
        ("gamenight_hidden_spies.x_game", "gamenight.plugins.notahuman.rules"),
    ]:
        assert f"{importer} -> {imported}" in report, f"{importer} -> {imported} not reported:\n{report}"


def test_the_walker_reads_the_named_imports_and_the_game_ids(tmp_path):
    packages = _plant(
        {"gamenight": tmp_path / "core", WEB: tmp_path / "web"},
        tmp_path / "tree",
        {
            "gamenight/__init__.py": '"""Names gamenight.web.app:create_app (a docstring may)."""\n',
            "gamenight/cli.py": (
                "import importlib\n"
                "COMMANDS = {'serve': 'gamenight.web.serve:serve', 'json': 'json.decoder:JSONDecoder'}\n"
                "importlib.import_module('gamenight.web.app')\n"
                "NOT_A_REFERENCE = 'gamenight.web.serve'\n"
            ),
            "gamenight/web/__init__.py": "",
            "gamenight/web/app.py": (
                '"""Serves alpha (a docstring may say so)."""\n'
                "GAME = 'alpha'\n"
                "KEY = f'{1}' + 'alpha.reason.close'\n"
                "OTHER = 'alphabet'\n"
            ),
        },
    )
    found = [(n.importer, n.imported, n.line_number) for n in named_imports(packages)]
    assert found == [("gamenight.cli", "gamenight.web.serve", 2), ("gamenight.cli", "gamenight.web.app", 3)]
    named = game_ids_named(packages, {"alpha", "beta"})
    assert [line.split(": ", 1)[0].rsplit("/", 1)[-1] for line in named] == ["app.py:2", "app.py:3"]
    assert "names the game id 'alpha' in 'alpha.reason.close'" in named[1]
