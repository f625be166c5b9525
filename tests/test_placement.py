"""Where a cluster's lobbies go (``gamenight.placement``): the least-loaded node, and moves players do not notice."""

from __future__ import annotations

from gamenight.placement import MARGIN, QUIET_SECONDS, deal, elsewhere, movable
from helpers import DEAL_ABC, Night


def test_a_lobby_moves_only_when_nobody_acted_for_a_while_and_no_round_or_vote_is_under_way(engine, clock):
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    acted = clock.now
    assert not movable(night.lobby, clock.now + QUIET_SECONDS - 1, acted)  # someone acted just now
    assert movable(night.lobby, clock.now + QUIET_SECONDS, acted)  # no match, nobody acting
    assert night.start(deals=[DEAL_ABC], options={"claim_seconds": 120}).ok
    later = clock.now + QUIET_SECONDS
    assert not movable(night.lobby, later, clock.now)  # mid-round
    while night.match.phase == "claim":
        night.must(night.turn, "claim", value=3)
    assert night.match.phase == "vote" and not movable(night.lobby, later, clock.now)  # mid-vote
    for voter, choice in (("Ann", "Boris"), ("Boris", "Ann"), ("Chen", "Boris")):
        night.must(voter, "vote", ballot="highest", choice=night.ids[choice])
    assert night.match.phase == "round_over" and movable(night.lobby, later, clock.now)  # between rounds
    assert night.command("Ann", "end").ok
    assert movable(night.lobby, later, clock.now)  # the match over


def test_a_lobby_goes_elsewhere_only_to_a_node_holding_clearly_fewer():
    assert elsewhere({"a": 3, "b": 3 - MARGIN, "c": 5}, "a") == "b"
    assert elsewhere({"a": 3, "b": 2, "c": 5}, "a") is None  # one fewer: moving it would only swap them
    assert elsewhere({"a": 9}, "a") is None  # alone
    assert elsewhere({"b": 0}, "a") is None  # a does not know its own load: it keeps what it is asked for
    assert elsewhere({"a": 4, "b": 1, "c": 1}, "a") == "b"  # ties: the first by id, the same on every node


def test_orphans_are_dealt_one_at_a_time_to_the_node_then_least_loaded():
    assert deal(["D", "C", "B", "A"], {"a": 1, "b": 0, "c": 3}) == {"A": "b", "B": "a", "C": "b", "D": "a"}
    assert deal(["A"], {}) == {}
