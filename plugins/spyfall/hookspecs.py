"""Hooks Spyfall declares for its variants (see docs/plugins.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight import hookspec

if TYPE_CHECKING:
    from gamenight.match import Match


class LocationHooks:
    """Where a Spyfall game's locations come from; shared by Spyfall and Team Spyfall for their variants."""

    @hookspec(firstresult=True)
    def spyfall_locations(self, match: Match) -> list[dict[str, Any]]:
        """The locations in play: ``[{"id", "names": {lang: name}, "roles": [...]}]`` (the game's default:
        the chosen packs). The eight-locations variant returns its board."""

    @hookspec
    def spyfall_round_done(self, match: Match, used: list[str]) -> None:
        """A round that used the locations ``used`` (ids) is over."""

    @hookspec
    def spyfall_check_next_round(self, match: Match) -> None:
        """Raise ``ActionError`` if the next round cannot start yet (the board is not full again)."""


class SpyfallHooks(LocationHooks):
    """Spyfall's own hooks; their defaults are ``rules.Defaults``."""

    @hookspec
    def spyfall_question_asked(self, match: Match, asker: str, target: str) -> None:
        """``asker`` asked ``target`` a question, and the turn has passed to ``target`` (the ``asked`` move).

        Every implementation is called; nothing is expected back (the game's default: nothing).
        """

    @hookspec(firstresult=True)
    def spyfall_clock_ran_out(self, match: Match) -> str | bool | None:
        """The round clock ran out (or the host moved the play on), before the clock-out votes open.

        Return ``None`` for the votes (the game's default); to take over, the phase to move to instead
        (``"round_over"`` from ``rules.settle``, say, for a round that ends otherwise: the play must lead
        there), or ``True`` to stay in the play (having restarted the clock with ``match.restart_clock()``).
        """

    @hookspec(firstresult=True)
    def spyfall_spy_count(self, match: Match) -> int:
        """How many spies to deal this round (the game's default: the ``spies`` option, resolved).

        From 0 to the players in the match minus 2 (two agents at least); a count outside that range refuses
        the deal (at the start: the start) with ``spyfall.spy_count_impossible``. The round follows the count
        dealt: after the first reveal every other spy reveals in turn, each on a full reveal clock; the default
        ``spyfall_allowance`` is one less than the spies still in; the public ``spy_count`` is the count dealt.
        """

    @hookspec(firstresult=True)
    def spyfall_spy_counts(self, match: Match) -> list[int]:
        """Every spy count a round of this match may have (a forced deal naming another count is refused).

        The game's default: the one count ``spyfall_spy_count`` gives.
        """

    @hookspec(firstresult=True)
    def spyfall_allowance(self, match: Match) -> int:
        """How many voters may withhold a yes while a vote still passes (the game's default: one less than the
        spies still in play, so 0 with one spy and 1 with two).

        Asked when a vote opens and again when a player leaves during it.
        """

    @hookspec(firstresult=True)
    def spyfall_score(self, match: Match, outcome: dict[str, Any]) -> Any:
        """Score a finished round; return anything but ``None`` when done (the game's scoring is the default).

        Points go through ``match.score`` (reasons ``spy_win``, ``spy_guessed``,
        ``innocent_accused``, ``agents_win``, ``first_accuser``; the core
        ``points`` hook gives their values) or ``match.award``.

        ``outcome``: ``winner`` (``"spies"`` or ``"agents"``), ``how`` (``"accusation"``,
        ``"final_vote"``, ``"clock"``, ``"reveal"``), ``convicted`` (a player id or ``None``),
        ``spies``, ``guesses`` ({spy: location id or None}), ``correct`` (spies who named it).
        """
