"""A match's rounds, points, public feed and end (the facade's ``start_round``, ``end_round``, ``void_round``,
``points``, ``score``, ``award``, ``totals``, ``round_scores``, ``announce``, ``finish``): the ``ledger`` of
points by round, the ``events`` everyone sees, and the ``result`` once the match is over."""

from __future__ import annotations

from typing import Any

from gamenight.errors import ActionError, BadDeal
from gamenight.scores import rank

OVER = "over"  # the phase of a finished match


class MatchRounds:
    """Rounds dealt by the game's ``deal`` hook, scored into the ledger, ranked by ``ranking_key`` at the end.

    A part of ``gamenight.match.Match``: the state it reads and changes is what ``Match.__init__`` sets.
    """

    def start_round(self) -> None:
        """Begin the next round: open its ledger page, clear ``round_state`` and call the ``deal`` hook."""
        self.round += 1
        self.ledger.open_round()
        self.round_state = {}
        forced = None
        if self.forced_deals and self.round <= len(self.forced_deals):
            forced = self.forced_deals[self.round - 1]
        try:
            self.hook.deal(match=self, forced=forced)
        except BadDeal as exc:
            raise ActionError("bad_deal", round=self.round, reason=str(exc)) from None
        except Exception as exc:  # a forced deal of the wrong shape, whatever the game tripped on
            if forced is None or isinstance(exc, ActionError):
                raise
            raise ActionError("bad_deal", round=self.round, reason=f"{type(exc).__name__}: {exc}") from None
        self.announce("event.round_started", round=self.round)

    def end_round(self, *, counted: bool = True) -> None:
        """Mark the current round as scored and over (its points are final), and keep what it adds to its
        players' stats (the ``round_tallies`` hook; not for a round ``counted`` False: cut short)."""
        if self.rounds_finished < self.round:
            self.rounds_finished = self.round
            if counted:
                for tallies in self.hook.round_tallies(match=self):
                    self.tallies += [{**tally.to_dict(), "round": self.round} for tally in tallies or []]
            self.announce("event.round_over", round=self.round)

    def void_round(self, player: str) -> None:
        """End the round void because ``player`` left holding its central secret (docs/rules: coming and going, 2).

        Nobody scores it: its points are struck out, its open ballots closed
        without effect and its clocks stopped. The game then sets its
        between-rounds phase; its cards stay used.
        """
        for ballot_id in list(self.ballots):
            self.cancel_ballot(ballot_id)
        self.timers.clear()
        self.ledger.void(self.round - 1)
        self.rounds_finished = self.round
        self.round_state["void"] = {"left": player}
        self.announce("event.round_void", round=self.round, player=player)

    def points(self, reason: str) -> int:
        """The points for scoring ``reason`` (the ``points`` hook: the game's table, or a variant's)."""
        return self.hook.points(match=self, reason=reason)

    def score(self, player: str, reason: str, times: int = 1, **params: Any) -> None:
        """Award ``player`` the points for ``reason`` (``times`` over), under the key ``<game>.reason.<reason>``."""
        self.award(player, self.points(reason) * times, f"{self.game}.reason.{reason}", **params)

    def award(self, player: str, points: int, reason: str, **params: Any) -> None:
        """Give ``points`` to ``player`` in this round, with the i18n key of the reason."""
        self.ledger.award(player, points, reason, params)

    def totals(self) -> dict[str, int]:
        return self.ledger.totals(self.players)

    def round_scores(self, index: int = -1) -> dict[str, int]:
        return self.ledger.round_scores(index, self.players)

    def announce(self, key: str, **params: Any) -> None:
        """Add a public event (an i18n key and parameters) to the match's feed; events never change once added."""
        self.events.append({"key": key, "params": params, "round": self.round})

    def finish(self, *, early: bool = False) -> None:
        """End the match: rank the players with the ``ranking_key`` hook and stop every timer.

        ``early``: the host ended it now, or too few players are left. Only the
        finished rounds count; a round under way is struck out.
        """
        unfinished = []
        cut_short = early and self.rounds_finished < self.round
        if cut_short:
            self.ledger.void(self.round - 1)
            unfinished = [message for told in self.hook.unfinished_round(match=self) for message in told or []]
        self.end_round(counted=not cut_short)
        for ballot in self.ballots.values():
            ballot.closed = True
        totals = self.totals()
        ranking = rank(self.players, lambda p: tuple(self.hook.ranking_key(match=self, player=p)))
        for entry in ranking:
            entry["total"] = totals[entry["player"]]
            if entry["player"] in self.left:
                entry["left"] = True
        self.result = {
            "ranking": ranking,
            "winners": [e["player"] for e in ranking if e["place"] == 1],
            "ended_early": early,
        }
        if unfinished:
            self.result["unfinished"] = unfinished
        self.keepsakes = [kept.to_dict() for found in self.hook.keepsakes(match=self) for kept in found or []]
        self.over = True
        self.phase = OVER
        self.turn = None
        self.timers.clear()
        self.announce("event.match_over", early=early)
