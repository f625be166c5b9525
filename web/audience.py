"""The audience's connections: joining, coming back, picking, and what each member is sent of their own.

An audience connection gets what a table screen gets (the public view, then a patch of it at a time: the same
bytes for every one of them, ``gamenight.web.fanout``), and of its own only ``audience_you``: its member id and
name, where it stands at the door, its picks, its points and its place in the crowd. A member waiting for the
host's leave gets nothing else until let in. A lobby's crowd is sent to by a greenthread of its own, after
the players and the table screens, pausing now and then for the others: no player's move waits for the
crowd, and views that come faster than the crowd takes them are passed over for the newest.

Picks are written to the store in batches: a pick is answered once the batch holding it is written, and the
picks that arrive meanwhile make the next batch (one statement for them all), so a crowd picking at once costs
a few writes a second, not one each. How many watch is counted once a second and recorded in the lobby when it
changed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamenight import audience as audiences
from gamenight.audience_records import Pick
from gamenight.errors import ActionError
from gamenight.names import normalize_code
from gamenight.store import StoreUnavailable
from gamenight.web.fanout import version_of

if TYPE_CHECKING:
    from gamenight.engine import Outcome
    from gamenight.web.hub import Hub, Link

log = logging.getLogger(__name__)

WATCHING_SECONDS = 1.0  # how often the number watching each lobby is counted
BATCH_WAIT_SECONDS = 10.0  # the longest a pick waits for its batch to be written
STANDINGS_SECONDS = 2.0  # how long a lobby's standings read for members coming (back) in are used again


class Batch:
    """Picks waiting to be written together, and whether they were."""

    def __init__(self, make_event: Callable[[], Any]) -> None:
        self.picks: dict[tuple[str, str, str], Pick] = {}  # (lobby, member, prompt) -> the latest pick
        self.done = make_event()
        self.failed = False


class PickWriter:
    """Writes picks a batch at a time; ``keep`` returns once the pick is written (False: the store failed)."""

    def __init__(self, write: Callable[[str, list[Pick]], None], make_event: Callable[[], Any]) -> None:
        self._write = write
        self._make_event = make_event
        self._lock = threading.Lock()
        self._next = Batch(make_event)
        self._writing = False

    def keep(self, code: str, pick: Pick) -> bool:
        with self._lock:
            batch = self._next
            batch.picks[(code, pick.member, pick.prompt)] = pick
            writer = not self._writing
            self._writing = True
        if writer:
            self._write_batches()
        else:
            batch.done.wait(BATCH_WAIT_SECONDS)
        return batch.done.is_set() and not batch.failed

    def _write_batches(self) -> None:
        while True:
            with self._lock:
                batch = self._next
                if not batch.picks:
                    self._writing = False
                    return
                self._next = Batch(self._make_event)
            by_lobby: dict[str, list[Pick]] = {}
            for (code, _, _), pick in batch.picks.items():
                by_lobby.setdefault(code, []).append(pick)
            try:
                for code, picks in by_lobby.items():
                    self._write(code, picks)
            except StoreUnavailable as exc:
                log.warning("%d audience picks not written: %s", len(batch.picks), exc)
                batch.failed = True
            batch.done.set()


class AudienceDesk:
    """The hub's audience events (``Hub.audience``)."""

    def __init__(self, hub: Hub, background: bool = True) -> None:
        """``background``: the crowd is sent to in greenthreads of their own (else at once, in the caller)."""
        self.hub = hub
        self.background = background
        self.engine = hub.engine
        self.picks = PickWriter(self.engine.crowd.keep_picks, threading.Event)
        self.watching: dict[str, int] = {}  # lobby -> the number last recorded as watching it
        self.attached: dict[str, set[str]] = {}  # lobby -> its audience connections here, let in or waiting
        self.feeding: dict[str, set[str]] = {}  # lobby -> its audience connections here that are let in
        self.latest: dict[str, Any] = {}  # lobby -> the newest public view its audience here has yet to get
        self.public: dict[str, Any] = {}  # lobby -> the newest public view offered to its audience here
        self.feeders: set[str] = set()  # lobbies whose audience here a greenthread is sending to
        self.results_seen: dict[str, str | None] = {}  # a lobby owned elsewhere -> its latest tally's prompt
        self.read_standings: dict[str, tuple[float, list]] = {}  # lobby -> (when, its standings then)
        self._standings_lock = threading.Lock()

    @property
    def handlers(self) -> dict[str, Callable[[str, Link, dict[str, Any]], dict[str, Any]]]:
        return {
            "join_audience": self.join_audience,
            "attach_audience": self.attach_audience,
            "predict": self.predict,
            "leave_audience": self.leave_audience,
        }

    # -- events ---------------------------------------------------------------------------------

    def join_audience(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        code, replica = self._place(link, args["code"])
        frame = replica["lobby"] if replica is not None else None
        joined, knock = self.engine.crowd.join(code, args["name"], self.engine.clock(), frame)
        if knock is not None:
            self.hub.publish(knock)
        self._attach(sid, link, code, joined.member, joined.name, joined.door, replica)
        return {"code": code, "member": joined.member, "token": joined.token, "door": joined.door}

    def attach_audience(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        code, replica = self._place(link, args["code"])
        found = self.engine.crowd.identify(code, args["token"], here=replica is None)
        if found is None:
            raise ActionError("bad_token")
        member, name, door = found
        if door == "refused":
            raise ActionError("audience_refused")
        self._attach(sid, link, code, member, name, door, replica)
        return {"code": code, "member": member, "door": door}

    def _place(self, link: Link, raw: str) -> tuple[str, dict[str, Any] | None]:
        """Lobby ``raw``'s code, and the public view of it held here when another node of a cluster owns it
        (None: owned here). A lobby whose host lets its audience in one by one is served where it lives."""
        relay = self.hub.relay
        try:
            return self.hub._known_code(link, raw), None
        except ActionError as exc:
            if exc.code != "moved" or relay is None:
                raise
            code = normalize_code(raw)
            replica = relay.follow(code)
            if replica is None or replica["lobby"]["audience"]["by_host"]:
                raise
            return code, replica

    def predict(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        if link.audience is None or link.code is None:
            raise ActionError("not_attached")
        if link.door != "in":
            raise ActionError("audience_waiting")
        # checked against the public view its members were last sent (never the live match, nor its lock)
        public = self.public.get(link.code) or self.public_view(link.code, link)
        audiences.check_pick((public.get("match") or {}).get("prompts", []), args["prompt"], args["choice"])
        pick = Pick(link.audience, args["prompt"], args["choice"], self.engine.clock())
        if not self.picks.keep(link.code, pick):
            raise ActionError("unavailable")
        return {"prompt": pick.prompt, "choice": pick.choice}

    def leave_audience(self, sid: str, link: Link, args: dict[str, Any]) -> dict[str, Any]:
        if link.audience is None or link.code is None:
            raise ActionError("not_attached")
        self.engine.crowd.leave(link.code, link.audience)
        self.hub._detach(sid, link)
        return {}

    # -- connections ----------------------------------------------------------------------------

    def _attach(
        self, sid: str, link: Link, code: str, member: str, name: str, door: str, replica: dict[str, Any] | None
    ) -> None:
        hub = self.hub
        hub._detach(sid, link)
        with hub._lock:
            link.code, link.player, link.table, link.audience, link.door = code, None, True, member, door
            link.relayed = replica is not None
            self.attached.setdefault(code, set()).add(sid)
        if door == "in":
            self.let_in(sid, link)
        self.send_own(sid, link, name=name)

    def let_in(self, sid: str, link: Link) -> None:
        """From now on ``sid`` is sent the public view of its lobby, starting with the whole of it."""
        code = link.code
        assert code is not None
        with self.lock(code):
            self.feeding.setdefault(code, set()).add(sid)
            view = self.public[code] = self.public_view(code, link)
            self.hub.fanout.send_state(sid, view)

    def public_view(self, code: str, link: Link) -> dict[str, Any]:
        """The public view of lobby ``code`` as this node has it: built here, or the newest copy from its owner."""
        if link.relayed:
            replica = self.hub.relay.replicas.get(code) if self.hub.relay is not None else None
            if replica is None:
                raise ActionError("unavailable")
            return replica
        return self.engine.view(code, None)

    def forget(self, sid: str, code: str | None) -> None:
        """``sid`` is no audience member of ``code`` any more (it left, was detached or disconnected)."""
        with self.hub._lock:
            attached = self.attached.get(code or "")
            if attached is not None:
                attached.discard(sid)
                if not attached:
                    del self.attached[code]
            feeding = self.feeding.get(code or "")
            if feeding is not None:
                feeding.discard(sid)
                if not feeding:
                    del self.feeding[code]
                    self.public.pop(code, None)
                    self.read_standings.pop(code or "", None)

    def lock(self, code: str) -> Any:
        """Held while lobby ``code``'s audience here is sent anything (the players' deliveries have their own)."""
        return self.hub.fanout.lock(f"audience:{code}")

    def offer(self, code: str, view: dict[str, Any]) -> None:
        """A new public view of lobby ``code``: its audience here gets it in a greenthread of its own, so that no
        player's delivery waits for the crowd's; views that come faster than the crowd takes them are passed
        over for the newest (a patch from what each member holds)."""
        if not self.feeding.get(code):
            return
        with self.hub._lock:
            held = self.public.get(code)
            if held is None or version_of(view) > version_of(held):
                self.public[code] = view
            waiting = self.latest.get(code)
            if waiting is None or version_of(view) > version_of(waiting):  # outcomes may be offered out of order
                self.latest[code] = view
            if code in self.feeders:
                return
            self.feeders.add(code)
        if self.background:
            self.hub.socketio.start_background_task(self._feed, code)
        else:
            self._feed(code)

    def _feed(self, code: str) -> None:
        while True:
            with self.hub._lock:
                view = self.latest.pop(code, None)
                if view is None:
                    self.feeders.discard(code)
                    return
                sids = list(self.feeding.get(code, ()))
            with self.lock(code):
                self.hub.fanout.deliver([(view, sids)], pause=self.hub.socketio.sleep)

    def replica_changed(self, code: str, view: dict[str, Any], body: dict[str, Any]) -> None:
        """The public view of a lobby owned elsewhere changed: hand it on to this node's audience of it, and
        after a crowd's tally every member here their new points and place."""
        members = [(sid, link) for sid, link in self._members(code) if link.relayed and link.door == "in"]
        if not members:
            return
        self.offer(code, view)
        results = view["lobby"]["audience"]["results"]
        latest = results[-1]["prompt"]["id"] if results else None
        if code in self.results_seen and latest not in (None, self.results_seen[code]):
            self._send_standings(code, members)
        self.results_seen[code] = latest

    def send_own(
        self, sid: str, link: Link, name: str | None = None, standings: list | None = None, picks: bool = True
    ) -> None:
        """Send a member ``audience_you``: the door, their picks (unless ``picks`` is false: they did not change),
        points and place (from ``standings`` when given, else as last read)."""
        code, member = link.code, link.audience
        if code is None or member is None:
            return
        own: dict[str, Any] = {"code": code, "member": member, "door": link.door}
        if name is not None:
            own["name"] = name
        if link.door == "in":
            try:
                if picks:
                    own["picks"] = self.engine.crowd.picks_of(code, member)
                standings = standings if standings is not None else self.standings(code)
            except StoreUnavailable:
                standings = None
            if standings is not None:
                own.update(_standing(standings, member))
        self.hub.socketio.emit("audience_you", own, to=sid)

    def standings(self, code: str, fresh: bool = False) -> list:
        """Lobby ``code``'s audience standings, read from the store at most once every STANDINGS_SECONDS unless
        ``fresh`` (points change only at a tally, which reads them fresh; a crowd coming back at once after a
        node's loss would otherwise read them once a member)."""
        with self._standings_lock:
            read = self.read_standings.get(code)
            if not fresh and read is not None and time.monotonic() - read[0] < STANDINGS_SECONDS:
                return read[1]
            standings = self.engine.crowd.standings(code)
            self.read_standings[code] = (time.monotonic(), standings)
            return standings

    def after(self, outcome: Outcome) -> None:
        """After an outcome is delivered: members let in or turned away at the door; after a crowd's tally,
        every member here their new points and place."""
        code = outcome.code
        lobby = self.engine.lobbies.get(code)
        if lobby is None:
            return
        if None in outcome.views:
            self.offer(code, outcome.views[None])
            if self.hub.relay is not None:
                self.hub.relay.published(code, outcome.views[None])
        members = self._members(code)
        if not members:
            return
        for sid, link in members:
            if link.door == "waiting":
                door = audiences.state_of(lobby, link.audience)
                if door == "waiting":
                    continue
                link.door = door
                if door == "in":
                    self.let_in(sid, link)
                    self.send_own(sid, link)
                else:
                    self.hub.socketio.emit(
                        "audience_you", {"code": code, "member": link.audience, "door": door}, to=sid
                    )
                    self.engine.crowd.leave(code, link.audience)
                    self.hub._detach(sid, link)
        if outcome.then is not None:
            self._send_standings(code, members)

    def _send_standings(self, code: str, members: list[tuple[str, Link]]) -> None:
        try:
            standings = self.standings(code, fresh=True)
        except StoreUnavailable as exc:
            log.warning("lobby %s: the audience's standings not sent: %s", code, exc)
            return
        for sid, link in members:
            if link.door == "in":
                self.send_own(sid, link, standings=standings, picks=False)

    def _members(self, code: str) -> list[tuple[str, Link]]:
        with self.hub._lock:
            links = self.hub.links
            return [(sid, links[sid]) for sid in self.attached.get(code, ()) if sid in links]

    def count_watching(self) -> None:
        """Record in each lobby owned here how many of its audience watch (here and, in a cluster, on the other
        nodes), when that changed; tell the other nodes how many watch theirs from here."""
        with self.hub._lock:
            counts: dict[str, int] = {}
            for link in self.hub.links.values():
                if link.audience is not None and link.code is not None and link.door == "in":
                    counts[link.code] = counts.get(link.code, 0) + 1
        relay = self.hub.relay
        if relay is not None:
            relay.report_watching({code: n for code, n in counts.items() if code not in self.engine.lobbies})
            for code in relay.wanted:
                if code in self.engine.lobbies:
                    counts[code] = counts.get(code, 0) + relay.remote_watching(code)
        for code in set(self.watching) | set(counts):
            count = counts.get(code, 0)
            if self.watching.get(code) == count or code not in self.engine.lobbies:
                if code not in self.engine.lobbies:
                    self.watching.pop(code, None)
                continue
            outcome = self.engine.submit(code, "audience_watching", {"count": count}, system=True)
            if outcome.ok:
                self.watching[code] = count
                self.hub.publish(outcome)


def _standing(standings: list, member: str) -> dict[str, int]:
    """``member``'s points, place (1-based, shared by equal points) and of how many; a member the standings do
    not list yet joined since they were read: no points."""
    points = next((s.points for s in standings if s.member == member), None)
    of = len(standings)
    if points is None:
        points, of = 0, of + 1
    place = 1 + sum(1 for s in standings if s.points > points)
    return {"points": points, "place": place, "of": of}
