"""The real server process (default async mode, free loopback port) played by python-socketio clients.

Also the secret-isolation test: every payload each client receives during the
match is recorded, and none holds another seat's secret.
"""

from __future__ import annotations

import json
import threading
import time

import pytest
import socketio
from helpers import HeldView
from server import running_server


class Player:
    """A python-socketio client that records every event it receives."""

    def __init__(self, url: str, name: str | None) -> None:
        self.url = url
        self.name = name
        self.log: list[tuple[str, str, dict | None]] = []  # (event, payload as JSON text, the view it made)
        self.held = HeldView()
        self.latest: dict | None = None
        self.token: str | None = None
        self.player: str | None = None
        self._lock = threading.Lock()
        self.sio = socketio.Client(reconnection=False)
        for event in ("state", "patch", "error", "replaced", "removed"):
            self.sio.on(event, self._recorder(event))
        self.sio.connect(url, transports=["websocket"], wait_timeout=10)

    def _recorder(self, event: str):
        def record(payload=None):
            with self._lock:
                view = self.held.receive(event, payload) if event in ("state", "patch") else None
                if self.held.missed:
                    self.held.missed = False
                    self.sio.emit("resync", {})
                self.log.append((event, json.dumps(payload), view))
                if view is not None:
                    self.latest = view

        return record

    def call(self, event: str, payload: dict) -> dict:
        return self.sio.call(event, payload, timeout=10)

    def act(self, action: str, **args) -> dict:
        """A move made on the newest state this client has received; refused as stale (a newer state is on its
        way), it is made again on that state, as the browser's player would."""
        for _ in range(3):
            with self._lock:
                version = self.latest["match"]["version"] if self.latest and self.latest.get("match") else None
            body = {"action": action, "args": args, "version": version}
            answer = self.call("command", {"kind": "act", "args": body})
            if answer["ok"] or answer["error"]["code"] != "stale":
                break
            current = answer["error"]["params"]["version"]
            self.wait(lambda s, v=current: s.get("match") and s["match"]["version"] >= v, f"version {current}")
        assert answer["ok"], answer
        return answer

    def wait(self, predicate, what: str) -> dict:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with self._lock:
                state = self.latest
            if state is not None and predicate(state):
                return state
            time.sleep(0.02)
        match = (self.latest or {}).get("match")
        raise AssertionError(f"{self.name or 'table'} never saw {what}; last match state: {json.dumps(match)[:1500]}")


def play_round(players: dict[str, Player], host: Player) -> dict:
    """Claims in turn, everyone votes for the next seat, then returns the round_over state."""
    state = host.wait(lambda s: s["match"] and s["match"]["phase"] == "claim", "the claim phase")
    by_id = {p.player: p for p in players.values()}
    while state["match"]["phase"] == "claim":
        turn = state["match"]["turn"]
        by_id[turn].act("claim", value=7)
        version = state["match"]["version"]
        state = host.wait(lambda s, v=version: s["match"]["version"] > v, "the next claim")
    this_round = state["match"]["round"]
    for voter in players.values():
        # This round's open vote, not a lagging view of the last round's closed one.
        mine = voter.wait(
            lambda s: s["match"]["phase"] == "vote" and s["match"]["round"] == this_round, "this round's ballot"
        )
        allowed = mine["match"]["ballots"]["highest"].get("allowed") or []
        if allowed and not mine["match"]["ballots"]["highest"]["closed"]:
            voter.act("vote", ballot="highest", choice=allowed[0])
    return host.wait(lambda s: s["match"]["phase"] == "round_over", "the round's end")


@pytest.mark.parametrize("async_mode", ["eventlet"])
def test_real_server_plays_a_match_with_a_rejoin_and_leaks_nothing(tmp_path, async_mode):
    with running_server(tmp_path / "night.sqlite", async_mode=async_mode) as url:
        ann = Player(url, "Ann")
        created = ann.call("create_lobby", {"name": "Ann"})
        assert created["ok"]
        code = created["code"]
        ann.token, ann.player = created["token"], created["player"]
        players = {"Ann": ann}
        for name in ("Boris", "Chen"):
            player = Player(url, name)
            joined = player.call("join_lobby", {"code": code, "name": name})
            player.token, player.player = joined["token"], joined["player"]
            players[name] = player
        table = Player(url, None)
        assert table.call("watch", {"code": code})["ok"]
        assert ann.call("command", {"kind": "choose", "args": {"game": "highcard", "options": {"rounds": 2}}})["ok"]
        assert ann.call("command", {"kind": "start", "args": {}})["ok"]

        # Boris's phone drops mid-round and comes back with his token: same seat, full resync.
        boris = players["Boris"]
        card_before = boris.wait(lambda s: s["match"] is not None, "the match")["match"]["game_view"]["my_card"]
        boris.sio.disconnect()
        ann.wait(lambda s: not s["lobby"]["seats"][1]["connected"], "Boris disconnected")
        rejoined = Player(url, "Boris")
        answer = rejoined.call("attach", {"code": code.lower(), "token": boris.token})
        assert answer == {"ok": True, "code": code, "player": boris.player}
        resync = rejoined.wait(lambda s: s["match"] is not None, "the resync")
        assert resync["match"]["game_view"]["my_card"] == card_before
        rejoined.token, rejoined.player = boris.token, boris.player
        players["Boris"] = rejoined
        ann.wait(lambda s: all(seat["connected"] for seat in s["lobby"]["seats"]), "Boris back")
        assert len(ann.latest["lobby"]["seats"]) == 3

        reveals = []
        for _ in range(2):
            over = play_round(players, ann)
            reveals.append(over["match"]["game_view"])
            ann.act("next")
        final = table.wait(lambda s: s["match"]["over"], "the end of the match")
        assert final["match"]["result"]["winners"]
        ann_final = ann.wait(lambda s: s["match"]["over"], "the end of the match")
        assert [r["scores"] for r in final["match"]["rounds"]] == [r["scores"] for r in ann_final["match"]["rounds"]]
        board = ann.wait(lambda s: s["lobby"]["scoreboard"], "the night scoreboard")["lobby"]["scoreboard"]
        assert sorted(row["name"] for row in board) == ["Ann", "Boris", "Chen"]

        clients = [*players.values(), boris, table]
        for client in clients:
            client.sio.disconnect()

    assert_nothing_leaked(clients, reveals, tokens={p.name: p.token for p in players.values()})


def assert_nothing_leaked(clients: list[Player], reveals: list[dict], tokens: dict[str, str]) -> None:
    """No payload holds another seat's card, the server card before the reveal, or another seat's token."""
    for client in clients:
        assert client.log, "every client received something"
        for event, text, view in client.log:
            for name, token in tokens.items():
                if name != client.name:
                    assert token not in text, f"{client.name} received {name}'s token in {event}"
            if view is None or view.get("match") is None:
                continue
            game = view["match"]["game_view"]
            if game.get("revealed") or view["match"]["over"]:
                continue
            hands = reveals[view["match"]["round"] - 1]
            secret = [card for pid, card in hands["hands"].items() if pid != view["you"]] + [hands["server"]]
            for card in secret:
                assert f'"{card}"' not in text, f"{client.name or 'table'} saw {card} in round {view['match']['round']}"


def test_serve_starts_cleanly_and_prints_where_to_join(tmp_path):
    printed: list[str] = []
    with running_server(tmp_path / "night.sqlite", output=printed) as url:
        player = Player(url, "Ann")
        assert player.call("create_lobby", {"name": "Ann"})["ok"]
        player.sio.disconnect()
    (log,) = printed
    # Listening on loopback, it says that no phone can reach it and how to serve the Wi-Fi, with no QR code.
    assert "gamenight is up at http://127.0.0.1:" in log and "for this computer only" in log
    assert "start it with --host 0.0.0.0" in log
    assert "\u2588" not in log and "\u2580" not in log and "\u2584" not in log, "a QR code no phone can open"
    assert "Mode: eventlet" in log
    assert "Traceback" not in log and "monkey_patch" not in log and "Deprecat" not in log
