"""The docs checked against the code: every list below is read from the code, never written by hand.

* docs/plugins.md names every public member of ``Match``, every field of ``Game``, ``Variant`` and ``Phase``
  (each in its row of the declarations' table), every hook (the platform's, the games' and the built-in
  games' own), every member of the screen ``api`` (``screenApi`` in web/static/js/screens.js), every name
  ``gamenight`` exports and every ``gamenight.<module>`` a game or an outside package imports;
* docs/protocol.md names every error code the core and the web server raise, and the browser makes;
  docs/scripts.md every game's own (``<game>.<code>``);
* docs/architecture.md names only files that exist, and what it says "each game" has, every game has.

``test_a_check_fails_when_its_doc_loses_an_entry`` shows each check failing on a doc with one entry taken out.
(tests/test_plugins.py checks the core hooks' exact signatures as well.)
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import glob
import importlib
import inspect
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import gamenight
import pytest
from gamenight import Game, Phase, Variant, hookimpl, hookspecs
from gamenight.hookspecs import PROJECT
from gamenight.match import Match
from gamenight.registry import GameStack

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
GAMES = sorted(p.name for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").is_file())
OUTSIDE_PACKAGES = sorted(
    p for p in ROOT.glob("examples/*/*/__init__.py") if "build" not in p.parts and p.parent.name != "tests"
)


def read(doc: str) -> str:
    return (DOCS / doc).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The part of ``text`` under the heading line that starts with ``heading``, to the next heading as high."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
    assert start is not None, f"no heading {heading!r}"
    level = len(heading) - len(heading.lstrip("#"))
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if lines[i].startswith("#") and len(lines[i]) - len(lines[i].lstrip("#")) <= level
        ),
        len(lines),
    )
    return "\n".join(lines[start:end])


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


# -- what the code has ---------------------------------------------------------------------------------------


@functools.cache
def match_members() -> list[str]:
    """``Match``'s public methods and properties, its class-level fields and the attributes its ``__init__`` sets,
    read from the source of ``Match`` and of each of its parts (its base classes in ``core/match_*.py``)."""
    classes = []
    for part in Match.__mro__[:-1]:
        tree = parse(Path(inspect.getsourcefile(part)))
        classes.append(next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == part.__name__))
    nodes = [node for cls in classes for node in cls.body]
    names: list[str] = []
    for node in nodes:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.append(node.name)
            if node.name == "__init__":
                for statement in ast.walk(node):
                    targets = statement.targets if isinstance(statement, ast.Assign) else []
                    if isinstance(statement, ast.AnnAssign):
                        targets = [statement.target]
                    names += [
                        t.attr
                        for t in targets
                        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                    ]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return sorted({n for n in names if not n.startswith("_")})


def hookspecs_in(module) -> list[str]:
    """Every function marked with ``@hookspec`` in ``module``'s classes (inherited ones too: Team Spyfall's
    ``TeamHooks`` takes its hooks from Spyfall's ``LocationHooks``)."""
    marker = f"{PROJECT}_spec"
    return sorted(
        {
            name
            for _, cls in inspect.getmembers(module, inspect.isclass)
            for name, func in inspect.getmembers(cls, callable)
            if hasattr(func, marker)
        }
    )


@functools.cache
def core_hooks() -> list[str]:
    return hookspecs_in(hookspecs)


@functools.cache
def game_hooks() -> list[str]:
    """The hooks the built-in games declare for their variants (``plugins/<game>/hookspecs.py``)."""
    names: set[str] = set()
    for game in GAMES:
        if (ROOT / "plugins" / game / "hookspecs.py").is_file():
            names.update(hookspecs_in(importlib.import_module(f"gamenight.plugins.{game}.hookspecs")))
    return sorted(names)


def object_keys(source: str, start: int) -> list[str]:
    """The keys of the JavaScript object literal whose ``{`` is at ``source[start]`` (strings, comments skipped)."""
    keys: list[str] = []
    depth, i, expect_key = 0, start, False
    key = re.compile(r"\s*(?:(?:get|set|async)\s+(?=[A-Za-z_$]))?([A-Za-z_$][\w$]*)")
    while i < len(source):
        ch = source[i]
        if source.startswith("//", i):
            i = source.index("\n", i)
            continue
        if source.startswith("/*", i):
            i = source.index("*/", i) + 2
            continue
        if ch in "\"'`":
            end = i + 1
            while source[end] != ch:
                end += 2 if source[end] == "\\" else 1
            if expect_key:  # a quoted key
                keys.append(source[i + 1 : end])
                expect_key = False
            i = end
        elif ch in "([{":
            depth += 1
            expect_key = depth == 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return keys
        elif ch == "," and depth == 1:
            expect_key = True
        elif expect_key and not ch.isspace():
            found = key.match(source, i)
            assert found, f"cannot read a key at {source[i : i + 40]!r}"
            keys.append(found.group(1))
            i, expect_key = found.end(), False
            continue
        i += 1
    raise AssertionError("unterminated object literal")


@functools.cache
def screen_api_members() -> list[str]:
    """The members of the ``api`` every screen receives: the object ``screenApi`` returns."""
    source = (ROOT / "web" / "static" / "js" / "screens.js").read_text(encoding="utf-8")
    function = source.index("export function screenApi(")
    body = source.index("return {", function)
    return sorted(object_keys(source, body + len("return ")))


@functools.cache
def api_modules() -> list[str]:
    """``gamenight`` and its modules a plugin imports: those ``gamenight/__init__.py`` re-exports from, and
    every ``gamenight.<module>`` a built-in game or an outside package (``examples/``) imports, in its code or
    in its tests (the test kit)."""
    sources = [ROOT / "core" / "__init__.py", *(ROOT / "plugins").rglob("*.py")]
    for package in OUTSIDE_PACKAGES:
        sources += package.parent.rglob("*.py")
        sources += (package.parent.parent / "tests").rglob("*.py")
    modules = set()
    for path in sources:
        for node in ast.walk(parse(path)):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            modules.update(n for n in names if n.split(".")[0] == "gamenight")
    return sorted(m for m in modules if not m.startswith("gamenight.plugins"))


def api_names() -> list[str]:
    return sorted(gamenight.__all__)


def raised_codes(*tops: str) -> dict[str, list[str]]:
    """Every code in an ``ActionError("<code>", ...)`` under ``tops`` (and the test game), with where it is raised."""
    paths = [p for top in tops for p in (ROOT / top).rglob("*.py")] + [ROOT / "tests" / "testgame.py"]
    codes: dict[str, list[str]] = {}
    for path in paths:
        for node in ast.walk(parse(path)):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            first = node.args[0] if node.args else None
            if name == "ActionError" and isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.setdefault(first.value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return codes


def made_codes() -> dict[str, list[str]]:
    """Codes made without ``ActionError``: ``{"code": "<code>"}`` in the web server, ``{code: "<code>"}`` in the
    browser (a request that timed out, an upload that failed, a screen not attached)."""
    codes: dict[str, list[str]] = {}
    patterns = [
        ("web/*.py", r"""["']code["']\s*:\s*["']([a-z_.]+)["']"""),
        ("web/static/js/*.js", r"""\bcode:\s*"([a-z_.]+)\""""),
    ]
    for pattern, regex in patterns:
        for path in sorted(ROOT.glob(pattern)):
            for found in re.finditer(regex, path.read_text(encoding="utf-8")):
                codes.setdefault(found.group(1), []).append(str(path.relative_to(ROOT)))
    return codes


@functools.cache
def all_codes() -> dict[str, list[str]]:
    codes = raised_codes("core", "web", "plugins")
    for code, where in made_codes().items():
        codes.setdefault(code, []).extend(where)
    return codes


def platform_codes() -> list[str]:
    return sorted(c for c in all_codes() if "." not in c)


def games_codes() -> list[str]:
    return sorted(c for c in all_codes() if "." in c)


# -- the checks: which of ``items`` a doc's text does not name -------------------------------------------------


def missing(items: list[str], text: str, pattern: Callable[[str], str]) -> list[str]:
    return [item for item in items if not re.search(pattern(item), text)]


def member_pattern(name: str) -> str:
    """`name`, `name(...)`, `name[...]` or the same with ``match.`` before it."""
    return rf"`(?:match\.)?{re.escape(name)}(?=[`(\[])"


def code_pattern(code: str) -> str:
    return rf"`{re.escape(code)}`"


def hook_pattern(name: str) -> str:
    return rf"`{re.escape(name)}\("


def module_pattern(module: str) -> str:
    return rf"`{re.escape(module)}(?=[`.(])"


def name_pattern(name: str) -> str:
    return rf"`{re.escape(name)}(?=[`(\[])"


@dataclasses.dataclass(frozen=True)
class Check:
    id: str
    doc: str  # the file, for messages
    text: Callable[[], str]  # the part of the doc that must name them
    items: Callable[[], list[str]]
    pattern: Callable[[str], str]
    what: str

    def missing(self, text: str | None = None) -> list[str]:
        return missing(self.items(), self.text() if text is None else text, self.pattern)


def match_section() -> str:
    return section(read("plugins.md"), "### What a game calls on `match`")


def screens_section() -> str:
    return section(read("plugins.md"), "## Screens")


def error_codes_section() -> str:
    return section(read("protocol.md"), "## Error codes")


def declaration_row(name: str) -> str:
    """The row of ``name`` (``Game``, ``Variant``, ``Phase``...) in docs/plugins.md's table of declarations."""
    table = section(read("plugins.md"), "### Declarations")
    (row,) = [line for line in table.splitlines() if line.startswith(f"| `{name}` |")]
    return row


def declared_fields(declaration: type) -> Callable[[], list[str]]:
    return lambda: [field.name for field in dataclasses.fields(declaration)]


CHECKS = [
    Check("match", "docs/plugins.md", match_section, match_members, member_pattern, "a public member of Match"),
    *(
        Check(
            f"{cls.__name__} fields",
            "docs/plugins.md",
            functools.partial(declaration_row, cls.__name__),
            declared_fields(cls),
            name_pattern,
            f"a field of {cls.__name__} in its row of Declarations",
        )
        for cls in (Game, Variant, Phase)
    ),
    Check("core hooks", "docs/plugins.md", lambda: read("plugins.md"), core_hooks, hook_pattern, "a hook"),
    Check("game hooks", "docs/plugins.md", lambda: read("plugins.md"), game_hooks, hook_pattern, "a game's own hook"),
    Check("screen api", "docs/plugins.md", screens_section, screen_api_members, name_pattern, "a screen api member"),
    Check("modules", "docs/plugins.md", lambda: read("plugins.md"), api_modules, module_pattern, "a module"),
    Check(
        "exports", "docs/plugins.md", lambda: read("plugins.md"), api_names, name_pattern, "a name gamenight exports"
    ),
    Check("codes", "docs/protocol.md", error_codes_section, platform_codes, code_pattern, "an error code"),
    Check(
        "game codes", "docs/scripts.md", lambda: read("scripts.md"), games_codes, code_pattern, "a game's error code"
    ),
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.id)
def test_the_docs_name_everything_the_code_has(check):
    items = check.items()
    assert len(items) >= 5, f"{check.id}: found only {items}: the reader of the code is broken"
    absent = check.missing()
    where = all_codes() if check.id.endswith("codes") else {}
    details = [f"{item} ({', '.join(where[item][:2])})" if item in where else item for item in absent]
    assert not absent, f"{check.doc} does not name {check.what}: {', '.join(details)}"


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.id)
@pytest.mark.parametrize("which", [0, -1], ids=["first", "last"])
def test_a_check_fails_when_its_doc_loses_an_entry(check, which):
    item = check.items()[which]
    text = check.text()
    assert re.search(check.pattern(item), text)
    assert item in check.missing(re.sub(check.pattern(item), "`", text))


def test_the_code_readers_find_what_is_known_to_be_there():
    assert {"clock_ran_out", "ballots", "round_scores", "ledger", "game", "over", "cast"} <= set(match_members())
    assert {"player_left", "gamenight_awards"} <= set(core_hooks())
    assert {"spyfall_locations", "spyfall_score", "notahuman_humans"} <= set(game_hooks())
    assert {"t", "lang", "host", "playing", "refresh", "field", "cue", "once", "grid", "shelf"} <= set(
        screen_api_members()
    )
    assert {"gamenight.text", "gamenight.match", "gamenight.game", "gamenight.errors", "gamenight.testing"} <= set(
        api_modules()
    )
    assert {"bad_image", "too_many_image_packs", "moved", "timeout", "upload_failed"} <= set(platform_codes())
    assert {"spyfall.bad_target", "spyfall_teams.no_alternative", "highcard.too_many_bans"} <= set(games_codes())
    source = "x = { a, get b() { return {c: 1}; }, /* d, */ e: `f, ${g}`, 'h': 2, i(j) { k(); }, };"
    assert object_keys(source, source.index("{")) == ["a", "b", "e", "h", "i"]


def test_the_match_table_names_only_members_that_exist():
    """The other way round: a member the table names (its first column) that ``Match`` no longer has."""
    rows = [line.split("|")[1] for line in match_section().splitlines() if line.startswith("| `")]
    named = {name for cell in rows for name in re.findall(r"`(\w+)", cell)}
    assert len(named) > 40
    gone = sorted(named - set(match_members()))
    assert not gone, f"docs/plugins.md's match table names what Match does not have: {', '.join(gone)}"


@pytest.mark.parametrize("doc", ["screens.md", "plugins.md"])
def test_the_screen_docs_name_only_api_members_that_exist(doc):
    """The other way round for the screen ``api``: a member a doc names (``api.<member>``) that it lacks."""
    named = set(re.findall(r"\bapi\.([A-Za-z_$][\w$]*)", read(doc)))
    assert len(named) >= 3
    gone = sorted(named - set(screen_api_members()))
    assert not gone, f"docs/{doc} names screen api members that screenApi does not have: {', '.join(gone)}"


# -- what the docs say about the order of things, checked by doing it ---------------------------------------------


def _stack(seen=None, variants=()) -> GameStack:
    """A game whose ``on_leave`` notes what a departed player still is, with ``variants``' hooks over it."""
    seen = seen if seen is not None else []

    def on_leave(match, player):
        seen.append(f"voter: {player in match.ballots['b'].voters}")
        seen.append(f"candidate: {player in match.ballots['b'].candidates}")

    game = Game(
        id="g",
        names={"en": "G"},
        min_players=2,
        max_players=6,
        phases=[],
        setup=lambda match: None,
        public_view=lambda match: {},
        on_leave=on_leave,
        points={"changed": 1, "other": 1},
    )
    return GameStack(game, [Variant(id=f"v{i}", game="g", names={"en": "V"}, hooks=h) for i, h in enumerate(variants)])


class _VariantHooks:
    @hookimpl  # no tryfirst
    def points(self, match, reason):
        return 5 if reason == "changed" else None


def test_a_variant_is_asked_before_its_game_without_tryfirst():
    """docs/plugins.md, Variants, and core/hookspecs.py: ``tryfirst=True`` is not needed to override a game."""
    stack = _stack(variants=[_VariantHooks()])
    match = SimpleNamespace(stack=stack)  # all the core's points read: the game's table
    assert stack.hook.points(match=match, reason="changed") == 5
    assert stack.hook.points(match=match, reason="other") == 1  # None leaves the call to the game's points


def test_a_departed_player_is_still_a_voter_in_on_leave_and_stays_a_candidate():
    """docs/plugins.md, Players who come and go, and ``Game.on_leave`` (through the ``player_left`` hookspec)."""
    seen: list[str] = []
    match = Match(id="m", game="g", variants=[], options={}, players=["a", "b", "c"], names={}, seed="s")
    match.bind(_stack(seen), 0.0, {})
    match.open_ballot("b", ["a", "b", "c"], ["a", "b", "c"])
    match.cast("b", "c", "a")
    match.depart("c")
    assert seen == ["voter: True", "candidate: True"]
    ballot = match.ballots["b"]
    assert "c" not in ballot.voters and "c" not in ballot.choices and "c" in ballot.candidates
    ballot.drop_candidate("c")
    assert "c" not in ballot.candidates


# -- docs/architecture.md: every file it names exists --------------------------------------------------------

PATH_LIKE = re.compile(r"^[\w.*<>/-]+$")
FILE_SUFFIXES = (".py", ".js", ".md", ".json", ".css", ".html", ".svg", ".toml", ".sh", ".cfg")
EACH_GAME = "Each game is a package with"


def named_paths(text: str) -> list[str]:
    """The backticked spans of ``text`` that name a file or a folder (``x.py``, ``a/b/``, ``docs/rules/<game>.md``).

    A span with a placeholder other than ``<game>`` (``<db>-server.lock``, ``<uploads>/.packs/``) names something
    made at run time, not a file of the repository.
    """
    spans = re.findall(r"`([^`\n]+)`", text)
    paths = []
    for span in spans:
        if not PATH_LIKE.match(span) or span.startswith(("/", ".")):
            continue
        if re.search(r"<(?!game>)[^>]*>", span):
            continue
        if span.endswith("/") or span.endswith(FILE_SUFFIXES):
            paths.append(span)
    return paths


def exists(base: Path, path: str) -> bool:
    if "*" in path:
        return bool(glob.glob(str(base / path)))
    return (base / path.rstrip("/")).exists()


def resolves(path: str, bases: list[Path]) -> bool:
    """``path`` exists under one of ``bases``; with ``<game>``, for every game under one of them."""
    if "<game>" in path:
        return all(any(exists(base, path.replace("<game>", game)) for base in bases) for game in GAMES)
    return any(exists(base, path) for base in bases)


def architecture_sections(text: str) -> list[tuple[str, str, list[Path]]]:
    """Each ``## `` section of architecture.md with the folders its bare file names are relative to."""
    games = [ROOT / "plugins" / game for game in GAMES]
    bases = {
        "## Modules of the engine": [ROOT / "core"],
        "## The web server": [ROOT / "web", ROOT / "web" / "static" / "js"],
        "## The games": [ROOT / "plugins", *games],
    }
    found = []
    for heading in re.findall(r"^## .*$", text, flags=re.M):
        extra = next((b for prefix, b in bases.items() if heading.startswith(prefix)), [ROOT / "core", ROOT / "web"])
        found.append((heading, section(text, heading), [ROOT, *extra]))
    return found


def missing_architecture_paths(text: str) -> list[str]:
    problems = []
    for heading, part, bases in architecture_sections(text):
        for path in named_paths(part):
            if not resolves(path, bases):
                problems.append(f"{path} (under {heading!r})")
    # what "each game" has: every game, not just one of them
    claim = re.search(re.escape(EACH_GAME) + r"(.*?)\.(?:\s|$)", text, flags=re.S)
    assert claim, f"architecture.md no longer says {EACH_GAME!r}: change this test with it"
    for path in named_paths(claim.group(1)):
        problems += [
            f"{path} (each game has it, {game} has not)" for game in GAMES if not exists(ROOT / "plugins" / game, path)
        ]
    return problems


def test_architecture_names_only_files_that_exist():
    text = read("architecture.md")
    assert len(named_paths(text)) > 40
    problems = missing_architecture_paths(text)
    assert not problems, "docs/architecture.md names files that do not exist: " + "; ".join(problems)


@pytest.mark.parametrize(
    "change",
    [
        ("| `looks.py` |", "| `lookalikes.py` |"),  # a module that is not there
        (EACH_GAME + " ", EACH_GAME + " `variants.py`, "),  # a file one game has, claimed of each
        ("`docs/rules/<game>.md`", "`docs/rule/<game>.md`"),  # a placeholder that resolves for no game
        ("`tools/build_locations.py`", "`tools/build_place.py`"),
    ],
    ids=["module", "each game", "placeholder", "tool"],
)
def test_the_architecture_check_fails_on_a_wrong_path(change):
    text = read("architecture.md")
    old, new = change
    assert old in text
    assert missing_architecture_paths(text.replace(old, new, 1))
