"""A kick that holds, through the real server process: on the public profile the kicked seat's address is kept
out too (a phone that clears its storage does not get back in); at home only the device is."""

from __future__ import annotations

import pytest
import socketio
from server import LOOPBACK_LIMITS, running_server


def client(url: str) -> socketio.Client:
    sio = socketio.Client(reconnection=False)
    sio.connect(url, transports=["websocket"], wait_timeout=10)
    return sio


def kick_boris(url: str) -> tuple[socketio.Client, str]:
    host = client(url)
    created = host.call("create_lobby", {"name": "Ann", "device": "device-host0000"}, timeout=10)
    boris = client(url)
    joined = boris.call(
        "join_lobby", {"code": created["code"], "name": "Boris", "device": "device-boris000"}, timeout=10
    )
    kicked = host.call("command", {"kind": "kick", "args": {"player": joined["player"]}}, timeout=10)
    assert kicked["ok"]
    boris.disconnect()
    return host, created["code"]


def join(url: str, code: str, name: str, device: str) -> dict:
    sio = client(url)
    try:
        return sio.call("join_lobby", {"code": code, "name": name, "device": device}, timeout=10)
    finally:
        sio.disconnect()


@pytest.mark.parametrize("profile", ["home", "public"])
def test_a_kicked_phone_that_clears_its_storage_comes_back_only_at_home(tmp_path, profile):
    with running_server(tmp_path / "db.sqlite", extra=("--limits", profile)) as url:
        host, code = kick_boris(url)
        assert join(url, code, "Boris", "device-boris000")["error"]["code"] == "kept_out"
        again = join(url, code, "Not Boris", "device-fresh000")  # cleared storage: a new device id
        if profile == "public":
            assert again["error"] == {"code": "kept_out", "key": "error.kept_out", "params": {}}
        else:
            assert again["ok"]
        host.disconnect()


def test_the_address_is_let_back_with_the_device(tmp_path):
    with running_server(tmp_path / "db.sqlite", env={**LOOPBACK_LIMITS, "GAMENIGHT_KICK_ADDRESS_MINUTES": "5"}) as url:
        host, code = kick_boris(url)
        assert join(url, code, "Other", "device-fresh000")["error"]["code"] == "kept_out"
        state = {}
        host.on("state", lambda view: state.update(view))
        host.call("resync", {}, timeout=10)
        host.sleep(0.5)
        (entry,) = state["moderation"]["kept_out"]
        assert host.call("command", {"kind": "let_back", "args": {"entry": entry["id"]}}, timeout=10)["ok"]
        assert join(url, code, "Boris", "device-boris000")["ok"]
        host.disconnect()
