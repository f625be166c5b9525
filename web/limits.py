"""Limits that keep one address from taking the server down (docs/protocol.md, "Limits").

- ``Limits``, ``UploadLimits``: every limit of the server as a setting (the network's, the picture uploads'),
  with the defaults of a home night and a profile for a public host (``PROFILES``); the server's settings
  (``gamenight.web.settings``) make each an option and a ``GAMENIGHT_<NAME>`` variable.
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
from typing import Any, ClassVar, Self

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
# Every limit of the server is a setting of one of the groups below (``SETTING_GROUPS``): the network's
# (``Limits``) and the picture uploads' (``UploadLimits``). Each setting has one name outside, its group's
# prefix and its field's name: the option ``--<name>`` of ``gamenight serve`` and the variable
# ``GAMENIGHT_<NAME>``. A value comes from the profile (``--limits``/``GAMENIGHT_LIMITS``, ``PROFILES``), then
# the variable, then the option (``gamenight.web.settings`` makes the options; ``from_settings`` lays them over
# the profile).

MB = 1024 * 1024


def _setting(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


def env_name(setting: str) -> str:
    """The variable of a setting, by its name outside (``upload_quota_mb``: ``GAMENIGHT_UPLOAD_QUOTA_MB``)."""
    return f"GAMENIGHT_{setting.upper()}"


class SettingGroup:
    """A group of settings: a frozen dataclass whose fields are limits, each a positive number.

    ``PREFIX`` makes a field's name outside (``upload_`` + ``quota_mb``); ``PARAMETER`` is what a command
    built with ``settings_options`` gathers the group into.
    """

    PREFIX: ClassVar[str] = ""
    PARAMETER: ClassVar[str] = ""
    MAY_BE_ZERO: ClassVar[tuple[str, ...]] = ()  # settings where 0 means off

    @classmethod
    def setting_names(cls) -> dict[str, str]:
        """Each field's name, to its name outside."""
        return {f.name: cls.PREFIX + f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]

    @classmethod
    def profile(cls, name: str) -> Self:
        """This group's settings in the profile ``name`` (``ValueError`` for an unknown profile)."""
        if name not in PROFILES:
            raise ValueError(f"the profile of limits (--limits, GAMENIGHT_LIMITS) must be one of {', '.join(PROFILES)}")
        changes = PROFILES[name]
        return cls(**{own: changes[outside] for own, outside in cls.setting_names().items() if outside in changes})

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any], profile: str = "home") -> Self:
        """The profile ``profile``, then ``settings`` (by field name; ``None`` and ``""`` keep the profile's).
        ``ValueError`` for an unknown profile or setting, a value that is not a number, or a limit that is not
        positive."""
        base = cls.profile(profile)
        names = cls.setting_names()
        unknown = set(settings) - set(names)
        if unknown:
            raise ValueError(f"unknown limit: {', '.join(cls.PREFIX + name for name in sorted(unknown))}")
        kinds = {f.name: float if f.type in ("float", float) else int for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        changes: dict[str, Any] = {}
        for name, outside in names.items():
            value = settings.get(name)
            if value is None or value == "":
                continue
            try:
                changes[name] = kinds[name](value)
            except ValueError:
                raise ValueError(f"{outside} ({env_name(outside)}) must be a number, not {value!r}") from None
        return dataclasses.replace(base, **changes).check()  # type: ignore[type-var]

    def replace(self, **changes: Any) -> Self:
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def check(self) -> Self:
        """Refuse settings that cannot work (a zero or negative limit)."""
        for own, outside in self.setting_names().items():
            if own in self.MAY_BE_ZERO and getattr(self, own) == 0:
                continue
            if getattr(self, own) <= 0:
                raise ValueError(f"{outside} must be positive")
        return self


@dataclass(frozen=True)
class Limits(SettingGroup):
    """Every limit of the network layer. The defaults suit a home night; ``Limits.profile("public")`` a public host."""

    PARAMETER: ClassVar[str] = "limits"

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
    kick_address_minutes: float = _setting(
        0.0,
        "A kicked player's address may not join that lobby again for this many minutes (0: only their device is "
        "kept out: at home, everyone shares one address).",
    )

    MAY_BE_ZERO: ClassVar[tuple[str, ...]] = ("kick_address_minutes",)


@dataclass(frozen=True)
class UploadLimits(SettingGroup):
    """Limits on pictures uploaded in lobbies (docs/protocol.md, "Picture uploads"): ``--upload-<name>``,
    ``GAMENIGHT_UPLOAD_<NAME>``."""

    PREFIX: ClassVar[str] = "upload_"
    PARAMETER: ClassVar[str] = "upload_limits"

    request_mb: float = _setting(64, "One upload (every picture of a pack, as sent), in MB.")
    picture_mb: float = _setting(16, "One picture, as sent, in MB.")
    megapixels: float = _setting(25, "Width × height a picture may declare, in millions of pixels (checked first).")
    lobby_quota_mb: float = _setting(100, "Stored pictures of one lobby, in MB.")
    quota_mb: float = _setting(1024, "Stored pictures of all lobbies together, in MB.")
    decoders: int = _setting(2, "Pictures decoded at once in the whole server (each takes up to 4 bytes a pixel).")
    concurrent: int = _setting(4, "Uploads handled at once in the whole server (one per lobby).")

    @property
    def request_bytes(self) -> int:
        return int(self.request_mb * MB)

    @property
    def picture_bytes(self) -> int:
        return int(self.picture_mb * MB)

    @property
    def max_pixels(self) -> int:
        return int(self.megapixels * 1_000_000)

    @property
    def lobby_quota(self) -> int:
        return int(self.lobby_quota_mb * MB)

    @property
    def quota(self) -> int:
        return int(self.quota_mb * MB)


SETTING_GROUPS: tuple[type[SettingGroup], ...] = (Limits, UploadLimits)

PROFILES: dict[str, dict[str, Any]] = {
    # Each profile's changes to the defaults, by the settings' names outside.
    # A laptop on the home Wi-Fi, or any small server: a group of up to 20 even behind one NAT.
    "home": {},
    "public": {
        # Many groups, strangers walking codes and making lobbies.
        "max_connections": 4000,
        "events_per_second": 16.0,
        "event_burst": 60,
        "code_misses": 10,
        "code_window": 600.0,
        "lobbies_per_address": 5,
        "lobby_window": 3600.0,
        "kick_address_minutes": 60.0,
        # Many lobbies of strangers: less memory per picture, less disk per lobby, more uploads at once.
        "upload_request_mb": 32,
        "upload_picture_mb": 10,
        "upload_megapixels": 16,
        "upload_lobby_quota_mb": 50,
        "upload_quota_mb": 4096,
        "upload_decoders": 2,
        "upload_concurrent": 8,
    },
}


def _check_the_settings() -> None:
    outside = [name for group in SETTING_GROUPS for name in group.setting_names().values()]
    assert len(outside) == len(set(outside)), "two settings with one name"
    for profile, changes in PROFILES.items():
        assert set(changes) <= set(outside), f"profile {profile} names no such setting: {set(changes) - set(outside)}"


_check_the_settings()


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
