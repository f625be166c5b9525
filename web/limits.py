"""Rate limits: a token bucket per connection, and a throttle on wrong lobby codes per address."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable


class TokenBucket:
    """Allows ``burst`` events at once and ``rate`` events per second after that."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class CodeThrottle:
    """After ``limit`` wrong lobby codes within ``window`` seconds, an address must wait."""

    def __init__(self, limit: int = 10, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._misses: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def retry_after(self, address: str) -> int:
        """Seconds this address must still wait (0: it may try)."""
        with self._lock:
            misses = self._recent(address)
            if len(misses) < self.limit:
                return 0
            return max(1, int(misses[0] + self.window - self.clock()) + 1)

    def miss(self, address: str) -> None:
        with self._lock:
            self._recent(address).append(self.clock())

    def _recent(self, address: str) -> deque[float]:
        misses = self._misses.setdefault(address, deque())
        while misses and misses[0] <= self.clock() - self.window:
            misses.popleft()
        return misses
