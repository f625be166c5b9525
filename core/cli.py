"""The ``gamenight`` command."""

from __future__ import annotations

import json
import sys

import click
from gamenight.new import new
from gamenight.registry import PluginError, Plugins


class MalformedScript(click.ClickException):
    exit_code = 2


def _plugins(modules: tuple[str, ...]) -> Plugins:
    try:
        return Plugins(modules)
    except PluginError as exc:
        raise click.ClickException(f"broken plugin: {exc}") from exc


def split_modules(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """Module names given as repeated options, or as one comma-separated variable."""
    return tuple(name.strip() for item in value for name in item.split(",") if name.strip())


plugin_option = click.option(
    "--plugin",
    "-p",
    "plugins",
    multiple=True,
    metavar="MODULE",
    envvar="GAMENIGHT_PLUGINS",
    show_envvar=True,
    callback=split_modules,
    help="Also load this importable module as a plugin (repeatable; the variable: comma-separated).",
)


class Commands(click.Group):
    """The commands: the core's own (``play``, ``games``), and the web server's, loaded only when run or listed.

    The core never imports the web server (tests/test_layering.py): the server's commands are named here by
    where they live, ``module:attribute``, and the module is imported only when the command is asked for.
    """

    LOADED_WHEN_RUN = {
        "serve": "gamenight.web.serve:serve",
        "cluster": "gamenight.web.cluster_cli:cluster",
        "proxy-config": "gamenight.web.cluster_cli:proxy_config",
        "admin": "gamenight.web.admin_cli:admin",
    }

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.LOADED_WHEN_RUN])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.LOADED_WHEN_RUN:
            import importlib

            module, attribute = self.LOADED_WHEN_RUN[name].split(":")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, name)


@click.group(cls=Commands)
@click.version_option(package_name="gamenight")
def main() -> None:
    """gamenight: hidden-role party games for one lobby and a whole evening."""


@main.command()
@click.argument("script", type=click.File("r", encoding="utf-8"))
@plugin_option
def play(script, plugins: tuple[str, ...]) -> None:
    """Play a match headless from a SCRIPT.json and print its result as JSON.

    \b
    Exit status (see docs/scripts.md):
      0  every step accepted (or its refusal expected) and every expectation held
      1  an expectation failed, or a step was refused and nothing expected it
      2  the script is malformed, or a deal it forces cannot be made
    """
    from gamenight.script import ExpectationFailed, ScriptError, run_script

    try:
        data = json.load(script)
    except json.JSONDecodeError as exc:
        raise MalformedScript(f"{script.name} is not valid JSON: {exc}") from exc
    try:
        result = run_script(data, _plugins(plugins))
    except ScriptError as exc:
        raise MalformedScript(f"{script.name}: malformed script: {exc}") from exc
    except ExpectationFailed as exc:
        click.echo(f"{script.name}: {exc}", err=True)
        sys.exit(1)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--phases", "phases_of", metavar="GAME", help="Print GAME's phase graph (where each phase leads).")
@click.option("--variant", "variants", multiple=True, metavar="VARIANT", help="With --phases: lay VARIANT over it.")
@click.option("--dot", is_flag=True, help="With --phases: print the graph in Graphviz's DOT language.")
@plugin_option
def games(as_json: bool, phases_of: str | None, variants: tuple[str, ...], dot: bool, plugins: tuple[str, ...]) -> None:
    """List the installed games and variants, with the package that provides each; or draw a game's phases."""
    loaded = _plugins(plugins)
    if phases_of is not None:
        _print_phases(loaded, phases_of, variants, dot)
        return
    catalogue = loaded.catalogue()
    if as_json:
        click.echo(json.dumps(catalogue, ensure_ascii=False, indent=2))
        return
    if not catalogue:
        click.echo("No games installed.")
    for game in catalogue:
        low, high = game["players"]
        click.echo(
            f"{game['id']}  {game['names'].get('en', game['id'])} / {game['names'].get('ru', '')}  "
            f"{low}-{high} players  [{game['package']}]"
        )
        for variant in game["variants"]:
            click.echo(f"  + {variant['id']}  {variant['names'].get('en', variant['id'])}  [{variant['package']}]")


def _print_phases(loaded: Plugins, game: str, variants: tuple[str, ...], dot: bool) -> None:
    from gamenight.phase_graph import PhaseGraph

    if game not in loaded.games:
        raise click.BadParameter(
            f"no game {game!r} (installed: {', '.join(sorted(loaded.games))})", param_hint="--phases"
        )
    graph = PhaseGraph.of(loaded.stack(game, list(variants)))
    click.echo(graph.as_dot("+".join((game, *variants))) if dot else graph.as_text())


main.add_command(new)  # gamenight new game NAME, gamenight new variant GAME NAME (gamenight/new.py)
