"""Layering: what may import what, read from every module's source with ``ast``.

- The core (``core/``, ``gamenight``) never imports the web server (``gamenight.web``) or a game.
- A game (``plugins/<game>/``, ``gamenight.plugins.<game>``, and the example packages ``examples/*/<package>/``)
  imports only the plugin API (``PLUGIN_API``) and its own package; one game builds on another only where
  ``BETWEEN_GAMES`` says so, module by module.
- The web server (``web/``, ``gamenight.web``) never imports a game, nor names a game's or a variant's id in
  its code (a string constant equal to an installed id, or an id followed by a dot: ``"spyfall.packs"``).

Every import counts: at the top of a module, inside a function (a lazy import), under ``TYPE_CHECKING``, a
relative one, ``importlib.import_module("...")``/``__import__("...")`` with a literal name, and a
``"module:attribute"`` string naming a module to load later (the ``gamenight`` command's table of commands
loaded when run). A name computed at run time (the plugins' entry points, ``GAMENIGHT_PLUGINS``) is not
read. The checker works on any tree (``Layout``): the last tests prove it fails where it should.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
CORE, WEB, GAMES = "gamenight", "gamenight.web", "gamenight.plugins"

# The plugin API: what docs/plugins.md tells a plugin author to import.
PLUGIN_API = {
    "gamenight": "the declarations, hookimpl and hookspec, ActionError and BadDeal (core/__init__.py's __all__)",
    "gamenight.game": "Declarations (Game, Variant, Phase, Move, Clock, Shelf, ShelfContext, ClientAssets)",
    "gamenight.hookspecs": "the hooks a plugin implements",
    "gamenight.match": "what a game calls on match (Match, for type hints)",
    "gamenight.ballots": "Ballot, what on_ballot receives (for type hints)",
    "gamenight.deck": "the deck helpers (shuffled, draw, draw_bottom, deal_one_each)",
    "gamenight.options": "integer(), the common option field",
    "gamenight.images": "ImagePack and PackImage, for gamenight_image_packs",
    "gamenight.awards": "Award, Night, leaders, for gamenight_awards",
    "gamenight.text": "the one policy for typed text: the Text field, clean_text and TextError",
    "gamenight.testing": "the test kit for a game's tests: Table, Recorder (docs/plugins.md, Testing your game)",
}

# Where one game builds on another, by design: importer's package -> the modules of the other it may import.
BETWEEN_GAMES = {
    # Team Spyfall is Spyfall with teams: it deals from Spyfall's location packs and eight-locations board,
    # hands on a question with Spyfall's talk, declares Spyfall's location hooks (LocationHooks) for its
    # variants, and shares the dealer's rotation, the location card and the break's clock (rules.py).
    "gamenight.plugins.spyfall_teams": {
        "gamenight.plugins.spyfall.board",
        "gamenight.plugins.spyfall.hookspecs",
        "gamenight.plugins.spyfall.packs",
        "gamenight.plugins.spyfall.rules",
        "gamenight.plugins.spyfall.talk",
    },
}

# The core's references to the web server: the commands ``gamenight`` loads only when they are run.
CORE_REFERENCES_TO_WEB = {
    ("gamenight.cli", "gamenight.web.serve"),
    ("gamenight.cli", "gamenight.web.cluster_cli"),
}

REFERENCE = re.compile(r"(?P<module>[A-Za-z_]\w*(?:\.\w+)+):[A-Za-z_][\w.]*")
SKIPPED_FOLDERS = {"__pycache__", "build", "node_modules", "tests"}


@dataclass(frozen=True)
class Layout:
    """Where each top package's source lives, and which packages are games."""

    packages: Mapping[str, Path]  # import name -> folder (``gamenight`` -> core/, ``gamenight.web`` -> web/)
    games: tuple[str, ...]  # the game packages: ``gamenight.plugins.spyfall``, ``gamenight_double_human``


@dataclass(frozen=True)
class Module:
    name: str
    path: Path
    is_package: bool


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    path: Path
    line: int
    target: str  # the module imported (``from a.b import c``: ``a.b.c`` where that is a module, else ``a.b``)
    how: str  # "import", "from", "import_module", "reference"

    def where(self, root: Path) -> str:
        path = self.path.relative_to(root) if self.path.is_relative_to(root) else self.path
        return f"{path}:{self.line}: {self.module} imports {self.target} ({self.how})"


def repo_layout() -> Layout:
    package_dir = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-dir"
    ]
    packages = {name: ROOT / folder for name, folder in package_dir.items()}
    games = [f"{GAMES}.{init.parent.name}" for init in sorted((ROOT / "plugins").glob("*/__init__.py"))]
    for init in sorted(ROOT.glob("examples/*/*/__init__.py")):
        if init.parent.name not in SKIPPED_FOLDERS:
            packages[init.parent.name] = init.parent
            games.append(init.parent.name)
    return Layout(packages, tuple(games))


def modules(layout: Layout) -> Iterator[Module]:
    """Every module of every package, each once (a folder that is a package of its own is left to it)."""
    folders = set(layout.packages.values())
    for package, folder in layout.packages.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).parts
            if SKIPPED_FOLDERS & set(parts[:-1]):
                continue
            if any(folder / Path(*parts[:i]) in folders for i in range(1, len(parts))):
                continue  # e.g. web/ inside a package folder of its own
            is_package = parts[-1] == "__init__.py"
            names = [*parts[:-1]] if is_package else [*parts[:-1], path.stem]
            yield Module(".".join([package, *names]), path, is_package)


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring constants (a docstring may name anything)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def imports_of(module: Module, known: set[str]) -> Iterator[Import]:
    """Every import of a module, wherever it is written (see the module's docstring)."""
    tree = ast.parse(module.path.read_text(encoding="utf-8"), str(module.path))
    package = module.name if module.is_package else module.name.rpartition(".")[0]
    docstrings = _docstrings(tree)
    seen = set()
    for found in _imports(tree, module, package, known, docstrings):
        if (found.line, found.target, found.how) not in seen:  # ``from a import b, c``: once
            seen.add((found.line, found.target, found.how))
            yield found


def _imports(tree: ast.Module, module: Module, package: str, known: set[str], docstrings: set[int]) -> Iterator[Import]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module.name, module.path, node.lineno, alias.name, "import")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                yield Import(module.name, module.path, node.lineno, whole if whole in known else base, "from")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in ("import_module", "__import__") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    yield Import(module.name, module.path, node.lineno, first.value, "import_module")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            match = REFERENCE.fullmatch(node.value)
            if match and match["module"].split(".")[0] in {name.split(".")[0] for name in known}:
                yield Import(module.name, module.path, node.lineno, match["module"], "reference")


def _within(target: str, package: str) -> bool:
    return target == package or target.startswith(package + ".")


def _game_of(module: str, games: tuple[str, ...]) -> str | None:
    return next((game for game in games if _within(module, game)), None)


def _layer(module: str, layout: Layout) -> str:
    if _within(module, WEB):
        return "web"
    if _within(module, GAMES) or _game_of(module, layout.games):
        return "game"
    return "core" if _within(module, CORE) else "other"


def import_violations(layout: Layout) -> list[str]:
    """Every forbidden import in the tree, as ``path:line: module imports target (how): the rule``."""
    found = list(modules(layout))
    known = {m.name for m in found}
    root = ROOT
    wrong = []
    for module in found:
        layer = _layer(module.name, layout)
        own = _game_of(module.name, layout.games)
        for imported in imports_of(module, known):
            target, other = imported.target, _game_of(imported.target, layout.games)
            rule = None
            if layer == "core":
                referenced = imported.how == "reference" and (module.name, target) in CORE_REFERENCES_TO_WEB
                if _within(target, WEB) and not referenced:
                    rule = "the core never imports the web server"
                elif _within(target, GAMES) or other:
                    rule = "the core never imports a game"
            elif layer == "web":
                if _within(target, GAMES) or other:
                    rule = "the web server never imports a game"
            elif layer == "game":
                if other and other != own:
                    if target not in BETWEEN_GAMES.get(own or "", set()):
                        rule = f"a game imports no other game ({own} is not built on {target})"
                elif _within(target, CORE) and not (own and _within(target, own)) and target not in PLUGIN_API:
                    rule = "a game imports only the plugin API (PLUGIN_API, docs/plugins.md) and its own package"
            if rule:
                wrong.append(f"{imported.where(root)}: {rule}")
    return wrong


def game_ids_named(layout: Layout, ids: set[str]) -> list[str]:
    """Every string constant of the web server's code (docstrings aside) that names a game or a variant."""
    wrong = []
    root = ROOT
    for module in modules(layout):
        if _layer(module.name, layout) != "web":
            continue
        tree = ast.parse(module.path.read_text(encoding="utf-8"), str(module.path))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                named = sorted(i for i in ids if node.value == i or node.value.startswith(i + "."))
                if named:
                    path = module.path.relative_to(root) if module.path.is_relative_to(root) else module.path
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


def test_the_walk_sees_every_layer_and_the_lazy_imports():
    layout = repo_layout()
    found = {m.name: m for m in modules(layout)}
    assert {"gamenight.cli", "gamenight.web.serve", "gamenight.plugins.spyfall.rules"} <= set(found)
    assert {"gamenight_double_human", "gamenight_hidden_spies"} <= set(found)
    assert set(layout.games) >= {f"{GAMES}.{g}" for g in ("spyfall", "spyfall_teams", "notahuman", "notarobot")}
    known = set(found)
    lazy = [i for i in imports_of(found["gamenight.images"], known) if i.target == "gamenight.match"]
    assert lazy, "the import inside images._add_uploaded is not seen"
    references = {i.target for i in imports_of(found["gamenight.cli"], known) if i.how == "reference"}
    assert references == {target for _, target in CORE_REFERENCES_TO_WEB}
    for name in PLUGIN_API:
        assert name in known, f"PLUGIN_API names {name}, which is no module of the core"


def test_nothing_imports_across_the_layers():
    wrong = import_violations(repo_layout())
    assert not wrong, "forbidden imports:\n" + "\n".join(wrong)


def test_the_web_server_names_no_game():
    ids = installed_ids()
    assert {"spyfall", "spyfall_teams", "notahuman", "notarobot", "eight_locations"} <= ids
    wrong = game_ids_named(repo_layout(), ids)
    assert not wrong, "game ids in the web server:\n" + "\n".join(wrong)


def test_the_core_command_module_loads_no_web_module_when_imported():
    import subprocess
    import sys

    code = (
        "import sys, gamenight.cli\n"
        "print(sorted(m for m in sys.modules if m.startswith(('gamenight.web', 'gamenight.plugins'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# -- the checker itself, on a small tree ------------------------------------------------------------


def _tree(root: Path, files: Mapping[str, str]) -> Layout:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    games = (f"{GAMES}.alpha", f"{GAMES}.beta", "outside_game")
    packages = {CORE: root / "core", WEB: root / "web", GAMES: root / "plugins", "outside_game": root / "outside"}
    return Layout(packages, games)


def test_the_checker_names_each_forbidden_import(tmp_path):
    layout = _tree(
        tmp_path,
        {
            "core/__init__.py": '"""The core."""\n',
            "core/game.py": "from gamenight.errors import ActionError\n",
            "core/errors.py": "",
            "core/engine.py": "import json\n",
            "core/cli.py": (
                "def serve():\n"
                "    from gamenight.web import serve  # lazy: an import, not the command table's reference\n"
                "    import importlib\n"
                "    importlib.import_module('gamenight.plugins.alpha')\n"
                "COMMANDS = {'serve': 'gamenight.web.serve:serve', 'x': 'gamenight.web.app:create_app'}\n"
            ),
            "web/__init__.py": "",
            "web/limits.py": "",
            "web/serve.py": "",
            "web/app.py": (
                '"""Serves spyfall (a docstring may say so)."""\n'
                "from gamenight import game\n"
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from gamenight.plugins.alpha.rules import POINTS\n"
                "GAME = 'alpha'\n"
                "KEY = f'{1}' + 'alpha.reason.close'\n"
                "OTHER = 'alphabet'\n"
            ),
            "plugins/__init__.py": "",
            "plugins/alpha/__init__.py": "from . import rules\nfrom gamenight import Game\n",
            "plugins/alpha/rules.py": (
                "from gamenight.engine import Engine\n"
                "from gamenight.game import Move\n"
                "from ..beta import rules\n"
                "from .helpers import x\n"
                "def later():\n"
                "    import gamenight.web.limits\n"
            ),
            "plugins/alpha/helpers.py": "",
            "plugins/beta/__init__.py": "",
            "plugins/beta/rules.py": "import outside_game\nfrom gamenight import errors\n",
            "outside/__init__.py": "from gamenight import hookimpl\nfrom gamenight.plugins.beta import rules\n",
        },
    )
    wrong = {line.split(": ", 1)[0].replace("\\", "/"): line for line in import_violations(layout)}
    p = str(tmp_path).replace("\\", "/") + "/"
    expected = {
        "core/cli.py:2": "gamenight.cli imports gamenight.web.serve (from): the core never imports the web server",
        "core/cli.py:4": "gamenight.cli imports gamenight.plugins.alpha (import_module): the core never imports a game",
        "core/cli.py:5": "gamenight.cli imports gamenight.web.app (reference): the core never imports the web server",
        "web/app.py:5": "gamenight.web.app imports gamenight.plugins.alpha.rules (from): "
        "the web server never imports a game",
        "plugins/alpha/rules.py:1": "gamenight.plugins.alpha.rules imports gamenight.engine (from): "
        "a game imports only the plugin API (PLUGIN_API, docs/plugins.md) and its own package",
        "plugins/alpha/rules.py:3": "gamenight.plugins.alpha.rules imports gamenight.plugins.beta.rules (from): "
        "a game imports no other game (gamenight.plugins.alpha is not built on gamenight.plugins.beta.rules)",
        "plugins/alpha/rules.py:6": "gamenight.plugins.alpha.rules imports gamenight.web.limits (import): "
        "a game imports only the plugin API (PLUGIN_API, docs/plugins.md) and its own package",
        "plugins/beta/rules.py:1": "gamenight.plugins.beta.rules imports outside_game (import): "
        "a game imports no other game (gamenight.plugins.beta is not built on outside_game)",
        "plugins/beta/rules.py:2": "gamenight.plugins.beta.rules imports gamenight.errors (from): "
        "a game imports only the plugin API (PLUGIN_API, docs/plugins.md) and its own package",
        "outside/__init__.py:2": "outside_game imports gamenight.plugins.beta.rules (from): "
        "a game imports no other game (outside_game is not built on gamenight.plugins.beta.rules)",
    }
    assert {key.removeprefix(p) for key in wrong} == set(expected)
    for key, rule in expected.items():
        assert wrong[p + key] == f"{p}{key}: {rule}"
    named = game_ids_named(layout, {"alpha", "beta"})
    assert [line.split(": ", 1)[0].removeprefix(p) for line in named] == ["web/app.py:6", "web/app.py:7"]
    assert "names the game id 'alpha' in 'alpha.reason.close'" in named[1]


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("import gamenight.web.app", "gamenight.web.app"),
        ("from gamenight.web import app", "gamenight.web.app"),
        ("from gamenight.web.app import create_app", "gamenight.web.app"),
        ("from .web import app", "gamenight.web.app"),
        ("__import__('gamenight.web.app')", "gamenight.web.app"),
    ],
)
def test_every_form_of_an_import_of_the_web_server_from_the_core_fails(tmp_path, source, target):
    layout = _tree(
        tmp_path,
        {"core/__init__.py": "", "core/x.py": f"def f():\n    {source}\n", "web/__init__.py": "", "web/app.py": ""},
    )
    (violation,) = import_violations(layout)
    assert f"gamenight.x imports {target} (" in violation and violation.endswith(
        "the core never imports the web server"
    )


def test_the_plugin_api_is_documented():
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    for name in PLUGIN_API:
        assert f"`{name}`" in text, f"{name} is part of the plugin API but docs/plugins.md does not name it"
