"""I'm Not a Human: a player who leaves in each phase of a round, as the others see it.

A Human who leaves voids the round in any phase of play; a robot who leaves
hands on the explanation they were giving, or stops being voted for; between
rounds a departure changes nothing of the round's result.
"""

from __future__ import annotations

from helpers import Night

NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil"]
WORDS = ["cold", "winter", "night", "moon", "frost"]
QUICK = {"reveal_seconds": 3, "guess_seconds": 10, "explain_seconds": 10, "discussion_seconds": 15}


def started(engine, clock, human: str) -> Night:
    night = Night(engine, clock, NAMES)
    deals = [{"human": human, "answer": 3}, {"human": "Dina", "answer": 5}]
    assert night.start(game="notahuman", options=QUICK, deals=deals).ok
    return night


def to_explanations(night: Night) -> None:
    for name, word in zip(NAMES, WORDS, strict=True):
        assert night.move(name, "associate", word=word).ok
    night.advance(4)  # the reveal window closes: the Human stays hidden
    assert night.match.phase == "explanations"


def to_voting(night: Night) -> None:
    to_explanations(night)
    while night.match.phase == "explanations":
        assert night.move(night.name_of(night.match.turn), "explained").ok
    assert night.move("Ann", "start_vote").ok
    assert night.match.phase == "voting"


def outcome(night: Night) -> dict:
    return night.view("Ann")["match"]["game_view"]["outcome"]


def test_a_robot_who_leaves_while_explaining_hands_the_turn_to_the_next_author(engine, clock):
    night = started(engine, clock, human="Emil")
    to_explanations(night)
    assert night.name_of(night.match.turn) == "Ann"
    assert night.command("Ann", "kick", player=night.ids["Boris"]).ok
    assert night.name_of(night.match.turn) == "Ann", "someone else leaving does not take the turn away"
    assert night.command("Ann", "leave").ok
    assert night.match.phase == "explanations"
    assert night.name_of(night.match.turn) == "Chen", "Boris left too: the turn skips his association"
    assert night.view("Chen")["match"]["game_view"]["speaker"] == night.ids["Chen"]


def test_the_last_author_leaving_while_explaining_opens_the_discussion(engine, clock):
    night = started(engine, clock, human="Ann")
    to_explanations(night)
    while night.name_of(night.match.turn) != "Emil":
        assert night.move(night.name_of(night.match.turn), "explained").ok
    assert night.command("Emil", "leave").ok
    assert night.match.phase == "discussion"


def test_a_robot_who_leaves_during_the_vote_is_no_longer_a_candidate(engine, clock):
    night = started(engine, clock, human="Emil")
    to_voting(night)
    assert "2" in night.view("Ann")["match"]["ballots"]["human"]["candidates"]
    assert night.command("Boris", "leave").ok
    assert night.match.phase == "voting", "the vote goes on without Boris"
    ballot = night.view("Ann")["match"]["ballots"]["human"]
    assert "2" not in ballot["candidates"], "Boris's association (no. 2) is not voted for"
    assert night.ids["Boris"] not in ballot["voters"]


def test_the_human_leaving_during_the_vote_voids_the_round(engine, clock):
    night = started(engine, clock, human="Chen")
    to_voting(night)
    assert night.move("Ann", "vote", ballot="human", choice="3").ok
    assert night.command("Chen", "leave").ok
    assert night.match.phase == "round_over"
    assert outcome(night)["void"] is True
    assert all(points == 0 for points in night.view("Ann")["match"]["totals"].values()), "nobody scores"


def test_the_human_leaving_after_revealing_voids_the_guess(engine, clock):
    night = started(engine, clock, human="Chen")
    for name, word in zip(NAMES, WORDS, strict=True):
        assert night.move(name, "associate", word=word).ok
    assert night.move("Chen", "reveal").ok
    assert night.match.phase == "guess"
    assert night.command("Chen", "leave").ok
    assert night.match.phase == "round_over"
    assert outcome(night)["void"] is True


def test_the_human_leaving_between_rounds_keeps_the_rounds_result(engine, clock):
    night = started(engine, clock, human="Chen")
    to_voting(night)
    for name in NAMES:
        choice = "1" if name == "Chen" else "3"
        assert night.move(name, "vote", ballot="human", choice=choice).ok
    assert night.match.phase == "round_over"
    result = outcome(night)
    totals = night.view("Ann")["match"]["totals"]
    assert result["revealed"] == night.ids["Chen"] and not result["human_wins"]
    assert night.command("Chen", "leave").ok
    assert night.match.phase == "round_over"
    assert outcome(night) == result, "the round played stays as it ended"
    assert night.view("Ann")["match"]["totals"] == totals
    assert night.move("Ann", "next").ok
    assert night.view("Ann")["match"]["round"] == 2
