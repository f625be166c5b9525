"""The engine: the one path every command takes, and the lobbies it keeps.

A command (a player's move, a host command, a timer's expiry) is resolved to
its actor, validated, applied to a copy of its lobby under that lobby's lock,
appended to the durable log, and only then acknowledged with every
recipient's new view. A refused command changes nothing and answers its sender
alone. Lobbies never wait on each other, except for the store's short write.

The engine runs lobbies; whether it may run one is for ``gamenight.ownership`` to say. In a
cluster it holds only the lobbies its node owns: asked for one that another node owns, it
refuses with ``moved`` (naming the owner); a write the store fences out (another node took
the lobby over) drops the lobby from memory, and ``on_drop`` tells the web layer to send its
clients on.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any, ClassVar

import orjson
from gamenight import crew as crews
from gamenight import filtering
from gamenight.commands import COMMANDS, load_args
from gamenight.crew_export import member_history, whole_crew
from gamenight.crowd import Crowd
from gamenight.errors import ActionError
from gamenight.leases import Claim, Leases, LeasesUnavailable, SoloLeases
from gamenight.lobby import HOST_GRACE_SECONDS, Lobby, apply_command
from gamenight.match import SYSTEM
from gamenight.names import clean_name, new_lobby_code, new_seed, new_token, normalize_code, token_hash
from gamenight.ownership import HEARTBEAT_KEY, Ownership
from gamenight.placement import QUIET_SECONDS, movable
from gamenight.registry import Plugins
from gamenight.store import Fenced, Store, StoreInUse, StoreUnavailable
from gamenight.streamer import DRAWS_INVITE, new_invite
from gamenight.views import lobby_view, lobby_views

log = logging.getLogger(__name__)

TABLE = None  # the recipient id of table screens
IDLE_SECONDS = 600.0  # a lobby nobody has asked for this long, with no clock running, leaves memory
RETENTION_DAYS = 30.0  # a lobby untouched this long is deleted, with its log and uploads
DELETIONS_PER_SWEEP = 100
CODE_ATTEMPTS = 200  # random codes tried before a creation is refused (the space is nearly full)
RETURN_WAIT_SECONDS = 10.0  # the longest a request waits for a lobby another is bringing back into memory
STALLED_SECONDS = 5.0  # a heartbeat still waiting on the store this long: the node is unwell


@dataclass
class Outcome:
    """What a command did: its reply and the new views, or the error for its sender."""

    ok: bool
    code: str = ""
    error: dict[str, Any] | None = None
    reply: dict[str, Any] = field(default_factory=dict)
    views: dict[str | None, dict[str, Any]] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)  # a seat's id -> its new one (a crew member claimed)
    then: Outcome | None = None  # what the engine did after it (the crowd's tally of a prompt it answered)

    @classmethod
    def refused(cls, code: str, exc: ActionError) -> Outcome:
        return cls(ok=False, code=code, error=exc.to_dict())


class Engine:
    # Check after every command that the lobby it copied is unchanged (``Lobby.copy_for``): a cost for tests
    # only, which the test kit's pytest plugin turns on for every engine of a pytest session.
    check_copies: ClassVar[bool] = False

    def __init__(
        self,
        store: Store,
        plugins: Plugins,
        clock: Callable[[], float] = time.time,
        *,
        snapshot_every: int = 64,
        idle_seconds: float = IDLE_SECONDS,
        retention_days: float = RETENTION_DAYS,
        leases: Leases | None = None,
        family_filter: str = "off",
    ) -> None:
        """``leases``: who owns which lobby in a cluster (a single server owns them all). ``family_filter``: the
        level a new lobby's family filter starts at (its host may choose another)."""
        self.family_filter = family_filter
        self.store = store
        self.ownership = Ownership(store, leases if leases is not None else SoloLeases(), clock)
        self.crowd = Crowd(self)
        self.plugins = plugins
        self.clock = clock
        self.snapshot_every = snapshot_every
        self.idle_seconds = idle_seconds
        self.retention_days = retention_days
        self.lobbies: dict[str, Lobby] = {}  # the lobbies in memory: those in use, and those with a clock running
        self.on_delete: list[Callable[[str], None]] = []  # called with each code retention deletes
        self.on_drop: list[Callable[[str, str | None], None]] = []  # (code, new owner) of each lobby lost to a node
        self._store_trouble: str | None = None  # what the last heartbeat found wrong with the store
        self._beat_began: float | None = None  # time.monotonic() of a heartbeat under way
        self._used: dict[str, float] = {}  # when each lobby in memory was last asked for
        self._downtime: dict[str, float] = {}  # lobbies just rebuilt: how long their clocks must be shifted
        self._compact_later: dict[str, int] = {}  # lobby code -> the version its log is still to be dropped up to
        self._acted: dict[str, float] = {}  # when a player last acted in each lobby in memory (or it came here)
        self._writes_failing_since: float | None = None  # the store refused the first write of an outage then
        self._outage_owed: dict[str, float] = {}  # lobbies whose clocks are owed an outage's seconds
        self._owed_lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}  # kept while a lobby is stored, in memory or not
        self._registry_lock = threading.Lock()
        # Lobbies in memory but not yet whole (their clocks shifted, everyone marked away): set once they are.
        self._returning: dict[str, threading.Event] = {}
        self._restore()

    @property
    def leases(self) -> Leases:
        """The cluster's directory (a single server's ``SoloLeases``)."""
        return self.ownership.leases

    @property
    def parked(self) -> dict[str, str]:
        """The lobbies set aside, each with its cause (``Ownership.park``)."""
        return self.ownership.parked

    @property
    def draining(self) -> bool:
        """The node is shutting down (``release_all``): it takes no lobby any more."""
        return self.ownership.draining

    # -- lobbies -------------------------------------------------------------------

    def create_lobby(
        self, name: Any, look: Any = None, door: dict[str, Any] | None = None
    ) -> tuple[Outcome, str | None]:
        """Open a lobby with its creator as host; returns the outcome and the creator's seat token.

        A refused creation (a bad name, no free code) leaves nothing behind.
        """
        now = self.clock()
        try:
            clean_name(name)
            target = self.ownership.place_new()
            if target is not None:  # another node holds fewer lobbies: the client creates it there
                raise ActionError("moved", node=target)
            with self._registry_lock:
                code = self._new_code(now)
                self.lobbies[code] = Lobby(code, now)
                self._locks[code] = threading.Lock()
                self._acted[code] = now
        except ActionError as exc:
            return Outcome.refused("", exc), None
        outcome, token = self.join(code, name, look, door)
        if not outcome.ok:
            with self._registry_lock:
                del self.lobbies[code]
                self._used.pop(code, None)
                self._acted.pop(code, None)
                self.ownership.forget(code)
                try:
                    self.store.delete_lobby(code)
                except StoreUnavailable as exc:  # the refusal stands; the row waits for retention
                    log.warning("lobby %s: not deleted after a refused creation: %s", code, exc)
        outcome.code = code
        return outcome, token

    def _new_code(self, now: float) -> str:
        """A lobby code used nowhere (in memory, in the store, by any node), stored and held by this node;
        a bounded search, refused when codes run out."""
        for _ in range(CODE_ATTEMPTS):
            code = new_lobby_code()
            if code not in self.lobbies and self.ownership.claim_new(code, now):
                return code
        raise ActionError("no_free_code")

    def join(
        self, code: str, name: Any, look: Any = None, door: dict[str, Any] | None = None
    ) -> tuple[Outcome, str | None]:
        """Take a new seat (or knock, when the host lets new players in: the reply names the ``knock``); returns
        the outcome and the new seat token (never part of any view).

        ``look`` is the colour and avatar chosen (``{"colour", "avatar"}``); without it the seat
        gets the first free ones. ``door``: what the lobby's door checks (``gamenight.moderation``): the hashes
        of the ``device`` and ``address``, and the ``invite`` of streamer mode.
        """
        token = new_token()
        args = {"name": name} if look is None else {"name": name, "look": look}
        extra = {**(door or {}), "token_hash": token_hash(token)}
        outcome = self.submit(code, "join", args, system=True, extra=extra)
        return outcome, token if outcome.ok else None

    def request_seat(self, code: str, name: Any, door: dict[str, Any] | None = None) -> tuple[Outcome, str | None]:
        """Ask for the seat of the player called ``name`` from a new device; returns the outcome (its reply
        names the request and the seat) and the token the seat will have if the host or the seat says yes."""
        token = new_token()
        extra = {**(door or {}), "token_hash": token_hash(token)}
        outcome = self.submit(code, "request_seat", {"name": name}, system=True, extra=extra)
        return outcome, token if outcome.ok else None

    def identify(self, code: str, token: Any) -> str | None:
        """The player id a seat token belongs to in lobby ``code``, or None."""
        lobby = self.lobby(code)
        if lobby is None or not isinstance(token, str) or not token:
            return None
        return lobby.player_by_token(token_hash(token))

    def lobby(self, code: Any) -> Lobby | None:
        """Lobby ``code``, brought back into memory from the store when it is stored but idle.

        Raises ``ActionError`` ``moved`` when another node owns it, ``unavailable`` when the store or
        the directory does not answer.
        """
        if not isinstance(code, str) or len(code) > 32:
            return None
        code = normalize_code(code)
        lobby = self.lobbies.get(code)
        if lobby is None or code in self._returning:
            lobby = self._load(code)
        if lobby is not None:
            self._used[code] = self.clock()
        return lobby

    def known(self, code: Any) -> str | None:
        """The stored lobby's code that ``code`` names (None: no such lobby), without loading or claiming it."""
        if not isinstance(code, str) or len(code) > 32:
            return None
        code = normalize_code(code)
        if code in self.lobbies:
            return code
        try:
            return code if code not in self.ownership.parked and self.store.exists(code) else None
        except StoreUnavailable as exc:
            raise ActionError("unavailable") from exc

    def view(self, code: str, recipient: str | None) -> dict[str, Any]:
        lobby = self.lobby(code)
        if lobby is None:
            raise ActionError("unknown_lobby")
        with self._locks[lobby.code]:
            return lobby_view(self.lobbies.get(lobby.code, lobby), self.plugins, recipient, self.clock())

    def crew_export(self, code: str, token: Any, whole: bool) -> dict[str, Any]:
        """What the crew keeps about the holder of ``token`` (``whole``: the whole crew, for its host)."""
        lobby = self.lobby(code)
        if lobby is None:
            raise ActionError("unknown_lobby")
        with self._locks[lobby.code]:
            lobby = self.lobbies.get(lobby.code, lobby)
            if lobby.crew is None:
                raise ActionError("not_a_crew")
            player = lobby.player_by_token(token_hash(token)) if isinstance(token, str) and token else None
            if player is None:
                raise ActionError("bad_token")
            if whole:
                if player != lobby.host:
                    raise ActionError("not_host")
                return whole_crew(lobby, self.clock())
            return member_history(lobby, player, self.clock())

    # -- the one action path ----------------------------------------------------------

    def submit(
        self,
        code: str,
        kind: str,
        args: Any = None,
        *,
        token: str | None = None,
        system: bool = False,
        extra: dict[str, Any] | None = None,
    ) -> Outcome:
        """Apply one command to lobby ``code`` as the holder of ``token`` (or as the engine)."""
        outcome = None
        for _ in range(3):  # the lobby may leave memory between finding it and taking its lock: find it again
            try:
                lobby = self.lobby(code)
            except ActionError as exc:
                return Outcome.refused(str(code)[:16], exc)
            if lobby is None:
                break
            with self._locks[lobby.code]:
                current = self.lobbies.get(lobby.code)
                if current is not None:
                    outcome = self._submit_locked(current, kind, args, token, system, dict(extra or {}))
                    break
        if outcome is None:
            return Outcome.refused(str(code)[:16], ActionError("unknown_lobby"))
        if outcome.ok:
            self._after(outcome, kind)
        return outcome

    def _after(self, outcome: Outcome, kind: str) -> None:
        """What follows an accepted command outside its lobby: the audience's side of it."""
        if kind == "new_night":
            self.crowd.new_night(outcome.code)
        elif kind != "audience_result":
            outcome.then = self.crowd.count_answers(outcome.code, outcome.views.get(TABLE))

    def _submit_locked(
        self, lobby: Lobby, kind: str, raw_args: Any, token: str | None, system: bool, extra: dict[str, Any]
    ) -> Outcome:
        now = self.clock()
        door = filtering.door_for(lobby, self.family_filter, kind, now)
        with self._left_unchanged(lobby, kind), filtering.opened(door):
            try:
                actor = self._actor(lobby, kind, token, system)
                args = load_args(kind, raw_args)
                if kind == "start":
                    extra.setdefault("seed", new_seed())
                    extra["match_id"] = f"{lobby.code}-{lobby.matches_played + 1}"
                if kind in DRAWS_INVITE:
                    extra.setdefault("invite", new_invite())
                crews.draw(lobby, kind, extra, self.retention_days)
                if kind == "close_night":
                    extra.setdefault("audience_podium", self.crowd.podium(lobby.code))
                work = lobby.copy_for(kind, self._dealt(lobby))
                reply = apply_command(work, self.plugins, actor, kind, args, extra, now)
                filtering.settle(door, work, filtering.author_of(actor, reply), extra, now)
            except ActionError as exc:
                return Outcome.refused(lobby.code, exc)
            except Exception:  # a bug in a game: the copy is dropped, the sender told, the lobby goes on
                log.exception("command %s in lobby %s failed", kind, lobby.code)
                return Outcome.refused(lobby.code, ActionError("internal_error"))
        record = {"kind": kind, "actor": actor, "args": args, "extra": extra, "at": now}
        if work.match is not None:
            record["match"] = work.match.id
        forgets = kind in crews.FORGETS  # the store keeps nothing from before it: a snapshot, and the log after it
        snapshot = (
            work.to_dict() if work.version % self.snapshot_every == 0 or kind in ("start", "abort") or forgets else None
        )
        try:
            self.store.append(
                lobby.code, work.version, record, snapshot, due=work.next_due(), epoch=self.ownership.epoch(lobby.code)
            )
        except Fenced:
            return Outcome.refused(lobby.code, self._lost(lobby.code))
        except StoreUnavailable as exc:
            log.warning("command %s in lobby %s not stored: %s", kind, lobby.code, exc)
            self._writes_failed(now)
            return Outcome.refused(lobby.code, ActionError("unavailable"))
        self._writes_work(now)
        if forgets:
            self._forget_before(lobby.code, work.version)
        self.lobbies[lobby.code] = work
        if actor != SYSTEM:
            self._acted[lobby.code] = now
        gone = [pid for pid in lobby.players if pid not in work.players]
        renamed = {pid: new for pid in gone if (new := work.player_by_token(lobby.players[pid]["token_hash"]))}
        removed = [pid for pid in gone if pid not in renamed]
        views = self._views(work, now)
        return Outcome(ok=True, code=lobby.code, reply=reply, views=views, removed=removed, renamed=renamed)

    def _forget_before(self, code: str, version: int) -> None:
        """Drop lobby ``code``'s log up to ``version`` (its snapshot holds all of it): what a member deleted
        leaves the store. If the store cannot now, the next sweep tries again (``maintain``)."""
        try:
            self.store.compact(code, version, epoch=self.ownership.epoch(code))
        except (Fenced, StoreUnavailable) as exc:
            log.warning("lobby %s: its log before %s not dropped yet: %s", code, version, exc)
            self._compact_later[code] = version

    def _dealt(self, lobby: Lobby) -> tuple[str, ...]:
        game = self.plugins.games.get(lobby.match.game) if lobby.match is not None else None
        return game.dealt if game is not None else ()

    def _left_unchanged(self, lobby: Lobby, kind: str) -> AbstractContextManager[None]:
        """With ``check_copies``: fail loudly if applying a command changed the lobby it copied.

        A copy shares what its command cannot change (``Lobby.copy_for``); a game that changes
        such a part in place anyway would change the lobby a refused move must leave as it was.
        Without it, nothing (this is on every command's path).
        """
        return _unchanged(lobby, kind) if self.check_copies else nullcontext()

    def _actor(self, lobby: Lobby, kind: str, token: str | None, system: bool) -> str | None:
        if system:
            return SYSTEM
        who = COMMANDS[kind][1] if kind in COMMANDS else "player"
        if who == "system":
            raise ActionError("not_allowed", command=kind)
        actor = lobby.player_by_token(token_hash(token)) if isinstance(token, str) and token else None
        if actor is None:
            raise ActionError("bad_token")
        if who == "host" and actor != lobby.host:
            raise ActionError("not_host")
        return actor

    def _views(self, lobby: Lobby, now: float) -> dict[str | None, dict[str, Any]]:
        return lobby_views(lobby, self.plugins, [*lobby.seats, TABLE], now)

    # -- the engine's own commands ------------------------------------------------------

    def run_due(self) -> list[Outcome]:
        """Fire whatever is due now in every lobby: timer expiries and the host's grace period.

        Not while the store refuses writes: once it takes one again, the clocks are first given back the time
        nobody could move.
        """
        if self._writes_failing_since is not None:
            return []
        outcomes = self._give_outage_back()
        now = self.clock()
        for code, lobby in list(self.lobbies.items()):
            due = lobby.next_due()
            if due is None or due > now:
                continue
            if lobby.host_away_since is not None and now >= lobby.host_away_since + HOST_GRACE_SECONDS:
                outcomes.append(self.submit(code, "host_timeout", system=True))
            lobby = self.lobbies[code]
            if lobby.match_live:
                for name in lobby.match.due_timers(now):
                    outcome = self.submit(code, "act", {"action": "expire", "args": {"timer": name}}, system=True)
                    outcomes.append(outcome)
        return [o for o in outcomes if o.ok]

    def next_due(self) -> float | None:
        """The soonest moment any lobby needs the engine to act on its own."""
        return min((due for lobby in self.lobbies.values() if (due := lobby.next_due()) is not None), default=None)

    def heartbeat(self) -> None:
        """Record that the engine is alive now, so that a restart (or a takeover) knows how long it was down.

        On the way it checks the store (taking back a lock a restarted database let go): ``health`` reports
        what it found. A failure (of the store, or of the cluster's directory) is raised, for the caller to log.
        """
        self._beat_began = time.monotonic()
        try:
            self.store.check()
            now = self.clock()
            self.store.set_meta(HEARTBEAT_KEY, repr(now))
        except StoreInUse:
            self._store_trouble = "store in use by another server"
            raise
        except StoreUnavailable:
            self._store_trouble = "store unavailable"
            self._writes_failed(self.clock())
            raise
        else:
            self._store_trouble = None
            self._writes_work(now)
        finally:
            self._beat_began = None
        self.ownership.beat(now)

    def _writes_failed(self, now: float) -> None:
        if self._writes_failing_since is None:
            self._writes_failing_since = now

    def _writes_work(self, now: float) -> None:
        """A write succeeded: after an outage, every clock in memory is owed the time nobody could move."""
        since, self._writes_failing_since = self._writes_failing_since, None
        if since is not None and now > since:
            with self._owed_lock:  # not the registry's lock: a command holding its lobby's lock gets here
                for code in list(self.lobbies):
                    self._outage_owed[code] = self._outage_owed.get(code, 0.0) + now - since

    def _give_outage_back(self) -> list[Outcome]:
        """Shift the clocks of the lobbies owed an outage (``_writes_work``) before any of their timers fires."""
        outcomes = []
        with self._owed_lock:
            owed, self._outage_owed = self._outage_owed, {}
        for code, seconds in owed.items():
            lobby = self.lobbies.get(code)
            if lobby is not None and lobby.match_live and lobby.match.next_deadline() is not None:
                args = {"action": "shift_clocks", "args": {"seconds": seconds}}
                outcomes.append(self.submit(code, "act", args, system=True))
        return outcomes

    def health(self) -> str | None:
        """Why this node should take no clients now (draining, or its store failing); None if well.

        Redis failing is not a reason: the players of the lobbies a node holds play on without it.
        """
        if self.ownership.draining:
            return "draining"
        return self._store_failing()

    def _store_failing(self) -> str | None:
        began = self._beat_began
        if began is not None and time.monotonic() - began > STALLED_SECONDS:
            return "store not answering"
        return self._store_trouble

    # -- a cluster's nodes: what ownership decides, done to the lobbies in memory ------------

    def renew_leases(self) -> list[str]:
        """Renew the leases of the lobbies held; drops (and returns) those another node has taken.

        While this node's store fails, nothing is renewed: the leases lapse, so that a node that reaches the
        store takes the lobbies over (their players, turned away by ``/healthz``, reconnect there).
        """
        if self._store_failing():
            return []
        lost = self.ownership.renew()
        for code in lost:
            self._lost(code)
        return lost

    def adopt_orphans(self) -> list[str]:
        """Claim and load this node's share of the stored lobbies with a clock running that no node holds (their
        owner died): those dealt to it by load (``Ownership.orphans``)."""
        adopted = []
        for code in self.ownership.orphans():
            try:
                if self.lobbies.get(code) or self._load(code, placed=True):
                    self._used[code] = self.clock()
                    adopted.append(code)
            except ActionError:  # another node was quicker, or the store is away: the next round sees
                continue
        return adopted

    def rebalance(self, quiet: float = QUIET_SECONDS) -> list[tuple[str, str]]:
        """Give a lobby to a node holding clearly fewer (``Ownership.surplus``), one its players will not see
        move (``placement.movable``: nobody acted for ``quiet`` seconds, no round under way); returns each
        lobby given up with the node its clients should go to."""
        if self._store_failing():
            return []
        target = self.ownership.surplus()
        if target is None:
            return []
        now = self.clock()
        quiet_first = sorted(self.lobbies.items(), key=lambda item: (self._acted.get(item[0], now), item[0]))
        for code, lobby in quiet_first:
            if movable(lobby, now, self._acted.get(code, now), quiet) and self._unload(code, lobby):
                log.info("lobby %s handed to %s: it holds clearly fewer lobbies", code, target)
                return [(code, target)]
        return []

    def release_all(self) -> list[str]:
        """Shutting down: give every lobby up at once (its clocks stop now), so other nodes take them over."""
        self.ownership.drain()
        return [code for code in list(self.lobbies) if self._unload(code)]

    def _lost(self, code: str) -> ActionError:
        """Lobby ``code`` is another node's now: drop it from memory (unwritten) and tell ``on_drop``."""
        with self._registry_lock:
            self.lobbies.pop(code, None)
            self._used.pop(code, None)
            self._acted.pop(code, None)
            self.ownership.forget(code)
        owner = self.ownership.owner(code)
        log.warning("lobby %s: taken over by %s; dropped here", code, owner or "another node")
        for tell in self.on_drop:
            tell(code, owner)
        return ActionError("moved", node=owner)

    def set_presence(self, code: str, player: str, connected: bool) -> Outcome:
        return self.submit(code, "presence", {"player": player, "connected": connected}, system=True)

    # -- memory and retention -------------------------------------------------------------

    def maintain(self, attached: Iterable[str] = ()) -> list[str]:
        """Let idle lobbies leave memory, and delete the lobbies untouched for ``retention_days``.

        A lobby stays in memory while a connection is ``attached`` to it, a clock
        of its runs, or someone asked for it in the last ``idle_seconds``; it
        comes back from the store when someone asks again. Returns the deleted codes.
        """
        now = self.clock()
        attached = set(attached)
        for code, version in list(self._compact_later.items()):
            del self._compact_later[code]
            self._forget_before(code, version)
        for code, lobby in list(self.lobbies.items()):
            if code in attached or lobby.next_due() is not None or now - self._used.get(code, now) < self.idle_seconds:
                continue
            self._unload(code, lobby)
        return self._delete_untouched(now, attached)

    def _unload(self, code: str, lobby: Lobby | None = None) -> bool:
        """Take lobby ``code`` out of memory (if it is still ``lobby``, when given) and give its lease up."""
        with self._registry_lock, self._locks[code]:
            current = self.lobbies.get(code)
            if current is None or (lobby is not None and current is not lobby):
                return False
            del self.lobbies[code]
            self._used.pop(code, None)
            self._acted.pop(code, None)
            epoch = self.ownership.forget(code)
        self.ownership.release(code, epoch)  # not under the locks: a directory slow to answer holds up no lobby
        return True

    def _delete_untouched(self, now: float, attached: set[str]) -> list[str]:
        """Delete the lobbies untouched for ``retention_days`` (those not in use), with their logs."""
        deleted = []
        # A few at a time: a first sweep over a years-old database must not hold the server up.
        for code in self.store.untouched_since(now - self.retention_days * 86400, limit=DELETIONS_PER_SWEEP):
            lobby = self.lobbies.get(code)
            if code in attached or (lobby is not None and lobby.next_due() is not None):
                continue
            try:
                if self.delete(code, now, f"untouched for {self.retention_days} days"):
                    deleted.append(code)
            except LeasesUnavailable:
                break
        return deleted

    def delete(self, code: str, now: float, why: str) -> bool:
        """Delete lobby ``code`` with its log (out of memory first, if it is in), for ``why`` (logged); False if
        another node has it in use. Raises ``LeasesUnavailable``, ``StoreUnavailable``."""
        claim = self.ownership.claim_to_delete(code, now)
        if claim is None:
            return False
        with self._registry_lock:
            lock = self._locks.get(code) or threading.Lock()
            with lock:
                self.lobbies.pop(code, None)
                self._used.pop(code, None)
                self._acted.pop(code, None)
                self.ownership.deleted(code)
                self.store.delete_lobby(code)
            self._locks.pop(code, None)
        self.ownership.release(code, claim.epoch)
        for forget in self.on_delete:
            forget(code)
        log.info("lobby %s deleted: %s", code, why)
        return True

    def _load(self, code: str, placed: bool = False) -> Lobby | None:
        """Bring a stored lobby back into memory (None: not stored, or parked), once ownership lets this node
        (``placed``: it was dealt to this node, whatever the loads say now).

        A lobby another request is bringing back is handed out once it is whole: a phone attaching meanwhile
        must not be marked away after it attached.
        """
        with self._registry_lock:
            returning = self._returning.get(code)
            brought = code not in self.lobbies and self._take_in(code, placed)
            if brought:
                returning = self._returning[code] = threading.Event()
        if not brought:
            if returning is not None:
                returning.wait(RETURN_WAIT_SECONDS)
            return self.lobbies.get(code)
        try:
            self._after_return(code)
        except StoreUnavailable as exc:  # its presence and due moment are written with its next command
            log.warning("lobby %s back in memory, but not all of it stored: %s", code, exc)
        finally:
            self._returning.pop(code, None)
            returning.set()
        return self.lobbies.get(code)

    def _take_in(self, code: str, placed: bool) -> bool:
        """Claim and rebuild stored lobby ``code`` into memory (with the registry's lock held); False: it is not
        stored, or parked."""
        claim = self.ownership.claim(code, placed=placed)
        if claim is None:
            return False
        failure: ActionError | None = None
        try:
            lobby = self._bring_back(code, claim)
        except StoreUnavailable as exc:
            lobby, failure = None, ActionError("unavailable")
            failure.__cause__ = exc
        if lobby is None:
            self.lobbies.pop(code, None)
            self._used.pop(code, None)
            self._acted.pop(code, None)
            self.ownership.release(code, self.ownership.forget(code))
        if failure is not None:
            raise failure
        return lobby is not None

    # -- restore ---------------------------------------------------------------------

    def _restore(self) -> None:
        """Bring back the stored lobbies that have a clock running; the others come back when asked for.

        A lobby is parked when its game or a variant is not installed (any more),
        or when its snapshot or log cannot be replayed: one warning line names
        it and the cause, its rows stay in the store untouched (so its code is
        never reissued), and it comes back on a later start once the cause is
        gone, its clocks keeping the time they had left when it was parked.
        """
        for code in self.store.due_codes():
            if code in self.lobbies:
                continue
            try:
                self._load(code, placed=True)
            except ActionError as exc:  # another node's lobby (or the directory is away: the next rounds adopt it)
                log.debug("lobby %s not restored here: %s", code, exc.code)
        self.heartbeat()

    def _bring_back(self, code: str, claim: Claim) -> Lobby | None:
        """Rebuild a claimed lobby into memory, shifting its clocks by the time they stopped; park it if it can't
        be rebuilt (None, as for a lobby no longer stored)."""
        try:
            stored = self.store.lobby(code)
        except ValueError as exc:
            cause = f"its stored snapshot or log is not valid JSON: {exc}"
            self.ownership.park(code, cause, down_since=self.clock(), error=exc)
            return None
        if stored is None:
            return None
        try:
            lobby = self._rebuild(code, *stored)
        except _Unrestorable as exc:
            self.ownership.park(code, exc.cause, down_since=claim.down_since, error=exc.__cause__)
            return None
        self.lobbies[code] = lobby
        self._locks.setdefault(code, threading.Lock())
        self._used[code] = self._acted[code] = self.clock()
        # Clocks do not run while the server is down (or the lobby parked): timers keep the time they had left.
        stopped = self.ownership.back(code, claim)
        if stopped is not None:
            self._downtime[code] = self.clock() - stopped
        return lobby

    def _after_return(self, code: str) -> None:
        """A lobby just back in memory: clocks shifted, nobody counted as connected, its due moment stored."""
        downtime = self._downtime.pop(code, 0.0)
        lobby = self.lobbies[code]
        if downtime > 0 and lobby.match_live and lobby.match.next_deadline() is not None:
            self._submit_returning(code, "act", {"action": "shift_clocks", "args": {"seconds": downtime}})
        for pid, player in list(self.lobbies[code].players.items()):
            if player["connected"]:
                self._submit_returning(code, "presence", {"player": pid, "connected": False})
        if lobby.audience["watching"]:  # its audience's connections count again wherever they come back
            self._submit_returning(code, "audience_watching", {"count": 0})
        self.store.set_due(code, self.lobbies[code].next_due())

    def _submit_returning(self, code: str, kind: str, args: dict[str, Any]) -> None:
        """A system command to a lobby coming back (which ``lobby`` holds back from everyone else meanwhile)."""
        with self._locks[code]:
            current = self.lobbies.get(code)
            if current is not None:
                self._submit_locked(current, kind, args, None, True, {})

    def _rebuild(
        self, code: str, created: float, snapshot: dict[str, Any] | None, records: list[dict[str, Any]]
    ) -> Lobby:
        """A stored lobby from its snapshot and log tail; raises ``_Unrestorable`` naming the cause."""
        kind = "snapshot"
        try:
            lobby = Lobby.from_dict(snapshot) if snapshot else Lobby(code, created)
            for number, record in enumerate(records, 1):
                kind = f"record {number} after the snapshot ({record.get('kind')!r})"
                replay_record(lobby, self.plugins, record)
            kind = "its match"
            if lobby.match is not None:  # a view would bind it to its stack
                self.plugins.stack(lobby.match.game, lobby.match.variants, check_conflicts=False)
        except ActionError as exc:
            if exc.code == "unknown_game":
                raise _Unrestorable(f"game {exc.params.get('game')!r} is not installed") from exc
            if exc.code == "unknown_variant":
                variant, game = exc.params.get("variant"), exc.params.get("game")
                raise _Unrestorable(f"variant {variant!r} of {game!r} is not installed") from exc
            raise _Unrestorable(f"{kind} cannot be replayed: refused with {exc.code} {exc.params}") from exc
        except Exception as exc:
            raise _Unrestorable(f"{kind} cannot be replayed: {type(exc).__name__}: {exc}") from exc
        return lobby


class _Unrestorable(Exception):
    def __init__(self, cause: str) -> None:
        super().__init__(cause)
        self.cause = " ".join(cause.split())  # one log line


def replay_record(lobby: Lobby, plugins: Plugins, record: dict[str, Any]) -> None:
    """Apply one logged command again, exactly as it was applied the first time."""
    with filtering.replayed(record["extra"]):
        apply_command(lobby, plugins, record["actor"], record["kind"], record["args"], record["extra"], record["at"])
    filtering.settle_replayed(lobby, record["extra"], record["at"])


def replay_lobby(store: Store, plugins: Plugins, code: str) -> Lobby:
    """Rebuild a lobby (and its match) from the first record of its log."""
    created, _, _ = store.lobby(code)
    lobby = Lobby(code, created)
    for record in store.records(code):
        replay_record(lobby, plugins, record)
    return lobby


@contextmanager
def _unchanged(lobby: Lobby, kind: str) -> Iterator[None]:
    before = orjson.dumps(lobby.to_dict())
    try:
        yield
    finally:
        if orjson.dumps(lobby.to_dict()) != before:
            raise AssertionError(f"a {kind!r} command changed the lobby it was applied to a copy of")
