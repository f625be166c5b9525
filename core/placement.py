"""Where a cluster's lobbies should live: spread by load over the healthy nodes, moved only unnoticed.

A node's load is the number of lobbies it holds; each node publishes its own with its heartbeat
(``Leases.beat``), and a node that stops beating (dead, paused, draining, cut from the store) drops
out of ``Leases.loads`` within a few seconds. Every node decides alone, from those loads:

- a lobby no node holds (new, or re-claimed) goes to the least-loaded node; a node asked for one
  while another holds fewer sends the client there (``elsewhere``, with the lobby counted on the node
  asked: it would hold ``MARGIN`` more than the other);
- the orphans (lobbies with a running clock whose owner died) are dealt out by the same rule, one at a
  time, to the least-loaded node (``deal``): each node computes the same deal and adopts its share;
- a node holding ``MARGIN`` more than the least-loaded one gives up a lobby there, one that can move
  without its players noticing (``movable``), so that a node that comes back (or is added) takes a share.

``MARGIN`` is two: one lobby moved from a node that holds one more than another only swaps them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamenight.lobby import Lobby

MARGIN = 2
QUIET_SECONDS = 10.0  # a lobby moves only after nobody has acted in it for this long


def movable(lobby: Lobby, now: float, last_acted: float, quiet: float = QUIET_SECONDS) -> bool:
    """True when lobby ``lobby`` can change nodes unnoticed: nobody acted in it for ``quiet`` seconds and no round
    is under way (no match, or a match over or between rounds with no ballot open)."""
    if now - last_acted < quiet:
        return False
    match = lobby.match
    if match is None or match.over:
        return True
    return not match.playing and not any(not ballot.closed for ballot in match.ballots.values())


def least_loaded(loads: Mapping[str, int]) -> str | None:
    """The node with the fewest lobbies (ties: the first by id); None when no node is known."""
    return min(loads, key=lambda node: (loads[node], node), default=None)


def elsewhere(loads: Mapping[str, int], me: str) -> str | None:
    """The node a lobby that ``me`` would take should go to instead: the least-loaded, if it holds at least
    ``MARGIN`` fewer than ``me``; None to take it here."""
    target = least_loaded({node: load for node, load in loads.items() if node != me})
    if target is None or me not in loads or loads[target] > loads[me] - MARGIN:
        return None
    return target


def deal(codes: Sequence[str], loads: Mapping[str, int]) -> dict[str, str]:
    """Each of ``codes`` (lobbies no node holds) given, in order, to the node then least loaded."""
    counts = dict(loads)
    dealt = {}
    for code in sorted(codes):
        node = least_loaded(counts)
        if node is None:
            break
        dealt[code] = node
        counts[node] += 1
    return dealt
