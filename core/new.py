"""``gamenight new``: a new outside package, a game or a variant of an installed game, ready to install and play.

The files are templates shipped inside gamenight: ``templates/game/``, ``templates/variant/``, and
``templates/common/`` for both. Each is written to the same place in the new package's folder without its
``.tmpl`` suffix, with every ``{{key}}`` filled in; the folder ``package`` becomes the import package,
``gamenight_<name>``. docs/plugins.md ("Write a game in ten minutes") walks through the result.
"""

from __future__ import annotations

import json
import keyword
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import click
from gamenight.registry import PluginError, Plugins

TEMPLATES = Path(__file__).parent / "templates"
SUFFIX = ".tmpl"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
NAME = re.compile(r"[a-z][a-z0-9_]{1,31}")
PLAYER_NAMES = ("Ann", "Boris", "Chen", "Dina", "Emil", "Fay", "Gleb", "Hana", "Ivo", "Jana", "Kira", "Lev")
VARIANT_SECONDS = 45  # the house rule's clock by default (40 when the game's own is 45 already)
A_DAY = 86_400  # the variant's script lets this much time pass: every clock runs out, the match ends
TO_TRANSLATE = "TODO(ru)"  # marks a Russian name still to translate; the package's test_strings.py flags it
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
UNSAFE = re.compile(r'["\\<>&\x00-\x1f]')  # the name goes into Python, JSON and HTML as it is


def check_name(ctx: click.Context | None, param: click.Parameter | None, value: str) -> str:
    """A click callback: ``value`` is an id a game or a variant may have (and a package's suffix)."""
    if not NAME.fullmatch(value) or keyword.iskeyword(value) or value.endswith("_") or "__" in value:
        raise click.BadParameter(
            f"{value!r}: use 2-32 lowercase letters, digits and single underscores, starting with a letter "
            "(it is the game's id, the prefix of its strings, and the package gamenight_<name>)"
        )
    return value


def check_russian(ctx: click.Context | None, param: click.Parameter | None, value: str | None) -> str | None:
    """A click callback: ``value`` is a name in Russian that every file of the package can hold as it is."""
    if value is None:
        return None
    value = value.strip()
    if not 1 <= len(value) <= 40 or UNSAFE.search(value) or not CYRILLIC.search(value):
        raise click.BadParameter(f'{value!r}: the name in Russian, 1-40 characters in Cyrillic, without " \\ < > &')
    return value


def render(text: str, values: Mapping[str, str]) -> str:
    """``text`` with every ``{{key}}`` replaced by ``values[key]``; a key without a value is a bug of the template."""

    def fill(found: re.Match[str]) -> str:
        if found[1] not in values:
            raise KeyError(f"the template names {{{{{found[1]}}}}}, which has no value")
        return values[found[1]]

    return PLACEHOLDER.sub(fill, text)


def write_package(kind: str, target: Path, values: Mapping[str, str]) -> list[Path]:
    """Write the templates of ``kind`` (``game`` or ``variant``, and those both share, ``common``) into the new
    folder ``target``; the files written, in order."""
    templates = [(source, path) for source in (TEMPLATES / "common", TEMPLATES / kind) for path in source.rglob("*")]
    written = []
    for source, template in sorted(templates, key=lambda found: found[1].relative_to(found[0]).parts):
        if template.suffix != SUFFIX:
            continue
        parts = list(template.relative_to(source).parts)
        parts = [values["package"] if part == "package" else part for part in parts]
        path = target.joinpath(*parts).with_suffix("")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(template.read_text(encoding="utf-8"), values), encoding="utf-8")
        written.append(path)
    return written


def names_of(name: str, russian: str | None = None) -> dict[str, str]:
    """The names a package takes from its id: ``house_rule`` -> ``gamenight_house_rule``, ``gamenight-house-rule``,
    ``House rule``; its name in Russian is ``russian``, else the English one marked to translate."""
    title = name.replace("_", " ").capitalize()
    return {
        "name": name,
        "package": f"gamenight_{name}",
        "dist": f"gamenight-{name.replace('_', '-')}",
        "title": title,
        "title_ru": russian or f"{TO_TRANSLATE}: {title}",
    }


def _target(directory: Path, dist: str) -> Path:
    target = directory / dist
    if target.exists():
        raise click.ClickException(f"{target} exists already: choose another name or --dir")
    return target


def _installed() -> Plugins | None:
    try:
        return Plugins()
    except PluginError:
        return None


def next_steps(target: Path, phases: str) -> list[str]:
    """The commands that install the new package with its tests' tools, run its tests and play it."""
    folder = str(target) if target.is_absolute() else f"./{target}"  # pip reads a bare name as a project's
    return [
        f"pip install -e {shlex.quote(folder + '[test]')}",  # pytest and Playwright, for its tests
        f"cd {shlex.quote(str(target))}",
        "pytest",
        "gamenight play scripts/match.json",
        f"gamenight games --phases {phases}",
    ]


def _done(target: Path, written: list[Path], phases: str, values: Mapping[str, str]) -> None:
    click.echo(f"Wrote {target} ({len(written)} files):")
    for path in written:
        click.echo(f"  {path.relative_to(target)}")
    if values["title_ru"].startswith(TO_TRANSLATE):
        click.echo(
            f"\nThe name in Russian is still to translate: {TO_TRANSLATE} in {values['package']}/rules.py "
            "(--ru NAME gives it; pytest flags it until then)."
        )
    click.echo("\nNext:\n" + "\n".join(f"  {step}" for step in next_steps(target, phases)))


@click.group()
def new() -> None:
    """Start a new outside package: a game, or a variant of an installed game (docs/plugins.md)."""


dir_option = click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default="the current directory",
    help="Where to write the package's folder, gamenight-<name>.",
)
russian_option = click.option(
    "--ru",
    "russian",
    callback=check_russian,
    help=f"The name in Russian (in Cyrillic); without it, the English name marked {TO_TRANSLATE}.",
)


@new.command("game")
@click.argument("name", callback=check_name)
@dir_option
@russian_option
def new_game(name: str, directory: Path, russian: str | None) -> None:
    """Write gamenight-NAME/, a small playable game: a secret number each, a guess of the table's total."""
    installed = _installed()
    if installed is not None and (name in installed.games or name in installed.variants):
        raise click.ClickException(f"a game or variant {name!r} is installed already: choose another name")
    values = names_of(name, russian)
    target = _target(directory, values["dist"])
    _done(target, write_package("game", target, values), name, values)


@new.command("variant")
@click.argument("game")
@click.argument("name", callback=check_name)
@dir_option
@russian_option
def new_variant(game: str, name: str, directory: Path, russian: str | None) -> None:
    """Write gamenight-NAME/, a house rule for the installed GAME: its first clock set by the host."""
    try:
        installed = Plugins()
    except PluginError as exc:
        raise click.ClickException(f"broken plugin: {exc}") from exc
    if game not in installed.games:
        raise click.BadParameter(
            f"no game {game!r} is installed (installed: {', '.join(sorted(installed.games)) or 'none'})",
            param_hint="GAME",
        )
    if name in installed.games or name in installed.variants:
        raise click.ClickException(f"a game or variant {name!r} is installed already: choose another name")
    values = names_of(name, russian) | variant_values(installed, game, name)
    target = _target(directory, values["dist"])
    _done(target, write_package("variant", target, values), f"{game} --variant {name}", values)


# -- what a variant's templates need to know of its game ------------------------------------------------


@dataclass(frozen=True)
class Probe:
    """What one match of a game, played by its clocks alone, showed: where it starts and where it went."""

    players: tuple[str, ...]
    phase: str  # the phase the match starts in
    timer: str  # that phase's clock
    clock: str  # the keyword arguments that keep the clock's kind: ``timer="round", spans=True``
    seconds: float  # its length by default
    after: tuple[str, int]  # (phase, round) once that clock ran out
    ends: bool  # a day of clocks alone ends the match


def probe(plugins: Plugins, game: str) -> Probe:
    """Play ``game`` headless, nobody moving, with as few players as it starts with; raise ClickException when
    it cannot start or starts without a clock (the variant's template changes that clock)."""
    from gamenight.clock import ManualClock, advance
    from gamenight.engine import Engine
    from gamenight.store_sqlite import SQLiteStore

    declared = plugins.games[game]
    refusals = []
    for count in range(max(declared.min_players, 3), min(declared.max_players, len(PLAYER_NAMES)) + 1):
        names = PLAYER_NAMES[:count]
        clock = ManualClock()
        engine = Engine(SQLiteStore(":memory:"), plugins, clock)
        outcome, host = engine.create_lobby(names[0])
        code = outcome.code
        for player in names[1:]:
            engine.join(code, player)
        outcome = engine.submit(code, "choose", {"game": game, "variants": [], "options": {}}, token=host)
        if outcome.ok:
            outcome = engine.submit(code, "start", token=host)
        if not outcome.ok:
            refusals.append(f"{count} players: {outcome.error['code']}")
            continue
        match = engine.lobbies[code].match
        phase = match.stack.phase(match.phase)
        if phase is None or phase.clock is None or phase.timer not in match.timers:
            raise click.ClickException(
                f"{game} starts in phase {match.phase!r}, which has no clock: this template changes that clock"
            )
        kept = [f"timer={json.dumps(phase.timer)}"]
        kept += [f"{flag}=True" for flag in ("per_turn", "spans", "pace") if getattr(phase.clock, flag)]
        seconds = match.timers[phase.timer].duration
        advance(engine, clock, match.timers[phase.timer].left(clock.now))
        after = (engine.lobbies[code].match.phase, engine.lobbies[code].match.round)
        advance(engine, clock, A_DAY)
        ends = engine.lobbies[code].match.over
        return Probe(names, match.phase, phase.timer, ", ".join(kept), seconds, after, ends)
    raise click.ClickException(f"{game} would not start with default options ({'; '.join(refusals)})")


def variant_values(plugins: Plugins, game: str, name: str) -> dict[str, str]:
    """The placeholders of the variant's templates that come from its game."""
    found = probe(plugins, game)
    seconds = VARIANT_SECONDS if found.seconds != VARIANT_SECONDS else VARIANT_SECONDS - 5
    steps: list[dict[str, object]] = [
        {"expect": {"phase": found.phase, "round": 1}},
        {"advance": seconds - 1},
        {"expect": {"phase": found.phase, "round": 1}},
        {"advance": 1},
        {"expect": {"phase": found.after[0], "round": found.after[1]}},
    ]
    if found.ends:
        steps += [{"advance": A_DAY}, {"expect": {"phase": "over"}}]
    script = {"game": game, "variants": [name], "options": {f"{name}_seconds": seconds}, "players": found.players}
    title = plugins.games[game].names.get("en", game).replace('"', "'")  # it goes into strings of several kinds
    return {
        "game": game,
        "game_title": title,
        "phase": found.phase,
        "timer": found.timer,
        "clock": found.clock,
        "seconds": str(seconds),
        "players": json.dumps(list(found.players)),
        "script": _script_json(script, steps),
    }


def _script_json(head: dict[str, object], steps: list[dict[str, object]]) -> str:
    """A script as a person would lay it out: a key a line, a step a line."""
    lines = [f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}," for key, value in head.items()]
    body = ",\n".join(f"    {json.dumps(step, ensure_ascii=False)}" for step in steps)
    return "{\n" + "\n".join(lines) + f'\n  "steps": [\n{body}\n  ]\n}}\n'
