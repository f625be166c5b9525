"""Every event, every lobby command and every move of every game, sent over loopback to the real server with
hostile values: each gets exactly one structured answer, never ``internal_error``, and the server's
log stays free of errors and tracebacks. Bounded: a few thousand calls, a minute or so.
"""

from __future__ import annotations

import socketio
from gamenight.commands import CLIENT_COMMANDS, COMMANDS
from gamenight.registry import Plugins
from server import running_server

DEEP = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
HOSTILE = [
    2**64,
    -(2**70),
    int("9" * 400),
    1e308,
    float("nan"),
    float("inf"),
    "\ud800",
    "a\udfffb",
    "x" * 5000,
    DEEP,
    [],
    {},
    None,
    True,
    "",
    {"\ud800": 1},
]
GAMES = {
    "spyfall": 4,
    "spyfall_teams": 6,
    "notahuman": 4,
    "notarobot": 4,
}


def answered(answer: object, what: str) -> None:
    """One structured answer: ``{"ok": true, ...}`` or ``{"ok": false, "error": {code, key, params}}``."""
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool), f"{what}: {answer!r}"
    if not answer["ok"]:
        error = answer["error"]
        assert set(error) >= {"code", "key", "params"}, f"{what}: {error}"
        assert error["code"] != "internal_error", f"{what}: {error}"


def client(url: str) -> socketio.Client:
    sio = socketio.Client(reconnection=False)
    sio.connect(url, transports=["websocket"], wait_timeout=10)
    return sio


def every_move(plugins: Plugins, game: str) -> dict[str, list[str]]:
    """Each move the game declares in any phase, with its argument names."""
    stack = plugins.stack(game, [])
    moves: dict[str, list[str]] = {}
    for phase in stack.declared.values():
        for move_id, move in phase.moves.items():
            moves.setdefault(move_id, sorted(set(moves.get(move_id, [])) | set(move.args)))
    return moves


def test_every_event_command_and_move_with_hostile_values_gets_one_structured_answer(tmp_path):
    plugins = Plugins()
    output: list[str] = []
    calls = 0
    with running_server(tmp_path / "db.sqlite", output=output) as url:
        stranger = client(url)
        for event in ("create_lobby", "join_lobby", "attach", "watch", "command", "detach", "resync", "connect"):
            for value in HOSTILE:
                for payload in (value, {"code": value, "name": value, "token": value, "kind": value, "args": value}):
                    answered(stranger.call(event, payload, timeout=10), f"{event} {payload!r:.60}")
                    calls += 1
        for game, seats in GAMES.items():
            host = client(url)
            created = host.call("create_lobby", {"name": "Ann"}, timeout=10)
            code = created["code"]
            guests = [client(url) for _ in range(seats - 1)]
            for n, guest in enumerate(guests):
                assert guest.call("join_lobby", {"code": code, "name": f"Guest {n}"}, timeout=10)["ok"]
            assert host.call("command", {"kind": "choose", "args": {"game": game}}, timeout=10)["ok"]
            assert host.call("command", {"kind": "start", "args": {}}, timeout=10)["ok"]
            for kind in sorted(CLIENT_COMMANDS - {"act", "leave", "start", "new_night", "close_night"}):
                fields = list(COMMANDS[kind][0].fields) or ["x"]
                for value in HOSTILE:
                    for args in ({name: value for name in fields}, value):
                        answered(host.call("command", {"kind": kind, "args": args}, timeout=10), f"{kind} {args!r:.60}")
                        calls += 1
            for move, names in every_move(plugins, game).items():
                for value in HOSTILE:
                    for args in ({name: value for name in names or ["x"]}, value):
                        for sender in (host, guests[0]):
                            body = {"action": move, "args": args, "version": value}
                            answer = sender.call("command", {"kind": "act", "args": body}, timeout=10)
                            answered(answer, f"{game}.{move} {args!r:.60}")
                            body["version"] = 1
                            answered(sender.call("command", {"kind": "act", "args": body}, timeout=10), move)
                            calls += 2
            for sio in [host, *guests]:
                sio.disconnect()
        stranger.disconnect()
    log = output[0]
    assert calls > 2000, calls
    assert "Traceback" not in log and "ERROR" not in log and "internal_error" not in log, log[-3000:]
