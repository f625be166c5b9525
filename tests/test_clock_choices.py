"""Clocks as long as a player needs: the host's extended time up to ten times or no clock at all, changed
during a match for the clocks started after it, and a player's own ask for more time, which the host answers."""

from __future__ import annotations

import pytest
from gamenight.registry import Plugins
from helpers import DEAL_ABC

PLUGINS = Plugins()

OPTIONS = {"claim_seconds": 20, "vote_seconds": 30}


def left(night, timer: str) -> float:
    return night.match.timers[timer].left(night.clock.now)


def test_ten_times_longer_lengthens_every_clock(night):
    assert night.start(options={**OPTIONS, "time_factor": 10}, deals=[DEAL_ABC]).ok
    assert left(night, "claim") == 200, "the turn's 20 s, ten times"
    night.advance(199)
    assert night.match.turn == night.ids["Ann"]
    night.advance(1)
    assert night.match.turn == night.ids["Boris"]


def test_with_no_clock_nothing_runs_out_and_the_host_moves_each_phase_on(night):
    assert night.start(options={**OPTIONS, "time_factor": 0}, deals=[DEAL_ABC]).ok
    seen = night.view("Boris")["match"]["timers"]["claim"]
    assert seen["untimed"] and not seen["running"]
    night.advance(100_000)
    assert night.match.turn == night.ids["Ann"], "no clock runs out"
    assert night.move("Ann", "pause").ok and night.move("Ann", "resume").ok
    night.advance(100_000)
    assert night.match.turn == night.ids["Ann"], "a resume does not start a clock the host turned off"
    assert night.move("Ann", "skip").ok
    assert night.match.turn == night.ids["Boris"]


def test_the_host_changes_the_extended_time_for_the_next_clock(night):
    assert night.start(options=OPTIONS, deals=[DEAL_ABC]).ok
    assert night.move("Boris", "time_factor", factor=10).error["code"] == "not_host"
    assert night.move("Ann", "time_factor", factor=4).error["code"] == "bad_request"
    assert night.move("Ann", "time_factor", factor=5).ok
    assert left(night, "claim") == 20, "the clock already running keeps its length"
    assert night.view("Chen")["match"]["options"]["time_factor"] == 5
    night.move("Ann", "claim", value=5)
    assert left(night, "claim") == 100, "the next turn's clock is five times as long"
    assert night.move("Ann", "time_factor", factor=0).ok
    night.move("Boris", "claim", value=6)
    assert not night.match.timers["claim"].running, "and with no clock, the next one does not run"


def test_a_player_asks_for_more_time_and_the_host_gives_it(night):
    assert night.start(options=OPTIONS, deals=[DEAL_ABC]).ok
    night.advance(15)
    assert night.move("Chen", "ask_time").ok
    assert night.move("Chen", "ask_time").ok, "asking twice is one ask"
    asks = night.view("Ann")["match"]["time_asks"]
    assert [ask["player"] for ask in asks] == [night.ids["Chen"]]
    assert night.move("Boris", "answer_time_ask", player=night.ids["Chen"], give=True).error["code"] == "not_host"
    assert night.move("Ann", "answer_time_ask", player=night.ids["Chen"], give=True).ok
    assert left(night, "claim") == 65, "the 5 s left and a minute more"
    assert night.view("Chen")["match"]["time_asks"] == []
    error = night.move("Ann", "answer_time_ask", player=night.ids["Chen"], give=True).error
    assert error["code"] == "no_such_time_ask"


def test_an_ask_refused_or_left_behind_by_the_phase_lapses(night):
    assert night.start(options=OPTIONS, deals=[DEAL_ABC]).ok
    night.move("Boris", "ask_time")
    assert night.move("Ann", "answer_time_ask", player=night.ids["Boris"], give=False).ok
    assert left(night, "claim") == 20, "a no adds nothing"
    night.move("Boris", "ask_time")
    for _ in range(3):
        night.move(night.name_of(night.match.turn), "claim", value=5)
    assert night.match.phase == "vote"
    assert night.view("Ann")["match"]["time_asks"] == [], "the claim's ask lapsed with its phase"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", sorted(game for game in PLUGINS.games if game in PLUGINS.client_assets))
def test_each_game_s_rules_say_which_clocks_are_its_own(game, lang):
    """The rules page (/rules/<game>) has a section on clocks: which are the game's own, and the host's
    extended time and "no clock"."""
    page = (PLUGINS.client_assets[game].directory / "rules" / f"{lang}.html").read_text(encoding="utf-8")
    section = page.split('<h2 id="clocks">', 1)
    assert len(section) == 2, f"{game}'s {lang} rules have no section on clocks"
    words = {"en": ("extended time", "no clock"), "ru": ("запас времени", "без часов")}[lang]
    assert all(word in section[1].lower() for word in words), section[1][:300]
