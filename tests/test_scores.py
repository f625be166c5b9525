"""The ledger with reasons, rankings with shared places, the night scoreboard."""

from __future__ import annotations

from gamenight.scores import Ledger, NightScoreboard, rank
from helpers import DEAL_ABC


def test_ledger_keeps_a_reason_for_every_point():
    ledger = Ledger()
    ledger.open_round()
    ledger.award("a", 1, "robots_won")
    ledger.award("b", 3, "human_guessed", {"image": 4})
    ledger.open_round()
    ledger.award("a", 2, "fooled")
    assert ledger.round_scores(0, ["a", "b", "c"]) == {"a": 1, "b": 3, "c": 0}
    assert ledger.totals(["a", "b", "c"]) == {"a": 3, "b": 3, "c": 0}
    assert ledger.rounds[0][1] == {"player": "b", "points": 3, "reason": "human_guessed", "params": {"image": 4}}


def test_rank_shares_places_on_equal_keys():
    keys = {"a": (5, 1), "b": (7, 0), "c": (5, 1), "d": (5, 0)}
    assert rank(keys, keys.__getitem__) == [
        {"player": "b", "place": 1},
        {"player": "a", "place": 2},
        {"player": "c", "place": 2},
        {"player": "d", "place": 4},
    ]


def test_game_tie_break_decides_the_winner(night):
    chen_high = {"hands": {"Ann": "c10", "Boris": "c03", "Chen": "c25"}, "server": "c30"}
    night.start(options={"rounds": 1}, deals=[chen_high])
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, {"Ann": "Chen", "Boris": "Ann", "Chen": "Boris"})
    # Ann found the high card (1), Chen fooled Boris (1): equal points, and High Card breaks the tie
    # by correct votes, so Ann wins alone.
    assert night.match.round_scores() == {night.ids["Ann"]: 1, night.ids["Boris"]: 0, night.ids["Chen"]: 1}
    night.move("Ann", "next")
    ranking = [(night.name_of(e["player"]), e["place"], e["total"]) for e in night.match.result["ranking"]]
    assert ranking == [("Ann", 1, 1), ("Chen", 2, 1), ("Boris", 3, 0)]
    assert night.match.result["winners"] == [night.ids["Ann"]]


def test_round_points_are_shown_with_reasons(night):
    night.start(options={"rounds": 1}, deals=[DEAL_ABC])
    night.play_round({"Ann": 1, "Boris": 1, "Chen": 1}, {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"})
    rounds = night.view("Chen")["match"]["rounds"]
    assert rounds[0]["scores"] == {night.ids["Ann"]: 1, night.ids["Boris"]: 1, night.ids["Chen"]: 0}
    assert {(e["player"], e["reason"]) for e in rounds[0]["entries"]} == {
        (night.ids["Ann"], "highcard.reason.found"),
        (night.ids["Boris"], "highcard.reason.fooled"),
    }


def test_night_scoreboard_ranks_by_placements_not_points():
    board = NightScoreboard()
    names = {"a": "Ann", "b": "Boris", "c": "Chen"}
    board.record([{"player": "a", "place": 1}, {"player": "b", "place": 2}, {"player": "c", "place": 3}], names)
    board.record([{"player": "b", "place": 1}, {"player": "c", "place": 1}, {"player": "a", "place": 3}], names)
    table = [(r["name"], r["wins"], r["seconds"], r["thirds"], r["place"]) for r in board.standings()]
    assert table == [("Boris", 1, 1, 0, 1), ("Ann", 1, 0, 1, 2), ("Chen", 1, 0, 1, 2)]


def test_a_seat_that_only_sat_out_ranks_after_every_seat_that_played():
    board = NightScoreboard()
    names = {"a": "Ann", "b": "Boris", "c": "Chen", "d": "Dana", "e": "Emil"}
    playing = {k: v for k, v in names.items() if k != "e"}
    for _ in range(2):  # four places a match: Dana is fourth both times, with no medal
        board.record([{"player": p, "place": i + 1} for i, p in enumerate("abcd")], playing)
        board.record_sat_out({"e": "Emil"})
    table = [(r["name"], r["played"], r["sat_out"], r["place"]) for r in board.standings()]
    assert table == [("Ann", 2, 0, 1), ("Boris", 2, 0, 2), ("Chen", 2, 0, 3), ("Dana", 2, 0, 4), ("Emil", 0, 2, 5)]
