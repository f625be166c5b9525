"""What a plugin author declares: games, variants, phases and moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from marshmallow import Schema, fields

if TYPE_CHECKING:
    from gamenight.ballots import Ballot
    from gamenight.match import Match

Who = Literal["player", "turn", "host", "system"]


@dataclass(frozen=True)
class Game:
    """A base game.

    ``rules`` is the object (a module or an instance), or a tuple of them,
    that implements the game hooks of :class:`gamenight.hookspecs.GameHooks`;
    ``hookspecs`` optionally declares hooks of the game's own for its variants
    to implement. ``points`` maps each scoring reason to its points
    (``match.score`` reads it through the ``points`` hook, so a variant can
    change one). A match whose present players fall below ``min_players``
    ends at once, scored. ``dealt`` names the keys of ``match.round_state``
    that the deal sets and that nothing changes in place until the next deal
    replaces them (the round's cards, say): a move's copy of the lobby shares
    them instead of copying them.
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    rules: object | tuple[object, ...]
    hookspecs: object | None = None
    points: Mapping[str, int] = field(default_factory=dict)
    package: str = ""
    dealt: tuple[str, ...] = ()


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
class Clock:
    """A phase's countdown, started when the phase is entered.

    ``seconds`` is a number, the name of an integer match option, or a
    function of the match. ``timer`` names the countdown (the phase's id by
    default); a clock that ``spans`` phases (a round clock held during a
    vote) is not stopped when its phase is left, and is not restarted when
    the phase is entered again while it still runs: the game stops it.
    ``per_turn`` restarts it whenever the turn passes within the phase.
    A ``pace`` clock moves the show on by itself (a scoring show's step, a
    reveal window, a reveal to look at) rather than giving players a
    deadline: screens neither sound its last seconds nor paint it as urgent.
    """

    seconds: float | str | Callable[[Match], float]
    timer: str = ""
    per_turn: bool = False
    spans: bool = False
    pace: bool = False

    def length(self, match: Match) -> float:
        if callable(self.seconds):
            return float(self.seconds(match))
        if isinstance(self.seconds, str):
            return float(match.options[self.seconds])
        return float(self.seconds)


@dataclass(frozen=True)
class Phase:
    """A phase of a game: its moves, its clock and what happens at its edges.

    * ``on_enter(match)`` runs when the phase is entered (after its clock starts).
    * ``end_if(match)`` is asked after every move and every departure; when it
      holds, ``on_end(match)`` runs and moves the match on (to another phase).
    * ``on_clock(match)`` runs when the clock runs out, or when the host moves
      the phase on without the missing players (the ``skip`` move); by
      default it is ``on_end``.
    * ``on_ballot(match, ballot)`` runs when a ballot closes during the phase.

    The phase ``"*"`` (``ANY_PHASE``) holds moves allowed in every phase. A
    variant that declares a phase of the same id adds or replaces moves, and
    replaces any of the other fields it sets.
    """

    id: str
    moves: Mapping[str, Move] = field(default_factory=dict)
    clock: Clock | None = None
    on_enter: Callable[[Match], None] | None = None
    end_if: Callable[[Match], bool] | None = None
    on_end: Callable[[Match], None] | None = None
    on_clock: Callable[[Match], None] | None = None
    on_ballot: Callable[[Match, Ballot], None] | None = None

    @property
    def timer(self) -> str | None:
        """The name of this phase's countdown, if it has a clock."""
        if self.clock is None:
            return None
        return self.clock.timer or self.id

    def clock_ran_out(self, match: Match) -> None:
        handler = self.on_clock or self.on_end
        if handler is not None:
            handler(match)

    def merged(self, other: Phase) -> Phase:
        """This phase with a later layer's declaration of the same id laid over it."""
        changes: dict[str, Any] = {"moves": {**self.moves, **other.moves}}
        for name in ("clock", "on_enter", "end_if", "on_end", "on_clock", "on_ballot"):
            if getattr(other, name) is not None:
                changes[name] = getattr(other, name)
        return replace(self, **changes)


@dataclass(frozen=True)
class Action:
    """A validated move as a game sees it: who made it, which move, its arguments."""

    id: str
    actor: str
    args: dict[str, Any]
