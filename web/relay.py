"""In a cluster: the public views of lobbies owned elsewhere, for the audience connected here.

An audience member may be served by any node (the proxy spreads them). The node that owns a lobby publishes
each change of its public view once, as one Redis message on ``gamenight:public:<code>`` (a patch, or the
whole view when a node asks for it), but only while another node has said it serves that lobby's audience
(``gamenight:wants``, repeated every few seconds). A node serving such an audience keeps a copy of the public
view (its replica) from those messages and hands each patch, as the owner encoded it, to its own audience
connections: one Redis message a move, whatever the crowd, and no move of a player waits on any of it.

A node that missed a message (a gap in the versions, or it just started following) asks for the whole view
again. How many watch is summed across nodes in ``gamenight:watching:<code>`` (a hash: node -> count).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson
import redis
from gamenight.web.patch import apply, diff

if TYPE_CHECKING:
    from gamenight.web.hub import Hub

log = logging.getLogger(__name__)

PREFIX = "gamenight:"
WANTS = PREFIX + "wants"
WANT_SECONDS = 6.0  # an owner publishes a lobby's public changes this long after a node last asked for them
ASK_EVERY_SECONDS = 2.0  # how often a node says again which lobbies' audiences it serves
STATE_WAIT_SECONDS = 5.0  # the longest an audience connection waits for the owner's whole view
WATCHING_SECONDS = 5.0  # a node's count of a lobby's watchers lasts this long past its last report


def public_channel(code: str) -> str:
    return f"{PREFIX}public:{code}"


def watching_key(code: str) -> str:
    return f"{PREFIX}watching:{code}"


class PublicRelay:
    """The owner's side (publishing what is wanted) and the followers' side (replicas), on one node."""

    def __init__(self, hub: Hub, url: str, node: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.hub = hub
        self.node = node
        self.clock = clock
        self.redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self.pubsub.subscribe(WANTS)
        self._lock = threading.Lock()
        self._publishing = threading.Lock()  # the owner's patches of a lobby leave in the order of its versions
        self.wanted: dict[str, float] = {}  # owner: lobby -> until when another node wants its changes
        self.sent: dict[str, Any] = {}  # owner: lobby -> the public view last published
        self.replicas: dict[str, Any] = {}  # follower: lobby -> the public view held here
        self.waiting: dict[str, threading.Event] = {}  # follower: lobby -> set once a whole view came
        self.followed: dict[str, float] = {}  # follower: lobby -> since when (a new one is kept a while unwatched)
        self._changes: list[tuple[str, str]] = []  # (un)subscriptions for the listener to make: it owns the pubsub
        self.messages = 0  # published, for the metrics and the benchmark

    # -- the owner's side -----------------------------------------------------------------------

    def published(self, code: str, table_view: Any) -> None:
        """A new public view of a lobby owned here: publish the change if another node wants it.

        Outcomes are delivered by several greenthreads at once: under the lock, a view older than the one
        published already is passed over (its change is in the newer one), so patches go out in order."""
        until = self.wanted.get(code)
        if until is None:
            return
        with self._publishing:
            if until < self.clock():
                self.wanted.pop(code, None)
                self.sent.pop(code, None)
                return
            last = self.sent.get(code)
            if last is None:
                self._publish_state(code, table_view)
                return
            if _version(table_view) <= _version(last):
                return
            body = {"code": code, "from": _version(last), "to": _version(table_view), "ops": diff(last, table_view)}
            self.sent[code] = table_view
            self._publish(code, body)

    def _publish_state(self, code: str, table_view: Any) -> None:
        self.sent[code] = table_view
        self._publish(code, {"code": code, "state": table_view})

    def _publish(self, code: str, body: dict[str, Any]) -> None:
        try:
            self.redis.publish(public_channel(code), orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS))
            self.messages += 1
        except redis.RedisError as exc:
            log.warning("lobby %s: its public view not published: %s", code, exc)
            self.sent.pop(code, None)  # the whole view next time

    def _wanted(self, code: str, whole: bool) -> None:
        self.wanted[code] = self.clock() + WANT_SECONDS
        if whole or code not in self.sent:
            engine = self.hub.engine
            if code in engine.lobbies:
                from gamenight.engine import TABLE

                with self._publishing:
                    self._publish_state(code, engine.view(code, TABLE))

    def remote_watching(self, code: str) -> int:
        """How many watch lobby ``code`` from the other nodes."""
        try:
            counts = self.redis.hgetall(watching_key(code))
        except redis.RedisError:
            return 0
        now = time.time()
        total = 0
        for node, raw in counts.items():
            count, _, until = raw.decode().partition(" ")
            if node.decode() != self.node and float(until or 0) >= now:
                total += int(count)
        return total

    # -- the followers' side --------------------------------------------------------------------

    def follow(self, code: str) -> Any:
        """Start following lobby ``code``'s public view (owned elsewhere); return it once here (None: late)."""
        with self._lock:
            if code in self.replicas:
                return self.replicas[code]
            event = self.waiting.get(code)
            if event is None:
                event = self.waiting[code] = threading.Event()
                self.followed[code] = self.clock()
                self._changes.append(("subscribe", code))
        event.wait(STATE_WAIT_SECONDS)
        return self.replicas.get(code)

    def report_watching(self, counts: dict[str, int]) -> None:
        """Say which lobbies' audiences this node serves (so their owners publish) and how many watch here."""
        for code, since in list(self.followed.items()):
            if counts.get(code, 0) == 0 and self.clock() - since > WANT_SECONDS:
                self._unfollow(code)
        for code, count in counts.items():
            with contextlib.suppress(redis.RedisError):
                self.redis.hset(watching_key(code), self.node, f"{count} {time.time() + WATCHING_SECONDS}")
            if code in self.followed:
                self._ask(code, whole=False)

    def _unfollow(self, code: str) -> None:
        with self._lock:
            self.followed.pop(code, None)
            self.replicas.pop(code, None)
            self.waiting.pop(code, None)
            self._changes.append(("unsubscribe", code))
        with contextlib.suppress(redis.RedisError):
            self.redis.hdel(watching_key(code), self.node)

    def _ask(self, code: str, whole: bool) -> None:
        try:
            self.redis.publish(WANTS, orjson.dumps({"code": code, "node": self.node, "whole": whole}))
        except redis.RedisError as exc:
            log.warning("lobby %s: could not ask for its public view: %s", code, exc)

    def _received(self, code: str, body: dict[str, Any]) -> None:
        if code not in self.followed:
            return
        if "state" in body:
            view = body["state"]
        else:
            held = self.replicas.get(code)
            if held is None or _version(held) != body["from"]:
                if held is None or _version(held) < body["to"]:
                    self._ask(code, whole=True)  # a gap: the whole view again
                return
            view = apply(orjson.loads(orjson.dumps(held)), body["ops"])  # a new view: the held one is sent as is
        with self._lock:
            self.replicas[code] = view
            event = self.waiting.get(code)
        if event is not None:
            event.set()
        self.hub.audience.replica_changed(code, view, body)

    # -- listening --------------------------------------------------------------------------------

    def listen(self) -> None:
        """Make the (un)subscriptions asked for and handle what arrives, for a second (the hub's background task
        runs it again and again: the pubsub connection is used by this task alone)."""
        with self._lock:
            changes, self._changes = self._changes, []
        for change, code in changes:
            if change == "subscribe":
                self.pubsub.subscribe(public_channel(code))
                self._ask(code, whole=True)  # subscribed first: the whole view cannot pass by unheard
            else:
                self.pubsub.unsubscribe(public_channel(code))
        deadline = self.clock() + 1.0
        while self.clock() < deadline:
            message = self.pubsub.get_message(timeout=0.2)
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"].decode()
            body = orjson.loads(message["data"])
            if channel == WANTS:
                if body.get("node") != self.node and body["code"] in self.hub.engine.lobbies:
                    self._wanted(body["code"], bool(body.get("whole")))
            else:
                self._received(body["code"], body)


def _version(view: Any) -> int:
    return view["lobby"]["version"]
