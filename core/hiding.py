"""Hidden items left out of every view: what the host hid (``moderation.hide``) is in no payload after hiding.

Applied to the views as they are built (``views.lobby_views``), so games need no code for it; what is hidden is
found by its value, wherever a game or the shell put it:

- ``name`` (key: a player id): the player's name becomes a neutral label (``#3`` for ``p3``);
- ``text`` (key: the text, as typed: an association, a board entry, a pack's name): it becomes ``HIDDEN_TEXT``,
  which the browser shows as "hidden by the host" in the reader's language;
- ``picture`` (key: a picture's address ``/images/<pack>/<picture>``, or a whole pack's ``/images/<pack>/``): it
  becomes ``HIDDEN_PICTURE``, a neutral image;
- ``drawing`` (key: ``<artist>@<round>``, a player id and a round): a part of a view holding that drawing (its
  ``figure``, or the ``lines`` of a part of it) loses its ink and says ``"hidden": true``. A part names its
  ``artist`` and ``round``, or is the drawing on show now: the current round's, by the player in the
  ``round_state`` key the game declares as ``Game.drawn_by``.

A view's shared parts (``SharedWithOwn``) are scrubbed once for all recipients and stay shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.views import SharedWithOwn

if TYPE_CHECKING:
    from gamenight.lobby import Lobby
    from gamenight.registry import Plugins

HIDDEN_TEXT = "\u2298hidden\u2298"
HIDDEN_PICTURE = "/static/img/hidden.svg"


def neutral_label(player: str) -> str:
    return f"#{player[1:]}" if player[:1] == "p" and player[1:].isdigit() else "#"


class Scrubber:
    """Replaces every hidden value in the views of one lobby at one moment."""

    INK: ClassVar[tuple[str, ...]] = ("figure", "decorations", "lines")  # what a drawing's part draws with

    def __init__(self, lobby: Lobby, plugins: Plugins | None = None) -> None:
        self.replace: dict[str, str] = {}
        self.prefixes: list[str] = []
        self.drawings: set[tuple[str, int]] = set()
        self.on_show: tuple[str | None, int | None] = (None, None)
        match = lobby.match
        game = plugins.games.get(match.game) if plugins is not None and match is not None else None
        if game is not None and game.drawn_by:
            self.on_show = (match.round_state.get(game.drawn_by), match.round)
        for item in lobby.moderation["hidden"]:
            kind, key = item["kind"], item["key"]
            if kind == "name":
                name = lobby.players.get(key, {}).get("name") or _former_name(lobby, key)
                if name:
                    self.replace[name] = neutral_label(key)
            elif kind == "text":
                self.replace[key] = HIDDEN_TEXT
            elif kind == "picture":
                if key.endswith("/"):
                    self.prefixes.append(key)
                else:
                    self.replace[key] = HIDDEN_PICTURE
            elif kind == "drawing":
                artist, _, number = key.rpartition("@")
                if artist and number.isdigit():
                    self.drawings.add((artist, int(number)))
        self._done: dict[int, Any] = {}

    def __bool__(self) -> bool:
        return bool(self.replace or self.prefixes or self.drawings)

    def scrub(self, value: Any) -> Any:
        if isinstance(value, str):
            return self._string(value)
        if not isinstance(value, dict | list):
            return value
        done = self._done.get(id(value))
        if done is not None:
            return done[1]
        if type(value) is SharedWithOwn:
            own = {key: self.scrub(value[key]) for key in value.own}
            result: Any = SharedWithOwn(self.scrub(value.shared), own)
        elif isinstance(value, dict):
            result = {self._string(k) if isinstance(k, str) else k: self.scrub(v) for k, v in value.items()}
            if self.drawings and self._hidden_drawing(value):
                result.update({key: [] for key in self.INK if key in value}, hidden=True)
        else:
            result = [self.scrub(v) for v in value]
        self._done[id(value)] = (value, result)  # the original kept alive: its id is not reused meanwhile
        return result

    def _hidden_drawing(self, part: dict[str, Any]) -> bool:
        if not any(key in part for key in self.INK):
            return False
        shown_artist, shown_round = self.on_show
        artist = part.get("artist", shown_artist)
        number = part.get("round", shown_round)
        return isinstance(artist, str) and isinstance(number, int) and (artist, number) in self.drawings

    def _string(self, text: str) -> str:
        replaced = self.replace.get(text)
        if replaced is not None:
            return replaced
        for prefix in self.prefixes:
            if text.startswith(prefix):
                return HIDDEN_PICTURE
        return text


def _former_name(lobby: Lobby, player: str) -> str | None:
    """The name a departed player had (it may still be in the match, the night's history and its scoreboard)."""
    if lobby.match is not None and player in lobby.match.names:
        return lobby.match.names[player]
    for entry in reversed(lobby.history):
        if player in entry.get("names", {}):
            return entry["names"][player]
    return None


def scrub_views(lobby: Lobby, views: dict[str | None, Any], plugins: Plugins | None = None) -> dict[str | None, Any]:
    """The views with every hidden item replaced (the views themselves when nothing is hidden)."""
    scrubber = Scrubber(lobby, plugins)
    if not scrubber:
        return views
    return {recipient: scrubber.scrub(view) for recipient, view in views.items()}
