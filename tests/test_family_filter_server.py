"""The family filter through a real server process: the public profile's default level refuses a rude name
with the structured error naming the field, and a server's own `--family-filter` is the lobbies' level."""

from __future__ import annotations

import click
import socketio
from click.testing import CliRunner
from gamenight.web.settings import Settings, settings_options
from server import running_server


def family_filter(args: list[str], env: dict[str, str] | None = None) -> str:
    seen = {}

    @click.command()
    @settings_options
    def command(settings: Settings) -> None:
        seen["settings"] = settings

    result = CliRunner().invoke(command, args, env=env or {})
    assert result.exit_code == 0, result.output
    return seen["settings"].family_filter


def test_the_level_comes_from_the_profile_then_the_variable_then_the_option():
    assert family_filter([]) == "off"
    assert family_filter(["--limits", "public"]) == "moderate"
    assert family_filter([], {"GAMENIGHT_LIMITS": "public", "GAMENIGHT_FAMILY_FILTER": "strict"}) == "strict"
    assert family_filter(["--family-filter", "off", "--limits", "public"]) == "off"


def call(url: str, event: str, payload: dict) -> dict:
    client = socketio.Client(reconnection=False)
    client.connect(url, transports=["websocket"], wait_timeout=10)
    try:
        return client.call(event, payload, timeout=10)
    finally:
        client.disconnect()


def test_the_public_profile_refuses_a_rude_name_with_the_field_named(tmp_path):
    with running_server(tmp_path / "night.db", extra=("--limits", "public")) as url:
        refused = call(url, "create_lobby", {"name": "хуйло"})
        assert not refused["ok"]
        assert refused["error"] == {"code": "family_filter", "key": "error.family_filter", "params": {"field": "name"}}
        created = call(url, "create_lobby", {"name": "Ann"})
        assert created["ok"]
        joined = call(url, "join_lobby", {"code": created["code"], "name": "fuckface"})
        assert joined["error"]["code"] == "family_filter" and joined["error"]["params"] == {"field": "name"}
        assert call(url, "join_lobby", {"code": created["code"], "name": "Scunthorpe"})["ok"]


def test_the_home_profile_filters_nothing_unless_the_server_says_so(tmp_path):
    with running_server(tmp_path / "home.db") as url:
        assert call(url, "create_lobby", {"name": "fuckface"})["ok"]
    with running_server(tmp_path / "strict.db", extra=("--family-filter", "strict")) as url:
        assert call(url, "create_lobby", {"name": "crap"})["error"]["code"] == "family_filter"
