"""``gamenight admin``: the server's host's commands on its store (``gamenight.admin`` does the work).

The store is found as ``gamenight serve`` finds it (``--db``, ``GAMENIGHT_DB``, else the user data folder's
SQLite file); a cluster's directory (``--cluster``, ``GAMENIGHT_CLUSTER``) names the node owning each lobby.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
from gamenight import admin as actions
from gamenight.web.settings import OPTIONS, option_variable, without_password

CLOSE_WAIT_SECONDS = 10.0


def _declared(name: str) -> dict[str, Any]:
    declaration = dict(dict(OPTIONS)[name])
    declaration.pop("flag", None)
    declaration["envvar"] = option_variable(name, dict(OPTIONS)[name])
    return declaration


db_option = click.option("--db", "db", show_envvar=True, **_declared("db"))


@contextmanager
def opened(db: str | None) -> Iterator[Any]:
    from gamenight.store import SchemaTooNew, StoreUnavailable, open_store
    from gamenight.web.serve import check_drivers, default_db

    location = str(db or default_db())
    check_drivers(location, None)
    try:
        store = open_store(location)
    except (StoreUnavailable, SchemaTooNew, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    try:
        yield store
    except actions.AdminError as exc:
        raise click.ClickException(str(exc)) from None
    except StoreUnavailable as exc:
        raise click.ClickException(f"the store at {without_password(location)} failed: {exc}") from None
    finally:
        store.close()


def _moment(at: float | None) -> str:
    return "for good" if at is None else time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(at))


@click.group()
def admin() -> None:
    """The server's host's commands on its store: lobbies, closing one, hiding content, bans, the log of these.

    Every action is kept in the store (gamenight admin log); running servers see it within seconds.
    """


@admin.command("lobbies")
@db_option
@click.option("--cluster", show_envvar=True, **_declared("cluster"))
@click.option("--plugin", "plugins", show_envvar=True, **_declared("plugins"))
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def list_lobbies(db: str | None, cluster: str | None, plugins: tuple[str, ...], as_json: bool) -> None:
    """List the stored lobbies, most recently active first: code, game, seats, last activity, owning node."""
    from gamenight.registry import Plugins

    owner_of = None
    if cluster:
        from gamenight.leases_redis import RedisLeases

        owner_of = RedisLeases(cluster, "admin").owner
    with opened(db) as store:
        rows = actions.lobbies(store, Plugins(plugins), owner_of)
    if as_json:
        click.echo(json.dumps([row.__dict__ for row in rows], ensure_ascii=False, indent=2))
        return
    if not rows:
        click.echo("No lobbies.")
    for row in rows:
        owner = f"  node {row.owner or '-'}" if cluster else ""
        click.echo(
            f"{row.code}  {row.game or '-':<14} {row.seats} seats ({row.connected} connected)  "
            f"last active {_moment(row.last_activity)}{owner}"
        )


@admin.command("close")
@db_option
@click.argument("code")
@click.option(
    "--wait",
    type=click.FloatRange(min=0),
    default=CLOSE_WAIT_SECONDS,
    show_default=True,
    help="Seconds to wait for the server holding the lobby to close it.",
)
def close_lobby(db: str | None, code: str, wait: float) -> None:
    """Close lobby CODE: its players are told, and it is deleted with its log."""
    from gamenight.store import is_postgres
    from gamenight.web.serve import default_db

    location = str(db or default_db())
    with opened(db) as store:
        action_id = actions.close(store, code)
        if actions.server_running(location) is False:
            actions.close_here(store, code.upper(), action_id)
            click.echo(f"Lobby {code.upper()} closed (no server runs on {location}).")
            return
        if actions.wait_done(store, action_id, wait):
            click.echo(f"Lobby {code.upper()} closed: its players were told.")
            return
    where = "a node of the cluster" if is_postgres(location) else "the server"
    click.echo(f"Lobby {code.upper()}: the close is recorded; {where} carries it out once it runs.")


@admin.command("hide")
@db_option
@click.argument("code")
@click.argument("kind", type=click.Choice(["name", "text", "picture"]))
@click.argument("key")
@click.option(
    "--wait",
    type=click.FloatRange(min=0),
    default=CLOSE_WAIT_SECONDS,
    show_default=True,
    help="Seconds to wait for the server holding the lobby to hide it.",
)
def hide_item(db: str | None, code: str, kind: str, key: str, wait: float) -> None:
    """Hide an item of lobby CODE from every screen, as its host can: KIND name (KEY: a player id, p3), text
    (KEY: the text as typed) or picture (KEY: /images/PACK/PICTURE, or /images/PACK/ for a whole pack)."""
    with opened(db) as store:
        action_id = actions.hide(store, code, kind, key)
        if actions.wait_done(store, action_id, wait):
            click.echo(f"Hidden in lobby {code.upper()} on every screen.")
            return
    click.echo(f"Lobby {code.upper()}: the hide is recorded; the server holding the lobby carries it out once it runs.")


@admin.command("ban")
@db_option
@click.argument("address")
@click.option("--minutes", type=click.FloatRange(min=0, min_open=True), help="For this long [default: for good].")
def ban_address(db: str | None, address: str, minutes: float | None) -> None:
    """Ban ADDRESS (an IP address, or a network such as 203.0.113.0/24) from the server."""
    with opened(db) as store:
        kept, until = actions.ban(store, address, minutes)
    click.echo(f"Banned {kept} {'for good' if until is None else 'until ' + _moment(until)}.")


@admin.command("unban")
@db_option
@click.argument("address")
def unban_address(db: str | None, address: str) -> None:
    """Lift the ban of ADDRESS."""
    with opened(db) as store:
        lifted = actions.unban(store, address)
    click.echo(f"{address}: ban lifted." if lifted else f"{address} was not banned.")


@admin.command("bans")
@db_option
def list_bans(db: str | None) -> None:
    """List the bans in force."""
    with opened(db) as store:
        rows = actions.bans(store)
    if not rows:
        click.echo("No bans.")
    for address, until in rows:
        click.echo(f"{address}  {'for good' if until is None else 'until ' + _moment(until)}")


@admin.command("log")
@db_option
@click.option("--last", type=click.IntRange(min=1), default=50, show_default=True, help="How many actions.")
def action_log(db: str | None, last: int) -> None:
    """List the admin actions taken, oldest first (closes still waiting for a server show as pending)."""
    with opened(db) as store:
        rows = store.admin_actions(limit=last)
    for _, at, action, target, detail, finished in rows:
        state = "" if finished is not None else "  (pending)"
        click.echo(f"{_moment(at)}  {action} {target} {detail}".rstrip() + state)
