"""Spyfall with as many spies as a variant deals: every spy reveals in turn, and the votes and the table follow."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest
from gamenight import Variant, hookimpl
from gamenight.plugins.spyfall.rules import REVEAL_SECONDS
from gamenight.registry import Plugins
from gamenight.testing import Party

NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay"]
SPIES = ["Boris", "Chen", "Dina"]
PORT = "s2.port"
WRONG = "s2.stadium"


class ThreeSpies:
    """The one hook an outside variant needs to deal three spies."""

    @hookimpl
    def spyfall_spy_count(self, match) -> int:
        return 3


@pytest.fixture
def plugins(monkeypatch) -> Plugins:
    module = ModuleType("spyfall_three_spies")

    @hookimpl
    def gamenight_variants() -> list[Variant]:
        return [Variant(id="three_spies", game="spyfall", names={"en": "3", "ru": "3"}, hooks=ThreeSpies())]

    module.gamenight_variants = gamenight_variants
    monkeypatch.setitem(sys.modules, module.__name__, module)
    return Plugins([module.__name__])


@pytest.fixture
def party(plugins):
    """Six players, three spies dealt (Boris, Chen and Dina, in that order) at the port."""
    seated = Party(NAMES, plugins=plugins)
    assert seated.start("spyfall", ["three_spies"], {"rounds": 2}, deals=[{"location": PORT, "spies": SPIES}]).ok
    yield seated
    seated.close()


def test_three_spies_are_dealt_at_random_too(plugins):
    seated = Party(NAMES, plugins=plugins)
    try:
        assert seated.start("spyfall", ["three_spies"]).ok
        assert len(seated.match.round_state["spies"]) == 3
    finally:
        seated.close()


def test_each_spy_reveals_in_turn_and_the_round_ends_with_the_last(party):
    party.must("Boris", "reveal", location=WRONG)
    assert (party.phase, party.turn) == ("spy_reveal", "Chen")
    party.must("Chen", "reveal", location=WRONG)
    assert (party.phase, party.turn) == ("spy_reveal", "Dina")
    assert "reveal" in party.match.timers, "the third spy has a clock to name a location by"
    assert party.refused("Chen", "reveal", location=PORT) == "not_your_turn"
    party.must("Dina", "reveal", location=PORT)
    outcome = party.match.round_state["outcome"]
    assert party.phase == "round_over"
    assert outcome["winner"] == "spies" and outcome["correct"] == [party.id_of("Dina")]
    assert set(party.view(None)["match"]["game_view"]["revealed"]) == {party.id_of(s) for s in SPIES}


def test_the_host_moves_a_waiting_third_spy_on(party):
    party.must("Boris", "reveal", location=WRONG)
    party.must("Chen", "reveal", location=WRONG)
    party.must("Ann", "skip")
    outcome = party.match.round_state["outcome"]
    assert party.phase == "round_over"
    assert outcome["winner"] == "agents" and outcome["guesses"][party.id_of("Dina")] is None


def test_the_third_spys_reveal_clock_runs_out(party):
    party.must("Boris", "reveal", location=WRONG)
    party.advance(REVEAL_SECONDS - 10)
    party.must("Chen", "reveal", location=WRONG)
    party.advance(REVEAL_SECONDS - 1)
    assert party.phase == "spy_reveal", "the third spy has their own full time"
    party.advance(1)
    assert party.phase == "round_over"
    assert party.match.round_state["outcome"]["winner"] == "agents"


def test_a_waiting_spy_who_leaves_hands_the_reveal_to_the_next(party):
    party.must("Boris", "reveal", location=WRONG)
    party.leave("Chen")
    assert (party.phase, party.turn) == ("spy_reveal", "Dina")
    party.must("Dina", "reveal", location=PORT)
    assert party.match.round_state["outcome"]["winner"] == "spies"


def test_the_table_is_told_three_spies(party):
    for name in (None, "Ann", "Boris"):
        assert party.view(name)["match"]["game_view"]["spy_count"] == 3


def test_a_vote_passes_without_the_yes_of_two_voters(party):
    party.must("Ann", "accuse", player=party.id_of("Emil"))
    assert party.match.ballots["accusation"].k == 2
    for name in ("Boris", "Chen"):
        party.must(name, "vote", ballot="accusation", choice="no")
    party.must("Dina", "vote", ballot="accusation", choice="yes")
    party.must("Fay", "vote", ballot="accusation", choice="yes")
    assert party.match.round_state["outcome"]["convicted"] == party.id_of("Emil")


def test_more_spies_than_players_minus_two_is_refused_at_start(plugins):
    seated = Party(NAMES[:4], plugins=plugins)
    try:
        refused = seated.start("spyfall", ["three_spies"])
        assert refused.error["code"] == "spyfall.spy_count_impossible"
        assert refused.error["params"] == {"spies": 3, "players": 4, "max": 2}
        assert seated.match is None
        seated.join("Emil")
        assert seated.start("spyfall", ["three_spies"]).ok
    finally:
        seated.close()


def test_the_last_waiting_spy_leaving_on_the_askers_turn_settles_the_reveal():
    seated = Party(NAMES[:5])
    try:
        deal = {"location": PORT, "spies": ["Boris", "Ann"]}  # Ann deals, so she asks first
        assert seated.start("spyfall", options={"spies": "2"}, deals=[deal]).ok
        seated.must("Boris", "reveal", location=PORT)
        assert seated.turn == "Ann"
        seated.leave("Ann")
        assert seated.phase == "round_over"
        assert seated.match.round_state["outcome"]["winner"] == "spies"
    finally:
        seated.close()
