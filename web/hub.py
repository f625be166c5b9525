"""The Socket.IO hub: which browser is attached where, and delivering each its own view.

A connection attaches to a lobby either as a seat (with the seat token the
browser kept) or as a table screen (read-only, public view). Every accepted
command's outcome is delivered view by view: each seat's connection gets its
own view, table connections the table's, as a patch of the view it holds
(``fanout``). There is no broadcast of anything else. A seat has at most one
connection: a second tab with the same token takes over, and the first is told so.

In a cluster, an event about a lobby another node owns is refused with ``moved`` (naming
that node: the browser reconnects through the proxy with ``?node=<id>``), and when this node
loses a lobby (a takeover fenced it out, or it is shutting down) every connection attached
to it is sent a ``moved`` event and detached.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import request
from flask_socketio import ConnectionRefusedError, SocketIO
from gamenight.engine import TABLE, Engine, Outcome
from gamenight.errors import ActionError
from gamenight.moderation import open_knocks
from gamenight.web.audience import WATCHING_SECONDS, AudienceDesk
from gamenight.web.door import Knocks, door_extra, kick_extra
from gamenight.web.fanout import Fanout
from gamenight.web.limits import Buckets, CodeThrottle, Limits, WindowLimit, address_key
from gamenight.web.protocol import load_event

if TYPE_CHECKING:
    from gamenight.web.relay import PublicRelay

log = logging.getLogger(__name__)

TICK_SECONDS = 0.2
ADOPT_SECONDS = 1.0  # how often a node looks for lobbies with a clock running whose owner is gone
DRAIN_SECONDS = 0.5  # after telling its clients where to go, a stopping node waits this long before it exits
HEARTBEAT_SECONDS = 1.0
SWEEP_SECONDS = 60.0
REFUSED_LINGER_SECONDS = 1.0  # a refused connection is closed this long after its refusal was sent


def table_room(code: str) -> str:
    return f"table:{code}"


@dataclass
class Link:
    """One browser connection: where it is attached (if anywhere) and the address it is limited under."""

    address: str  # ``address_key`` of its peer; a connection with no peer address is its own address
    code: str | None = None
    player: str | None = None
    token: str | None = None
    table: bool = False  # receives the public view: a table screen, or an audience member let in
    audience: str | None = None  # the audience member it is (gamenight.web.audience)
    door: str = "in"  # an audience member's place at the door: "in", or "waiting" for the host
    relayed: bool = False  # an audience member of a lobby another node owns (gamenight.web.relay)


class Hub:
    def __init__(
        self,
        engine: Engine,
        socketio: SocketIO,
        *,
        limits: Limits | None = None,
        rate: float | None = None,
        burst: int | None = None,
        throttle: CodeThrottle | None = None,
        creations: WindowLimit | None = None,
        ticker: bool = True,
        relay: tuple[str, str] | None = None,
    ) -> None:
        """``relay``: in a cluster, (the directory's Redis URL, this node's id), to serve the audiences of lobbies
        other nodes own (``gamenight.web.relay``)."""
        self.engine = engine
        self.socketio = socketio
        self.limits = limits = limits if limits is not None else Limits()
        # Events are counted per address, not per connection: a new connection does not refill them.
        self.buckets = Buckets(rate or limits.events_per_second, burst or limits.event_burst)
        # The one wrong-code throttle: every path that tells a real code from a wrong one uses it.
        self.throttle = throttle if throttle is not None else CodeThrottle(limits.code_misses, limits.code_window)
        self.creations = creations or WindowLimit(limits.lobbies_per_address, limits.lobby_window)
        self.fanout = Fanout(socketio.server)
        self.listeners: list[Callable[[Outcome], None]] = []  # told of every accepted outcome, once delivered
        self.links: dict[str, Link] = {}
        self.sockets_by_address: dict[str, int] = {}
        self.seats: dict[tuple[str, str], str] = {}  # (lobby code, player id) -> the connection holding it
        # (lobby code, request id) -> (the connection that asked for a seat, the token it gets if given)
        self.seat_asks: dict[tuple[str, str], tuple[str, str]] = {}
        self.knocks = Knocks()  # the connections knocking at a lobby's door (the host lets new players in)
        self._lock = threading.RLock()
        self._ticker_started = not ticker  # tests drive ``tick()`` by hand
        self._ticking = ticker
        self.metrics: Any = None  # the node's metrics (``gamenight.web.metrics``), when served
        self.bans: Any = None  # the addresses banned from the server (``gamenight.bans``), when it keeps any
        self.chores: list[tuple[float, str, Callable[[], Any]]] = []  # (seconds, name, work): run with the ticker
        engine.on_drop.append(self.lobby_moved)
        self.audience = AudienceDesk(self, background=ticker)  # a hub driven by hand (tests) sends in the caller
        self.chores.append((WATCHING_SECONDS, "audience", self.audience.count_watching))
        self.relay: PublicRelay | None = None
        if relay is not None:
            from gamenight.web.relay import PublicRelay  # the cluster's extra (redis): only a cluster's node has it

            self.relay = PublicRelay(self, *relay)
            self.chores.append((0.0, "relay", self.relay.listen))
        handlers: dict[str, Callable[[str, Link, dict[str, Any]], dict[str, Any]]] = {
            "create_lobby": self.create_lobby,
            "join_lobby": self.join_lobby,
            "request_seat": self.request_seat,
            "attach": self.attach,
            "watch": self.watch,
            "command": self.command,
            "detach": self.detach,
            "resync": self.resync,
            **self.audience.handlers,
        }
        socketio.on_event("connect", self.on_connect)
        socketio.on_event("disconnect", self.on_disconnect)
        # Events go to the Socket.IO server's own handlers: they need no Flask request context (a
        # connection's ``sid`` is an argument), which costs about a tenth of handling a move.
        for event, handler in handlers.items():
            socketio.server.on(event, self._guarded(event, handler), namespace="/")
        socketio.server.on("*", self.on_unknown, namespace="/")

    # -- connections ------------------------------------------------------------------------

    def on_connect(self, auth: Any = None) -> None:
        """Admit a Socket.IO connection, or refuse it with a ``connect_error`` carrying ``{code, key, params}``."""
        # Only the in-process test client has no peer address; each of its connections counts as one.
        key = address_key(request.remote_addr) if request.remote_addr else f"sid:{request.sid}"
        with self._lock:
            refusal = None
            if self.bans is not None and self.bans.banned(request.remote_addr):
                refusal = ActionError("banned")
            elif len(self.links) >= self.limits.max_connections:
                refusal = ActionError("server_busy", max=self.limits.max_connections)
            elif self.sockets_by_address.get(key, 0) >= self.limits.max_sockets_per_address:
                refusal = ActionError("too_many_connections", max=self.limits.max_sockets_per_address)
            else:
                self.links[request.sid] = Link(key)
                self.sockets_by_address[key] = self.sockets_by_address.get(key, 0) + 1
        if refusal is not None:
            if self.metrics is not None:
                self.metrics.refused(refusal.code)
            self._close_soon(request.sid)
            raise ConnectionRefusedError(refusal.code, refusal.to_dict())
        self.start_ticker()

    def on_disconnect(self, reason: Any = None) -> None:
        with self._lock:
            link = self.links.pop(request.sid, None)
            if link is not None:
                left = self.sockets_by_address.get(link.address, 0) - 1
                if left > 0:
                    self.sockets_by_address[link.address] = left
                else:
                    self.sockets_by_address.pop(link.address, None)
        if link is not None:
            self._release(request.sid, link)

    def _close_soon(self, sid: str) -> None:
        """Close a refused connection's transport once its refusal has gone out (a client may not close it)."""
        server = self.socketio.server
        eio_sid = server.manager.eio_sid_from_sid(sid, "/")
        if eio_sid is None:
            return

        def close() -> None:
            self.socketio.sleep(REFUSED_LINGER_SECONDS)
            if eio_sid in server.eio.sockets:
                server.eio.disconnect(eio_sid)

        self.socketio.start_background_task(close)

    def on_unknown(self, event: str, sid: str, *args: Any) -> dict[str, Any]:
        link = self.links.get(sid)
        if link is not None and not self.buckets.allow(link.address):
            return self._refuse(sid, ActionError("rate_limited"))
        return self._refuse(sid, ActionError("unknown_event", event=str(event)[:32]))

    def _guarded(self, event: str, handler: Callable[[str, Link, dict[str, Any]], dict[str, Any]]):
        def handle(sid: str, payload: Any = None, *extra: Any) -> dict[str, Any]:
            link = self.links.get(sid)
            if link is None:  # a refused connection's event, or one after it left
                return self._refuse(sid, ActionError("not_attached"))
            try:
                if not self.buckets.allow(link.address):
                    raise ActionError("rate_limited")
                return {"ok": True, **handler(sid, link, load_event(event, payload))}
            except ActionError as exc:
                return self._refuse(sid, exc)

        return handle

    def _refuse(self, sid: str, exc: ActionError) -> dict[str, Any]:
        if self.metrics is not None:
            self.metrics.refused(exc.code)
        error = exc.to_dict()
        self.socketio.emit("error", error, to=sid)
        return {"ok": False, "error": error}

    # -- events ---------------------------------------------------------------------------------

    def create_lobby(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        wait = self.creations.retry_after(link.address)
        if wait:
            raise ActionError(
                "too_many_lobbies", retry_after=wait, minutes=-(-wait // 60), max=self.limits.lobbies_per_address
            )
        target = self.engine.ownership.place_new()
        if target is not None:  # another node holds fewer lobbies: created there, and counted there
            raise ActionError("moved", node=target)
        self.creations.record(link.address)  # every attempt counts, refused or not
        outcome, token = self.engine.create_lobby(args["name"], args["look"], door_extra(link.address, args))
        self._raise_if_refused(outcome)
        log.info("lobby %s created", outcome.code, extra={"lobby": outcome.code})
        self.publish(outcome)
        self._seat(sid, link, outcome.code, outcome.reply["player"], token)
        return {"code": outcome.code, "player": outcome.reply["player"], "token": token}

    def join_lobby(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        code = self._known_code(link, args["code"])
        outcome, token = self.engine.join(code, args["name"], args["look"], door_extra(link.address, args))
        self._raise_if_refused(outcome)
        if "knock" in outcome.reply:  # the host lets new players in: the connection watches until answered
            self.watch(sid, link, {"code": code})
            self.knocks.wait(code, outcome.reply["knock"], sid, token)
            self.publish(outcome)
            return {"code": code, "knock": outcome.reply["knock"], "token": token}
        self.publish(outcome)
        self._seat(sid, link, code, outcome.reply["player"], token)
        return {"code": code, "player": outcome.reply["player"], "token": token}

    def request_seat(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        """Ask for a seat from a new device: the connection watches the lobby until the host or the seat
        answers, then is seated (``seat_given``, its old device told ``replaced``) or told ``seat_refused``."""
        code = self._known_code(link, args["code"])
        outcome, token = self.engine.request_seat(code, args["name"], door_extra(link.address, args))
        self._raise_if_refused(outcome)
        self.watch(sid, link, {"code": code})
        request = outcome.reply["request"]
        with self._lock:
            self.seat_asks[(code, request)] = (sid, token)
        self.publish(outcome)
        return {"code": code, "request": request, "player": outcome.reply["player"], "token": token}

    def _answer_seat_asks(self, code: str) -> None:
        """Seat or turn away each connection whose ask for a seat in lobby ``code`` was answered."""
        lobby = self.engine.lobbies.get(code)
        open_asks = {r["id"] for r in lobby.seat_requests} if lobby is not None else set()
        with self._lock:
            answered = [(key, ask) for key, ask in self.seat_asks.items() if key[0] == code and key[1] not in open_asks]
            for key, _ in answered:
                del self.seat_asks[key]
        for (_, ask_id), (sid, token) in answered:
            link = self.links.get(sid)
            if link is None or link.code != code:
                continue
            player = self.engine.identify(code, token)
            if player is None:
                self.socketio.emit("seat_refused", {"code": code, "request": ask_id}, to=sid)
                continue
            self.socketio.emit("seat_given", {"code": code, "player": player}, to=sid)
            self._seat(sid, link, code, player, token)

    def _answer_knocks(self, code: str) -> None:
        """Seat or turn away each connection whose knock at lobby ``code`` the host answered."""
        lobby = self.engine.lobbies.get(code)
        for knock, sid, token in self.knocks.answered(code, open_knocks(lobby) if lobby is not None else set()):
            link = self.links.get(sid)
            if link is None or link.code != code:
                continue
            player = self.engine.identify(code, token)
            if player is None:
                self.socketio.emit("knock_refused", {"code": code, "knock": knock}, to=sid)
                continue
            self.socketio.emit("knock_admitted", {"code": code, "player": player}, to=sid)
            self._seat(sid, link, code, player, token)

    def attach(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        code = self._known_code(link, args["code"])
        player = self.engine.identify(code, args["token"])
        if player is None:
            raise ActionError("bad_token")
        self._seat(sid, link, code, player, args["token"])
        return {"code": code, "player": player}

    def watch(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        code = self._known_code(link, args["code"])
        if link.code == code and link.player is not None:
            # Sent from the join form before joining, it arrived after: the seat is kept (``detach`` first
            # to become a table screen), and it gets its seat's whole view as the answer to a watch does.
            with self.fanout.lock(code):
                self.fanout.send_state(sid, self.engine.view(code, link.player))
            return {"code": code}
        self._detach(sid, link)
        with self._lock:
            link.code, link.player, link.table = code, None, True
        self.enter_table(sid, code)
        return {"code": code}

    def enter_table(self, sid: str, code: str) -> None:
        """Deliver lobby ``code``'s public view to ``sid`` from now on, starting with the whole of it."""
        with self.fanout.lock(code):
            self.socketio.server.enter_room(sid, table_room(code), namespace="/")
            self.fanout.send_state(sid, self.engine.view(code, TABLE))

    def command(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        started = time.perf_counter()
        if link.code is None or link.table:
            raise ActionError("not_attached")
        extra = self._kicked_address(link.code, args["args"]) if args["kind"] == "kick" else None
        outcome = self.engine.submit(link.code, args["kind"], args["args"], token=link.token, extra=extra)
        self._raise_if_refused(outcome)
        self.publish(outcome)
        if self.metrics is not None:
            self.metrics.moved(started)
        return {"reply": outcome.reply}

    def _kicked_address(self, code: str, args: Any) -> dict[str, Any]:
        """A kick's extra: the address of the kicked seat's connection, held as ``kick_address_minutes`` says."""
        player = args.get("player") if isinstance(args, dict) else None
        sid = self.seats.get((code, player)) if isinstance(player, str) else None
        link = self.links.get(sid) if sid is not None else None
        return kick_extra(link.address if link is not None else None, self.limits.kick_address_minutes)

    def detach(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        self._detach(sid, link)
        return {}

    def resync(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        """Send the connection its whole view again (it missed a patch)."""
        code = link.code
        if code is None or (link.audience is not None and link.door != "in"):
            raise ActionError("not_attached")
        if link.audience is not None:  # its crowd's own lock; a lobby owned elsewhere: the copy held here
            with self.audience.lock(code):
                self.fanout.send_state(sid, self.audience.public_view(code, link))
            return {}
        with self.fanout.lock(code):
            self.fanout.send_state(sid, self.engine.view(code, TABLE if link.table else link.player))
        return {}

    # -- seats and delivery -----------------------------------------------------------------------

    def _known_code(self, link: Link, raw: str) -> str:
        wait = self.throttle.retry_after(link.address)
        if wait:
            raise ActionError("too_many_attempts", retry_after=wait)
        lobby = self.engine.lobby(raw)
        if lobby is None:
            self.throttle.miss(link.address)
            raise ActionError("unknown_lobby")
        return lobby.code

    def _seat(self, sid: str, link: Link, code: str, player: str, token: str | None) -> None:
        """Attach ``sid`` to a seat, taking it over from any other connection."""
        self._detach(sid, link)
        with self._lock:
            previous = self.seats.get((code, player))
            self.seats[(code, player)] = sid
            link.code, link.player, link.token, link.table = code, player, token, False
            old = self.links.get(previous) if previous not in (None, sid) else None
            if old is not None:
                old.code = old.player = old.token = None
        if old is not None:
            self.fanout.forget(previous)
            self.socketio.emit("replaced", {"code": code}, to=previous)
        presence = None
        if not self.engine.lobbies[code].players[player]["connected"]:
            presence = self.engine.set_presence(code, player, True)
            self.publish(presence)  # its first view comes as a whole state
        if presence is None or not presence.ok:  # connected already, or the store could not record it
            with self.fanout.lock(code):
                self.fanout.send_state(sid, self.engine.view(code, player))

    def _detach(self, sid: str, link: Link) -> None:
        if link.code is None:
            return
        self._release(sid, link)
        with self._lock:
            link.code = link.player = link.token = link.audience = None
            link.table = link.relayed = False
            link.door = "in"

    def _release(self, sid: str, link: Link) -> None:
        self.fanout.forget(sid)
        if link.audience is not None:
            self.audience.forget(sid, link.code)
        if link.table and link.code:
            self.socketio.server.leave_room(sid, table_room(link.code), namespace="/")
            return
        if link.code is None or link.player is None:
            return
        key = (link.code, link.player)
        with self._lock:
            current = self.seats.get(key) == sid
            if current:
                del self.seats[key]
        lobby = self.engine.lobbies.get(link.code)
        if current and lobby is not None and link.player in lobby.players:
            self.publish(self.engine.set_presence(link.code, link.player, False))

    def lobby_moved(self, code: str, node: str | None) -> None:
        """Lobby ``code`` is no longer this node's: tell each of its connections where it went, and detach them."""
        with self._lock:
            moving = [(sid, link) for sid, link in self.links.items() if link.code == code]
            for sid, link in moving:
                if link.audience is not None:
                    self.audience.forget(sid, code)
                if not link.table and self.seats.get((code, link.player)) == sid:
                    del self.seats[(code, link.player)]
                if link.table:
                    self.socketio.server.leave_room(sid, table_room(code), namespace="/")
                link.code = link.player = link.token = link.audience = None
                link.table = link.relayed = False
                link.door = "in"
        for sid, _ in moving:
            self.fanout.forget(sid)
            self.socketio.emit("moved", {"code": code, "node": node}, to=sid)

    def publish(self, outcome: Outcome) -> None:
        """Deliver each recipient its own view of an accepted command."""
        if not outcome.ok:
            return
        code = outcome.code
        for old, new in outcome.renamed.items():  # the same connection holds the seat under its new id
            with self._lock:
                sid = self.seats.pop((code, old), None)
                if sid is not None:
                    self.seats[(code, new)] = sid
                    if (link := self.links.get(sid)) is not None:
                        link.player = new
        deliveries = []
        for recipient, view in outcome.views.items():
            if recipient is TABLE:
                tables = [sid for sid, _ in self.socketio.server.manager.get_participants("/", table_room(code))]
                deliveries.append((view, tables))
            elif (sid := self.seats.get((code, recipient))) is not None:
                deliveries.append((view, [sid]))
        with self.fanout.lock(code):
            self.fanout.deliver(deliveries)
        for player in outcome.removed:
            with self._lock:
                sid = self.seats.pop((code, player), None)
                link = self.links.get(sid) if sid is not None else None
                if link is not None:
                    link.code = link.player = link.token = None
            if sid is not None:
                self.fanout.forget(sid)
                self.socketio.emit("removed", {"code": code}, to=sid)
        if self.seat_asks:
            self._answer_seat_asks(code)
        if self.knocks:
            self._answer_knocks(code)
        for listener in self.listeners:
            try:
                listener(outcome)
            except Exception:  # a listener's failure is its own; the outcome stands and was delivered
                self.socketio.server.logger.exception("hub listener")
        if outcome.then is not None:
            self.publish(outcome.then)
        self.audience.after(outcome)

    @staticmethod
    def _raise_if_refused(outcome: Outcome) -> None:
        if not outcome.ok:
            raise ActionError(outcome.error["code"], outcome.error["key"], **outcome.error["params"])

    # -- the clock --------------------------------------------------------------------------------

    def start_ticker(self) -> None:
        with self._lock:
            if self._ticker_started:
                return
            self._ticker_started = True
        # Each on a thread of its own: a store or directory that is slow to answer holds up none of the others
        # (a late heartbeat must not make a lobby's timers late, nor a long sweep a lease's renewal).
        self._every(TICK_SECONDS, "ticker", self.tick)
        self._every(HEARTBEAT_SECONDS, "heartbeat", self.engine.heartbeat)
        self._every(min(SWEEP_SECONDS, self.engine.idle_seconds / 2), "sweep", self.sweep)  # idle lobbies leave in time
        for seconds, name, work in self.chores:
            self._every(seconds, name, work)
        if self.engine.leases.shared:
            # Renewed three times a lease; lobbies whose owner is gone (with a clock running) adopted as often.
            period = min(ADOPT_SECONDS, self.engine.leases.lease_seconds / 3)
            self._every(period, "leases", self._hold_leases)

    def _hold_leases(self) -> None:
        if not self.engine.draining:
            self.engine.renew_leases()
            self.engine.adopt_orphans()
            for code, node in self.engine.rebalance():  # a quiet lobby handed to a node holding clearly fewer
                self.lobby_moved(code, node)

    def _every(self, seconds: float, name: str, work: Callable[[], Any]) -> None:
        """Run ``work`` every ``seconds`` in a background task; a failure is logged once until it works again."""

        def forever() -> None:
            failing = False
            while True:
                try:
                    work()
                except Exception:  # the clock must keep running whatever one lobby (or the store) did
                    if not failing:
                        log.exception("%s failed; retrying every %g s", name, seconds)
                    failing = True
                else:
                    if failing:
                        log.warning("%s works again", name)
                    failing = False
                self.socketio.sleep(seconds)

        self.socketio.start_background_task(forever)

    def stop_on_terminate(self) -> None:
        """On SIGTERM: hand every lobby over at once, send each client on, then exit (a rolling restart)."""

        def terminate(signum: int, frame: Any) -> None:
            self.socketio.start_background_task(self.drain_and_exit)

        signal.signal(signal.SIGTERM, terminate)

    def drain_and_exit(self) -> None:
        self.drain()
        self.socketio.sleep(DRAIN_SECONDS)
        try:
            self.engine.store.close()
            self.engine.leases.close()
        finally:
            os._exit(0)

    def drain(self) -> list[str]:
        """Give every lobby up (other nodes take them over) and send their clients on; returns their codes."""
        released = self.engine.release_all()
        for code in released:
            self.lobby_moved(code, None)
        log.info("draining: %d lobbies handed over", len(released))
        return released

    def tick(self) -> None:
        """Fire whatever is due (timer expiries, the host's grace period) and deliver the results."""
        for outcome in self.engine.run_due():
            self.publish(outcome)

    def sweep(self) -> None:
        """Forget addresses the limits no longer need to remember; let idle lobbies leave memory, delete old ones."""
        self.buckets.sweep()
        self.throttle.sweep()
        self.creations.sweep()
        with self._lock:
            attached = {link.code for link in self.links.values() if link.code is not None}
        self.engine.maintain(attached)
        self.fanout.keep_locks(self.engine.lobbies)
