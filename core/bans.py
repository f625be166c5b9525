"""The addresses the server's host banned (``gamenight admin ban``), as the web server checks them.

Bans live in the store (its ``bans`` table: an address or a CIDR network, and until when), so that every node
of a cluster and every restart sees them. ``BanList`` reads them at most once every ``refresh_seconds`` and
answers from memory in between: a connection or a page asked for costs a lookup, and a message nothing (an
open connection is not checked again: ``gamenight.web.admin_requests`` closes those of an address banned).
"""

from __future__ import annotations

import ipaddress
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from gamenight.store import StoreUnavailable

log = logging.getLogger(__name__)

REFRESH_SECONDS = 5.0

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def network_of(text: str) -> Network:
    """An address (``203.0.113.7``) or a network (``203.0.113.0/24``) as a network; ``ValueError`` otherwise."""
    return ipaddress.ip_network(text.strip(), strict=False)


class BanList:
    """The bans in force, read from ``store`` at most every ``refresh_seconds`` (``clock``: wall-clock seconds)."""

    def __init__(
        self, store: Any, clock: Callable[[], float] = time.time, refresh_seconds: float = REFRESH_SECONDS
    ) -> None:
        self.store = store
        self.clock = clock
        self.refresh_seconds = refresh_seconds
        self._exact: set[str] = set()
        self._networks: list[tuple[Network, float | None]] = []
        self._until: dict[str, float | None] = {}
        self._read_at = float("-inf")
        self._lock = threading.Lock()

    def banned(self, address: str | None) -> bool:
        """Whether ``address`` is banned now (None, a connection without a peer address: never)."""
        if not address:
            return False
        now = self.clock()
        if now - self._read_at >= self.refresh_seconds:
            self.refresh(now)
        if address in self._exact:
            until = self._until[address]
            return until is None or until > now
        if not self._networks:
            return False
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in network and (until is None or until > now) for network, until in self._networks)

    def refresh(self, now: float | None = None) -> bool:
        """Read the bans again; True when they changed. A store that does not answer keeps the last ones."""
        now = self.clock() if now is None else now
        with self._lock:
            self._read_at = now
            try:
                rows = self.store.bans()
            except StoreUnavailable as exc:
                log.warning("bans not read again (the last ones hold): %s", exc)
                return False
            until = {address: ends for address, ends in rows if ends is None or ends > now}
            if until == self._until:
                return False
            networks = []
            for address, ends in until.items():
                try:
                    network = network_of(address)
                except ValueError:
                    continue
                if network.num_addresses > 1:
                    networks.append((network, ends))
            self._exact = {address for address in until if "/" not in address}
            self._networks = networks
            self._until = until
            return True
