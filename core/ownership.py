"""Which lobbies this node owns, and whether it may run one: what the engine asks before it loads a lobby.

The engine runs lobbies; ``Ownership`` owns them. To load a stored lobby the engine asks for a
claim (``claim``): the lobby's lease (``gamenight.leases``) under an epoch newer than the one
the store holds, and the store fenced with it (``Store.fence``), so that an older owner can
write nothing more; every write of the lobby carries that epoch (``epoch``). The leases of the
lobbies held are renewed (``renew``), given up when a lobby leaves memory (``forget``, then
``release``), and no new one is taken once the node is shutting down (``drain``). Orphans are
the stored lobbies with something due that no node holds (their owner died): ``orphans``
names them for the engine to adopt.

Where a lobby no node holds should go is decided by load (``gamenight.placement``): a new one, or
one re-claimed or orphaned, goes to the least-loaded healthy node (``place_new``, ``claim``,
``orphans``), and a node holding clearly more than another gives a quiet lobby up (``surplus``).

A lobby the engine cannot rebuild (its game is not installed, its log cannot be replayed) is
parked (``park``): set aside with its cause, its rows untouched, and the moment its clocks
stopped kept in the store, so that on a later start (``back``) they keep the time they had left.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from gamenight.errors import ActionError
from gamenight.leases import Claim, Leases, LeasesUnavailable
from gamenight.placement import deal, elsewhere
from gamenight.store import Store, StoreUnavailable

log = logging.getLogger(__name__)

HEARTBEAT_KEY = "heartbeat"  # meta: the engine's last heartbeat (``Engine.heartbeat``), on the engine's clock
PARKED_KEY = "parked_since:"  # + a parked lobby's code: when its clocks stopped (the engine clock); "" once back


class Ownership:
    """The lobbies this node holds (each with its lease's epoch), the ones it parked, and whether it is draining."""

    def __init__(self, store: Store, leases: Leases, clock: Callable[[], float]) -> None:
        self.store = store
        self.leases = leases
        self.clock = clock
        self.parked: dict[str, str] = {}  # code -> why it is parked
        self.draining = False  # the node is shutting down: it takes no lobby any more
        self._epochs: dict[str, int | None] = {}  # the lobbies held, each with its lease's epoch
        self._orphans_seen: dict[str, float] = {}  # orphans dealt to other nodes: when first seen (monotonic)
        beats = [float(b) for b in (store.get_meta(HEARTBEAT_KEY), store.last_write()) if b is not None]
        self._down_since = max(beats) if beats else clock()  # a single server's: when it stopped before this start

    @property
    def held(self) -> list[str]:
        """The codes of the lobbies this node holds."""
        return list(self._epochs)

    def epoch(self, code: str) -> int | None:
        """The epoch every write of lobby ``code`` carries (None: no fencing, a single server)."""
        return self._epochs.get(code)

    # -- taking a lobby ------------------------------------------------------------------

    def claim_new(self, code: str, now: float) -> bool:
        """Store a new lobby under ``code`` and hold it; False when the code is taken (stored, or held by any node).

        Raises ``ActionError`` ``unavailable`` when the node is draining, or the store or the directory fails.
        """
        if self.draining:
            raise ActionError("unavailable")
        claim = self._claim(code)
        if claim is None:
            return False
        try:
            made = self.store.create_lobby(code, now, claim.epoch or 0)
        except StoreUnavailable as exc:
            self.release(code, claim.epoch)
            raise ActionError("unavailable") from exc
        if not made:
            self.release(code, claim.epoch)
            return False
        self._epochs[code] = claim.epoch
        self._publish_load()
        return True

    def claim(self, code: str, placed: bool = False) -> Claim | None:
        """Hold stored lobby ``code`` for loading it: its lease taken and older owners fenced out of the store.

        The claim's ``down_since`` is when the lobby's clocks stopped at its owner before (a single server:
        when it went down before this start). None: no such lobby, or it is parked. Raises ``ActionError``
        ``moved`` (another node holds it, or this one is draining, or no node holds it and another holds
        fewer lobbies: unless ``placed``, the lobby was dealt to this node already) or ``unavailable``.
        """
        if code in self.parked:
            return None
        try:
            stored_epoch = self.store.epoch(code)
        except StoreUnavailable as exc:
            raise ActionError("unavailable") from exc
        if stored_epoch is None:
            return None
        if self.draining:
            raise ActionError("moved", node=None)
        if not placed:
            target = self._elsewhere_for_one_more()
            if target is not None and self.owner(code) is None:
                raise ActionError("moved", node=target)
        claim = self._claim(code, above=stored_epoch)
        if claim is None:
            raise ActionError("moved", node=self.owner(code))
        try:
            fenced = claim.epoch is None or self.store.fence(code, claim.epoch)
        except StoreUnavailable as exc:
            self.release(code, claim.epoch)
            raise ActionError("unavailable") from exc
        if not fenced:  # the store knows a newer epoch than the directory gave: another node owns it
            self.release(code, claim.epoch)
            raise ActionError("moved", node=None)
        self._epochs[code] = claim.epoch
        self._publish_load()
        if claim.down_since is None and not self.leases.shared:
            return Claim(claim.epoch, self._down_since)
        return claim

    def claim_to_delete(self, code: str, now: float) -> Claim | None:
        """Hold lobby ``code`` long enough to delete it (its lease, held already or taken now, not fenced: nothing
        is written); None if another node has it in use. Raises ``LeasesUnavailable``."""
        if code in self._epochs:
            return Claim(self._epochs[code])
        return self.leases.claim(code, now)

    def _claim(self, code: str, above: int = 0) -> Claim | None:
        try:
            return self.leases.claim(code, self.clock(), above, self._epochs.get(code))
        except LeasesUnavailable as exc:
            log.warning("lobby %s: %s", code, exc)
            raise ActionError("unavailable") from exc

    # -- holding and letting go -------------------------------------------------------------

    def renew(self) -> list[str]:
        """Renew the lease of every lobby held; returns (and no longer holds) those another node has taken."""
        lost = self.leases.renew(dict(self._epochs))
        for code in lost:
            self._epochs.pop(code, None)
        return lost

    def forget(self, code: str) -> int | None:
        """Stop holding lobby ``code`` (it left memory, or another node took it); returns its epoch, for ``release``."""
        return self._epochs.pop(code, None)

    def release(self, code: str, epoch: int | None) -> None:
        """Give lobby ``code``'s lease up, so that another node may claim it at once (its clocks stop now there).

        A directory that fails is logged: the lease then lapses on its own.
        """
        try:
            self.leases.release(code, epoch, self.clock())
        except LeasesUnavailable as exc:
            log.warning("release of lobby %s failed: %s", code, exc)

    def deleted(self, code: str) -> None:
        """Lobby ``code`` is deleted: neither held nor parked any more (release its lease after)."""
        self._epochs.pop(code, None)
        self.parked.pop(code, None)

    def drain(self) -> None:
        """The node is shutting down: from now on it claims no lobby (give up those held with ``release``)."""
        self.draining = True

    def owner(self, code: str) -> str | None:
        """The node holding lobby ``code``'s lease (None: none, or the directory does not answer)."""
        try:
            return self.leases.owner(code)
        except LeasesUnavailable:
            return None

    def orphans(self) -> list[str]:
        """This node's share of the stored lobbies with something due (a running clock, a departed host's grace)
        that no node holds: those dealt to it by load, and any another node has left waiting a lease long."""
        if not self.leases.shared or self.draining:
            return []
        waiting = [code for code in self.store.due_codes() if code not in self._epochs and code not in self.parked]
        unowned = self.leases.unowned(waiting)
        dealt = deal(unowned, self.loads())
        now = time.monotonic()
        self._orphans_seen = {code: self._orphans_seen.get(code, now) for code in unowned}
        late = now - self.leases.lease_seconds
        return [code for code in unowned if dealt.get(code) == self.leases.node or self._orphans_seen[code] <= late]

    def loads(self) -> dict[str, int]:
        """The healthy nodes' loads (lobbies held), this node's as it is now; {} when the directory is away."""
        try:
            loads = self.leases.loads()
        except LeasesUnavailable:
            return {}
        if not self.draining:
            loads[self.leases.node] = len(self._epochs)
        return loads

    def place_new(self) -> str | None:
        """The node a new lobby should be created on instead of this one (it holds fewer); None: here."""
        return self._elsewhere_for_one_more()

    def _elsewhere_for_one_more(self) -> str | None:
        """The node a lobby this one would take (new, or held by none) should go to: the least-loaded, when it holds
        fewer than this one (``MARGIN`` fewer than this one would hold with it); None: here."""
        if not self.leases.shared or self.draining:
            return None
        loads = self.loads()
        loads[self.leases.node] = len(self._epochs) + 1
        return elsewhere(loads, self.leases.node)

    def surplus(self) -> str | None:
        """The node this one should give a lobby to (it holds clearly fewer); None when the load is fair."""
        if not self.leases.shared or self.draining:
            return None
        return elsewhere(self.loads(), self.leases.node)

    def _publish_load(self) -> None:
        """A lobby more held: the other nodes learn it now, not at the next heartbeat (a load seen lower than it
        is would send them lobbies here)."""
        if self.leases.shared:
            try:
                self.beat(self.clock())
            except LeasesUnavailable as exc:
                log.debug("load not published: %s", exc)

    def beat(self, now: float) -> None:
        """This node is alive at ``now`` (a node that takes its lobbies over shifts their clocks from its last beat),
        holding the lobbies it holds."""
        self.leases.beat(now, None if self.draining else len(self._epochs))

    # -- parked lobbies -----------------------------------------------------------------------

    def park(self, code: str, cause: str, *, down_since: float | None, error: BaseException | None) -> None:
        """Set lobby ``code`` aside: one warning line, its rows untouched, the moment its clocks stopped kept.

        Parked before (on an earlier start), it has been down since then: that first moment stands.
        """
        cause = " ".join(cause.split())
        self.parked[code] = cause
        if not self.store.get_meta(PARKED_KEY + code):
            self.store.set_meta(PARKED_KEY + code, repr(down_since if down_since is not None else self.clock()))
        log.warning("lobby %s parked, kept in the database for a later start: %s", code, cause)
        log.debug("lobby %s could not be restored", code, exc_info=error)

    def back(self, code: str, claim: Claim) -> float | None:
        """Lobby ``code``, claimed with ``claim``, is rebuilt: when its clocks stopped (when it was first parked,
        else the claim's ``down_since``; None: they never stopped). A parked moment is used up here."""
        since = self.store.get_meta(PARKED_KEY + code)
        if not since:
            return claim.down_since
        self.store.set_meta(PARKED_KEY + code, "")
        return float(since)
