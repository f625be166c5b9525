"""What a plugin author declares: games, variants, phases and moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from marshmallow import Schema, fields

if TYPE_CHECKING:
    from gamenight.match import Match

Who = Literal["player", "turn", "host", "system"]


@dataclass(frozen=True)
class Game:
    """A base game.

    ``rules`` is the object (a module or an instance) that implements the game
    hooks of :class:`gamenight.hookspecs.GameHooks`; ``hookspecs`` optionally
    declares hooks of the game's own for its variants to implement.
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    rules: object
    hookspecs: object | None = None
    package: str = ""


@dataclass(frozen=True)
class Variant:
    """A variant of one game: its ``rules`` wrap or override that game's hooks.

    ``excludes`` lists variants of the same game it cannot be combined with.
    """

    id: str
    game: str
    names: Mapping[str, str]
    rules: object
    excludes: tuple[str, ...] = ()
    package: str = ""


@dataclass(frozen=True)
class ClientAssets:
    """The browser side of a game or a variant, served by the web server.

    ``directory`` may hold, all optional: ``screen.js`` (an ES module, games
    only, see docs/plugins.md), ``screen.css``, ``strings/<lang>.json`` (the
    i18n keys this game or variant emits) and ``rules/<lang>.html`` (the rules
    page). ``id`` is the game's or the variant's id.
    """

    id: str
    directory: Path


@dataclass(frozen=True)
class Move:
    """A move a phase accepts.

    ``args`` maps argument names to marshmallow fields (unknown arguments are
    refused). ``who`` says who may make it: any seated ``player``, only the
    player whose ``turn`` it is, the lobby ``host``, or the engine itself
    (``system``). ``simultaneous`` moves (ballots) are exempt from the stale
    version check. ``apply(match, action)`` changes the match or raises
    :class:`gamenight.errors.ActionError`.
    """

    apply: Callable[[Match, Action], None]
    args: Mapping[str, fields.Field] = field(default_factory=dict)
    who: Who = "player"
    simultaneous: bool = False

    @cached_property
    def schema(self) -> Schema:
        """The marshmallow schema that loads this move's arguments."""
        return Schema.from_dict(dict(self.args), name="MoveArgs")()


ANY_PHASE = "*"


@dataclass(frozen=True)
class Shelf:
    """Data that belongs to the lobby rather than to one match: it outlives matches and restarts.

    A shelf is public (every recipient sees it) and is changed only by its
    ``moves``, sent with the lobby command ``shelf``, during a match or
    between matches. Each move's ``apply`` receives a :class:`ShelfContext`
    instead of a match; ``who`` may be ``"player"`` (any seat) or ``"host"``.
    A game reads and writes a shelf with ``match.shelf(id)``.
    """

    id: str
    moves: Mapping[str, Move] = field(default_factory=dict)


@dataclass
class ShelfContext:
    """What a shelf move sees: the shelf's data, who is acting, the lobby's seats."""

    data: dict[str, Any]
    actor: str
    is_host: bool
    players: list[str]
    names: dict[str, str]
    now: float


@dataclass(frozen=True)
class Phase:
    """A phase of a game and the moves it accepts.

    The phase ``"*"`` (``ANY_PHASE``) holds moves allowed in every phase.
    """

    id: str
    moves: Mapping[str, Move] = field(default_factory=dict)


@dataclass(frozen=True)
class Action:
    """A validated move as a game sees it: who made it, which move, its arguments."""

    id: str
    actor: str
    args: dict[str, Any]
