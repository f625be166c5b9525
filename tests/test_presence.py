"""Players who come and go during a match: each point seen in real trials, through the engine.

The tests drive matches by player name and check what the players would see:
the phase moving on, who may vote or be asked, the points, the scoreboard.
"""

from __future__ import annotations

import pytest
from helpers import Night

NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay", "Gleb", "Hana"]
QUICK_HUMAN = {
    "reveal_seconds": 3,
    "guess_seconds": 10,
    "explain_seconds": 10,
    "discussion_seconds": 15,
    "vote_seconds": 15,
}


def table(engine, clock, count: int) -> Night:
    return Night(engine, clock, NAMES[:count])


def game_view(night: Night, name: str | None) -> dict:
    return night.view(name)["match"]["game_view"]


# -- I'm Not a Human ------------------------------------------------------------------------------------


def test_a_player_kicked_during_associations_does_not_stall_the_round(engine, clock):
    night = table(engine, clock, 5)
    assert night.start(game="notahuman", options=QUICK_HUMAN, deals=[{"human": "Ann", "answer": 3}]).ok
    for name, word in (("Ann", "cold"), ("Boris", "winter"), ("Chen", "night")):
        assert night.move(name, "associate", word=word).ok
    assert night.command("Ann", "kick", player=night.ids["Emil"]).ok
    assert night.move("Dina", "associate", word="moon").ok
    assert night.match.phase == "reveal_window", "the round waits for nobody who left"


def test_the_host_moves_associations_on_without_a_silent_player(engine, clock):
    night = table(engine, clock, 4)
    assert night.start(game="notahuman", options=QUICK_HUMAN, deals=[{"human": "Ann", "answer": 3}]).ok
    assert night.move("Ann", "associate", word="cold").ok
    assert night.move("Boris", "associate", word="winter").ok
    outcome = night.move("Ann", "skip")
    assert outcome.ok, outcome.error
    assert night.match.phase == "reveal_window"


def test_associations_have_a_clock(engine, clock):
    night = table(engine, clock, 4)
    assert night.start(game="notahuman", options=QUICK_HUMAN, deals=[{"human": "Ann", "answer": 3}]).ok
    assert night.view("Ann")["match"]["timers"], "a waiting phase shows a clock"
    night.advance(600)
    assert night.match.phase != "associations"


def test_the_human_leaving_before_their_association_voids_the_round(engine, clock):
    night = table(engine, clock, 5)
    deals = [{"human": "Chen", "answer": 3}, {"human": "Ann", "answer": 5}]
    assert night.start(game="notahuman", options=QUICK_HUMAN, deals=deals).ok
    assert night.move("Ann", "associate", word="cold").ok
    assert night.move("Boris", "associate", word="winter").ok
    assert night.command("Chen", "leave").ok
    view = night.view("Ann")["match"]
    assert view["phase"] == "round_over"
    assert view["game_view"]["outcome"]["void"] is True
    assert all(points == 0 for points in view["totals"].values()), "nobody scores a void round"
    assert night.move("Ann", "next").ok
    assert night.view("Ann")["match"]["round"] == 2, "the next round is dealt when the host says so"


def test_a_departed_authors_association_is_not_explained_or_voted_for(engine, clock):
    night = table(engine, clock, 5)
    assert night.start(game="notahuman", options=QUICK_HUMAN, deals=[{"human": "Ann", "answer": 3}]).ok
    for name, word in zip(NAMES[:5], ["cold", "winter", "night", "moon", "frost"], strict=True):
        assert night.move(name, "associate", word=word).ok
    assert night.command("Ann", "kick", player=night.ids["Boris"]).ok
    night.advance(4)  # the reveal window closes: the Human stays hidden
    speakers = []
    while night.match.phase == "explanations":
        speakers.append(night.name_of(night.match.turn))
        assert night.move(speakers[-1], "explained").ok
    assert "Boris" not in speakers
    assert night.move("Ann", "start_vote").ok
    ballot = night.view("Chen")["match"]["ballots"]["human"]
    assert "2" not in ballot["candidates"], "Boris's association (no. 2) is not voted for"
    assert night.ids["Boris"] not in ballot["voters"]


# -- Spyfall --------------------------------------------------------------------------------------------


def spyfall_with_spy(engine, clock, count: int, spy: str = "Chen", **options) -> Night:
    night = table(engine, clock, count)
    deals = [{"location": "s2.wedding", "spies": [spy]}] * 3
    assert night.start(game="spyfall", options={"rounds": 3, **options}, deals=deals).ok
    return night


def test_a_unanimous_accusation_passes_with_the_votes_of_those_left(engine, clock):
    night = spyfall_with_spy(engine, clock, 5)
    assert night.command("Ann", "kick", player=night.ids["Emil"]).ok
    assert night.move("Ann", "accuse", player=night.ids["Chen"]).ok
    assert night.move("Boris", "vote", ballot="accusation", choice="yes").ok
    assert night.move("Dina", "vote", ballot="accusation", choice="yes").ok
    outcome = night.view("Ann")["match"]["game_view"]["outcome"]
    assert outcome["winner"] == "agents" and outcome["convicted"] == night.ids["Chen"]


def test_a_player_leaving_during_a_vote_no_longer_counts(engine, clock):
    night = spyfall_with_spy(engine, clock, 5)
    assert night.move("Ann", "accuse", player=night.ids["Chen"]).ok
    assert night.move("Boris", "vote", ballot="accusation", choice="yes").ok
    assert night.move("Dina", "vote", ballot="accusation", choice="yes").ok
    assert night.command("Emil", "leave").ok
    assert night.view("Ann")["match"]["game_view"]["outcome"]["winner"] == "agents"


def test_a_departed_player_cannot_be_asked(engine, clock):
    night = spyfall_with_spy(engine, clock, 5)
    assert night.command("Ann", "kick", player=night.ids["Boris"]).ok
    assert night.move("Ann", "asked", player=night.ids["Boris"]).error["code"] == "spyfall.bad_target"


def test_the_question_passes_on_when_the_asker_leaves(engine, clock):
    night = spyfall_with_spy(engine, clock, 5)
    assert night.move("Ann", "asked", player=night.ids["Boris"]).ok
    assert night.command("Boris", "leave").ok
    assert night.view("Ann")["match"]["turn"] == night.ids["Chen"]


def test_departed_players_are_never_dealt_in_later_rounds(engine, clock):
    night = table(engine, clock, 6)
    assert night.start(game="spyfall", options={"rounds": 40}).ok
    gone = night.ids["Fay"]
    assert night.command("Ann", "kick", player=gone).ok
    for _ in range(30):
        night.advance(3600)  # every clock runs out; the round settles; the break moves on
        state = night.match.round_state
        assert gone not in state["spies"] and gone not in state["roles"]
        if night.match.over:
            break


def test_the_only_spy_leaving_voids_the_round(engine, clock):
    night = spyfall_with_spy(engine, clock, 5)
    assert night.command("Chen", "leave").ok
    view = night.view("Ann")["match"]
    assert view["phase"] == "round_over" and view["game_view"]["outcome"]["void"] is True


def test_two_spies_one_gone_the_other_plays_under_one_spy_thresholds(engine, clock):
    night = table(engine, clock, 7)
    deals = [{"location": "s2.wedding", "spies": ["Chen", "Dina"]}]
    assert night.start(game="spyfall", options={"spies": "2"}, deals=deals).ok
    assert night.command("Dina", "leave").ok
    assert night.move("Ann", "accuse", player=night.ids["Chen"]).ok
    for voter in ("Boris", "Emil", "Fay"):
        assert night.move(voter, "vote", ballot="accusation", choice="yes").ok
    assert night.match.phase == "accusation", "one missing yes fails a one-spy vote"
    assert night.move("Gleb", "vote", ballot="accusation", choice="yes").ok
    assert night.view("Ann")["match"]["game_view"]["outcome"]["winner"] == "agents"


# -- Team Spyfall ---------------------------------------------------------------------------------------


def teams_to_picks(engine, clock) -> Night:
    night = table(engine, clock, 6)
    deals = [{"teams": {"s2.wedding": ["Ann", "Boris", "Chen"], "s2.port": ["Dina", "Emil", "Fay"]}, "spies": []}]
    assert night.start(game="spyfall_teams", options={"rounds": 2}, deals=deals).ok
    assert night.move("Ann", "end_round").ok
    return night


def test_a_kicked_player_is_not_awaited_in_team_picks(engine, clock):
    night = teams_to_picks(engine, clock)
    assert night.command("Ann", "kick", player=night.ids["Fay"]).ok
    for name in ("Ann", "Boris", "Chen"):
        assert night.move(name, "name_location", locations=["s2.port"]).ok
    for name in ("Dina", "Emil"):
        assert night.move(name, "name_location", locations=["s2.wedding"]).ok
    assert night.match.phase == "pick_allies"
    for name, allies in (("Ann", ["Boris", "Chen"]), ("Boris", ["Ann", "Chen"]), ("Chen", ["Ann", "Boris"])):
        assert night.move(name, "point", players=[night.ids[a] for a in allies]).ok
    # A team of three less one still names two (the form the round was dealt with: a shorter one would tell
    # Dina and Emil that they are the team Fay left); only their one remaining ally counts.
    assert night.move("Dina", "point", players=[night.ids["Emil"]]).error["code"] == "spyfall_teams.pick_count"
    assert night.move("Dina", "point", players=[night.ids["Emil"], night.ids["Ann"]]).ok
    assert night.move("Emil", "point", players=[night.ids["Dina"], night.ids["Boris"]]).ok
    assert night.match.phase == "reveal"
    while night.match.phase == "reveal":
        night.move("Ann", "next_step")
    entries = night.view(None)["match"]["rounds"][0]["entries"]
    allies = {(e["player"], e["params"]["count"]) for e in entries if e["reason"] == "spyfall_teams.reason.ally"}
    assert (night.ids["Dina"], 1) in allies and (night.ids["Emil"], 1) in allies
    assert (night.ids["Ann"], 2) in allies, "Dina's second name is not Ann's teammate's: it gives Ann nothing"


def test_team_picks_offer_only_this_rounds_list(engine, clock):
    night = table(engine, clock, 6)
    deals = [
        {"teams": {"s2.wedding": ["Ann", "Boris", "Chen"], "s2.port": ["Dina", "Emil", "Fay"]}, "spies": []},
        {"teams": {"s2.museum": ["Ann", "Dina", "Fay"], "s2.prison": ["Boris", "Chen", "Emil"]}, "spies": []},
    ]
    assert night.start(game="spyfall_teams", options={"rounds": 2, "show_seconds": 1}, deals=deals).ok
    while night.match.phase != "round_over":
        night.advance(30)
    assert night.move("Ann", "next").ok
    offered = {card["id"] for card in game_view(night, "Ann")["locations"]}
    assert "s2.wedding" not in offered and "s2.port" not in offered
    assert night.move("Ann", "end_round").ok
    assert night.move("Ann", "name_location", locations=["s2.port"]).error["code"] == "spyfall.unknown_location"


# -- coming back, arriving late, ending early -------------------------------------------------------------


def test_a_kicked_player_who_joins_again_gets_one_seat_and_watches(engine, clock):
    night = spyfall_with_spy(engine, clock, 5)
    old = night.ids["Emil"]
    assert night.command("Ann", "kick", player=old).ok
    assert night.join("Emil").ok
    seats = night.view("Ann")["lobby"]["seats"]
    assert [s["name"] for s in seats].count("Emil") == 1
    match = night.view("Emil")["match"]
    assert night.ids["Emil"] == old and old not in match["present"] and old in match["left"]
    assert "card" not in match["game_view"], "a returning player watches with the public view"
    assert night.move("Emil", "cross", location="s2.port", crossed=True).error["code"] == "not_in_match"


def test_a_late_arrival_watches_and_plays_the_next_match(engine, clock):
    night = spyfall_with_spy(engine, clock, 4, rounds=1)
    assert night.join("Emil").ok
    assert "card" not in game_view(night, "Emil")
    # Everyone, the table first, learns who arrived and when they play.
    (arrived,) = [e for e in night.view(None)["match"]["events"] if e["key"] == "event.player_arrived"]
    assert arrived["params"] == {"name": "Emil"}
    assert night.command("Emil", "leave").ok
    left = [e for e in night.view(None)["match"]["events"] if e["key"] == "event.player_left"]
    assert left == [], "a watcher who goes again was never in the match"
    assert night.join("Emil").ok
    assert night.command("Ann", "end").ok
    assert night.start(game="spyfall").ok
    assert night.ids["Emil"] in night.view("Emil")["match"]["present"]
    assert "card" in game_view(night, "Emil")


def test_the_host_ends_a_match_early_and_the_finished_rounds_count(engine, clock):
    night = table(engine, clock, 3)
    assert night.start(options={"rounds": 5}).ok
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    assert night.move("Ann", "next").ok
    assert night.move(night.name_of(night.match.turn), "claim", value=4).ok
    finished = dict(night.match.totals())
    assert night.command("Ann", "end").ok
    lobby = night.view("Ann")["lobby"]
    assert lobby["history"][-1]["ended_early"] is True and not lobby["history"][-1]["aborted"]
    ranking = lobby["history"][-1]["ranking"]
    assert {e["player"]: e["total"] for e in ranking} == finished
    assert sum(row["played"] for row in lobby["scoreboard"]) == 3


def test_an_ended_match_is_not_played_on(engine, clock):
    night = table(engine, clock, 3)
    assert night.start().ok
    assert night.command("Ann", "end").ok
    assert night.command("Ann", "end").error["code"] == "no_match"
    assert night.move("Ann", "claim", value=3).error["code"] == "match_over"


def test_a_match_below_its_minimum_ends_scored(engine, clock):
    night = table(engine, clock, 3)
    deals = [{"human": "Ann", "answer": 3}]
    assert night.start(game="notahuman", options=QUICK_HUMAN, deals=deals).ok
    assert night.command("Chen", "leave").ok
    view = night.view("Ann")
    assert view["match"]["over"] and view["match"]["result"]["ended_early"] is True
    assert view["lobby"]["history"][-1]["ended_early"] is True


@pytest.mark.parametrize("game", ["notahuman", "spyfall", "spyfall_teams"])
def test_the_host_can_move_every_waiting_phase_on(engine, clock, game):
    """Whatever phase a match waits in, the host's skip moves it on or says nothing waits."""
    night = table(engine, clock, 6)
    assert night.start(game=game).ok
    seen = set()
    for _ in range(300):
        if night.match.over:
            break
        seen.add(night.match.phase)
        outcome = night.move("Ann", "skip")
        if not outcome.ok:
            assert outcome.error["code"] == "nothing_to_skip"
            night.advance(3600)
    assert night.match.over, f"skipping went through {sorted(seen)} without ending the match"


# -- a match ended mid-round tells what the round kept secret -----------------------------------


def unfinished(night: Night) -> list[tuple[str, dict]]:
    """The result's account of the round that was under way, as everyone (the table first) receives it."""
    result = night.view(None)["match"]["result"]
    assert result["ended_early"] is True
    assert night.view("Boris")["match"]["result"] == result, "everyone is told the same"
    return [(line["key"], line["params"]) for line in result.get("unfinished", [])]


def test_ending_im_not_a_human_early_shows_the_human_and_the_answer(engine, clock):
    night = table(engine, clock, 4)
    assert night.start(game="notahuman", options=QUICK_HUMAN, deals=[{"human": "Chen", "answer": 3}]).ok
    assert night.command("Ann", "end").ok
    assert unfinished(night) == [
        ("notahuman.unfinished.humans", {"players": [night.ids["Chen"]], "count": 1}),
        ("notahuman.unfinished.answer", {"answer": 3}),
    ]


def test_ending_spyfall_early_shows_the_location_and_the_spy(engine, clock):
    night = spyfall_with_spy(engine, clock, 4, spy="Dina")
    assert night.command("Ann", "end").ok
    (location, spies) = unfinished(night)
    assert location[0] == "spyfall.unfinished.location" and location[1]["location"]["id"] == "s2.wedding"
    assert spies == ("spyfall.unfinished.spies", {"players": [night.ids["Dina"]], "count": 1})


def test_ending_team_spyfall_early_shows_each_teams_location(engine, clock):
    night = teams_to_picks(engine, clock)
    assert night.command("Ann", "end").ok
    told = {
        params["location"]["id"]: sorted(night.name_of(p) for p in params["players"]) for _, params in unfinished(night)
    }
    assert told == {"s2.wedding": ["Ann", "Boris", "Chen"], "s2.port": ["Dina", "Emil", "Fay"]}


def test_too_few_players_mid_round_also_tells_the_round(engine, clock):
    night = spyfall_with_spy(engine, clock, 3, spy="Chen")
    assert night.command("Ann", "kick", player=night.ids["Boris"]).ok  # 2 left: below Spyfall's 3
    assert night.match.over
    assert [key for key, _ in unfinished(night)] == ["spyfall.unfinished.location", "spyfall.unfinished.spies"]


def test_a_match_ended_between_rounds_has_nothing_more_to_tell(engine, clock):
    night = table(engine, clock, 3)
    assert night.start(options={"rounds": 5}).ok
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    assert night.command("Ann", "end").ok
    assert unfinished(night) == []
