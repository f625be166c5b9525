"""Per-address limits that hold across a cluster: the hits are counted in the cluster's Redis.

An address that tries wrong lobby codes, or opens lobbies, on one node and then on another is
counted once: each hit is a member of a sorted set per address, scored by its time, which
expires with the window. Only the paths that need it (a join, an attach, a lobby's creation)
ask Redis; moves never do. Connection limits stay per node (``web/limits.py``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import redis
from gamenight.web.limits import WindowLimit, address_key

PREFIX = "gamenight:hits:"


class SharedWindowLimit(WindowLimit):
    """``WindowLimit`` over Redis: after ``limit`` hits within ``window`` seconds, on any node, an address waits."""

    def __init__(self, url: str, name: str, limit: int, window: float, clock: Callable[[], float] = time.time) -> None:
        super().__init__(limit, window, clock)
        self.name = name
        self.redis = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2, decode_responses=True)

    def _key(self, address: str | None) -> str:
        return f"{PREFIX}{self.name}:{address_key(address)}"

    def retry_after(self, address: str | None) -> int:
        key, now = self._key(address), self.clock()
        try:
            pipe = self.redis.pipeline()
            pipe.zremrangebyscore(key, "-inf", now - self.window)
            pipe.zrange(key, -self.limit, -self.limit, withscores=True)
            pipe.zcard(key)
            _, oldest_counted, count = pipe.execute()
        except redis.RedisError:
            return super().retry_after(address)  # the directory is away: this node's own count decides
        if count < self.limit or not oldest_counted:
            return 0
        return max(1, int(oldest_counted[0][1] + self.window - now) + 1)

    def record(self, address: str | None) -> None:
        key, now = self._key(address), self.clock()
        super().record(address)
        try:
            pipe = self.redis.pipeline()
            pipe.zadd(key, {f"{now!r}:{os.urandom(4).hex()}": now})
            pipe.zremrangebyscore(key, "-inf", now - self.window)
            pipe.pexpire(key, int(self.window * 1000) + 1000)
            pipe.execute()
        except redis.RedisError:
            pass


class SharedCodeThrottle(SharedWindowLimit):
    """The wrong-code throttle of every node of a cluster (see ``CodeThrottle``)."""

    def __init__(self, url: str, limit: int = 10, window: float = 60.0, clock: Callable[[], float] = time.time) -> None:
        super().__init__(url, "codes", limit, window, clock)

    def miss(self, address: str | None) -> None:
        self.record(address)
