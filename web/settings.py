"""The server's settings: one frozen object, built once by ``gamenight serve``.

Each setting comes from its default, then the profile of limits (``--limits``: home or public), then its
environment variable ``GAMENIGHT_<NAME>``, then its command-line option ``--<name>``. Click reads the
variables (``envvar``); this is the only module that names them, and no module reads the environment
itself. ``Settings`` is handed to ``create_app``, to ``open_node`` (the store and the leases) and, as its
two numbers, to the engine. ``gamenight serve --print-settings`` prints what is in force, secrets masked.
"""

from __future__ import annotations

import dataclasses
import functools
import ipaddress
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
from gamenight.cli import split_modules
from gamenight.web.limits import PROFILES, SETTING_GROUPS, Limits, UploadLimits, env_name

ASYNC_MODES = ("eventlet", "gevent", "threading")
FAMILY_FILTER_LEVELS = ("off", "moderate", "strict")
FAMILY_FILTER_BY_PROFILE = {"home": "off", "public": "moderate"}  # without --family-filter
SECRETS = ("db", "cluster")  # URLs that may carry a password


@dataclass(frozen=True)
class Settings:
    """Everything a server runs with (docs/deploy.md, "Settings")."""

    host: str = "0.0.0.0"
    port: int = 8000
    db: str | None = None  # a SQLite file's path or a postgresql:// URL; None: the user data folder's file
    async_mode: str = "eventlet"
    durability: str = "process"
    image_packs: tuple[Path, ...] = ()
    plugins: tuple[str, ...] = ()
    uploads: Path | None = None
    public_url: str | None = None
    idle_minutes: float = 10.0
    retention_days: float = 30.0
    cluster: str | None = None
    node_id: str | None = None
    lease_seconds: float = 6.0
    limits_profile: str = "home"
    family_filter: str = "off"  # a new lobby's family filter level; without the option, its profile's
    proxies: int = 0
    metrics: bool = True
    metrics_allow: tuple[str, ...] = ()  # networks (CIDR) besides loopback that may read /metrics
    log_format: str = "text"
    limits: Limits = field(default_factory=Limits)
    upload_limits: UploadLimits = field(default_factory=UploadLimits)

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    def shown(self) -> dict[str, Any]:
        """Every setting by its name outside, as ``--print-settings`` prints it: passwords masked."""
        shown: dict[str, Any] = {}
        for own in (f.name for f in dataclasses.fields(self)):
            value = getattr(self, own)
            if isinstance(value, SETTING_GROUPS):
                names = value.setting_names()
                shown.update({names[name]: number for name, number in dataclasses.asdict(value).items()})
                continue
            if own in SECRETS and isinstance(value, str):
                value = without_password(value)
            if isinstance(value, tuple):
                value = [str(item) for item in value]
            elif isinstance(value, Path):
                value = str(value)
            shown["limits" if own == "limits_profile" else own] = value
        return shown


def without_password(url: str) -> str:
    """``url`` with any password replaced by ``***``."""
    parts = urlsplit(url)
    if parts.password:
        return parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")).geturl()
    return url


# Each option of the server, in the order ``--help`` shows them: (name outside, click's declaration).
OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("host", {"default": "0.0.0.0", "show_default": True, "help": "Address to listen on (0.0.0.0: every interface)."}),
    ("port", {"default": 8000, "show_default": True, "type": click.IntRange(1, 65535), "help": "Port to listen on."}),
    (
        "db",
        {
            "metavar": "PATH|URL",
            "help": "The store: a SQLite file's path, or a postgresql://user:password@host:port/database URL "
            "[default: a SQLite file in the user data dir]. Give a password in GAMENIGHT_DB, not on the command "
            "line, which any user of the machine can read.",
        },
    ),
    (
        "async_mode",
        {
            "type": click.Choice(ASYNC_MODES),
            "default": "eventlet",
            "show_default": True,
            "help": "The server's concurrency model.",
        },
    ),
    (
        "durability",
        {
            "type": click.Choice(["process", "full"]),
            "default": "process",
            "show_default": True,
            "help": "process: survives a crash of the server; full: also a power loss (an fsync per move).",
        },
    ),
    (
        "image_packs",
        {
            "flag": "--image-pack",
            "multiple": True,
            "type": click.Path(exists=True, file_okay=False, path_type=Path),
            "help": "A folder of pictures to offer as a picture pack (repeatable; the variable: folders "
            f"separated by {os.pathsep!r}); they are re-encoded first.",
        },
    ),
    (
        "plugins",
        {
            "flag": "--plugin",
            "multiple": True,
            "metavar": "MODULE",
            "callback": split_modules,
            "help": "Also load this importable module as a plugin (repeatable; the variable: comma-separated).",
        },
    ),
    (
        "uploads",
        {
            "type": click.Path(file_okay=False, path_type=Path),
            "help": "The folder for uploaded pictures (shared by a cluster's nodes) [default: beside the store].",
        },
    ),
    ("public_url", {"help": "The address phones open (a proxy's, in a cluster) [default: this server's]."}),
    (
        "idle_minutes",
        {
            "type": click.FloatRange(min=0, min_open=True),
            "default": 10.0,
            "show_default": True,
            "help": "A lobby nobody has used this long, with no clock running, leaves memory (it comes back "
            "when asked for).",
        },
    ),
    (
        "retention_days",
        {
            "type": click.FloatRange(min=0, min_open=True),
            "default": 30.0,
            "show_default": True,
            "help": "A lobby untouched this long is deleted, with its log and its uploaded pictures.",
        },
    ),
    (
        "cluster",
        {
            "metavar": "URL",
            "help": "Run as one node of a cluster: the directory's redis://host:port/n URL (the store must be "
            "PostgreSQL).",
        },
    ),
    (
        "node_id",
        {"help": "This node's name in the cluster, as the proxy's configuration names it [default: HOSTNAME-PORT]."},
    ),
    (
        "lease_seconds",
        {
            "type": click.FloatRange(min=1),
            "default": 6.0,
            "show_default": True,
            "help": "In a cluster: how long a node's hold on a lobby lasts without renewal (a dead node's lobbies "
            "move then).",
        },
    ),
    (
        "limits_profile",
        {
            "flag": "--limits",
            "envvar": "GAMENIGHT_LIMITS",
            "type": click.Choice(list(PROFILES)),
            "default": "home",
            "show_default": True,
            "help": "The profile of limits the limit options change (docs/protocol.md, Limits).",
        },
    ),
    (
        "family_filter",
        {
            "type": click.Choice(FAMILY_FILTER_LEVELS),
            "help": "The family filter a new lobby starts with (its host may choose another) "
            "[default: the profile's: home off, public moderate].",
        },
    ),
    (
        "proxies",
        {
            "type": click.IntRange(0, 5),
            "default": 0,
            "show_default": True,
            "help": "Reverse proxies in front of the server whose X-Forwarded-For to trust for the client's address.",
        },
    ),
    (
        "metrics",
        {
            "flag": "--metrics/--no-metrics",
            "default": True,
            "show_default": True,
            "help": "Serve /metrics (Prometheus's text format) to this machine and the --metrics-allow networks.",
        },
    ),
    (
        "metrics_allow",
        {
            "multiple": True,
            "metavar": "CIDR",
            "callback": lambda ctx, param, value: allowed_networks(value),
            "help": "A network (or an address) besides loopback that may read /metrics, asked directly, not "
            "through a proxy (repeatable; the variable: comma-separated).",
        },
    ),
    (
        "log_format",
        {
            "type": click.Choice(["text", "json"]),
            "default": "text",
            "show_default": True,
            "help": "The log on stderr: lines of text, or one JSON object a line (with the lobby and request).",
        },
    ),
]


def allowed_networks(values: tuple[str, ...]) -> tuple[str, ...]:
    """``--metrics-allow``'s addresses and CIDR networks (comma-separated too) in their canonical form;
    ``click.BadParameter`` naming one that is neither."""
    networks = []
    for item in (item.strip() for value in values for item in value.split(",")):
        if item:
            try:
                networks.append(str(ipaddress.ip_network(item, strict=False)))
            except ValueError:
                raise click.BadParameter(f"not an address or a network (CIDR): {item!r}") from None
    return tuple(networks)


def option_variable(name: str, declaration: dict[str, Any]) -> str:
    """The environment variable of a server option (``idle_minutes``: ``GAMENIGHT_IDLE_MINUTES``)."""
    return declaration.get("envvar") or env_name(name)


def settings_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Every setting as an option of a click command, each also read from its variable; the command receives
    them gathered as ``settings`` (a ``Settings``)."""
    limit_names = {group: group.setting_names() for group in SETTING_GROUPS}

    @functools.wraps(command)
    def gathered(*args: Any, **kwargs: Any) -> Any:
        values = {name: kwargs.pop(name) for name, _ in OPTIONS}
        values["family_filter"] = values["family_filter"] or FAMILY_FILTER_BY_PROFILE[values["limits_profile"]]
        groups = {}
        for group, names in limit_names.items():
            chosen = {own: kwargs.pop(outside) for own, outside in names.items()}
            try:
                groups[group.PARAMETER] = group.from_settings(chosen, values["limits_profile"])
            except ValueError as exc:
                raise click.BadParameter(str(exc)) from None
        return command(*args, settings=Settings(**values, **groups), **kwargs)

    for group in reversed(SETTING_GROUPS):
        home, public = group.profile("home"), group.profile("public")
        for f in reversed(dataclasses.fields(group)):  # type: ignore[arg-type]
            outside = group.PREFIX + f.name
            kind = click.FloatRange(min=0, min_open=True) if f.type in ("float", float) else click.IntRange(min=1)
            gathered = click.option(
                f"--{outside.replace('_', '-')}",
                outside,
                type=kind,
                default=None,
                envvar=env_name(outside),
                help=f"{f.metadata['help']} [home: {getattr(home, f.name):g}, public: {getattr(public, f.name):g}]",
            )(gathered)
    for name, declaration in reversed(OPTIONS):
        declaration = dict(declaration)
        flag = declaration.pop("flag", f"--{name.replace('_', '-')}")
        declaration["envvar"] = option_variable(name, declaration)
        gathered = click.option(flag, name, show_envvar=True, **declaration)(gathered)
    return gathered
