"""The host's moderation of a lobby: kicks that hold, the door the host answers, hidden items and reports.

Everything here is lobby state (``Lobby.moderation``, a JSON dict), changed only by lobby commands, so it is
logged and stored before it is acknowledged like the rest of the lobby. What a device and an address are is
kept as hashes (``extra["device"]``, ``extra["address"]``: the web layer hashes them); no view carries them.

- A kicked seat's device is kept out until the night is closed; its address too, for
  ``extra["address_minutes"]`` when the server asks for it (the public profile's ``kick_address_minutes``).
- With the door on (``door``), a newcomer's join is a knock the host admits or refuses.
- A hidden item (``kind`` + ``key``) is left out of every view (``gamenight.hiding``); any seat may report one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight.errors import ActionError

if TYPE_CHECKING:
    from gamenight.lobby import Lobby

MAX_KEPT_OUT = 100
MAX_KNOCKS = 20
MAX_HIDDEN = 500
MAX_REPORTS = 50
HIDEABLE = ("name", "text", "picture", "drawing")  # what each kind's key is: gamenight.hiding


def new_moderation() -> dict[str, Any]:
    return {
        "next_id": 1,
        "kept_out": [],  # {"id", "name", "device", "address", "address_until", "at"}
        "door": False,  # the host lets new players in: a join is a knock
        "knocks": [],  # {"id", "name", "look", "token_hash", "device", "at"}
        "hidden": [],  # {"id", "kind", "key"}
        "reports": [],  # {"id", "kind", "key", "by", "at"}
        "streamer": False,  # the TV shows no code or QR; joining needs the invite
        "invite": None,  # the secret of the private link, while streamer mode is on
    }


def _next_id(moderation: dict[str, Any], prefix: str) -> str:
    number = moderation["next_id"]
    moderation["next_id"] = number + 1
    return f"{prefix}{number}"


# -- kicks that hold -------------------------------------------------------------------------------


def check_not_kept_out(lobby: Lobby, extra: dict[str, Any], now: float) -> None:
    """Refuse a join (or a knock, or an ask for a seat) from a kicked device or a held address."""
    device, address = extra.get("device"), extra.get("address")
    for entry in lobby.moderation["kept_out"]:
        if device is not None and entry["device"] == device:
            raise ActionError("kept_out")
        if address is not None and entry["address"] == address and (entry["address_until"] or 0) > now:
            raise ActionError("kept_out")


def keep_out(lobby: Lobby, player: dict[str, Any], extra: dict[str, Any], now: float) -> None:
    """Remember a kicked seat's device (and its address, for a while, when asked) for the rest of the night."""
    moderation = lobby.moderation
    minutes = extra.get("address_minutes") or 0
    address = extra.get("address") if minutes > 0 else None
    entry = {
        "id": _next_id(moderation, "k"),
        "name": player["name"],
        "device": player.get("device"),
        "address": address,
        "address_until": now + minutes * 60 if address is not None else None,
        "at": now,
    }
    moderation["kept_out"] = [*moderation["kept_out"], entry][-MAX_KEPT_OUT:]


def let_back(lobby: Lobby, plugins, actor, args, extra, now):
    """The host lets a kept-out device (and address) in again."""
    moderation = lobby.moderation
    kept = [e for e in moderation["kept_out"] if e["id"] != args["entry"]]
    if len(kept) == len(moderation["kept_out"]):
        raise ActionError("no_such_entry", entry=args["entry"])
    moderation["kept_out"] = kept


def end_of_night(lobby: Lobby) -> None:
    """The night is closed: every kept-out device and address may come again."""
    lobby.moderation["kept_out"] = []


# -- the door --------------------------------------------------------------------------------------


def door(lobby: Lobby, plugins, actor, args, extra, now):
    """The host lets new players in (``ask: true``) or lets anyone with the code (or the invite) take a seat."""
    lobby.moderation["door"] = args["ask"]


def knocks_first(lobby: Lobby) -> bool:
    """Whether a newcomer's join is a knock: the door is on and somebody is seated to answer it."""
    return bool(lobby.moderation["door"]) and bool(lobby.players)


def knock(lobby: Lobby, name: str, look: dict[str, Any] | None, extra: dict[str, Any], now: float) -> dict[str, Any]:
    """A newcomer knocks; the host admits or refuses (``answer_knock``). A newer knock from the same device
    replaces the older one."""
    moderation = lobby.moderation
    if len(moderation["knocks"]) >= MAX_KNOCKS:
        raise ActionError("too_many_knocks", max=MAX_KNOCKS)
    entry = {
        "id": _next_id(moderation, "n"),
        "name": name,
        "look": look,
        "token_hash": extra["token_hash"],
        "device": extra.get("device"),
        "at": now,
    }
    device = entry["device"]
    kept = [k for k in moderation["knocks"] if device is None or k["device"] != device]
    moderation["knocks"] = [*kept, entry]
    return {"knock": entry["id"]}


def take_knock(lobby: Lobby, knock_id: str) -> dict[str, Any]:
    """Remove and return an open knock (``no_such_knock`` once answered or withdrawn)."""
    moderation = lobby.moderation
    entry = next((k for k in moderation["knocks"] if k["id"] == knock_id), None)
    if entry is None:
        raise ActionError("no_such_knock", knock=knock_id)
    moderation["knocks"] = [k for k in moderation["knocks"] if k["id"] != knock_id]
    return entry


def open_knocks(lobby: Lobby) -> set[str]:
    return {k["id"] for k in lobby.moderation["knocks"]}


# -- hidden items and reports ----------------------------------------------------------------------


def hide(lobby: Lobby, plugins, actor, args, extra, now):
    """The host hides an item from every screen; its reports are answered."""
    moderation = lobby.moderation
    found = next((h for h in moderation["hidden"] if (h["kind"], h["key"]) == (args["kind"], args["key"])), None)
    if found is None:
        if len(moderation["hidden"]) >= MAX_HIDDEN:
            raise ActionError("too_many_hidden", max=MAX_HIDDEN)
        found = {"id": _next_id(moderation, "h"), "kind": args["kind"], "key": args["key"]}
        moderation["hidden"] = [*moderation["hidden"], found]
    moderation["reports"] = [r for r in moderation["reports"] if (r["kind"], r["key"]) != (args["kind"], args["key"])]
    return {"item": found["id"]}


def unhide(lobby: Lobby, plugins, actor, args, extra, now):
    """The host shows a hidden item again."""
    moderation = lobby.moderation
    kept = [h for h in moderation["hidden"] if h["id"] != args["item"]]
    if len(kept) == len(moderation["hidden"]):
        raise ActionError("no_such_entry", entry=args["item"])
    moderation["hidden"] = kept


def report(lobby: Lobby, plugins, actor, args, extra, now):
    """Any seat reports an item to the host (once per seat and item)."""
    moderation = lobby.moderation
    for entry in moderation["reports"]:
        if (entry["kind"], entry["key"], entry["by"]) == (args["kind"], args["key"], actor):
            return {"report": entry["id"]}
    entry = {"id": _next_id(moderation, "r"), "kind": args["kind"], "key": args["key"], "by": actor, "at": now}
    moderation["reports"] = [*moderation["reports"], entry][-MAX_REPORTS:]
    return {"report": entry["id"]}


def dismiss_report(lobby: Lobby, plugins, actor, args, extra, now):
    """The host sets a report aside without hiding its item."""
    moderation = lobby.moderation
    kept = [r for r in moderation["reports"] if r["id"] != args["report"]]
    if len(kept) == len(moderation["reports"]):
        raise ActionError("no_such_report", report=args["report"])
    moderation["reports"] = kept


def hidden_keys(lobby: Lobby, kind: str) -> set[str]:
    return {h["key"] for h in lobby.moderation["hidden"] if h["kind"] == kind}


# -- what the host's phone shows ---------------------------------------------------------------------


def host_view(lobby: Lobby) -> dict[str, Any]:
    """The host's own part of their view: who is kept out, who knocks, what was reported, the invite."""
    moderation = lobby.moderation
    return {
        "kept_out": [{"id": e["id"], "name": e["name"], "at": e["at"]} for e in moderation["kept_out"]],
        "knocks": [{"id": k["id"], "name": k["name"], "at": k["at"]} for k in moderation["knocks"]],
        "reports": [
            {"id": r["id"], "kind": r["kind"], "key": r["key"], "by": r["by"], "at": r["at"]}
            for r in moderation["reports"]
        ],
        "hidden": [dict(h) for h in moderation["hidden"]],
        "invite": moderation["invite"],
    }


HANDLERS = {
    "let_back": let_back,
    "door": door,
    "hide": hide,
    "unhide": unhide,
    "report": report,
    "dismiss_report": dismiss_report,
}
