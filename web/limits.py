"""Limits that keep one address from taking the server down (docs/protocol.md, "Limits").

- ``Limits``: every setting, with the defaults of a home night and a profile for a public host.
- ``Buckets``: a token bucket per address for Socket.IO events (reconnecting does not refill it).
- ``WindowLimit``: so many hits per address within a sliding window (wrong lobby codes, new lobbies).
- ``ConnectionGate``: open connections per address and in total, checked as the transport accepts them.
- ``fit_to_file_limit``: the connection limit kept below the process's file limit, raised where it may.

Addresses are keyed by ``address_key``: an IPv6 address by its /64 network (one household
or one host gets a whole /64, so its addresses are one address here).
"""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gamenight.errors import ActionError


@lru_cache(maxsize=4096)
def address_key(address: str | None) -> str:
    """The key an address is limited under: IPv4 as is, IPv6 by its /64 network."""
    if not address:
        return "?"
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address[:64]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if ip.is_loopback:
            return str(ip)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


# -- settings ---------------------------------------------------------------------------------


def _setting(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class Limits:
    """Every limit of the network layer. The defaults suit a home night; ``PROFILES["public"]`` a public host."""

    max_connections: int = _setting(400, "Open connections in total (TCP, and Socket.IO connections).")
    max_connections_per_address: int = _setting(
        128, "Open TCP connections from one address: its sockets plus its browsers' page loads."
    )
    max_sockets_per_address: int = _setting(
        24, "Socket.IO connections (a phone's or a table's tab) from one address: a full lobby behind one NAT."
    )
    events_per_second: float = _setting(8.0, "Socket.IO events and handshakes one address may send per second.")
    event_burst: int = _setting(30, "Socket.IO events one address may send at once.")
    code_misses: int = _setting(10, "Wrong lobby codes one address may try within --code-window seconds.")
    code_window: float = _setting(60.0, "The window of --code-misses, in seconds.")
    lobbies_per_address: int = _setting(20, "Lobbies one address may create within --lobby-window seconds.")
    lobby_window: float = _setting(3600.0, "The window of --lobbies-per-address, in seconds.")
    request_head_seconds: float = _setting(
        5.0, "A request's first line and headers must arrive whole this many seconds after its first byte."
    )

    def replace(self, **changes: Any) -> Limits:
        return dataclasses.replace(self, **changes)

    def check(self) -> Limits:
        """Refuse settings that cannot work (a zero or negative limit)."""
        for setting in dataclasses.fields(self):
            if getattr(self, setting.name) <= 0:
                raise ValueError(f"{setting.name} must be positive")
        return self

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any], profile: str = "home") -> Limits:
        """A profile with some settings changed (``None`` values keep the profile's)."""
        base = PROFILES[profile]
        names = {f.name: f.type for f in dataclasses.fields(cls)}
        changes = {}
        for name, value in settings.items():
            if value is None:
                continue
            if name not in names:
                raise ValueError(f"unknown limit: {name}")
            try:
                changes[name] = float(value) if names[name] == "float" else int(value)
            except ValueError:
                raise ValueError(f"{name} ({env_name(name)}) must be a number, not {value!r}") from None
        return base.replace(**changes).check()

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Limits:
        """``GAMENIGHT_LIMITS`` (a profile) and ``GAMENIGHT_<SETTING>`` (e.g. ``GAMENIGHT_MAX_CONNECTIONS``)."""
        profile = environ.get("GAMENIGHT_LIMITS") or "home"
        if profile not in PROFILES:
            raise ValueError(f"GAMENIGHT_LIMITS must be one of {', '.join(PROFILES)}")
        settings = {f.name: environ.get(env_name(f.name)) or None for f in dataclasses.fields(cls)}
        return cls.from_settings(settings, profile)


def env_name(setting: str) -> str:
    return f"GAMENIGHT_{setting.upper()}"


PROFILES: dict[str, Limits] = {
    # A laptop on the home Wi-Fi, or any small server: a group of up to 20 even behind one NAT.
    "home": Limits(),
    # A public host: many groups, strangers walking codes and making lobbies.
    "public": Limits(
        max_connections=4000,
        events_per_second=16.0,
        event_burst=60,
        code_misses=10,
        code_window=600.0,
        lobbies_per_address=5,
        lobby_window=3600.0,
    ),
}

FILES_RESERVED = 64
"""Files the server holds besides connections: the database and its journal, the listening socket, logs."""


def files_needed(max_connections: int) -> int:
    """Each connection may hold a second file (a picture or a page it is sending)."""
    return 2 * max_connections + FILES_RESERVED


MIN_CONNECTIONS = 16


def fit_to_file_limit(limits: Limits, warn: Callable[[str], None]) -> Limits:
    """Keep the connection limits below the process's file limit, raising its soft limit up to the hard one.

    When the hard limit is too low, ``max_connections`` is lowered (with a warning) to what it
    allows; when that leaves fewer than ``MIN_CONNECTIONS``, ``SystemExit`` refuses to start.
    """
    try:
        import resource
    except ImportError:  # Windows: no per-process file limit to speak of
        return limits
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = files_needed(limits.max_connections)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= needed:
        return limits
    allowed = (soft - FILES_RESERVED) // 2
    if allowed < MIN_CONNECTIONS:
        raise SystemExit(
            f"The open-file limit (ulimit -n) is {soft}: gamenight needs at least "
            f"{files_needed(MIN_CONNECTIONS)} ({files_needed(limits.max_connections)} for "
            f"max_connections={limits.max_connections}). Raise it (ulimit -n 1024) and start again."
        )
    warn(
        f"The open-file limit (ulimit -n) is {soft} (hard limit {hard}): max_connections lowered from "
        f"{limits.max_connections} to {allowed}. Raise the limit to {needed} to keep {limits.max_connections}."
    )
    return limits.replace(
        max_connections=allowed,
        max_connections_per_address=min(limits.max_connections_per_address, allowed),
        max_sockets_per_address=min(limits.max_sockets_per_address, allowed),
    )


# -- rate limits --------------------------------------------------------------------------------


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

    def full(self) -> bool:
        return self.tokens + (self.clock() - self.stamp) * self.rate >= self.burst


class Buckets:
    """A token bucket per address: every connection from one address draws on the same bucket."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, TokenBucket] = {}
        self._lock = threading.Lock()

    def allow(self, address: str | None) -> bool:
        key = address_key(address)
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
            return bucket.allow()

    def sweep(self) -> None:
        """Forget the addresses whose bucket has refilled (they are as good as new)."""
        with self._lock:
            for key in [k for k, b in self._buckets.items() if b.full()]:
                del self._buckets[key]

    def addresses(self) -> int:
        return len(self._buckets)


class WindowLimit:
    """After ``limit`` hits within ``window`` seconds, an address must wait."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def retry_after(self, address: str | None) -> int:
        """Seconds this address must still wait (0: it may try)."""
        key = address_key(address)
        with self._lock:
            hits = self._recent(key)
            if len(hits) < self.limit:
                return 0
            return max(1, int(hits[-self.limit] + self.window - self.clock()) + 1)

    def record(self, address: str | None) -> None:
        key = address_key(address)
        with self._lock:
            hits = self._recent(key)
            hits.append(self.clock())
            while len(hits) > self.limit:  # older hits no longer decide anything
                hits.popleft()

    def sweep(self) -> None:
        """Forget the addresses with no hit left in the window."""
        with self._lock:
            for key in list(self._hits):
                if not self._recent(key):
                    del self._hits[key]

    def _recent(self, key: str) -> deque[float]:
        hits = self._hits.setdefault(key, deque())
        horizon = self.clock() - self.window
        while hits and hits[0] <= horizon:
            hits.popleft()
        return hits

    def addresses(self) -> int:
        return len(self._hits)


class CodeThrottle(WindowLimit):
    """After ``limit`` wrong lobby codes within ``window`` seconds, an address must wait.

    One instance (the hub's) serves every path that tells a real code from a wrong one:
    the socket events, ``GET /l/<code>/qr.svg`` and the picture upload.
    """

    def __init__(self, limit: int = 10, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(limit, window, clock)

    def miss(self, address: str | None) -> None:
        self.record(address)


# -- connections ----------------------------------------------------------------------------------


class ConnectionGate:
    """Counts open connections per address and in total; ``admit`` refuses beyond the limits."""

    def __init__(self, total: int, per_address: int | None) -> None:
        self.total = total
        self.per_address = per_address  # None: addresses are not told apart (behind a proxy)
        self.open = 0
        self._by_address: dict[str, int] = {}
        self._lock = threading.Lock()

    def admit(self, address: str | None) -> ActionError | None:
        """Count a new connection, or say why it is refused (and count nothing)."""
        key = address_key(address)
        with self._lock:
            if self.open >= self.total:
                return ActionError("server_busy", max=self.total)
            held = self._by_address.get(key, 0)
            if self.per_address is not None and held >= self.per_address:
                return ActionError("too_many_connections", max=self.per_address)
            self.open += 1
            self._by_address[key] = held + 1
            return None

    def release(self, address: str | None) -> None:
        key = address_key(address)
        with self._lock:
            self.open -= 1
            held = self._by_address.get(key, 0) - 1
            if held > 0:
                self._by_address[key] = held
            else:
                self._by_address.pop(key, None)

    def held(self, address: str | None) -> int:
        with self._lock:
            return self._by_address.get(address_key(address), 0)


RETRY_CONNECTION_SECONDS = 5


def refusal_bytes(error: ActionError, status: str = "503 Service Unavailable") -> bytes:
    """A complete HTTP response refusing a connection, written straight to its socket before closing it."""
    body = json.dumps({"ok": False, "error": error.to_dict()}).encode()
    head = (
        f"HTTP/1.1 {status}\r\n"
        "Content-Type: application/json\r\n"
        f"Retry-After: {RETRY_CONNECTION_SECONDS}\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body
