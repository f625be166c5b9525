"""``gamenight new`` (gamenight/new.py) and docs/plugins.md's walkthrough, "Write a game in ten minutes".

The packages the command writes pass ruff, and the steps the command prints are run as printed: the package
is installed with its ``[test]`` extra, passes its own tests (the scripted match, the rules, the secrets, the
strings, the screen in Chromium), plays its script through ``gamenight play`` and shows in ``gamenight games``.
The walkthrough's commands are read from the docs and run as they are written there, and are the steps the
command prints, so that the docs cannot drift from what the command writes.

Installing is offline (pip's ``--no-deps --no-build-isolation``, no index) into a throwaway virtual
environment that sees this environment's packages through a ``.pth`` file, so that this one is left as it
was. Its ``bin/`` holds ``gamenight``, ``pytest`` and ``pip``, first on the PATH of every command run there.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from gamenight.cli import main
from gamenight.new import TEMPLATES, render
from test_layering import PLUGIN_API

ROOT = Path(__file__).parent.parent
WALKTHROUGH = "## Write a game in ten minutes"
TIMEOUT = 300  # seconds, for any one command
CHROMIUM = os.environ.get("GAMENIGHT_CHROMIUM", "/usr/bin/chromium")
OFFLINE = ["--no-deps", "--no-build-isolation"]
CONSOLE_SCRIPTS = {  # what pip would write as each command's script
    "gamenight": "from gamenight.cli import main",
    "pytest": "from pytest import console_main as main",
    "pip": "from pip._internal.cli.main import main",
}
GAME_FILES = {
    "README.md",
    "pyproject.toml",
    "{package}/__init__.py",
    "{package}/rules.py",
    "{package}/client/screen.js",
    "{package}/client/screen.css",
    "{package}/client/strings/en.json",
    "{package}/client/strings/ru.json",
    "{package}/client/rules/en.html",
    "{package}/client/rules/ru.html",
    "scripts/match.json",
    "tests/conftest.py",
    "tests/test_rules.py",
    "tests/test_scripts.py",
    "tests/test_secrets.py",
    "tests/test_strings.py",
    "tests/test_screen.py",
}
VARIANT_FILES = GAME_FILES - {"{package}/client/rules/en.html", "{package}/client/rules/ru.html"}


class Sandbox:
    """A throwaway virtual environment over this one: what it installs goes into it, the rest is this one's."""

    def __init__(self, where: Path) -> None:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=TIMEOUT)
        self.bin = where / "bin"
        python = self.bin / "python"
        purelib = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            capture_output=True,
            text=True,
            check=True,
            timeout=TIMEOUT,
        ).stdout.strip()
        ours = dict.fromkeys(sysconfig.get_path(key) for key in ("purelib", "platlib"))
        lines = [f"import site; site.addsitedir({path!r})\n" for path in ours]  # and their .pth files, editables
        Path(purelib, "gamenight-project.pth").write_text("".join(lines), encoding="utf-8")
        for command, entry in CONSOLE_SCRIPTS.items():
            script = self.bin / command
            script.write_text(f"#!{python}\nimport sys\n{entry}\nsys.exit(main())\n", encoding="utf-8")
            script.chmod(0o755)
        self.env = {
            name: value
            for name, value in os.environ.items()
            if name not in ("GAMENIGHT_PLUGINS", "PYTHONPATH", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")
            and not name.startswith("PYTEST_XDIST")
        }
        self.env.update(
            PATH=f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
            VIRTUAL_ENV=str(where),
            PIP_NO_INDEX="1",
            PIP_DISABLE_PIP_VERSION_CHECK="1",
        )

    def run(self, command: list[str], cwd: Path, *, fails: bool = False) -> subprocess.CompletedProcess[str]:
        """Run ``command`` in ``cwd``; it must succeed (or, with ``fails``, fail)."""
        done = subprocess.run(command, cwd=cwd, env=self.env, capture_output=True, text=True, timeout=TIMEOUT)
        assert (done.returncode != 0) == fails, (
            f"{shlex.join(command)} (in {cwd}) exited with {done.returncode}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        )
        return done

    def install(self, package: Path, *, editable: bool = False) -> None:
        self.run(["pip", "install", "-q", *OFFLINE, *(["-e"] if editable else []), str(package)], package.parent)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    return Sandbox(tmp_path_factory.mktemp("sandbox") / "venv")


def written(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def run_steps(sandbox: Sandbox, steps: list[str], cwd: Path) -> dict[str, str]:
    """Run shell-like ``steps`` one after the other (``cd`` moves on), offline; what each printed, by step."""
    printed = {}
    for step in steps:
        words = shlex.split(step)
        if words[0] == "cd":
            cwd = (cwd / words[1]).resolve()
            continue
        if words[:2] == ["pip", "install"]:
            words[2:2] = OFFLINE
        if words[0] == "pytest":
            words[1:1] = ["-p", "no:cacheprovider"]
        printed[step] = sandbox.run(words, cwd).stdout
    return printed


def next_steps(printed: str) -> list[str]:
    """The commands ``gamenight new`` prints under "Next:"."""
    return [line.strip() for line in printed.split("\nNext:\n", 1)[1].splitlines() if line.strip()]


def check_tests_ran(tests: str) -> None:
    """What the package's ``pytest`` printed: the screen's tests ran in Chromium (or were skipped for want of
    it), and nothing else was skipped."""
    skipped = re.findall(r"SKIPPED \[\d+\] (.*)", tests)
    assert all("Chromium" in line for line in skipped), skipped
    if Path(CHROMIUM).exists():
        assert not skipped, skipped


def check_package(sandbox: Sandbox, created: str, package: Path, expected: set[str], name: str) -> str:
    """The package at ``package``, as ``gamenight new`` (which printed ``created``) wrote it: its files, ruff, and
    the steps it printed run as they are (install, its own tests, its script, where gamenight lists it); what
    its ``pytest`` printed."""
    assert written(package) == {path.format(package=f"gamenight_{name}") for path in expected}
    assert not list(package.rglob("*.tmpl")) and "{{" not in "".join(
        path.read_text(encoding="utf-8") for path in package.rglob("*") if path.is_file()
    )
    ruff = [sys.executable, "-m", "ruff"]
    sandbox.run([*ruff, "check", "--no-cache", "."], package)
    sandbox.run([*ruff, "format", "--check", "--no-cache", "."], package)
    steps = next_steps(created)
    assert [step.split(" ")[0] for step in steps] == ["pip", "cd", "pytest", "gamenight", "gamenight"], steps
    printed = run_steps(sandbox, steps, package.parent)
    check_tests_ran(printed["pytest"])
    assert json.loads(printed["gamenight play scripts/match.json"])["over"]
    return printed["pytest"]


def test_new_game_writes_a_package_that_installs_passes_its_tests_and_plays(sandbox: Sandbox, tmp_path: Path):
    created = sandbox.run(["gamenight", "new", "game", "chameleon", "--dir", str(tmp_path)], tmp_path).stdout
    assert "TODO(ru) in gamenight_chameleon/rules.py" in created, "without --ru the Russian name is to translate"
    package = tmp_path / "gamenight-chameleon"
    tests = check_package(sandbox, created, package, GAME_FILES, "chameleon")
    assert re.search(r"^XFAIL .*test_the_games_name_in_russian_is_russian .*still to translate", tests, re.M), tests
    listed = sandbox.run(["gamenight", "games"], tmp_path).stdout
    assert re.search(
        r"^chameleon  Chameleon / TODO\(ru\): Chameleon  2-10 players  \[gamenight-chameleon\]$", listed, re.M
    )
    phases = sandbox.run(["gamenight", "games", "--phases", "chameleon"], tmp_path).stdout.splitlines()
    assert [line.split(" ")[:3] for line in phases] == [["guess", "->", "round_over"], ["round_over", "->", "guess"]]


def test_new_variant_writes_a_package_that_installs_passes_its_tests_and_plays(sandbox: Sandbox, tmp_path: Path):
    command = ["gamenight", "new", "variant", "spyfall", "house_rule", "--ru", "Своё правило", "--dir", str(tmp_path)]
    created = sandbox.run(command, tmp_path).stdout
    assert "TODO(ru)" not in created
    package = tmp_path / "gamenight-house-rule"
    tests = check_package(sandbox, created, package, VARIANT_FILES, "house_rule")
    assert "XFAIL" not in tests and "xfail" not in tests, tests
    script = json.loads((package / "scripts" / "match.json").read_text(encoding="utf-8"))
    assert script["variants"] == ["house_rule"] and {"advance": 44} in script["steps"]  # the house rule's 45 s
    listed = sandbox.run(["gamenight", "games"], tmp_path).stdout
    assert re.search(r"^  \+ house_rule  House rule  \[gamenight-house-rule\]$", listed, re.M)
    listed = sandbox.run(["gamenight", "games", "--json"], tmp_path).stdout
    (variant,) = [v for game in json.loads(listed) for v in game["variants"] if v["id"] == "house_rule"]
    assert variant["names"] == {"en": "House rule", "ru": "Своё правило"}
    phases = sandbox.run(["gamenight", "games", "--phases", "spyfall", "--variant", "house_rule"], tmp_path).stdout
    assert phases.startswith("play -> ")


# -- the walkthrough in docs/plugins.md -------------------------------------------------------------------


def walkthrough() -> list[tuple[str, str]]:
    """The fenced blocks of the walkthrough's section, in order: ``(language, text)``."""
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    start = text.index(WALKTHROUGH + "\n")
    end = text.find("\n## ", start + 1)
    return re.findall(r"^```(\w+)\n(.*?)^```$", text[start : end if end > 0 else None], flags=re.M | re.S)


def commands(block: str) -> Iterator[tuple[str, list[str]]]:
    """Each ``$ command`` of a console block, with the lines it prints as shown (none shown: not checked)."""
    command, shown = None, []
    for line in block.splitlines():
        if line.startswith("$ "):
            if command is not None:
                yield command, shown
            command, shown = line[2:], []
        elif command is not None:
            shown.append(line.rstrip())
    if command is not None:
        yield command, shown


def replace_phases(rules: Path, declaration: str) -> None:
    """Put ``declaration`` (a whole ``PHASES = [...]``) in the place of the one ``rules`` has."""
    assert declaration.startswith("PHASES = ["), f"the walkthrough's python block is no PHASES: {declaration[:80]!r}"
    source = rules.read_text(encoding="utf-8")
    found = re.search(r"^PHASES = \[.*?^\]\n", source, flags=re.M | re.S)
    assert found, f"{rules} declares no PHASES as the walkthrough expects"
    rules.write_text(source[: found.start()] + declaration + source[found.end() :], encoding="utf-8")


def test_the_walkthrough_runs_as_it_is_written(sandbox: Sandbox, tmp_path: Path):
    blocks = walkthrough()
    assert [language for language, _ in blocks] == ["console", "python", "console"]
    (first, _), *after = list(commands(blocks[0][1]))
    assert first.startswith("gamenight new game "), first
    name = shlex.split(first)[3]
    created = sandbox.run(shlex.split(first), tmp_path).stdout
    assert [command for command, _ in after[:5]] == next_steps(created), "the docs show the steps the command prints"
    cwd, ran = tmp_path, ["gamenight new"]
    for language, text in blocks:
        if language == "python":
            replace_phases(cwd / f"gamenight_{name}" / "rules.py", text)
            continue
        for command, shown in commands(text):
            if command == first:
                continue
            words = shlex.split(command)
            ran.append(words[0] if words[0] != "gamenight" else " ".join(words[:2]))
            if words[0] == "cd":
                cwd = (cwd / words[1]).resolve()
                continue
            out = run_steps(sandbox, [command], cwd)[command]
            if words[0] == "pytest":
                check_tests_ran(out)
                assert "XFAIL" not in out, "the walkthrough gives the name in Russian"
            if shown:
                assert out.rstrip().splitlines() == shown, f"{command} printed:\n{out}"
    assert ran == ["gamenight new", "pip", "cd", "pytest", "gamenight play", "gamenight games", "gamenight games"]
    # "Then pytest shows what else the change touches": the new phase's strings, the script, the tests.
    checks = ["tests/test_strings.py", "tests/test_scripts.py", "tests/test_rules.py"]  # not Chromium again
    failed = sandbox.run(["pytest", "-p", "no:cacheprovider", "-q", *checks], cwd, fails=True).stdout
    for touched in [f"{name}.phase.last_call", f"{name}.timer.last_call", "test_the_script_plays_out", "test_rules.py"]:
        assert touched in failed, failed


# -- the command itself, in this process ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Chameleon", "1game", "my-game", "a", "class", "double__under", "end_", "x" * 33])
def test_a_name_that_is_no_id_is_refused(name: str, tmp_path: Path):
    outcome = CliRunner().invoke(main, ["new", "game", name, "--dir", str(tmp_path)])
    assert outcome.exit_code == 2 and "lowercase letters" in outcome.output
    assert not list(tmp_path.iterdir())


def test_an_existing_folder_and_an_installed_id_are_refused(tmp_path: Path):
    (tmp_path / "gamenight-chameleon").mkdir()
    outcome = CliRunner().invoke(main, ["new", "game", "chameleon", "--dir", str(tmp_path)])
    assert outcome.exit_code == 1 and "exists already" in outcome.output
    assert not list((tmp_path / "gamenight-chameleon").iterdir())
    outcome = CliRunner().invoke(main, ["new", "game", "spyfall", "--dir", str(tmp_path)])
    assert outcome.exit_code == 1 and "installed already" in outcome.output


def test_a_variant_of_a_game_that_is_not_installed_is_refused_naming_the_installed(tmp_path: Path):
    outcome = CliRunner().invoke(main, ["new", "variant", "chess", "house_rule", "--dir", str(tmp_path)])
    assert outcome.exit_code == 2
    assert "no game 'chess' is installed" in outcome.output and "spyfall" in outcome.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("game", ["spyfall", "spyfall_teams", "notahuman", "notarobot"])
def test_a_variant_of_each_built_in_game_is_written_clean(game: str, tmp_path: Path):
    outcome = CliRunner().invoke(main, ["new", "variant", game, "house_rule", "--dir", str(tmp_path)])
    assert outcome.exit_code == 0, outcome.output
    package = tmp_path / "gamenight-house-rule"
    assert written(package) == {path.format(package="gamenight_house_rule") for path in VARIANT_FILES}
    script = json.loads((package / "scripts" / "match.json").read_text(encoding="utf-8"))
    assert (script["game"], script["variants"]) == (game, ["house_rule"])
    assert script["steps"][-1] == {"expect": {"phase": "over"}}  # every built-in game ends by its clocks alone
    for check in (["check", "--no-cache", "."], ["format", "--check", "--no-cache", "."]):
        ruff = subprocess.run([sys.executable, "-m", "ruff", *check], cwd=package, capture_output=True, text=True)
        assert ruff.returncode == 0, ruff.stdout + ruff.stderr


def test_a_placeholder_without_a_value_is_an_error():
    assert render("{{name}} and {{ name }}", {"name": "x"}) == "x and {{ name }}"
    with pytest.raises(KeyError, match="typo"):
        render("{{typo}}", {"name": "x"})


def test_every_template_is_installed_with_gamenight():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    core = ROOT / "core"
    shipped = {path for pattern in data["gamenight"] for path in core.glob(pattern) if path.is_file()}
    templates = {path for path in TEMPLATES.rglob("*") if path.is_file() and "__pycache__" not in path.parts}
    assert {"game", "variant", "common"} <= {path.relative_to(TEMPLATES).parts[0] for path in templates}
    assert templates <= shipped, sorted(str(path) for path in templates - shipped)


# -- what the generated packages assume -------------------------------------------------------------------

WITHOUT_PLAYWRIGHT = "import sys; sys.modules['playwright'] = None; import pytest; sys.exit(pytest.main(sys.argv[1:]))"


def generate(tmp_path: Path, *args: str) -> Path:
    """``gamenight new ARGS`` run here, into ``tmp_path``: the package's folder."""
    outcome = CliRunner().invoke(main, ["new", *args, "--dir", str(tmp_path)])
    assert outcome.exit_code == 0, outcome.output
    (package,) = tmp_path.iterdir()
    return package


@pytest.mark.parametrize("kind", [["game", "chameleon"], ["variant", "spyfall", "house_rule"]], ids=["game", "variant"])
def test_the_screens_test_is_skipped_without_playwright_not_broken(kind: list[str], tmp_path: Path):
    package = generate(tmp_path, *kind)
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_PLAYWRIGHT, "-p", "no:cacheprovider", "-rs", "tests/test_screen.py"],
        cwd=package,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"^SKIPPED .*Playwright, which drives Chromium, is not installed", run.stdout, re.M), run.stdout
    assert " skipped" in run.stdout and "error" not in run.stdout.lower()


def test_a_variant_without_an_option_still_passes_its_strings_test(tmp_path: Path):
    package = generate(tmp_path, "variant", "spyfall", "house_rule", "--ru", "Своё правило")
    rules = package / "gamenight_house_rule" / "rules.py"
    source = rules.read_text(encoding="utf-8")
    assert "    options=OPTIONS,\n" in source, "the variant declares its options as the test expects"
    rules.write_text(source.replace("    options=OPTIONS,\n", ""))  # a house rule without an option
    for lang in ("en", "ru"):
        strings = package / "gamenight_house_rule" / "client" / "strings" / f"{lang}.json"
        catalogue = json.loads(strings.read_text(encoding="utf-8"))
        del catalogue["house_rule.option.seconds"]
        strings.write_text(json.dumps(catalogue, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "tests/test_strings.py"],
        cwd=package,
        env={**os.environ, "PYTHONPATH": str(package)},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "5 passed" in run.stdout, run.stdout


def gamenight_imports(path: Path) -> set[str]:
    """Every ``gamenight`` module ``path`` imports."""
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return {module for module in modules if module.split(".")[0] == "gamenight"}


@pytest.mark.parametrize("kind", [["game", "chameleon"], ["variant", "spyfall", "house_rule"]], ids=["game", "variant"])
def test_a_generated_package_imports_only_what_a_plugin_imports(kind: list[str], tmp_path: Path):
    """docs/plugins.md, "What a plugin imports" (tests/test_layering.py's PLUGIN_API); a test of the screen also
    imports the kit's screen runner, gamenight.web.testing."""
    package = generate(tmp_path, *kind)
    for path in package.rglob("*.py"):
        allowed = set(PLUGIN_API) | ({"gamenight.web.testing"} if path.name == "test_screen.py" else set())
        assert gamenight_imports(path) <= allowed, f"{path.relative_to(package)}: {gamenight_imports(path) - allowed}"


@pytest.mark.parametrize("russian", ["Chameleon", 'Хамелеон "X"', "", "Х" * 41])
def test_a_russian_name_that_is_no_russian_name_is_refused(russian: str, tmp_path: Path):
    outcome = CliRunner().invoke(main, ["new", "game", "chameleon", "--ru", russian, "--dir", str(tmp_path)])
    assert outcome.exit_code == 2 and "the name in Russian" in outcome.output
    assert not list(tmp_path.iterdir())


def test_the_russian_name_given_is_the_games_and_its_rules_pages(tmp_path: Path):
    package = generate(tmp_path, "game", "chameleon", "--ru", "Хамелеон")
    assert '"ru": "Хамелеон"' in (package / "gamenight_chameleon" / "rules.py").read_text(encoding="utf-8")
    page = (package / "gamenight_chameleon" / "client" / "rules" / "ru.html").read_text(encoding="utf-8")
    assert page.startswith("<h2>Хамелеон</h2>")
