"""Every hook of gamenight, in one module.

Two sets of hooks live here:

* :class:`PlatformHooks` are called on the plugins loaded from the
  ``gamenight.plugins`` entry-point group (and ``GAMENIGHT_PLUGINS``): they
  tell the platform which games and variants exist.
* :class:`GameHooks` are called on one match's *stack*: the base game's
  ``rules`` object, then the ``rules`` of each variant the host chose, in the
  order chosen. pluggy calls the last registered first, so a variant's
  implementation is called before the game's: it overrides a first-result hook
  by returning anything but ``None`` (``None`` leaves the call to the game), or
  wraps a hook with ``wrapper=True``. ``tryfirst=True`` is needed only to be
  called before the other variants too. The core's own defaults are
  ``trylast`` and come last.

Every hook is documented in docs/plugins.md; a test keeps the two in step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from gamenight.audience import Prompt
    from gamenight.awards import Award, Night
    from gamenight.ballots import Ballot
    from gamenight.game import Action, ClientAssets, Game, Shelf, Variant
    from gamenight.images import ImagePack
    from gamenight.match import Match
    from gamenight.records import Keepsake, Tally

PROJECT = "gamenight"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


class PlatformHooks:
    """Hooks of the platform, implemented by entry-point plugins."""

    @hookspec
    def gamenight_games(self) -> list[Game]:
        """Return the games this plugin provides (``[]`` for none)."""

    @hookspec
    def gamenight_variants(self) -> list[Variant]:
        """Return the variants this plugin provides, each naming the game it targets."""

    @hookspec
    def gamenight_shelves(self) -> list[Shelf]:
        """Return the lobby shelves (data that outlives matches) this plugin declares, with their moves."""

    @hookspec
    def gamenight_image_packs(self) -> list[ImagePack]:
        """Return the picture packs this plugin provides, for games that deal pictures."""

    @hookspec
    def gamenight_client_assets(self) -> list[ClientAssets]:
        """Return the browser assets (screen, styles, strings, rules) of this plugin's games and variants."""

    @hookspec
    def gamenight_awards(self, night: Night) -> list[Award]:
        """Return the awards this plugin gives when the host closes the night (``[]`` for none).

        ``night.matches`` are the night's finished matches (``MatchRecord``: players,
        ranking, every point with its reason); a game looks at its own
        (``night.of(game_id)``) and names the leaders with ``gamenight.awards.leaders``.
        Called once, inside the logged ``close_night`` command: compute from the
        records only, so that a replay gives the same awards.
        """


class GameHooks:
    """Hooks of one match: what a variant implements to change its game.

    A game declares its functions as fields of its :class:`gamenight.game.Game`
    (``setup``, ``deal``, ``public_view``, ``on_leave`` and the rest); the stack
    calls them through these hooks, so a variant's implementation wraps or
    overrides the game's. A game's options and phases are data, not hooks:
    ``Game.options`` and ``Game.phases``, and a variant's ``Variant.options``
    and ``Variant.phases`` laid over them.
    """

    @hookspec
    def check_start(self, match: Match) -> None:
        """Raise ``ActionError`` if the match cannot start with these options and seats.

        Called once, before ``setup``, with ``match.options`` loaded and
        ``match.players`` seated; every implementation is called.
        """

    @hookspec
    def setup(self, match: Match) -> None:
        """Set up a new match: fill ``match.data`` and start the first round (``match.start_round()``).

        The core then enters the game's first phase (the first of ``Game.phases``).

        Every implementation is called, variants before the game; a variant
        that must see the game's setup uses ``wrapper=True``.
        """

    @hookspec(firstresult=True)
    def deal(self, match: Match, forced: dict[str, Any] | None) -> Any:
        """Deal a round's secrets into ``match.round_state`` (a fresh dict each round).

        ``match.start_round()`` calls it; deal only to ``match.present``.
        ``forced`` is the round's deal from a script or test (``None`` in real
        play): a game honours it instead of the RNG, and raises ``BadDeal``
        when it names an unknown player or a deal the game could not produce.
        The game returns nothing; a variant that deals differently returns
        anything but ``None`` (``None`` leaves the deal to the game).
        """

    @hookspec(firstresult=True)
    def act(self, match: Match, action: Action) -> Any:
        """Apply a validated move; return anything but ``None`` to mark it handled.

        The core's fallback calls the declared ``Move.apply`` and moves the
        match on to the phase it returns; a variant
        intercepts a move by returning anything but ``None`` for it, or wraps
        every move with ``wrapper=True``.
        """

    @hookspec(firstresult=True)
    def ballot_tiebreak(self, match: Match, ballot: Ballot, tied: list[str]) -> str | None:
        """Pick the winner among ``tied`` candidates of a plurality ballot, or ``None`` for no winner."""

    @hookspec(firstresult=True)
    def points(self, match: Match, reason: str) -> int:
        """Points for one scoring ``reason``; the default is the game's ``Game.points`` table.

        ``match.score(player, reason)`` asks this hook, so a variant changes a
        game's points by returning its own value for the reasons it changes
        (and ``None`` for the rest).
        """

    @hookspec(firstresult=True)
    def public_view(self, match: Match) -> dict[str, Any]:
        """Return the game's view that every recipient gets: seats, the table, late arrivals.

        Built once per change. This and ``seat_view`` are the only way game
        state reaches a client: include nothing that is not public. Wrap it
        (``wrapper=True``) to add or redact.
        """

    @hookspec(firstresult=True)
    def seat_view(self, match: Match, player: str) -> dict[str, Any]:
        """Return what only ``player`` may see (their card, their own picks), laid over the public view.

        Called for each seat still in the match; wrap it to add or redact.
        """

    @hookspec(firstresult=True)
    def ranking_key(self, match: Match, player: str) -> tuple:
        """Return the sort key for the final ranking (higher is better).

        The default is ``(total points,)``; add tie-breaks after it, or replace
        it (team games rank by rounds won). Equal keys share a place.
        """

    @hookspec
    def unfinished_round(self, match: Match) -> list[dict[str, Any]]:
        """Return what the round under way kept secret, to be told when the match ends before it does.

        Asked when the host ends a match early, or too few players are left, in
        the middle of a round: messages ``{"key", "params"}`` (the Human, the
        spies and the location, the word being drawn). They go into the match's
        result (``result["unfinished"]``), which everyone sees above the ranking;
        a player id in the params is shown as the name, a list of them as a list.
        """

    @hookspec(firstresult=True)
    def player_left(self, match: Match, player: str) -> str | None:
        """A player left the match (left the lobby, or was kicked); return the phase the match moves to, or
        ``None`` to stay. The game answers with its current phase's ``on_leave``, else ``Game.on_leave``.

        First-result: a variant is asked before its game, and the first implementation that returns a phase
        decides alone; the ones after it are not called. A variant that handles a departure itself returns
        the phase to move to, or ``match.phase`` to stay, and the game's own ``player_left`` does not act; it
        returns ``None`` to leave the departure to the game.

        The core has already marked them departed (``match.present`` no longer
        has them). Only after this hook does it remove them as a voter from
        every open ballot, so while it runs they are still among the voters;
        they stay a candidate (``Ballot.drop_candidate`` takes them off). A game
        hands on a turn they held and voids the round when they held its
        central secret (``match.void_round``). Afterwards the core ends the
        match if too few players are left, or asks the phase's ``end_if``.
        """

    @hookspec
    def round_tallies(self, match: Match) -> list[Tally]:
        """Return what the round that just ended adds to its players' stats in a crew's record book.

        Asked as a round ends scored (``match.end_round()``), with ``match.round_state`` still the round's;
        never for a void round or one cut short. Every implementation is called and the lists are joined: a
        variant adds its own tallies, or wraps the hook (``wrapper=True``) to change the game's. Each stat
        is declared in ``Game.stats`` (:mod:`gamenight.records`); the core counts matches, wins and points.
        """

    @hookspec
    def audience_prompts(self, match: Match) -> list[Prompt]:
        """Return the questions the audience may answer about the match now (:mod:`gamenight.audience`).

        Asked whenever the views are built, so made from public state alone: a prompt's ``answer`` is set only
        once every player has seen it (the reveal), and nothing about it may tell a secret sooner. Every
        implementation is called and the lists are joined: a variant adds its own prompts, or wraps the hook
        (``wrapper=True``) to change the game's. A game without prompts has an audience that watches.
        """

    @hookspec
    def keepsakes(self, match: Match) -> list[Keepsake]:
        """Return what the finished match made that a crew may vote into its hall of fame (drawings with
        what replays them, associations). Asked once as the match ends; the lists of every implementation
        are joined.
        """
