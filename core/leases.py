"""Who owns a lobby: one server process (a node) at a time, under a lease it renews.

A lobby's moves, clocks and deliveries all happen on its owner. A single server owns
every lobby (``SoloLeases``). In a cluster (``RedisLeases``) a node claims a lobby when a
client asks for it, renews the leases of the lobbies it holds every few seconds, and
releases them when they leave its memory or when it shuts down. A node that stops renewing
(it died, or was paused, or lost its network) loses its leases when they expire, and
another node claims them. Every claim raises the lobby's epoch; the store refuses writes
under an older one (``gamenight.store.Fenced``), so a node that wakes up after its lease
ran out can change nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Claim:
    """A lease taken: its ``epoch`` (None: no fencing, a single server) and, when another node held the lobby
    before, the moment its clocks stopped running there (``down_since``)."""

    epoch: int | None
    down_since: float | None = None


class LeasesUnavailable(Exception):
    """The directory could not be asked (the node cannot tell who owns a lobby)."""


class Leases(Protocol):
    node: str
    shared: bool  # True: other nodes may own lobbies
    lease_seconds: float  # how long a lease lasts without renewal

    def claim(self, code: str, now: float, above: int = 0, held: int | None = None) -> Claim | None:
        """Take lobby ``code`` (or keep it, if this process holds it already under epoch ``held``) under an epoch
        newer than ``above`` (the one its store holds: the directory may have lost its own count); None if
        another node holds it. A lease an earlier run of this node left (it restarted) is taken over."""
        ...

    def owner(self, code: str) -> str | None:
        """The node holding lobby ``code``'s lease, if any."""
        ...

    def release(self, code: str, epoch: int | None, now: float) -> None:
        """Give lobby ``code`` up (it has left memory, or the node is going): another node may claim it at once."""
        ...

    def renew(self, held: Mapping[str, int | None]) -> list[str]:
        """Extend the leases of the lobbies ``held`` (code -> epoch); returns the codes whose lease was lost."""
        ...

    def unowned(self, codes: Sequence[str]) -> list[str]:
        """Those of ``codes`` that no node holds."""
        ...

    def beat(self, now: float, load: int | None = None) -> None:
        """Record that this node is alive at ``now`` (a takeover shifts clocks from its last beat), holding ``load``
        lobbies (None: it takes no lobby any more)."""
        ...

    def loads(self) -> dict[str, int]:
        """The healthy nodes (those that beat in the last few seconds and take lobbies), each with its load."""
        ...

    def close(self) -> None: ...


class SoloLeases:
    """The single server owns every lobby: nothing to ask, nothing to fence."""

    shared = False
    lease_seconds = float("inf")

    def __init__(self, node: str = "solo") -> None:
        self.node = node

    def claim(self, code: str, now: float, above: int = 0, held: int | None = None) -> Claim | None:
        return Claim(epoch=None)

    def owner(self, code: str) -> str | None:
        return self.node

    def release(self, code: str, epoch: int | None, now: float) -> None:
        pass

    def renew(self, held: Mapping[str, int | None]) -> list[str]:
        return []

    def unowned(self, codes: Sequence[str]) -> list[str]:
        return []

    def beat(self, now: float, load: int | None = None) -> None:
        pass

    def loads(self) -> dict[str, int]:
        return {}

    def close(self) -> None:
        pass
