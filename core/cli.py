"""The ``gamenight`` command."""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import sys
from pathlib import Path

import click
from gamenight.images import UPLOAD_PROFILES, UploadLimits
from gamenight.registry import PluginError, Plugins
from gamenight.web.limits import Limits
from gamenight.web.serve import limit_options


class MalformedScript(click.ClickException):
    exit_code = 2


def _plugins(modules: tuple[str, ...]) -> Plugins:
    try:
        return Plugins(modules)
    except PluginError as exc:
        raise click.ClickException(f"broken plugin: {exc}") from exc


plugin_option = click.option(
    "--plugin",
    "-p",
    "plugins",
    multiple=True,
    metavar="MODULE",
    help="Also load this importable module as a plugin (repeatable; see also GAMENIGHT_PLUGINS).",
)


def upload_limit_options(command):
    """The limits on uploaded pictures as options (``--upload-<name>``, or ``GAMENIGHT_UPLOAD_<NAME>``) over the
    profile of limits in force (``--limits``/``GAMENIGHT_LIMITS``), gathered into the command's ``upload_limits``."""
    names = [f.name for f in dataclasses.fields(UploadLimits)]

    @functools.wraps(command)
    def gathered(*args, **kwargs):
        settings = {name: kwargs.pop(f"upload_{name}") for name in names}
        profile = click.get_current_context().params.get("limits_profile")  # ``--limits``, where it is an option
        try:
            upload_limits = UploadLimits.from_settings(settings, profile, environ=os.environ)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None
        return command(*args, upload_limits=upload_limits, **kwargs)

    for f in reversed(dataclasses.fields(UploadLimits)):
        home, public = getattr(UPLOAD_PROFILES["home"], f.name), getattr(UPLOAD_PROFILES["public"], f.name)
        gathered = click.option(
            f"--upload-{f.name.replace('_', '-')}",
            f"upload_{f.name}",
            type=click.FloatRange(min=0, min_open=True) if f.type == "float" else click.IntRange(min=1),
            default=None,
            help=f"{f.metadata['help']} [home: {home:g}, public: {public:g}]",
        )(gathered)
    return gathered


class Commands(click.Group):
    """The commands, some of them loaded only when run (the cluster's pull in the web server and its services)."""

    LOADED_WHEN_RUN = {
        "cluster": "gamenight.web.cluster_cli:cluster",
        "proxy-config": "gamenight.web.cluster_cli:proxy_config",
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
@plugin_option
def games(as_json: bool, plugins: tuple[str, ...]) -> None:
    """List the installed games and variants, with the package that provides each."""
    catalogue = _plugins(plugins).catalogue()
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


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--db",
    metavar="PATH|URL",
    envvar="GAMENIGHT_DB",  # a URL with a password is better kept out of the process list
    help="The store: a SQLite file's path, or a postgresql://user@host:port/database URL "
    "[default: a SQLite file in the user data dir]",
)
@click.option(
    "--async-mode",
    type=click.Choice(["eventlet", "gevent", "threading"]),
    default="eventlet",
    show_default=True,
    help="The server's concurrency model.",
)
@click.option(
    "--durability",
    type=click.Choice(["process", "full"]),
    default="process",
    show_default=True,
    help="process: survives a crash of the server; full: also a power loss (an fsync per move).",
)
@click.option(
    "--image-pack",
    "image_packs",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of pictures to offer as a picture pack (repeatable); they are re-encoded first.",
)
@click.option(
    "--idle-minutes",
    type=click.FloatRange(min=0, min_open=True),
    default=10.0,
    show_default=True,
    help="A lobby nobody has used this long, with no clock running, leaves memory (it comes back when asked for).",
)
@click.option(
    "--retention-days",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="A lobby untouched this long is deleted, with its log and its uploaded pictures.",
)
@click.option(
    "--cluster",
    metavar="URL",
    envvar="GAMENIGHT_CLUSTER",
    help="Run as one node of a cluster: the directory's redis://host:port/n URL (the store must be PostgreSQL).",
)
@click.option(
    "--node-id",
    envvar="GAMENIGHT_NODE_ID",
    help="This node's name in the cluster, as the proxy's configuration names it [default: HOSTNAME-PORT].",
)
@click.option(
    "--lease-seconds",
    type=click.FloatRange(min=1),
    default=6.0,
    show_default=True,
    help="In a cluster: how long a node's hold on a lobby lasts without renewal (a dead node's lobbies move then).",
)
@click.option("--public-url", help="The address phones open (a proxy's, in a cluster) [default: this server's].")
@click.option(
    "--uploads",
    type=click.Path(file_okay=False, path_type=Path),
    help="The folder for uploaded pictures (shared by a cluster's nodes) [default: beside the store].",
)
@limit_options
@upload_limit_options
@plugin_option
def serve(
    host: str,
    port: int,
    db: str | None,
    async_mode: str,
    durability: str,
    image_packs: tuple[Path, ...],
    plugins: tuple[str, ...],
    upload_limits: UploadLimits,
    idle_minutes: float,
    retention_days: float,
    limits: Limits,
    proxies: int,
    cluster: str | None,
    node_id: str | None,
    lease_seconds: float,
    public_url: str | None,
    uploads: Path | None,
) -> None:
    """Start the server: phones join on the LAN address it prints."""
    from gamenight.web.serve import run

    run(
        host,
        port,
        db,
        async_mode,
        durability,
        plugins,
        image_packs,
        limits=limits,
        proxies=proxies,
        upload_limits=upload_limits,
        idle_minutes=idle_minutes,
        retention_days=retention_days,
        cluster=cluster,
        node_id=node_id,
        lease_seconds=lease_seconds,
        public_url=public_url,
        uploads=uploads,
    )
