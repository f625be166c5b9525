"""The benchmark's clients: Socket.IO over a bare websocket, each keeping its view as docs/protocol.md says.

Cheap enough that one asyncio process holds hundreds of connections: Engine.IO 4 /
Socket.IO 5 spoken directly with the ``websockets`` package. A ``Conn`` applies
``state`` and ``patch`` events strictly by the protocol (a gap asks for ``resync``)
and counts whatever did not apply; a ``Seat`` plays Spyfall 2 moves that let the
benchmark find the version each one produced; a ``Lobby`` seats 8 players and a
table screen and starts a match. They share a ``Clients``: the server's address,
whether bytes are being counted, and what went wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import time
from collections import Counter
from typing import Any
from urllib.parse import quote

import orjson

try:
    from websockets.asyncio.client import connect as ws_connect
except ImportError:  # pragma: no cover
    raise SystemExit("the network benchmark needs the websockets package: pip install -e '.[test]'") from None

SEATS = 8
GRAY_BITS = 12  # a seat's marks name each of its moves for 2**12 - 1 moves
MATCH_OPTIONS = {"round_minutes": 30, "vote_seconds": 600, "rounds": 50}  # nothing ends while we measure
now = time.perf_counter


class Clients:
    """What the connections of one run share."""

    def __init__(self, url: str, drop: float = 0.0, seed: int = 1) -> None:
        self.ws_url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        self.drop = drop  # the share of patches to lose on purpose (the resync path under test) ...
        self.drop_window = (0.0, 0.0)  # ... while the moves are made (a setup that lost one would wait for ever)
        self.drops = random.Random(seed)
        self.conns: list[Conn] = []
        self.counting = False  # bytes and messages are counted while this is set (the measured window)
        self.closing = False  # a connection that ends before this is set was lost
        self.notes: Counter = Counter()  # what went wrong, in words, for the report


# -- a view kept as docs/protocol.md says ---------------------------------------------------------------


class PatchError(ValueError):
    pass


def apply_ops(view: Any, ops: list[list[Any]]) -> None:
    """Apply a patch's ops in order (docs/protocol.md, "Patches"), strictly: anything off is a PatchError."""
    for op in ops:
        if not isinstance(op, list) or len(op) not in (1, 2) or not isinstance(op[0], list) or not op[0]:
            raise PatchError(f"malformed op {op!r:.80}")
        path = op[0]
        parent = view
        try:
            for step in path[:-1]:
                parent = parent[step]
        except (KeyError, IndexError, TypeError):
            raise PatchError(f"no such path {path!r:.80}") from None
        last = path[-1]
        if isinstance(parent, dict) and isinstance(last, str):
            if len(op) == 2:
                parent[last] = op[1]
            elif last in parent:
                del parent[last]
            else:
                raise PatchError(f"delete of a missing key {path!r:.80}")
        elif isinstance(parent, list) and isinstance(last, int) and not isinstance(last, bool) and len(op) == 2:
            if last == len(parent):
                parent.append(op[1])
            elif 0 <= last < len(parent):
                parent[last] = op[1]
            else:
                raise PatchError(f"index past the end {path!r:.80}")
        else:
            raise PatchError(f"op does not fit the view {op!r:.80}")


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """The view without what depends on when it was built: ``now`` and each timer's ``remaining``."""
    out = {k: v for k, v in view.items() if k != "now"}
    match = out.get("match")
    if isinstance(match, dict) and isinstance(match.get("timers"), dict):
        timers = {name: {k: v for k, v in t.items() if k != "remaining"} for name, t in match["timers"].items()}
        out["match"] = {**match, "timers": timers}
    return out


def first_difference(a: Any, b: Any, path: str = "") -> str:
    if type(a) is not type(b):
        return f"{path or '/'}: {a!r:.60} != {b!r:.60}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}/{key}: only in {'the held view' if key in a else 'the fresh state'}"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{path}/{key}")
    if isinstance(a, list) and len(a) != len(b):
        return f"{path}: {len(a)} elements != {len(b)}"
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}/{i}")
    return f"{path or '/'}: {a!r:.60} != {b!r:.60}"


class Move:
    __slots__ = ("action", "target", "location", "crossed", "expected", "measured", "t_send", "t_ack", "ok", "error",
                 "sent_at", "version")  # fmt: skip

    def __init__(self, action: str, measured: bool) -> None:
        self.action, self.measured = action, measured
        self.target: str | None = None  # asked: whom
        self.location, self.crossed = "", False  # cross: what
        self.expected: frozenset[str] | None = None  # cross: the marks the move leaves
        self.t_send = self.t_ack = 0.0
        self.ok: bool | None = None
        self.error = ""
        self.sent_at = -1  # the sender's lobby.version when it sent the move
        self.version: int | None = None  # the lobby.version the move produced


class Conn:
    """One Socket.IO connection over a raw websocket; it keeps its view from states and patches."""

    def __init__(self, clients: Clients, role: str) -> None:
        self.clients, self.role = clients, role
        self.ws = None
        self.reader: asyncio.Task | None = None
        self.next_id = 0
        self.acks: dict[int, Any] = {}  # id -> Future, or a callback taking the answer
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.resyncing = False
        self.state_waiters: list[asyncio.Future] = []
        self.changed = asyncio.Event()  # set whenever the view changes
        self.versions: list[int] = []  # every version this connection came to hold, and when
        self.times: list[float] = []
        self.closed_early = False
        self.deflate = False
        self.seat: Seat | None = None
        self.counts: Counter = Counter()

    @property
    def ws_url(self) -> str:
        """Where this connection opens its websocket."""
        return self.clients.ws_url

    async def open(self, timeout: float) -> None:
        self.ws = await asyncio.wait_for(
            ws_connect(
                self.ws_url,
                compression="deflate",  # offered, as a browser does; the server decides
                max_size=2**22,
                ping_interval=None,
                close_timeout=1,
                open_timeout=timeout,
                user_agent_header=None,
            ),
            timeout,
        )
        self.deflate = "permessage-deflate" in (self.ws.response.headers.get("Sec-WebSocket-Extensions") or "")
        opening = await asyncio.wait_for(self.ws.recv(), timeout)
        if not opening.startswith("0"):
            raise RuntimeError(f"not an Engine.IO open packet: {opening[:40]!r}")
        await self.ws.send("40")
        connected = await asyncio.wait_for(self.ws.recv(), timeout)
        if not connected.startswith("40"):
            raise RuntimeError(f"not a Socket.IO connect: {connected[:40]!r}")
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        ws = self.ws
        try:
            async for message in ws:
                if isinstance(message, str):
                    if message.startswith("42"):
                        self.on_event(message)
                    elif message.startswith("43"):
                        self.on_ack(message)
                    elif message == "2":
                        await ws.send("3")
                    elif message.startswith(("41", "1")):
                        break
        except Exception:  # noqa: BLE001 - a broken connection is counted below
            pass
        self.ended(ws)

    def ended(self, ws: Any) -> None:
        """The websocket ``ws`` was closed (by either side): one that ends before the run closes it was lost."""
        if not self.clients.closing:
            self.closed_early = True

    def on_event(self, message: str) -> None:
        t = now()
        event, data, *_ = [*orjson.loads(message[2:]), None]
        if event == "patch":
            self.on_patch(data, t)
        elif event == "state":
            self.on_state(data, t)
        elif event == "error":
            self.counts["error_events"] += 1
            return
        elif event == "audience_you":  # an audience member's own standing
            self.counts[event] += 1
            return
        else:  # replaced, removed: this connection lost its seat
            self.counts[event] += 1
            self.closed_early = True
            return
        if self.clients.counting:
            self.counts["bytes"] += len(message)
            self.counts["messages"] += 1

    def on_state(self, view: dict[str, Any], t: float) -> None:
        self.counts["states"] += 1
        before = self.view
        self.view, self.resyncing = view, False
        self.held(t)
        waiters, self.state_waiters = self.state_waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result((before, view))

    def on_patch(self, patch: dict[str, Any], t: float) -> None:
        if (
            self.clients.drop
            and self.clients.drop_window[0] <= t < self.clients.drop_window[1]
            and (self.clients.drops.random() < self.clients.drop)
        ):
            self.counts["patches_dropped"] += 1
            return
        if self.view is None or self.resyncing:
            self.counts["patches_skipped"] += 1  # the protocol says: ignore patches until the state
            return
        if patch["to"] <= self.version:
            self.counts["patches_old"] += 1
            return
        if patch["from"] != self.version:
            self.counts["patches_missed"] += 1
            self.ask_resync()
            return
        try:
            apply_ops(self.view, patch["ops"])
            if self.view["lobby"]["version"] != patch["to"]:
                raise PatchError(f"the patch left version {self.view['lobby']['version']}, not {patch['to']}")
        except PatchError as exc:
            self.counts["patches_failed"] += 1
            self.clients.notes[f"patch did not apply: {exc}"] += 1
            self.ask_resync()
            return
        self.counts["patches"] += 1
        self.held(t)

    def held(self, t: float) -> None:
        self.version = version = self.view["lobby"]["version"]  # a state replaces whatever was held
        if not self.versions or version > self.versions[-1]:
            self.versions.append(version)
            self.times.append(t)
        if self.seat is not None:
            self.seat.saw(self.view, version)
        self.changed.set()

    def ask_resync(self) -> None:
        self.resyncing = True
        self.counts["resyncs"] += 1

        def answered(answer: dict[str, Any]) -> None:
            if not answer.get("ok"):
                self.counts["resync_refused"] += 1

        asyncio.ensure_future(self.emit("resync", {}, answered))

    def on_ack(self, message: str) -> None:
        start = message.index("[", 2)
        waiter = self.acks.pop(int(message[2:start]), None)
        if waiter is None:
            return
        answer = orjson.loads(message[start:])[0]
        if isinstance(waiter, asyncio.Future):
            if not waiter.done():
                waiter.set_result(answer)
        else:
            waiter(answer)

    async def emit(self, event: str, payload: dict[str, Any], on_answer: Any) -> None:
        self.next_id += 1
        self.acks[self.next_id] = on_answer
        await self.ws.send(f"42{self.next_id}" + orjson.dumps([event, payload]).decode())

    async def call(self, event: str, payload: dict[str, Any], timeout: float) -> dict[str, Any]:
        answer = asyncio.get_running_loop().create_future()
        await self.emit(event, payload, answer)
        result = await asyncio.wait_for(answer, timeout)
        if not result.get("ok"):
            raise RuntimeError(f"{event} refused: {result.get('error')}")
        return result

    async def wait_view(self, test: Any, timeout: float) -> dict[str, Any]:
        deadline = now() + timeout
        while self.view is None or not test(self.view):
            self.changed.clear()
            left = deadline - now()
            if left <= 0:
                raise TimeoutError(f"no view as expected on a {self.role} connection")
            await asyncio.wait_for(self.changed.wait(), left)
        return self.view

    async def check(self, timeout: float) -> str | None:
        """Ask for a fresh state; None when it equals the view this connection had built when the state came, else
        what differs. Patches that come while the state is asked for are part of what was built; a state newer
        than the last patch (a change committed but not yet sent when the state was read) proves nothing either
        way, so the check is made again."""
        for _ in range(5):
            fresh = asyncio.get_running_loop().create_future()
            self.state_waiters.append(fresh)
            await self.call("resync", {}, timeout)
            held, view = await asyncio.wait_for(fresh, timeout)
            if held is None:
                return "held no view"
            if held["lobby"]["version"] == view["lobby"]["version"]:
                break
            await asyncio.sleep(0.2)
        a, b = comparable(held), comparable(view)
        return None if a == b else first_difference(a, b)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 2)
        if self.reader is not None:
            self.reader.cancel()


class Seat:
    """A player: crosses locations off in Gray-code order, and names whom it asked when it is its turn."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn
        conn.seat = self
        self.me: str | None = None
        self.locations: list[str] = []
        self.crosses = 0
        self.marks: set[str] = set()  # as the accepted crosses leave them
        self.moves: list[Move] = []
        self.asking = False
        self.last_marks: list[str] | None = None
        self.marks_seen: dict[frozenset[str], int] = {}  # a set of marks -> the first version that showed it
        self.last_turn: str | None = None
        self.passes: list[tuple[int, str]] = []  # (version, to whom) each time the turn passed from this seat

    def saw(self, view: dict[str, Any], version: int) -> None:
        match = view.get("match")
        if not match:
            return
        marks = (match.get("game_view") or {}).get("marks")
        if marks is not None and marks != self.last_marks:
            self.last_marks = list(marks)
            self.marks_seen.setdefault(frozenset(marks), version)
        turn = match.get("turn")
        if turn != self.last_turn:
            if self.last_turn == self.me and turn is not None:
                self.passes.append((version, turn))
            self.last_turn = turn

    def next_move(self, rng: random.Random, measured: bool, asking: bool) -> tuple[Move, dict[str, Any]]:
        match = self.conn.view["match"]
        if asking and not self.asking and match.get("turn") == self.me and match.get("phase") == "play":
            asked_by = (match.get("game_view") or {}).get("asked_by")
            targets = [p for p in match.get("present", []) if p not in (self.me, asked_by)]
            if targets:
                move = Move("asked", measured)
                move.target = rng.choice(targets)
                self.asking = True
                args = {"action": "asked", "args": {"player": move.target}, "version": match["version"]}
                return move, args
        move = Move("cross", measured)
        self.crosses += 1
        n = self.crosses % (1 << len(self.locations))
        location = self.locations[(n & -n).bit_length() - 1 if n else len(self.locations) - 1]
        move.location, move.crossed = location, location not in self.marks
        self.marks.symmetric_difference_update({location})
        move.expected = frozenset(self.marks)
        args = {"action": "cross", "args": {"location": location, "crossed": move.crossed}}
        return move, args

    def answered(self, move: Move, answer: dict[str, Any]) -> None:
        move.t_ack = now()
        move.ok = bool(answer.get("ok"))
        if not move.ok:
            move.error = (answer.get("error") or {}).get("code", "?")
        if move.action == "asked":
            self.asking = False

    def find_versions(self) -> None:
        """The version each accepted move produced (see the module's docstring)."""
        if any(m.ok is False and m.action == "cross" for m in self.moves):
            self.replay_marks()
        for move in self.moves:
            if not move.ok:
                continue
            if move.action == "cross":
                move.version = self.marks_seen.get(move.expected)
            else:
                move.version = next((v for v, to in self.passes if v > move.sent_at and to == move.target), None)

    def replay_marks(self) -> None:
        """A cross was refused: the marks the later ones left are not what was planned (the server's rule)."""
        marks: set[str] = set()
        for move in self.moves:
            if move.action != "cross":
                continue
            if move.ok is False:
                move.expected = None
                continue
            if move.crossed:
                marks.add(move.location)
            else:
                marks.discard(move.location)
            move.expected = frozenset(marks)


class Lobby:
    def __init__(self, clients: Clients) -> None:
        self.clients = clients
        self.seats: list[Seat] = []
        self.table: Conn | None = None
        self.code = ""
        self.ready = False

    @property
    def conns(self) -> list[Conn]:
        return [seat.conn for seat in self.seats] + ([self.table] if self.table else [])

    async def connect(self, role: str, timeout: float) -> Conn:
        conn = Conn(self.clients, role)
        self.clients.conns.append(conn)
        await conn.open(timeout)
        return conn

    async def set_up(self, timeout: float) -> None:
        host = Seat(await self.connect("seat", timeout))
        answer = await host.conn.call("create_lobby", {"name": "P1"}, timeout)
        self.code, host.me = answer["code"], answer["player"]
        self.seats.append(host)

        async def join(i: int) -> Seat:
            seat = Seat(await self.connect("seat", timeout))
            seat.me = (await seat.conn.call("join_lobby", {"code": self.code, "name": f"P{i}"}, timeout))["player"]
            return seat

        async def watch() -> Conn:
            table = await self.connect("table", timeout)
            await table.call("watch", {"code": self.code}, timeout)
            return table

        *joined, self.table = await asyncio.gather(*(join(i) for i in range(2, SEATS + 1)), watch())
        self.seats += joined
        choose = {"game": "spyfall", "variants": [], "options": MATCH_OPTIONS}
        await host.conn.call("command", {"kind": "choose", "args": choose}, timeout)
        await host.conn.call("command", {"kind": "start", "args": {}}, timeout)
        for seat in self.seats:
            view = await seat.conn.wait_view(lambda v: (v.get("match") or {}).get("game_view"), timeout)
            seat.locations = [c["id"] for c in view["match"]["game_view"]["candidates"]][:GRAY_BITS]
            if len(seat.locations) < 2:
                raise RuntimeError("too few locations to cross off")
        await self.table.wait_view(lambda v: v.get("match"), timeout)
        self.ready = True


# -- a cluster's clients: following a lobby from node to node ----------------------------------------------

RECONNECT_PAUSE = (0.5, 1.5)  # a browser's first reconnection delay (Socket.IO: 1 s, randomized by half)
RECONNECT_PAUSE_MAX = 4.0  # socket.js: reconnectionDelayMax
MOVE_PAUSE = 1.0  # socket.js: between two moves of one request (the old owner's lease is running out)
FOLLOW_SECONDS = 60.0  # a connection that has not found its lobby again after this long gives up (an error)
OPEN_SECONDS = 10.0
FOLLOWED = ("moved", "not_attached", "lost", "timeout")  # answers after which a request is sent again elsewhere


def lost_answer(code: str = "lost") -> dict[str, Any]:
    """The answer a request gets when its connection is lost before the server answered."""
    return {"ok": False, "error": {"code": code, "params": {}}}


def error_code(answer: dict[str, Any]) -> str | None:
    return None if answer.get("ok") else str((answer.get("error") or {}).get("code"))


class FollowingConn(Conn):
    """A connection to a cluster through its proxy that follows its lobby as web/static/js/socket.js does.

    A request answered ``moved`` reconnects with ``&node=<id>`` (the proxy routes it to that node), takes
    its place again (``attach`` with its seat token, ``watch`` for a table, ``attach_audience`` for an audience
    member) and is sent again. A ``moved``
    event (its node gave the lobby up) or a connection that drops (its node died) does the same by itself,
    after a browser's reconnection pause for a drop; while the old owner's lease runs the new node answers
    ``moved`` naming the old one, and the next tries come ``MOVE_PAUSE`` apart. ``ready`` is set while the
    connection is open and in its place; ``lost_at``/``back_at`` are when each loss began and ended.
    Requests waiting for an answer when the connection drops are answered ``lost``.
    """

    def __init__(self, clients: Clients, role: str, node: str | None = None) -> None:
        super().__init__(clients, role)
        self.node = node  # the ``node`` query parameter the proxy routes by (None: its own choice)
        self.code: str | None = None  # where this connection is placed, once it is
        self.token: str | None = None
        self.ready = asyncio.Event()
        self.ready.set()
        self.following: asyncio.Task | None = None
        self.again = False  # a ``moved`` or a drop came while following: follow again once placed
        self.lost_at: list[float] = []
        self.back_at: list[float] = []

    @property
    def ws_url(self) -> str:
        return self.clients.ws_url + (f"&node={quote(self.node)}" if self.node else "")

    async def open(self, timeout: float) -> None:
        self.counts["opened"] += 1
        await super().open(timeout)

    def ended(self, ws: Any) -> None:
        if ws is not self.ws or self.clients.closing:  # a connection this one replaced, or the run's end
            return
        self.counts["connections_lost"] += 1
        self.fail_pending()
        self.follow(self.node, "lost")

    def on_event(self, message: str) -> None:
        if message.startswith('42["moved"'):
            event = orjson.loads(message[2:])
            where = event[1] if len(event) > 1 and isinstance(event[1], dict) else {}
            self.counts["moved_events"] += 1
            self.follow(where.get("node"), "moved")
            return
        super().on_event(message)

    def fail_pending(self) -> None:
        """Answer ``lost`` every request still waiting (its connection is gone)."""
        waiting, self.acks = self.acks, {}
        for waiter in waiting.values():
            if isinstance(waiter, asyncio.Future):
                if not waiter.done():
                    waiter.set_result(lost_answer())
            else:
                waiter(lost_answer())

    async def emit(self, event: str, payload: dict[str, Any], on_answer: Any) -> None:
        if self.ws is None:
            raise ConnectionError("reconnecting")
        try:
            await super().emit(event, payload, on_answer)
        except BaseException:
            self.acks.pop(self.next_id, None)
            raise

    def follow(self, node: str | None, reason: str) -> None:
        """Find the lobby again on ``node`` (None: wherever the proxy sends it), in a task of its own; requests
        wait for ``ready``. A follow under way goes on towards ``node``, and starts over if it had just found it."""
        self.node = node
        self.ready.clear()
        if self.following is not None and not self.following.done():
            self.again = True
            return
        self.again = False
        self.lost_at.append(now())
        self.following = asyncio.ensure_future(self._find_again(reason))

    async def _find_again(self, reason: str) -> None:
        deadline = now() + FOLLOW_SECONDS
        pause = random.uniform(*RECONNECT_PAUSE) if reason == "lost" else 0.0
        moved = 0
        while not self.clients.closing:
            if now() + pause > deadline:
                self.closed_early = True
                self.clients.notes[f"a {self.role} connection gave up finding its lobby"] += 1
                self.fail_pending()
                return
            await asyncio.sleep(pause)
            self.again = False  # what happened to the connection before this one no longer matters
            try:
                await self._reopen()
            except Exception:  # noqa: BLE001 - no node took the connection: Socket.IO's back-off
                self.counts["reconnect_failed"] += 1
                pause = min(RECONNECT_PAUSE_MAX, max(pause, RECONNECT_PAUSE[0]) * 2)
                continue
            if self.code is None:  # not placed yet: the request that follows is sent again on this connection
                code = None
            else:
                answer = await self._ask(*self._place(), OPEN_SECONDS)
                code = error_code(answer)
            if code is None:
                if self.code is not None:
                    with contextlib.suppress(Exception):  # its state comes before the answer; a moment for it if not
                        await self.wait_view(lambda view: True, 5.0)
                if not self.again:  # no ``moved`` and no drop meanwhile: in its place
                    break
                self.counts["followed_again"] += 1
                pause = 0.0
                continue
            self.counts[f"place_refused:{code}"] += 1
            if code == "moved":
                self.node = ((answer.get("error") or {}).get("params") or {}).get("node")
                moved += 1
            pause = 0.0 if code == "moved" and moved == 1 else MOVE_PAUSE
        self.back_at.append(now())
        self.ready.set()

    def _place(self) -> tuple[str, dict[str, Any]]:
        if self.role == "table":
            return "watch", {"code": self.code}
        if self.role == "audience":
            return "attach_audience", {"code": self.code, "token": self.token}
        return "attach", {"code": self.code, "token": self.token}

    async def _reopen(self) -> None:
        old, reader = self.ws, self.reader
        self.ws = self.reader = None
        self.fail_pending()
        if reader is not None:
            reader.cancel()
        if old is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(old.close(), 1)
        self.view, self.version, self.resyncing = None, -1, False
        try:
            await self.open(OPEN_SECONDS)
        except BaseException:
            if self.ws is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.ws.close(), 1)
            self.ws = None
            raise

    async def _ask(self, event: str, payload: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send one request and wait for its answer; a lost connection or no answer in time is an answer too."""
        answer = asyncio.get_running_loop().create_future()
        try:
            await self.emit(event, payload, answer)
            return await asyncio.wait_for(answer, timeout)
        except TimeoutError:
            return lost_answer("timeout")
        except Exception:  # noqa: BLE001 - the connection went while sending
            return lost_answer()

    async def check(self, timeout: float) -> str | None:
        """``Conn.check`` once in its place; again if the lobby moved meanwhile (the held view was the old node's)."""
        for _ in range(3):
            if not self.ready.is_set():
                await asyncio.wait_for(self.ready.wait(), timeout)
            losses = len(self.lost_at)
            difference = await super().check(timeout)
            if len(self.lost_at) == losses:
                break
        return difference

    async def call(self, event: str, payload: dict[str, Any], timeout: float) -> dict[str, Any]:
        """``Conn.call``, following the lobby to its node as often as it takes (within FOLLOW_SECONDS)."""
        deadline = now() + FOLLOW_SECONDS
        moved = 0
        while True:
            if not self.ready.is_set():
                if self.closed_early or now() >= deadline:
                    raise RuntimeError(f"{event}: the lobby was not found again")
                await asyncio.wait_for(self.ready.wait(), deadline - now())
            answer = await self._ask(event, payload, timeout)
            code = error_code(answer)
            if code is None:
                if event in ("create_lobby", "join_lobby", "join_audience"):
                    self.code, self.token = answer["code"], answer["token"]
                elif event == "watch":
                    self.code = answer["code"]
                return answer
            if code not in FOLLOWED or now() >= deadline:
                raise RuntimeError(f"{event} refused: {answer.get('error')}")
            self.counts[f"{event}_refused:{code}"] += 1
            if code == "moved":
                moved += 1
                if moved > 1:
                    await asyncio.sleep(MOVE_PAUSE)
                self.follow(((answer.get("error") or {}).get("params") or {}).get("node"), "moved")
            elif code != "lost":  # a lost connection is being followed already
                self.follow(self.node, "moved")


class ClusterLobby(Lobby):
    """A Lobby of FollowingConns: its creator asks the proxy for ``node``; the others come with no node and
    follow ``moved`` to the lobby's node."""

    def __init__(self, clients: Clients, node: str | None = None) -> None:
        super().__init__(clients)
        self.node = node
        self.opened = 0

    async def connect(self, role: str, timeout: float) -> Conn:
        conn = FollowingConn(self.clients, role, self.node if self.opened == 0 else None)
        self.opened += 1
        self.clients.conns.append(conn)
        await conn.open(timeout)
        return conn


def add_load_options(parser: argparse.ArgumentParser) -> None:
    """The options of the generated load every network benchmark shares: the players' pace and the setup."""
    parser.add_argument("--rate", type=float, default=1.0, help="moves a second per seat (a Poisson process)")
    parser.add_argument("--asked", action=argparse.BooleanOptionalAction, default=True, help="ask in turn too")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of moves before a measured window")
    parser.add_argument("--drain", type=float, default=10.0, help="at most this long for late answers and views")
    parser.add_argument("--timeout", type=float, default=30.0, help="for each setup step")
    parser.add_argument("--setup-concurrency", type=int, default=10, help="lobbies set up at once")
