"""``gamenight admin`` on the store of a real server process (SQLite): listing lobbies, closing one that the
server holds (its players are told), hiding a player's name from every screen, banning and unbanning an
address (refused at once, on the socket and on pages), and the log of these actions."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import socketio
from conftest import subprocess_env
from server import running_server


def admin(db: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "gamenight", "admin", *args, "--db", str(db)],
        env=subprocess_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


class Phone:
    """A Socket.IO client that keeps the events it receives."""

    def __init__(self, url: str) -> None:
        self.events: list[tuple[str, object]] = []
        self.sio = socketio.Client(reconnection=False)
        for event in ("error", "moved", "state"):
            self.sio.on(event, lambda payload=None, event=event: self.events.append((event, payload)))
        self.sio.connect(url, transports=["websocket"], wait_timeout=10)

    def call(self, event: str, payload: dict) -> dict:
        return self.sio.call(event, payload, timeout=10)

    def close(self) -> None:
        if self.sio.connected:
            self.sio.disconnect()


def wait_for(check, seconds: float = 15.0):
    ends = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < ends, "not within the time"
        time.sleep(0.1)
    return found


def a_lobby(url: str) -> tuple[Phone, Phone, str]:
    host, guest = Phone(url), Phone(url)
    code = host.call("create_lobby", {"name": "Ann"})["code"]
    assert guest.call("join_lobby", {"code": code, "name": "Bob"})["ok"]
    assert host.call("command", {"kind": "choose", "args": {"game": "highcard"}})["ok"]
    return host, guest, code


def test_lobbies_lists_each_with_its_game_and_seats(tmp_path):
    db = tmp_path / "list.sqlite"
    with running_server(db) as url:
        host, guest, code = a_lobby(url)
        try:
            listed = json.loads(admin(db, "lobbies", "--json"))
            table = admin(db, "lobbies")
        finally:
            host.close()
            guest.close()
    assert [(row["code"], row["game"], row["seats"]) for row in listed] == [(code, "highcard", 2)]
    assert time.time() - 60 < listed[0]["last_activity"] <= time.time()
    assert code in table and "highcard" in table and "2 seats" in table


def test_a_close_reaches_the_server_holding_the_lobby(tmp_path):
    db = tmp_path / "close.sqlite"
    with running_server(db) as url:
        host, guest, code = a_lobby(url)
        try:
            said = admin(db, "close", code.lower())
            assert "closed" in said
            for phone in (host, guest):
                wait_for(lambda phone=phone: ("moved", {"code": code, "node": None}) in phone.events)
                closed = [p for e, p in phone.events if e == "error" and p["code"] == "lobby_closed"]
                assert closed and closed[0]["key"] == "error.lobby_closed"
            newcomer = Phone(url)
            assert newcomer.call("join_lobby", {"code": code, "name": "Cy"})["error"]["code"] == "unknown_lobby"
            newcomer.close()
        finally:
            host.close()
            guest.close()
        assert json.loads(admin(db, "lobbies", "--json")) == []
    assert f"close {code}" in admin(db, "log")


def test_a_close_reaches_a_server_nobody_has_connected_to_since_it_started(tmp_path):
    db = tmp_path / "quiet.sqlite"
    with running_server(db) as url:
        host, guest, code = a_lobby(url)
        host.close()
        guest.close()
    with running_server(db):
        said = admin(db, "close", code, "--wait", "8")
        assert f"Lobby {code} closed" in said
        assert json.loads(admin(db, "lobbies", "--json")) == []


def test_a_close_with_no_server_running_is_done_at_once(tmp_path):
    db = tmp_path / "offline.sqlite"
    with running_server(db) as url:
        host, guest, code = a_lobby(url)
        host.close()
        guest.close()
    assert "no server runs" in admin(db, "close", code)
    assert json.loads(admin(db, "lobbies", "--json")) == []


def test_hide_takes_a_name_off_every_screen(tmp_path):
    db = tmp_path / "hide.sqlite"
    with running_server(db) as url:
        host, guest, code = a_lobby(url)
        try:
            bob = guest.call("command", {"kind": "look", "args": {"colour": "hue07", "avatar": "diamond"}})
            assert bob["ok"]
            said = admin(db, "hide", code, "name", "p2")
            assert "Hidden" in said
            tv = Phone(url)
            tv.call("watch", {"code": code})
            state = wait_for(lambda: [p for e, p in tv.events if e == "state"])[-1]
            tv.close()
        finally:
            host.close()
            guest.close()
    names = {seat["id"]: seat["name"] for seat in state["lobby"]["seats"]}
    assert names == {"p1": "Ann", "p2": "#2"}
    assert f"hide {code}" in admin(db, "log")


def page_status(url: str) -> int:
    try:
        with urllib.request.urlopen(f"{url}/", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def refusal(url: str) -> str | None:
    """The code a new Socket.IO connection is refused with (None: it is let in)."""
    sio = socketio.Client(reconnection=False)
    refused: list[str] = []
    sio.on("connect_error", lambda data=None: refused.append(((data or {}).get("data") or {}).get("code")))
    try:
        sio.connect(url, transports=["websocket"], wait_timeout=10)
    except socketio.exceptions.ConnectionError:
        return refused[0] if refused else "no answer"
    sio.disconnect()
    return None


@pytest.mark.parametrize("banned", ["127.0.0.1", "127.0.0.0/8"])
def test_a_banned_address_is_refused_until_unbanned(tmp_path, banned):
    db = tmp_path / "ban.sqlite"
    with running_server(db) as url:
        present = Phone(url)
        assert page_status(url) == 200 and refusal(url) is None
        said = admin(db, "ban", banned, "--minutes", "30")
        assert said.startswith(f"Banned {banned} until ")
        wait_for(lambda: not present.sio.connected)  # an open connection of the address is closed
        assert ("error", {"code": "banned", "key": "error.banned", "params": {}}) in present.events
        assert page_status(url) == 403
        assert refusal(url) == "banned"
        assert banned in admin(db, "bans")
        admin(db, "unban", banned)
        wait_for(lambda: page_status(url) == 200)
        assert refusal(url) is None
        present.close()
    log = admin(db, "log")
    assert f"ban {banned} for 30 min" in log and f"unban {banned}" in log
    assert "No bans." in admin(db, "bans")
