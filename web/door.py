"""The lobby's door as the hub sees it: what a join carries for the lobby's checks, and the knocking connections.

A join (or an ask for a seat) carries the hashes of the browser's device id and of its address, and streamer
mode's invite (``gamenight.moderation``, ``gamenight.streamer``); a kick carries the kicked seat's address, held
for ``kick_address_minutes`` (0: not held). A knock (the host lets new players in) is lobby state; the
connection that knocked is remembered here and told ``knock_admitted`` (then seated) or ``knock_refused``.
"""

from __future__ import annotations

import hashlib
import threading
from typing import Any


def _hashed(kind: str, value: str) -> str:
    return hashlib.sha256(f"{kind}:{value}".encode()).hexdigest()


def door_extra(address: str, args: dict[str, Any]) -> dict[str, Any]:
    """What a join or an ask for a seat from ``address`` carries for the lobby's door."""
    extra: dict[str, Any] = {"address": _hashed("address", address)}
    if args.get("device"):
        extra["device"] = _hashed("device", args["device"])
    if args.get("invite") is not None:
        extra["invite"] = args["invite"]
    return extra


def kick_extra(address: str | None, minutes: float) -> dict[str, Any]:
    """What a kick carries: the kicked seat's address (when it is connected) and how long it is held."""
    if address is None or minutes <= 0:
        return {}
    return {"address": _hashed("address", address), "address_minutes": minutes}


class Knocks:
    """The connections waiting at a lobby's door: (code, knock id) -> (connection, the token it gets if admitted)."""

    def __init__(self) -> None:
        self._waiting: dict[tuple[str, str], tuple[str, str]] = {}
        self._lock = threading.Lock()

    def __bool__(self) -> bool:
        return bool(self._waiting)

    def wait(self, code: str, knock: str, sid: str, token: str) -> None:
        with self._lock:
            self._waiting[(code, knock)] = (sid, token)

    def answered(self, code: str, still_open: set[str]) -> list[tuple[str, str, str]]:
        """The knocks of lobby ``code`` no longer open: (knock id, connection, token) each, forgotten here."""
        with self._lock:
            done = [key for key in self._waiting if key[0] == code and key[1] not in still_open]
            return [(key[1], *self._waiting.pop(key)) for key in done]
