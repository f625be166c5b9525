"""The door: every text a person types passes its lobby's family filter on the way in.

Typed text has one way in, the text policy's ``clean_text`` (``gamenight.text``: the ``Text`` field of every
move's and shelf move's schema, player names, associations). While the engine applies a command it opens the
lobby's door (``opened``); ``clean_text`` hands each text it kept to ``at_door``, which refuses what the
lobby's level keeps out with ``family_filter`` naming the field, changing nothing. A move made as its clock
runs out (``MASK_SECONDS`` or less left) is masked instead: refused then, its author could not type again in
time and the move would be lost, so its caught words are starred and it goes through.

The door is not replayed: a command in the log passed it once. What it did is logged with the command (the
masked texts, the texts that wait for the host in strict mode) and ``replayed`` does that again, so a lobby
rebuilt from its log is the lobby that was, whatever the word lists say by then. The games' own words (a
deck, Spyfall's locations) are not typed and never reach the door.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamenight import approval
from gamenight.errors import ActionError
from gamenight.family_filter import Level, check, mask
from gamenight.match_moves import SYSTEM

if TYPE_CHECKING:
    from gamenight.lobby import Lobby

MASK_SECONDS = 5.0  # a move made with this little left on a player's clock is masked, not refused
MASKED_KEY = "masked"  # the log's record of a command: {text as typed: text as kept}
QUEUED_KEY = "queued"  # the log's record of a command: the texts that wait for the host's approval
LEVEL_KEY = "family_filter"  # the log's record of a lobby's first command: the server's default level it took


@dataclass
class Door:
    """One command's pass through a lobby's door: the level, the host's words, what it masked and let in."""

    level: Level
    host_words: tuple[str, ...] = ()
    masking: bool = False
    masked: dict[str, str] = field(default_factory=dict)
    typed: list[str] = field(default_factory=list)

    def admit(self, text: str, field_name: str) -> str:
        verdict = check(text, self.level, self.host_words)
        if not verdict.clean:
            if not self.masking:
                raise ActionError("family_filter", field=field_name)
            self.masked[text] = text = mask(text, self.level, self.host_words)
        if text not in self.typed:
            self.typed.append(text)
        return text


@dataclass
class _Replay:
    """A logged command applied again: its texts kept as they were kept the first time."""

    masked: dict[str, str]

    def admit(self, text: str, field_name: str) -> str:
        return self.masked.get(text, text)


_current: ContextVar[Door | _Replay | None] = ContextVar("gamenight_door", default=None)


def at_door(text: str, field_name: str) -> str:
    """The text as the open door keeps it (itself, or masked); raises ``family_filter``. No door open: itself."""
    door = _current.get()
    return text if door is None else door.admit(text, field_name)


def door_for(lobby: Lobby, default_level: str, kind: str, now: float) -> Door:
    """The door of ``lobby`` for one command of ``kind``: its level (the server's default until the host
    chooses one) and its host's words; a move with a player's clock about to run out masks."""
    settings = lobby.family_filter
    level = Level(settings.get("level") or default_level)
    return Door(level, tuple(settings.get("words", ())), masking=kind == "act" and _clock_running_out(lobby, now))


def _clock_running_out(lobby: Lobby, now: float) -> bool:
    match = lobby.match
    if match is None or match.over:
        return False
    return any(
        timer.deadline is not None and not timer.pace and timer.deadline - now <= MASK_SECONDS
        for timer in match.timers.values()
    )


@contextmanager
def opened(door: Door) -> Iterator[Door]:
    """Every text cleaned inside passes ``door``."""
    token = _current.set(door)
    try:
        yield door
    finally:
        _current.reset(token)


def settle(door: Door, lobby: Lobby, author: str | None, extra: dict[str, Any], now: float) -> None:
    """After a command went through: log what the door did in ``extra`` and, in strict mode, queue for the host
    what ``author`` typed (the host's own texts need nobody's approval). A lobby without a level of its own
    takes the one its door had (the server's default)."""
    if lobby.family_filter.get("level") is None:
        lobby.family_filter["level"] = extra[LEVEL_KEY] = door.level.value
    if door.masked:
        extra[MASKED_KEY] = dict(door.masked)
    if door.level is Level.STRICT and author is not None and author != lobby.host and door.typed:
        queued = approval.enqueue(lobby, author, door.typed, now)
        if queued:
            extra[QUEUED_KEY] = {"player": author, "texts": queued}


@contextmanager
def replayed(extra: dict[str, Any]) -> Iterator[None]:
    """A logged command applied again: its texts masked as they were."""
    token = _current.set(_Replay(dict(extra.get(MASKED_KEY) or {})))
    try:
        yield
    finally:
        _current.reset(token)


def settle_replayed(lobby: Lobby, extra: dict[str, Any], now: float) -> None:
    """A logged command applied again: its level taken and its texts queued for the host as they were."""
    if LEVEL_KEY in extra:
        lobby.family_filter["level"] = extra[LEVEL_KEY]
    queued = extra.get(QUEUED_KEY)
    if queued:
        approval.enqueue(lobby, queued["player"], queued["texts"], now)


def author_of(actor: str | None, reply: dict[str, Any]) -> str | None:
    """Whose typed texts a command carried: its seat's, or the newcomer's it seated (a join is the engine's)."""
    if actor == SYSTEM:
        return reply.get("player") if "request" not in reply else None
    return actor


# -- the host's commands -----------------------------------------------------------------------------


def set_family_filter(lobby: Lobby, plugins, actor, args, extra, now):
    """The host chooses the lobby's level and their own words (either or both); leaving strict mode lets what
    waits for them onto the TV."""
    state = lobby.family_filter
    if args["level"] is not None:
        state["level"] = args["level"]
        if args["level"] != Level.STRICT:
            approval.release_all(lobby)
    if args["words"] is not None:
        words: dict[str, str] = {}
        for word in args["words"]:
            word = " ".join(word.split())
            if word:
                words.setdefault(word.casefold(), word)
        state["words"] = list(words.values())


def review_text(lobby: Lobby, plugins, actor, args, extra, now):
    """The host allows a waiting text onto the TV, or hides it."""
    approval.review(lobby, args["item"], args["allow"], now)


HANDLERS = {"family_filter": set_family_filter, "review_text": review_text}
