"""Secret ballots: eligibility, changeable choices, nothing visible before close, both tally rules."""

from __future__ import annotations

import pytest
from gamenight.ballots import Ballot
from helpers import DEAL_ABC


@pytest.fixture
def voting(night):
    night.start(deals=[DEAL_ABC])
    for name in ["Ann", "Boris", "Chen"]:
        night.move(name, "claim", value=10)
    assert night.match.phase == "vote"
    return night


def test_nothing_of_the_ballots_is_visible_before_close(voting):
    ids = voting.ids
    assert voting.move("Ann", "vote", ballot="highest", choice=ids["Chen"]).ok
    assert voting.move("Ann", "vote", ballot="highest", choice=ids["Boris"]).ok, "changeable until close"
    for viewer in ["Boris", "Chen", None]:
        ballot = voting.view(viewer)["match"]["ballots"]["highest"]
        assert ballot["voted"] == [ids["Ann"]]
        assert "choices" not in ballot and "result" not in ballot
        assert ballot.get("mine") is None
    assert voting.view("Ann")["match"]["ballots"]["highest"]["mine"] == ids["Boris"]
    assert "counts" not in repr(voting.view("Boris"))


def test_voters_choose_only_allowed_candidates(voting):
    ids = voting.ids
    assert voting.move("Ann", "vote", ballot="highest", choice=ids["Ann"]).error["code"] == "invalid_choice"
    assert voting.move("Ann", "vote", ballot="highest", choice="server").error["code"] == "invalid_choice"
    voting.join("Dina")
    assert voting.move("Dina", "vote", ballot="highest", choice=ids["Ann"]).error["code"] == "not_in_match"
    assert voting.view("Boris")["match"]["ballots"]["highest"]["allowed"] == [ids["Ann"], ids["Chen"]]


def test_ballot_closes_when_everyone_has_voted_and_then_shows_everything(voting):
    ids = voting.ids
    voting.move("Ann", "vote", ballot="highest", choice=ids["Boris"])
    voting.move("Boris", "vote", ballot="highest", choice=ids["Ann"])
    voting.move("Chen", "vote", ballot="highest", choice=ids["Boris"])
    ballot = voting.view("Chen")["match"]["ballots"]["highest"]
    assert ballot["closed"]
    assert ballot["choices"] == {ids["Ann"]: ids["Boris"], ids["Boris"]: ids["Ann"], ids["Chen"]: ids["Boris"]}
    assert ballot["result"]["winner"] == ids["Boris"]
    assert voting.move("Ann", "vote", ballot="highest", choice=ids["Chen"]).error["code"] in (
        "ballot_closed",
        "wrong_phase",
    )


def test_ballot_closes_on_its_timer(voting):
    voting.move("Ann", "vote", ballot="highest", choice=voting.ids["Boris"])
    voting.advance(30)
    assert voting.match.ballots["highest"].closed
    assert voting.match.phase == "round_over"


def test_player_leaving_is_dropped_from_open_ballots(voting):
    ids = voting.ids
    voting.move("Ann", "vote", ballot="highest", choice=ids["Boris"])
    voting.move("Boris", "vote", ballot="highest", choice=ids["Ann"])
    assert voting.command("Chen", "leave").ok
    assert voting.match.ballots["highest"].closed


def test_plurality_and_ties():
    ballot = Ballot("b", voters=["a", "b", "c", "d"], candidates=["x", "y", "z"])
    ballot.choices = {"a": "x", "b": "y", "c": "x", "d": "y"}
    result = ballot.tally()
    assert result["winner"] is None and sorted(result["tied"]) == ["x", "y"]
    ballot.choices["d"] = "z"
    assert ballot.tally()["winner"] == "x"


def test_game_breaks_plurality_ties(night):
    """The tie-break decides: a game whose ``ballot_tiebreak`` picks the last-seated of the tied."""
    from dataclasses import replace

    from gamenight.registry import GameStack

    def last_seated(match, ballot, tied):
        return max(tied, key=match.players.index)

    night.start(deals=[DEAL_ABC])
    match = night.match
    stack = GameStack(replace(match.stack.game, ballot_tiebreak=last_seated), [])
    match.bind(stack, night.clock.now)
    match.open_ballot("t", ["p1", "p2"], ["p1", "p2", "p3"])
    match.cast("t", "p1", "p2")
    match.cast("t", "p2", "p3")
    assert match.ballots["t"].result["winner"] == "p3"
    assert match.ballots["t"].result["tied"] == ["p2", "p3"]


@pytest.mark.parametrize(
    ("voters", "k", "yes", "passed"),
    [(4, 0, 4, True), (4, 0, 3, False), (5, 1, 4, True), (5, 1, 3, False), (2, 0, 0, False)],
)
def test_yes_no_passes_with_all_but_k(voters, k, yes, passed):
    names = [f"v{i}" for i in range(voters)]
    ballot = Ballot("accuse", voters=names, candidates=["yes", "no"], rule="yesno", k=k)
    ballot.choices = {v: ("yes" if i < yes else "no") for i, v in enumerate(names)}
    result = ballot.tally()
    assert result["passed"] is passed
    assert result["needed"] == voters - k
