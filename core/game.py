"""What a plugin author declares: games, variants, phases and moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from marshmallow import Schema, fields

if TYPE_CHECKING:
    from gamenight.audience import Prompt
    from gamenight.awards import Award, Night
    from gamenight.ballots import Ballot
    from gamenight.match import Match
    from gamenight.records import Keepsake, Stat, Tally

Who = Literal["player", "turn", "host", "system"]

Next = str | None
"""What a handler returns: the id of the phase the match moves to, or ``None`` to stay in this one."""


@dataclass(frozen=True, kw_only=True)
class Game:
    """A base game, declared as one object (conventionally ``GAME``, at the end of its ``rules.py``).

    Who plays: ``min_players`` to ``max_players`` seats; below ``min_players``
    present a match ends at once, scored. ``options`` are the match options,
    marshmallow fields each with a ``load_default`` and
    ``metadata={"label": i18n_key}``. ``phases`` are the game's phases in the
    order a round reads; a match enters the first after ``setup``.

    What the core calls, each a function of the match:

    * ``check_start(match)`` raises ``ActionError`` when the match cannot start
      with these options and seats;
    * ``setup(match)`` fills ``match.data`` and starts the first round
      (``match.start_round()``);
    * ``deal(match, forced)`` deals a round's secrets into
      ``match.round_state``, only to ``match.present``; ``forced`` is a script's
      or a test's deal (``None`` in play), honoured or refused with ``BadDeal``;
    * ``public_view(match)`` is what every recipient gets and
      ``seat_view(match, player)`` what only ``player`` may see: the only ways
      game state reaches a client;
    * ``on_leave(match, player)`` hands on what a departing player held, in
      every phase that declares no ``on_leave`` of its own (:class:`Phase`);
    * ``unfinished_round(match)`` tells what a round cut short kept secret;
    * ``ranking_key(match, player)`` sorts the final ranking (higher is
      better; the default is the total points) and
      ``ballot_tiebreak(match, ballot, tied)`` picks among tied candidates;
    * ``awards(night)`` gives the recap's awards for the night's matches of
      this game (:mod:`gamenight.awards`);
    * ``round_tallies(match)`` tells a crew's record book what a round that ended
      scored adds to each player's stats, and ``keepsakes(match)`` what of the
      finished match the crew may vote into its hall of fame (:mod:`gamenight.records`);
    * ``audience_prompts(match)`` asks the audience questions about the match now, from
      public state alone (:mod:`gamenight.audience`).

    ``stats`` declares those stats (key -> :class:`gamenight.records.Stat`).

    ``points`` maps each scoring reason to its points (``match.score`` reads it
    through the ``points`` hook, so a variant can change one). ``dealt`` names
    the keys of ``match.round_state`` that the deal sets and nothing changes in
    place until the next deal (the round's cards): a move's copy of the lobby
    shares them instead of copying them. ``drawn_by`` names the key of
    ``match.round_state`` that holds the player whose drawing is on show (a
    game of drawings), so that the host can hide a drawing (:mod:`gamenight.hiding`).

    Variants change a game through hooks (:mod:`gamenight.hookspecs`): the
    game hooks, and the game's own ``hookspecs``, whose default
    implementations are ``hooks`` (an object or a tuple of them).
    """

    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    options: Mapping[str, fields.Field] = field(default_factory=dict)
    phases: Sequence[Phase]
    check_start: Callable[[Match], None] | None = None
    setup: Callable[[Match], None]
    deal: Callable[[Match, dict[str, Any] | None], None] | None = None
    public_view: Callable[[Match], dict[str, Any]]
    seat_view: Callable[[Match, str], dict[str, Any]] | None = None
    on_leave: Callable[[Match, str], Next] | None = None
    unfinished_round: Callable[[Match], list[dict[str, Any]]] | None = None
    ranking_key: Callable[[Match, str], tuple] | None = None
    ballot_tiebreak: Callable[[Match, Ballot, list[str]], str | None] | None = None
    points: Mapping[str, int] = field(default_factory=dict)
    dealt: tuple[str, ...] = ()
    drawn_by: str = ""  # the round_state key naming whose drawing a view shows now (gamenight.hiding)
    awards: Callable[[Night], list[Award]] | None = None
    stats: Mapping[str, Stat] = field(default_factory=dict)
    round_tallies: Callable[[Match], list[Tally]] | None = None
    keepsakes: Callable[[Match], list[Keepsake]] | None = None
    audience_prompts: Callable[[Match], list[Prompt]] | None = None
    hookspecs: object | None = None
    hooks: object | tuple[object, ...] | None = None
    package: str = ""

    @property
    def hook_layers(self) -> tuple[object, ...]:
        """``hooks`` as a tuple."""
        if self.hooks is None:
            return ()
        return self.hooks if isinstance(self.hooks, tuple) else (self.hooks,)


@dataclass(frozen=True, kw_only=True)
class Variant:
    """A variant of one game: what it adds to the game's ``options`` and ``phases``, and ``hooks``.

    ``options`` replace the game's options of the same name or add new ones;
    ``phases`` are merged into the game's by id (:meth:`Phase.merged`).
    ``hooks`` implements game hooks and the game's own, wrapping or overriding
    the game's. ``excludes`` lists variants of the same game it cannot be
    combined with.
    """

    id: str
    game: str
    names: Mapping[str, str]
    options: Mapping[str, fields.Field] = field(default_factory=dict)
    phases: Sequence[Phase] = ()
    hooks: object | None = None
    stats: Mapping[str, Stat] = field(default_factory=dict)
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
    (``system``). ``simultaneous`` moves (ballots, the host's clock controls:
    what they do does not depend on the state they were made on) are
    exempt from the stale version check. ``apply(match, action)`` changes the match and returns
    the phase it moves to (``None``: it stays), or raises
    :class:`gamenight.errors.ActionError`.
    """

    apply: Callable[[Match, Action], str | None]
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
    """A phase of a game: its moves, its clock, and where it leads.

    ``next`` names the phases this one may lead to: one id, or a tuple of
    ids when the way on depends on the match. The graph of a game is read
    from these (``gamenight games --phases GAME``), and the core refuses a
    step to a phase the current one does not name. Every handler that can
    move the match on returns the phase to enter, or ``None`` to stay:

    * a move's ``apply(match, action)``;
    * ``on_end(match)``, run when ``end_if(match)`` holds (asked after every
      move and every departure); without it, the match enters ``next`` when
      ``next`` is a single id;
    * ``on_clock(match)``, run when the clock runs out, or when the host moves
      the phase on without the missing players (the ``skip`` move); without
      it, what ``on_end`` (or a single ``next``) says;
    * ``on_ballot(match, ballot)``, run when a ballot closes during the phase;
    * ``on_enter(match)``, run on entry after the turn is given and the clock
      started (it may pass straight on);
    * ``on_leave(match, player)``, run when a player leaves the match during
      the phase (they are no longer in ``match.present``; they still vote in
      open ballots until it returns): it hands on a turn they held, voids the
      round when they held its secret (``match.void_round``); without it, the
      game's ``on_leave``.

    ``turn(match)`` names who holds the turn on entry (nobody by default).
    ``playing`` is false for a phase between rounds (a round's result, a
    break): a departure there does not interrupt a round.

    The phase ``"*"`` (``ANY_PHASE``) holds moves allowed in every phase, and
    its ``next`` the phases every phase may lead to. A variant that declares
    a phase of the same id adds or replaces moves, adds to ``next``, and
    replaces any of the other fields it sets.
    """

    id: str
    moves: Mapping[str, Move] = field(default_factory=dict)
    clock: Clock | None = None
    next: str | tuple[str, ...] = ()
    playing: bool | None = None
    turn: Callable[[Match], str | None] | None = None
    on_enter: Callable[[Match], Next] | None = None
    end_if: Callable[[Match], bool] | None = None
    on_end: Callable[[Match], Next] | None = None
    on_clock: Callable[[Match], Next] | None = None
    on_ballot: Callable[[Match, Ballot], Next] | None = None
    on_leave: Callable[[Match, str], Next] | None = None

    @property
    def leads_to(self) -> tuple[str, ...]:
        """The ids of the phases this phase may lead to."""
        return (self.next,) if isinstance(self.next, str) else tuple(self.next)

    @property
    def is_playing(self) -> bool:
        """True while a round is being played in this phase (the default)."""
        return self.playing is not False

    @property
    def timer(self) -> str | None:
        """The name of this phase's countdown, if it has a clock."""
        if self.clock is None:
            return None
        return self.clock.timer or self.id

    def ended(self, match: Match) -> Next:
        """Where the match goes when ``end_if`` holds."""
        if self.on_end is not None:
            return self.on_end(match)
        return self.next if isinstance(self.next, str) else None

    def clock_ran_out(self, match: Match) -> Next:
        """Where the match goes when the clock runs out (or the host skips the wait)."""
        if self.on_clock is not None:
            return self.on_clock(match)
        return self.ended(match)

    def merged(self, other: Phase) -> Phase:
        """This phase with a later layer's declaration of the same id laid over it."""
        changes: dict[str, Any] = {"moves": {**self.moves, **other.moves}}
        added = tuple(p for p in other.leads_to if p not in self.leads_to)
        if added:
            changes["next"] = self.leads_to + added if self.leads_to else other.next
            if isinstance(self.next, str) and self.on_end is None:  # the way on it had by default stays its way on
                default = self.next
                changes["on_end"] = lambda match: default
        for name in ("clock", "playing", "turn", "on_enter", "end_if", "on_end", "on_clock", "on_ballot", "on_leave"):
            if getattr(other, name) is not None:
                changes[name] = getattr(other, name)
        return replace(self, **changes)


@dataclass(frozen=True)
class Action:
    """A validated move as a game sees it: who made it, which move, its arguments."""

    id: str
    actor: str
    args: dict[str, Any]
