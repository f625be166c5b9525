"""Strict mode's approval queue: a text a player typed reaches the TV only once the host allows it.

In strict mode every text a player other than the host types (a name, an association, a word card, a pack or
location name, a board's entry) waits in a short queue on the host's phone; the host allows it or hides it
(``review``). Until then the table's view shows ``PLACEHOLDER`` wherever the text would stand; a text the host
hides leaves every screen, by the host's "hide" (``gamenight.moderation``, ``gamenight.hiding``). The game
itself never waits: moves, votes and clocks go on with the text as typed, and the players' phones show it;
only the TV (the screen a stream shows) holds it back. An unreviewed text is never shown by itself: a family
stream shows nothing nobody looked at. The queue keeps ``QUEUE_MAX`` texts; one pushed out by newer ones
stays off the TV (``hidden`` here: the TV's alone).

The state is the lobby's ``family_filter`` dict: ``queue`` (``{"id", "player", "text", "at"}``), ``allowed``
and ``hidden`` (texts), ``next`` (the next id's number).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gamenight import moderation
from gamenight.errors import ActionError

if TYPE_CHECKING:
    from gamenight.lobby import Lobby

QUEUE_MAX = 20
REMEMBERED_MAX = 200  # allowed and hidden texts kept, each
PLACEHOLDER = "• • •"
# Keys whose values name things (seats, phases, games, i18n keys) rather than show what someone typed.
STRUCTURAL = frozenset(
    {"id", "you", "host", "player", "players", "present", "left", "turn", "by", "code", "game", "variants", "phase"}
    | {"key", "kind", "timer", "ballot", "choice", "allowed", "avatar", "colour", "family_filter"}
)


def enqueue(lobby: Lobby, player: str, texts: Iterable[str], now: float) -> list[str]:
    """Queue ``player``'s new texts for the host; returns those queued (a text allowed, hidden or waiting
    already is not queued again)."""
    state = lobby.family_filter
    queue = state.setdefault("queue", [])
    known = {*state.get("allowed", ()), *state.get("hidden", ()), *(item["text"] for item in queue)}
    queued = []
    for text in texts:
        if text in known:
            continue
        known.add(text)
        number = state.get("next", 1)
        state["next"] = number + 1
        queue.append({"id": f"t{number}", "player": player, "text": text, "at": now})
        queued.append(text)
    while len(queue) > QUEUE_MAX:
        _remember(state, "hidden", queue.pop(0)["text"])
    return queued


def review(lobby: Lobby, item: str, allow: bool, now: float) -> None:
    """The host allows a waiting text onto the TV, or hides it from every screen as the host's "hide" does
    (``gamenight.moderation``: a seat's name by its seat, any other text by itself); ``no_such_text`` when it
    waits no more."""
    state = lobby.family_filter
    queue = state.get("queue", [])
    entry = next((e for e in queue if e["id"] == item), None)
    if entry is None:
        raise ActionError("no_such_text", item=item)
    if not allow:
        player = lobby.players.get(entry["player"])
        is_name = player is not None and player["name"] == entry["text"]
        hidden = {"kind": "name", "key": entry["player"]} if is_name else {"kind": "text", "key": entry["text"]}
        moderation.hide(lobby, None, None, {**hidden, "hidden": True}, {}, now)
    queue.remove(entry)
    _remember(state, "allowed" if allow else "hidden", entry["text"])


def release_all(lobby: Lobby) -> None:
    """Strict mode ends: what waits is allowed (the hidden stays hidden)."""
    state = lobby.family_filter
    for entry in state.pop("queue", []):
        _remember(state, "allowed", entry["text"])


def _remember(state: dict[str, Any], kind: str, text: str) -> None:
    texts = state.setdefault(kind, [])
    if text not in texts:
        texts.append(text)
    del texts[:-REMEMBERED_MAX]


def withheld(lobby: Lobby) -> frozenset[str]:
    """The texts the table's view must not show: waiting for the host, or hidden by them."""
    state = lobby.family_filter
    return frozenset((*(e["text"] for e in state.get("queue", ())), *state.get("hidden", ())))


def host_view(lobby: Lobby) -> dict[str, Any]:
    """What the host's phone shows of the filter: their own words and the queue (no other seat sees these)."""
    state = lobby.family_filter
    return {
        "words": list(state.get("words", ())),
        "queue": [{"id": e["id"], "player": e["player"], "text": e["text"]} for e in state.get("queue", ())],
    }


def host_part(lobby: Lobby, recipient: str | None) -> dict[str, Any]:
    """The filter's part of ``recipient``'s own view: ``{"family_filter": host_view}`` for the host, else nothing."""
    return {"family_filter": host_view(lobby)} if recipient is not None and recipient == lobby.host else {}


def for_table(view: Any, texts: frozenset[str], key: str | None = None) -> Any:
    """``view`` with every string that is one of ``texts`` replaced by ``PLACEHOLDER`` (a new structure); the
    values of ``STRUCTURAL`` keys are left alone (a name typed as "p2" or "vote" is no seat id or phase)."""
    if key in STRUCTURAL:
        return view
    if isinstance(view, str):
        return PLACEHOLDER if view in texts else view
    if isinstance(view, dict):
        return {name: for_table(value, texts, name) for name, value in view.items()}
    if isinstance(view, list | tuple):
        return [for_table(value, texts, key) for value in view]
    return view
