"""Every hook of gamenight, in one module.

Two sets of hooks live here:

* :class:`PlatformHooks` are called on the plugins loaded from the
  ``gamenight.plugins`` entry-point group (and ``GAMENIGHT_PLUGINS``): they
  tell the platform which games and variants exist.
* :class:`GameHooks` are called on one match's *stack*: the base game's
  ``rules`` object, then the ``rules`` of each variant the host chose, in the
  order chosen. A variant overrides a game's hook with ``tryfirst=True`` (and
  a non-``None`` result where the hook is first-result), or wraps it with
  ``wrapper=True``.

Every hook is documented in docs/plugins.md; a test keeps the two in step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from gamenight.ballots import Ballot
    from gamenight.game import Action, ClientAssets, Game, Phase, Shelf, Variant
    from gamenight.images import ImagePack
    from gamenight.match import Match
    from marshmallow import fields

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


class GameHooks:
    """Hooks of one match, implemented by a game's and its variants' ``rules``."""

    @hookspec
    def options(self) -> dict[str, fields.Field]:
        """Return the match options this game or variant adds, as marshmallow fields.

        Give each field a ``load_default`` and ``metadata={"label": i18n_key}``.
        Results are merged; a variant re-declaring a game's option replaces it.
        """

    @hookspec
    def check_start(self, match: Match) -> None:
        """Raise ``ActionError`` if the match cannot start with these options and seats.

        Called once, before ``setup``, with ``match.options`` loaded and
        ``match.players`` seated; every implementation is called.
        """

    @hookspec
    def phases(self) -> list[Phase]:
        """Return the phases this game or variant declares, each with its moves.

        Results are merged by phase id; a variant's move replaces the game's
        move of the same id in the same phase.
        """

    @hookspec
    def setup(self, match: Match) -> None:
        """Set up a new match: fill ``match.data``, start the first round, set the phase.

        Every implementation is called, variants before the game; a variant
        that must see the game's setup uses ``wrapper=True``.
        """

    @hookspec(firstresult=True)
    def deal(self, match: Match, forced: dict[str, Any] | None) -> Any:
        """Deal a round's secrets into ``match.data``; return anything but ``None`` when done.

        ``match.start_round()`` calls it. ``forced`` is the round's deal from a
        script or test (``None`` in real play): a game honours it instead of the
        RNG. A variant that deals differently returns a result with ``tryfirst``.
        """

    @hookspec(firstresult=True)
    def act(self, match: Match, action: Action) -> Any:
        """Apply a validated move; return anything but ``None`` to mark it handled.

        The core's fallback calls the declared ``Move.apply``; a variant can
        intercept a move with ``tryfirst`` or wrap every move with ``wrapper``.
        """

    @hookspec
    def timer_expired(self, match: Match, timer: str) -> None:
        """React to a game timer running out (ballot timers close their ballot instead)."""

    @hookspec
    def ballot_closed(self, match: Match, ballot: Ballot) -> None:
        """React to a ballot closing; ``ballot.result`` holds the tally."""

    @hookspec(firstresult=True)
    def ballot_tiebreak(self, match: Match, ballot: Ballot, tied: list[str]) -> str | None:
        """Pick the winner among ``tied`` candidates of a plurality ballot, or ``None`` for no winner."""

    @hookspec(firstresult=True)
    def view(self, match: Match, player: str | None) -> dict[str, Any]:
        """Return the game's part of one recipient's view: a seat's (``player``) or the table's (``None``).

        This is the only way game state reaches a client: include nothing the
        recipient may not know. Wrap it to add or redact.
        """

    @hookspec(firstresult=True)
    def ranking_key(self, match: Match, player: str) -> tuple:
        """Return the sort key for the final ranking (higher is better).

        The default is ``(total points,)``; add tie-breaks after it, or replace
        it (team games rank by rounds won). Equal keys share a place.
        """

    @hookspec
    def player_left(self, match: Match, player: str) -> None:
        """A seated player left the lobby or was kicked during the match.

        The core has already removed them from open ballots.
        """
