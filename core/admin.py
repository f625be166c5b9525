"""What ``gamenight admin`` does to a server's store: list its lobbies, close one, hide content, ban addresses.

Each action is kept in the store's ``admin_actions`` table (the audit: ``gamenight admin log`` prints it) and
logged. A ban is a row of the ``bans`` table, which every running server reads again within seconds
(``gamenight.bans``). A close is an action not done yet: the server holding the lobby (any node of a cluster,
when none holds it) carries it out within seconds, telling its players (``gamenight.web.admin_requests``);
with no server running on a SQLite file, the command deletes the lobby itself. A hide waits likewise for the
server holding the lobby, which sends it as the lobby's own ``hide`` command (the engine's, not a seat's).
"""

from __future__ import annotations

import fcntl
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamenight.bans import network_of
from gamenight.engine import replay_record
from gamenight.lobby import Lobby
from gamenight.registry import Plugins
from gamenight.store import Store, is_postgres

log = logging.getLogger(__name__)

FOR_GOOD = None


class AdminError(Exception):
    """An admin action that cannot be done (no such lobby, not an address); the message says why."""


@dataclass(frozen=True)
class LobbyRow:
    code: str
    game: str  # the game chosen or played ("" none yet; "?" its log cannot be replayed here)
    seats: int
    connected: int
    last_activity: float
    owner: str | None


def lobbies(store: Store, plugins: Plugins, owner_of: Callable[[str], str | None] | None = None) -> list[LobbyRow]:
    """Every stored lobby, most recently active first, with its game, seats and owning node (``owner_of``)."""
    rows = []
    for code in store.untouched_since(float("inf"), limit=1_000_000):
        stored = store.lobby(code)
        if stored is None:
            continue
        created, snapshot, records = stored
        game, seats, connected = "?", 0, 0
        try:
            lobby = Lobby.from_dict(snapshot) if snapshot else Lobby(code, created)
            for record in records:
                replay_record(lobby, plugins, record)
        except Exception:  # a game not installed here, a log this release cannot replay: still listed
            last = records[-1]["at"] if records else created
        else:
            game = lobby.match.game if lobby.match is not None else (lobby.setup or {}).get("game", "")
            seats = len(lobby.players)
            connected = sum(1 for player in lobby.players.values() if player.get("connected"))
            last = _last_activity(store, lobby, records, created)
        rows.append(LobbyRow(code, game, seats, connected, last, owner_of(code) if owner_of else None))
    return sorted(rows, key=lambda row: row.last_activity, reverse=True)


def _last_activity(store: Store, lobby: Lobby, records: list[dict[str, Any]], created: float) -> float:
    if records:
        return records[-1]["at"]
    last = store.records(lobby.code, max(0, lobby.version - 1))
    return last[-1]["at"] if last else created


def record(store: Store, action: str, target: str, detail: str = "", *, done: bool = True) -> int:
    """Keep an admin action in the store's audit table, and log it; returns its id."""
    now = time.time()
    action_id = store.add_admin_action(now, action, target, detail, now if done else None)
    log.info("admin: %s %s %s", action, target, detail)
    return action_id


def close(store: Store, code: str) -> int:
    """Ask for lobby ``code`` to be closed; returns the action's id (``AdminError`` if there is no such lobby)."""
    code = code.strip().upper()
    if not store.exists(code):
        raise AdminError(f"no lobby {code}")
    return record(store, "close", code, done=False)


def hide(store: Store, code: str, kind: str, key: str) -> int:
    """Ask for an item of lobby ``code`` to be hidden from every screen, as its host's ``hide`` does
    (``gamenight.moderation``: ``kind`` name, text or picture, and its ``key``); returns the action's id."""
    from gamenight.moderation import HIDEABLE

    code = code.strip().upper()
    if kind not in HIDEABLE:
        raise AdminError(f"an item is one of {', '.join(HIDEABLE)}, not {kind!r}")
    if not store.exists(code):
        raise AdminError(f"no lobby {code}")
    return record(store, "hide", code, json.dumps({"kind": kind, "key": key}, ensure_ascii=False), done=False)


def close_here(store: Store, code: str, action_id: int) -> None:
    """Carry a close out from here (no server holds the store): delete the lobby and mark the action done."""
    store.delete_lobby(code)
    store.admin_action_done(action_id, time.time())


def done(store: Store, action_id: int) -> bool:
    return all(row[0] != action_id for row in store.admin_actions(pending=True))


def wait_done(store: Store, action_id: int, seconds: float, step: float = 0.25) -> bool:
    """Whether action ``action_id`` was carried out within ``seconds``."""
    ends = time.monotonic() + seconds
    while not done(store, action_id):
        if time.monotonic() >= ends:
            return False
        time.sleep(step)
    return True


def canonical_address(text: str) -> str:
    """An address (``203.0.113.7``) or a network (``203.0.113.0/24``) as bans keep it (``AdminError`` if neither)."""
    try:
        network = network_of(text)
    except ValueError:
        raise AdminError(f"not an address or a network (CIDR): {text!r}") from None
    return str(network.network_address) if network.num_addresses == 1 else str(network)


def ban(store: Store, address: str, minutes: float | None = FOR_GOOD) -> tuple[str, float | None]:
    """Ban ``address`` (for ``minutes``; None: for good); returns it as kept and until when."""
    address = canonical_address(address)
    now = time.time()
    until = now + minutes * 60 if minutes is not None else None
    store.ban(address, until, now)
    record(store, "ban", address, f"for {minutes:g} min" if minutes is not None else "for good")
    return address, until


def unban(store: Store, address: str) -> bool:
    """Lift the ban of ``address``; False when it had none."""
    address = canonical_address(address)
    lifted = store.unban(address)
    record(store, "unban", address, "" if lifted else "had no ban")
    return lifted


def bans(store: Store) -> list[tuple[str, float | None]]:
    """The bans in force: (address or network, until when; None: for good)."""
    now = time.time()
    return [(address, until) for address, until in store.bans() if until is None or until > now]


def server_running(location: str) -> bool | None:
    """Whether a server holds the SQLite file at ``location`` now (None: PostgreSQL, where it cannot be told)."""
    if is_postgres(location) or location == ":memory:":
        return None
    try:
        holder = open(f"{location}-server.lock", "a+")  # noqa: SIM115 - closed below
    except OSError:
        return False
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(holder, fcntl.LOCK_UN)
        return False
    finally:
        holder.close()
