"""A match's secret ballots (the facade's ``open_ballot``, ``cast``, ``close_ballot``, ``cancel_ballot``,
``discard_ballot``; the core's ``drop_voter``): ``ballots`` by id, each a ``gamenight.ballots.Ballot``."""

from __future__ import annotations

from typing import Any

from gamenight.ballots import Ballot, Rule
from gamenight.errors import ActionError

BALLOT_TIMER_PREFIX = "ballot:"  # a ballot's countdown is named this prefix and the ballot's id


class MatchBallots:
    """Ballots opened among the present players, closed by their last vote or their countdown.

    A part of ``gamenight.match.Match``: the state it reads and changes is what ``Match.__init__`` sets.
    """

    def open_ballot(
        self,
        id: str,
        voters: list[str],
        candidates: list[str],
        *,
        rule: Rule = "plurality",
        k: int = 0,
        forbidden: dict[str, list[str]] | None = None,
        seconds: float | None = None,
        data: dict[str, Any] | None = None,
    ) -> Ballot:
        """Open a secret ballot; it closes when every voter has voted, or when its timer runs out.

        Departed players are never voters. ``forbidden`` maps a voter to the
        candidates they may not choose (their own association, say).
        """
        if rule in ("yesno", "majority"):
            candidates = ["yes", "no"]
        ballot = Ballot(
            id=id,
            voters=[v for v in voters if self.is_present(v)],
            candidates=list(candidates),
            rule=rule,
            k=k,
            forbidden=dict(forbidden or {}),
            data=dict(data or {}),
        )
        if seconds:
            ballot.timer = BALLOT_TIMER_PREFIX + id
            self.start_timer(ballot.timer, seconds)
        self.ballots[id] = ballot
        if not ballot.voters:
            self.close_ballot(id)
        return ballot

    def cast(self, ballot_id: str, voter: str, choice: str) -> None:
        ballot = self.ballots.get(ballot_id)
        if ballot is None:
            raise ActionError("unknown_ballot", ballot=ballot_id)
        if ballot.closed:
            raise ActionError("ballot_closed", ballot=ballot_id)
        if voter not in ballot.voters:
            raise ActionError("not_eligible", ballot=ballot_id)
        if choice not in ballot.allowed(voter):
            raise ActionError("invalid_choice", ballot=ballot_id, choice=choice)
        ballot.choices[voter] = choice
        if ballot.complete:
            self.close_ballot(ballot_id)

    def close_ballot(self, ballot_id: str) -> Ballot:
        """Close a ballot now, tally it and call the current phase's ``on_ballot``."""
        ballot = self.ballots[ballot_id]
        if ballot.closed:
            return ballot
        result = ballot.tally()
        if ballot.rule == "plurality" and result["tied"]:
            result["winner"] = self.hook.ballot_tiebreak(match=self, ballot=ballot, tied=list(result["tied"]))
        ballot.result = result
        ballot.closed = True
        if ballot.timer:
            self.stop_timer(ballot.timer)
        declared = self.phase_declared
        if declared is not None and declared.on_ballot is not None:
            self.move_on(declared.on_ballot(self, ballot))
        return ballot

    def cancel_ballot(self, ballot_id: str) -> None:
        """Close a ballot without effect (its subject left): no tally, no ``on_ballot``."""
        ballot = self.ballots[ballot_id]
        if not ballot.closed:
            ballot.closed = True
            ballot.result = {"void": True}
            if ballot.timer:
                self.stop_timer(ballot.timer)

    def discard_ballot(self, ballot_id: str) -> None:
        """Forget a ballot whose result has been used (a turn's vote, before the next turn opens its own)."""
        ballot = self.ballots.pop(ballot_id, None)
        if ballot is not None and ballot.timer:
            self.stop_timer(ballot.timer)

    def drop_voter(self, player: str) -> None:
        """Remove a departed player from every open ballot (closing those now complete)."""
        for ballot in list(self.ballots.values()):
            if not ballot.closed and player in ballot.voters:
                ballot.voters.remove(player)
                ballot.choices.pop(player, None)
                if ballot.complete:
                    self.close_ballot(ballot.id)
