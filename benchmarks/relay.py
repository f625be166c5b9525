"""A bare relay of gamenight's message pattern: Flask-SocketIO with no rules, no engine and no database.

    python benchmarks/relay.py --port 8001 [--async-mode eventlet|gevent|threading] [--template views.json]
                               [--patch-bytes N] [--deflate] [--no-nodelay] [--json std]

The yardstick ``benchmarks/netload.py`` runs beside the real server: what the
same Socket.IO stack costs when a move is only relayed. It speaks the subset of
docs/protocol.md the benchmark uses: ``create_lobby``, ``join_lobby``, ``watch``,
``resync`` and ``command`` (``choose``, ``start``, and ``act`` with any move).
Setup events answer every member with a whole ``state``, as the real server's
first delivery does; an ``act`` bumps the lobby's version and answers with a
``patch`` in the documented format: one encoded message for the lobby's other
connections (``now``, the versions and the round clock's ``remaining``, and for
``asked`` the turn), and one for the sender, which also carries its own
cross-off marks. Nothing is validated: an ``asked`` is never ``stale`` here.

The views are the real server's, captured by netload.py (``--template``: one
seat's and the table's view of a Spyfall match just started), so a ``state`` is
the size of a real one; ``--patch-bytes`` pads each patch (a top-level ``pad``
key of the view) to the mean size of the real server's patches, measured in
the same run. The wire is set up as cheaply as the stack allows: TCP_NODELAY on
every connection, orjson for the packets with no scan of each for binary, no
per-message deflate.
"""

from __future__ import annotations

import argparse
import json
import os
import warnings

ASYNC_MODES = ("eventlet", "gevent", "threading")
MAX_CONNECTIONS = 20_000  # eventlet's server admits 1,024 connections unless told otherwise


def parse_options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--async-mode", choices=ASYNC_MODES, default="eventlet")
    parser.add_argument("--template", help="JSON {seat: view, table: view} captured from the real server")
    parser.add_argument("--patch-bytes", type=int, default=0, help="pad each patch message to about this size")
    parser.add_argument("--deflate", action="store_true", help="accept per-message deflate (eventlet only)")
    parser.add_argument("--nodelay", action=argparse.BooleanOptionalAction, default=True, help="TCP_NODELAY")
    parser.add_argument("--json", choices=["orjson", "std"], default="orjson", help="the packets' JSON")
    return parser.parse_args()


OPTIONS = parse_options()

# The cooperative modes need the standard library patched before anything else is imported.
if OPTIONS.async_mode == "eventlet":
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import eventlet
    eventlet.monkey_patch()
elif OPTIONS.async_mode == "gevent":
    from gevent import monkey

    monkey.patch_all()

import random  # noqa: E402
import secrets  # noqa: E402
import socket  # noqa: E402
import string  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

import orjson  # noqa: E402
from flask import Flask, Response, request  # noqa: E402
from flask_socketio import SocketIO, join_room  # noqa: E402
from socketio.packet import Packet  # noqa: E402

MAX_EVENT_BYTES = 64 * 1024
ROUND_SECONDS = 1800.0


class OrjsonPackets:
    """The packets' JSON module for python-socketio (it calls ``dumps(data, separators=...)``)."""

    @staticmethod
    def dumps(data: Any, *args: Any, **kwargs: Any) -> str:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()

    @staticmethod
    def loads(text: str | bytes, *args: Any, **kwargs: Any) -> Any:
        return orjson.loads(text)


# -- the views: the captured ones, with what the relay keeps laid over them ---------------------------


def synthetic_template() -> dict[str, Any]:
    """A Spyfall-shaped pair of views, for a relay started without a captured template."""
    players = [f"p{i}" for i in range(1, 9)]
    seats = [{"id": p, "name": p.upper(), "connected": True, "host": p == "p1"} for p in players]
    lobby = {"code": "", "version": 0, "host": "p1", "locked": False, "seats": seats, "setup": None,
             "scoreboard": [], "history": [], "shelves": {}}  # fmt: skip
    candidates = [{"id": f"s2.place_{i}", "names": {"en": f"Place {i}", "ru": f"Место {i}"}} for i in range(20)]
    game_view = {"dealer": "p1", "candidates": candidates, "asker": "p1", "asked_by": None}
    match = {"id": "", "game": "spyfall", "variants": [], "options": {}, "version": 1, "phase": "play",
             "round": 1, "turn": "p1", "players": players, "present": players, "left": [],
             "names": {p: p.upper() for p in players}, "timers": {}, "ballots": {}, "game_view": game_view}  # fmt: skip
    seat_view = {"now": 0.0, "you": "p2", "lobby": lobby, "match": dict(match)}
    seat_view["match"]["game_view"] = dict(game_view, card={"spy": False, "location": candidates[0]}, marks=[])
    return {"seat": seat_view, "table": {"now": 0.0, "you": None, "lobby": lobby, "match": match}}


def load_template(path: str | None) -> dict[str, Any]:
    if not path:
        return synthetic_template()
    with open(path, encoding="utf-8") as file:
        return json.load(file)


TEMPLATE = load_template(OPTIONS.template)


class Room:
    """One lobby: its connections, its version, and the few fields the moves change."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.version = 0
        self.match_version = 0
        self.started = False
        self.deadline = 0.0
        self.players: list[str] = []
        self.sids: dict[str, str] = {}  # player id -> connection
        self.marks: dict[str, list[str]] = {}
        self.turn: str | None = None
        self.asked_by: str | None = None
        self.pad = ""
        self.lock = threading.Lock()

    @property
    def room(self) -> str:
        return f"lobby:{self.code}"

    @property
    def tables(self) -> str:
        return f"table:{self.code}"

    def seats(self) -> list[dict[str, Any]]:
        known = {seat["id"]: seat for seat in TEMPLATE["seat"]["lobby"]["seats"]}
        return [known.get(p) or {"id": p, "name": p.upper(), "connected": True, "host": False} for p in self.players]

    def view(self, player: str | None, now: float) -> dict[str, Any]:
        """The whole view of a seat (``player``) or of a table screen (``None``)."""
        base = TEMPLATE["seat" if player else "table"]
        lobby = {**base["lobby"], "code": self.code, "version": self.version, "seats": self.seats()}
        view = {"now": now, "you": player, "lobby": lobby, "match": None}
        if self.started:
            match = base["match"]
            game_view = {**match["game_view"], "asker": self.turn, "asked_by": self.asked_by}
            if player:
                game_view["marks"] = list(self.marks[player])
            view["match"] = {**match, "version": self.match_version, "turn": self.turn, "game_view": game_view,
                             "timers": self.timers(match.get("timers") or {}, now)}  # fmt: skip
        if self.pad:
            view["pad"] = self.pad
        return view

    def timers(self, captured: dict[str, Any], now: float) -> dict[str, Any]:
        return {
            name: {**timer, "deadline": self.deadline, "remaining": round(self.deadline - now, 3)}
            for name, timer in captured.items()
        }


ROOMS: dict[str, Room] = {}
LINKS: dict[str, tuple[str, str | None]] = {}  # connection -> (lobby code, player id or None for a table)
REGISTRY = threading.Lock()

app = Flask(__name__)


class TextPackets(Packet):
    """Packets that never carry binary: no scan of each payload for bytes (as the real server's)."""

    json = OrjsonPackets

    @classmethod
    def data_is_binary(cls, data: Any) -> bool:
        return False


socketio = SocketIO(
    app,
    async_mode=OPTIONS.async_mode,
    max_http_buffer_size=MAX_EVENT_BYTES,
    json=OrjsonPackets if OPTIONS.json == "orjson" else None,
    serializer=TextPackets if OPTIONS.json == "orjson" else "default",
    async_handlers=False,  # one connection's events in the order sent, as the real server handles them
)


def error(code: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "key": f"error.{code}", "params": {}}}


def send_states(room: Room) -> None:
    """Every member's whole view (setup: not what the benchmark measures)."""
    now = time.time()
    for player in room.players:
        sid = room.sids.get(player)
        if sid is not None:
            socketio.emit("state", room.view(player, now), to=sid)
    socketio.emit("state", room.view(None, now), to=room.tables)


def send_patches(room: Room, sender: str, action: str) -> None:
    """One patch for the lobby's other connections, one for the sender (its marks too): two encodings."""
    now = time.time()
    ops: list[list[Any]] = [
        [["now"], now],
        [["lobby", "version"], room.version],
        [["match", "version"], room.match_version],
    ]
    for name in (TEMPLATE["seat"]["match"].get("timers") or {}) if room.started else ():
        ops.append([["match", "timers", name, "remaining"], round(room.deadline - now, 3)])
    if action == "asked":
        ops += [[["match", "turn"], room.turn], [["match", "game_view", "asker"], room.turn],
                [["match", "game_view", "asked_by"], room.asked_by]]  # fmt: skip
    if OPTIONS.patch_bytes and not room.pad:
        natural = len(orjson.dumps(["patch", {"from": room.version - 1, "to": room.version, "ops": ops}])) + 1
        room.pad = "x" * max(1, OPTIONS.patch_bytes - natural - len(',[["pad"],""]'))
    if room.pad:
        ops.append([["pad"], room.pad])
    common = {"from": room.version - 1, "to": room.version, "ops": ops}
    own = dict(common, ops=[*ops, [["match", "game_view", "marks"], list(room.marks[sender])]])
    socketio.emit("patch", common, to=room.room, skip_sid=room.sids[sender])
    socketio.emit("patch", own, to=room.sids[sender])


def new_code() -> str:
    return "".join(random.choice(string.ascii_uppercase) for _ in range(5))


def take_seat(room: Room, sid: str) -> str:
    with room.lock:
        player = f"p{len(room.players) + 1}"
        room.players.append(player)
        room.sids[player] = sid
        room.marks[player] = []
        room.version += 1
        send_states(room)
    LINKS[sid] = (room.code, player)
    join_room(room.room)
    return player


@socketio.on("connect")
def on_connect(auth: Any = None) -> None:
    pass


@socketio.on("disconnect")
def on_disconnect(reason: Any = None) -> None:
    LINKS.pop(request.sid, None)


@socketio.on("create_lobby")
def create_lobby(payload: dict[str, Any]) -> dict[str, Any]:
    with REGISTRY:
        code = new_code()
        while code in ROOMS:
            code = new_code()
        room = ROOMS[code] = Room(code)
    player = take_seat(room, request.sid)
    return {"ok": True, "code": code, "player": player, "token": secrets.token_urlsafe(24)}


@socketio.on("join_lobby")
def join_lobby(payload: dict[str, Any]) -> dict[str, Any]:
    room = ROOMS.get(str(payload.get("code", "")).upper())
    if room is None:
        return error("unknown_lobby")
    player = take_seat(room, request.sid)
    return {"ok": True, "code": room.code, "player": player, "token": secrets.token_urlsafe(24)}


@socketio.on("watch")
def watch(payload: dict[str, Any]) -> dict[str, Any]:
    room = ROOMS.get(str(payload.get("code", "")).upper())
    if room is None:
        return error("unknown_lobby")
    LINKS[request.sid] = (room.code, None)
    join_room(room.room)
    join_room(room.tables)
    with room.lock:
        socketio.emit("state", room.view(None, time.time()), to=request.sid)
    return {"ok": True, "code": room.code}


@socketio.on("resync")
def resync(payload: dict[str, Any] | None = None) -> dict[str, Any]:
    link = LINKS.get(request.sid)
    if link is None:
        return error("not_attached")
    room = ROOMS[link[0]]
    with room.lock:
        socketio.emit("state", room.view(link[1], time.time()), to=request.sid)
    return {"ok": True}


@socketio.on("command")
def command(payload: dict[str, Any]) -> dict[str, Any]:
    link = LINKS.get(request.sid)
    if link is None or link[1] is None:
        return error("not_attached")
    room, player = ROOMS[link[0]], link[1]
    kind, args = payload.get("kind"), payload.get("args") or {}
    with room.lock:
        room.version += 1
        if kind != "act":
            if kind == "start":
                room.started, room.match_version = True, 1
                room.turn, room.deadline = room.players[0], time.time() + ROUND_SECONDS
            send_states(room)
            return {"ok": True, "reply": {"match": f"{room.code}-1"} if kind == "start" else {}}
        room.match_version += 1
        action, move = args.get("action"), args.get("args") or {}
        if action == "cross":
            marks, location = room.marks[player], move.get("location")
            if move.get("crossed") and location not in marks:
                marks.append(location)
            elif not move.get("crossed") and location in marks:
                marks.remove(location)
        elif action == "asked":
            room.asked_by, room.turn = player, move.get("player")
        send_patches(room, player, action)
    return {"ok": True, "reply": {}}


@socketio.on("*")
def unknown_event(event: str, *args: Any) -> dict[str, Any]:
    return error("unknown_event")


@app.get("/healthz")
def healthz() -> Response:
    return Response("ok", mimetype="text/plain")


# -- serving ----------------------------------------------------------------------------------------


def listener() -> socket.socket:
    """The listening socket; Linux hands TCP_NODELAY down to every connection it accepts."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if OPTIONS.nodelay:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((OPTIONS.host, OPTIONS.port))
    sock.listen(1024)
    return sock


def serve() -> None:
    if OPTIONS.async_mode == "eventlet":
        import eventlet.websocket
        import eventlet.wsgi

        if not OPTIONS.deflate:
            eventlet.websocket.WebSocketWSGI._negotiate_permessage_deflate = lambda self, extensions: None
        eventlet.wsgi.server(listener(), app, log_output=False, max_size=MAX_CONNECTIONS)
    elif OPTIONS.async_mode == "gevent":
        from gevent import pywsgi

        pywsgi.WSGIServer(listener(), app, log=None).serve_forever()
    else:
        import logging

        from werkzeug.serving import ThreadedWSGIServer

        logging.getLogger("werkzeug").setLevel(logging.WARNING)
        ThreadedWSGIServer(OPTIONS.host, OPTIONS.port, app, fd=listener().detach()).serve_forever()


if __name__ == "__main__":
    print(f"relay up on {OPTIONS.host}:{OPTIONS.port} ({OPTIONS.async_mode}, pid {os.getpid()})", flush=True)
    serve()
