"""Spyfall 2: rules the scripts do not cover, custom packs, and secrets checked by non-interference."""

from __future__ import annotations

import copy
import json
import sys
from types import ModuleType

import pytest
from gamenight import Variant, hookimpl
from gamenight.engine import Engine
from gamenight.plugins.spyfall.rules import default_spies, round_minutes, settle
from gamenight.registry import Plugins
from gamenight.store_sqlite import SQLiteStore
from gamenight.views import game_view as view_of
from helpers import Night


def candidate_ids(state) -> list[str]:
    return [card["id"] for card in state["locations"]]


NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay", "Gleb", "Hana", "Ivan", "Jana", "Kira", "Lev"]


def table_of(engine, clock, count: int) -> Night:
    return Night(engine, clock, NAMES[:count])


@pytest.mark.parametrize(
    ("players", "minutes"), [(3, 6), (4, 6), (5, 7), (6, 7), (7, 8), (8, 8), (9, 9), (10, 9), (11, 10), (12, 10)]
)
def test_round_clock_by_player_count(engine, clock, players, minutes):
    assert round_minutes(players) == minutes
    night = table_of(engine, clock, players)
    assert night.start(game="spyfall").ok
    assert night.match.timers["round"].duration == minutes * 60


def test_host_sets_another_round_length(night):
    night.join("Dina")
    night.start(game="spyfall", options={"round_minutes": 3})
    assert night.match.timers["round"].duration == 180


@pytest.mark.parametrize(("players", "spies"), [(3, 1), (6, 1), (8, 1), (9, 2), (12, 2)])
def test_default_spy_count(engine, clock, players, spies):
    assert default_spies(players) == spies
    night = table_of(engine, clock, players)
    night.start(game="spyfall")
    assert len(night.match.round_state["spies"]) == spies


@pytest.mark.parametrize(
    ("players", "options", "code"),
    [
        (12, {"spies": "1"}, "spyfall.players_for_spies"),
        (4, {"spies": "2"}, "spyfall.players_for_spies"),
        (9, {"packs": ["spyfall1", "spyfall2"]}, "spyfall.spyfall1_limits"),
        (6, {"packs": ["spyfall1"], "spies": "2"}, "spyfall.spyfall1_limits"),
        (4, {"packs": ["custom"]}, "spyfall.no_locations"),
    ],
)
def test_start_is_refused_for_impossible_setups(engine, clock, players, options, code):
    night = table_of(engine, clock, players)
    assert night.start(game="spyfall", options=options).error["code"] == code
    assert night.lobby.match is None


def test_combined_sets_play_with_one_spy_up_to_eight(engine, clock):
    night = table_of(engine, clock, 8)
    assert night.start(game="spyfall", options={"packs": ["spyfall1", "spyfall2"]}).ok
    assert len(night.match.round_state["locations"]) == 50


def test_every_agent_gets_a_distinct_role_of_the_location(engine, clock):
    night = table_of(engine, clock, 12)
    night.start(game="spyfall")
    state = night.match.round_state
    everything = night.match.hook.spyfall_locations(match=night.match)
    location = next(loc for loc in everything if loc["id"] == state["location"])
    agents = [p for p in night.match.players if p not in state["spies"]]
    roles = [state["roles"][p]["en"] for p in agents]
    assert len(set(roles)) == len(agents) == 10
    assert set(roles) <= {r["en"] for r in location["roles"]}


def test_locations_do_not_repeat_and_the_host_can_shuffle_them_back(night):
    night.join("Dina")
    night.start(game="spyfall", options={"rounds": 25})
    seen = []
    for _ in range(20):
        state = night.match.round_state
        assert state["location"] not in seen
        assert set(candidate_ids(state)).isdisjoint(seen), "played locations leave the list"
        seen.append(state["location"])
        spy = state["spies"][0]
        assert night.move(night.name_of(spy), "reveal", location=state["location"]).ok
        assert night.move("Ann", "next").ok
    # all 20 played: the pool refills by itself
    assert night.match.round_state["location"] in seen
    assert night.match.events[-2]["key"] == "spyfall.event.reshuffled" or any(
        e["key"] == "spyfall.event.reshuffled" for e in night.match.events
    )
    spy = night.match.round_state["spies"][0]
    night.move(night.name_of(spy), "reveal", location=night.match.round_state["location"])
    assert night.move("Ann", "reshuffle").ok
    assert night.match.data["used"] == []


def test_dealer_rotates_clockwise_and_asks_first(night):
    night.join("Dina")
    night.start(game="spyfall", options={"rounds": 3})
    dealers = []
    for _ in range(3):
        dealers.append(night.match.turn)
        assert night.match.data["dealer"] == night.match.turn
        spy = night.match.round_state["spies"][0]
        night.move(night.name_of(spy), "reveal", location=night.match.round_state["location"])
        night.move("Ann", "next")
    assert dealers == [night.ids["Ann"], night.ids["Boris"], night.ids["Chen"]]
    assert night.match.over
    # "Play again" goes on with the rotation instead of dealing from seat 1 again
    assert night.start(game="spyfall", options={"rounds": 2}).ok
    assert night.match.turn == night.ids["Dina"]
    spy = night.match.round_state["spies"][0]
    night.move(night.name_of(spy), "reveal", location=night.match.round_state["location"])
    night.move("Ann", "next")
    assert night.match.turn == night.ids["Ann"]


def test_cross_off_marks_are_kept_per_player_and_private(night):
    night.join("Dina")
    night.start(game="spyfall")
    candidates = candidate_ids(night.match.round_state)
    assert night.move("Boris", "cross", location=candidates[0], crossed=True).ok
    assert night.move("Boris", "cross", location=candidates[3], crossed=True).ok
    assert night.move("Boris", "cross", location=candidates[0], crossed=False).ok
    assert night.move("Boris", "cross", location="s9.nowhere", crossed=True).error["code"] == "spyfall.unknown_location"
    assert night.view("Boris")["match"]["game_view"]["marks"] == [candidates[3]]
    assert night.view("Chen")["match"]["game_view"]["marks"] == []
    assert "marks" not in night.view(None)["match"]["game_view"]


# -- who leaves in which moment of a round ------------------------------------------------------------------


def five_with_spy_chen(engine, clock) -> Night:
    night = table_of(engine, clock, 5)
    assert night.start(game="spyfall", options={"rounds": 2}, deals=[{"location": "s2.port", "spies": ["Chen"]}]).ok
    return night


def test_the_accusation_falls_when_the_accused_leaves_and_the_play_goes_on(engine, clock):
    night = five_with_spy_chen(engine, clock)
    assert night.move("Dina", "accuse", player=night.ids["Boris"]).ok
    assert night.phase == "accusation" and not night.match.timers["round"].running
    assert night.leave("Boris").ok
    view = night.view("Ann")["match"]
    assert view["phase"] == "play" and view["game_view"]["accusation"] is None
    assert night.match.timers["round"].running, "the round clock runs again"
    assert night.refused("Dina", "accuse", player=night.ids["Chen"]) == "spyfall.already_accused"
    assert night.move("Emil", "accuse", player=night.ids["Chen"]).ok, "anyone else may still accuse"


def test_a_clock_out_candidate_who_leaves_hands_the_vote_to_the_next(engine, clock):
    night = five_with_spy_chen(engine, clock)
    night.advance(round_minutes(5) * 60)
    assert (
        night.phase == "final_vote" and night.view("Ann")["match"]["game_view"]["final_candidate"] == night.ids["Ann"]
    )
    for voter in ("Boris", "Chen", "Dina", "Emil"):
        night.move(voter, "vote", ballot=f"final:{night.ids['Ann']}", choice="no")
    assert night.view("Ann")["match"]["game_view"]["final_candidate"] == night.ids["Boris"]
    assert night.leave("Boris").ok
    view = night.view("Ann")["match"]
    assert view["phase"] == "final_vote" and view["game_view"]["final_candidate"] == night.ids["Chen"]
    assert night.move("Ann", "vote", ballot=f"final:{night.ids['Chen']}", choice="yes").ok


def test_the_only_spy_leaving_after_the_round_leaves_its_result_as_it_was(engine, clock):
    night = five_with_spy_chen(engine, clock)
    assert night.move("Chen", "reveal", location="s2.port").ok
    assert night.phase == "round_over"
    assert night.leave("Chen").ok
    view = night.view("Ann")["match"]
    assert view["phase"] == "round_over"
    assert view["game_view"]["outcome"]["winner"] == "spies" and "void" not in view["game_view"]["outcome"]
    assert view["totals"][night.ids["Chen"]] > 0, "the spy keeps the points of the round they won"


# -- custom packs ------------------------------------------------------------------------------------------

SAUNA = {
    "names": {"ru": "Русские места"},
    "locations": [
        {"names": {"ru": "Баня"}, "roles": [{"ru": "Банщик"}, {"ru": "Парильщик", "en": "Steamer"}]},
        {"names": {"ru": "Дача", "en": "Dacha"}},
        {"names": {"en": "Kitchen party"}, "roles": []},
    ],
}


def add_pack(night, who, pack):
    return night.command(who, "shelf", shelf="spyfall.packs", action="add_pack", args={"pack": pack})


def test_host_adds_imports_and_removes_custom_packs(night):
    night.join("Dina")
    assert add_pack(night, "Boris", SAUNA).error["code"] == "not_host"
    assert add_pack(night, "Ann", SAUNA).ok
    shelf = night.view("Boris")["lobby"]["shelves"]["spyfall.packs"]
    (pack,) = shelf["packs"]
    assert pack["id"] == "custom1"
    assert [loc["names"] for loc in pack["locations"]] == [
        {"ru": "Баня"},
        {"ru": "Дача", "en": "Dacha"},
        {"en": "Kitchen party"},
    ]
    assert night.start(game="spyfall", options={"packs": ["custom"]}).ok
    state = night.match.round_state
    assert state["location"].startswith("custom1.")
    assert len(state["locations"]) == 3
    night.command("Ann", "abort")
    exported = json.loads(json.dumps(pack))  # what the lobby offers as a file
    assert add_pack(night, "Ann", exported).ok, "an exported pack imports again"
    assert night.command("Ann", "shelf", shelf="spyfall.packs", action="remove_pack", args={"pack": "custom1"}).ok
    assert [p["id"] for p in night.lobby.shelves["spyfall.packs"]["packs"]] == ["custom2"]


@pytest.mark.parametrize(
    ("pack", "code"),
    [
        ({"names": {"ru": "X"}, "locations": []}, "bad_request"),
        ({"names": {"ru": " "}, "locations": [{"names": {"ru": "A"}}]}, "bad_request"),
        ({"names": {"de": "X"}, "locations": [{"names": {"ru": "A"}}]}, "bad_request"),
        ({"names": {"ru": "X"}, "locations": [{"names": {"ru": "A" * 41}}]}, "bad_request"),
        (
            {"names": {"ru": "X"}, "locations": [{"names": {"ru": "Баня"}}, {"names": {"ru": "баня"}}]},
            "spyfall.duplicate_location",
        ),
        ("not a pack", "bad_request"),
    ],
)
def test_bad_custom_packs_are_refused(night, pack, code):
    assert add_pack(night, "Ann", pack).error["code"] == code
    assert "spyfall.packs" not in night.lobby.shelves or not night.lobby.shelves["spyfall.packs"].get("packs")


# -- secrets ------------------------------------------------------------------------------------------------


def game_view(match, player):
    return json.dumps(view_of(match, player), sort_keys=True)


def assert_spyfall_secrets_hold(match) -> None:
    """Non-interference: a spy's view is the same whatever the location; a non-spy's, whoever the spies are."""
    state = match.data.get("round")
    if state is None or state["outcome"] is not None:
        return
    spies = state["spies"]
    for spy in spies:
        for other in state["locations"][:5]:
            twin = copy.deepcopy(match)
            twin.bind(match.stack, match.now, match._shelves)
            twin.round_state["location"] = other["id"]
            twin.round_state["location_card"] = other
            assert game_view(twin, spy) == game_view(match, spy), f"the spy's view depends on the location ({other})"
    for viewer in [None, *match.players]:
        if viewer in spies:
            continue
        others = [p for p in match.players if p != viewer and p not in spies]
        twin = copy.deepcopy(match)
        twin.bind(match.stack, match.now, match._shelves)
        twin.round_state["spies"] = others[: len(spies)]
        for p in match.players:
            twin.round_state["roles"].setdefault(p, {"en": "x", "ru": "x"})
        if viewer is None:
            other = next(c for c in state["locations"] if c["id"] != state["location"])
            twin.round_state["location"] = other["id"]
            twin.round_state["location_card"] = other
        assert game_view(twin, viewer) == game_view(match, viewer), f"{viewer}'s view depends on who the spies are"


def test_views_hide_the_location_from_spies_and_the_spies_from_everyone(engine, clock):
    night = table_of(engine, clock, 6)
    night.start(game="spyfall", options={"spies": "2", "rounds": 3})
    steps = 0
    while not night.match.over and steps < 400:
        match = night.match
        night.lobby.bind_match(engine.plugins, clock.now)
        assert_spyfall_secrets_hold(match)
        state = match.round_state
        accusers = [p for p in match.players if p not in state["accusations"]]
        if match.phase == "play" and steps % 7 == 3 and accusers:
            night.move(night.name_of(accusers[0]), "accuse", player=match.next_player(accusers[0]))
        elif match.phase == "play" and steps % 7 == 6:
            night.move(night.name_of(state["spies"][0]), "reveal", location=candidate_ids(state)[0])
        elif match.phase == "play":
            night.move(night.name_of(match.turn), "asked", player=match.next_player(match.turn, 2))
        elif match.phase in ("accusation", "final_vote"):
            ballot = next(b for b in match.ballots.values() if not b.closed)
            voter = next(v for v in ballot.voters if v not in ballot.choices)
            night.move(night.name_of(voter), "vote", ballot=ballot.id, choice="yes" if steps % 2 else "no")
        elif match.phase == "spy_reveal":
            night.move(night.name_of(match.turn), "reveal", location=state["location"])
        elif match.phase == "round_over":
            night.move("Ann", "next")
        steps += 1
    assert night.match.over


def test_the_spy_never_gets_the_location_and_no_agent_learns_the_spy_before_the_round_ends(engine, clock):
    night = table_of(engine, clock, 4)
    assert night.start(game="spyfall", deals=[{"location": "s2.port", "spies": ["Chen"]}]).ok
    for asker, asked in [("Ann", "Boris"), ("Boris", "Dina"), ("Dina", "Chen"), ("Chen", "Ann")]:
        night.must(asker, "asked", player=night.ids[asked])
    night.must("Ann", "accuse", player=night.ids["Chen"])
    night.must("Boris", "vote", ballot="accusation", choice="yes")
    agents = ["Ann", "Boris", "Dina"]
    cards = {name: night.view(name)["match"]["game_view"]["card"] for name in agents}  # the location and a role
    spies = [night.ids["Chen"]]  # as the round's end lists them
    recorder = night.recorder
    recorder.holds("Chen", {"spy": True})
    for name in agents:
        recorder.holds(name, cards[name])
        recorder.never_holds(name, {"spy": True})
    for name in ["Chen", None, *agents]:
        for owner, card in cards.items():
            if owner != name:
                recorder.never_holds(name, card)
                recorder.never_holds(name, card["role"])
        recorder.never_holds(name, spies)
    night.must("Dina", "vote", ballot="accusation", choice="yes")  # the accusation passes: the round ends
    assert night.match.phase == "round_over"
    for name in [None, *agents]:
        recorder.holds(name, spies)
    for card in cards.values():
        recorder.never_holds("Chen", card["role"])


def test_known_spies_see_each_other_and_nobody_else_does(engine, clock):
    night = table_of(engine, clock, 6)
    night.start(game="spyfall", variants=["known_spies"], options={"spies": "2"})
    spies = night.match.round_state["spies"]
    for name, pid in night.ids.items():
        card = night.view(name)["match"]["game_view"]["card"]
        if pid in spies:
            assert card == {"spy": True, "partners": [s for s in spies if s != pid]}
        else:
            assert "partners" not in card and card["spy"] is False
    assert "card" not in night.view(None)["match"]["game_view"]


def test_known_spies_needs_two_spies(night):
    night.join("Dina")
    assert night.start(game="spyfall", variants=["known_spies"]).error["code"] == "spyfall.known_spies_needs_two"


# -- Spyfall's hooks for its main moments, each heard by a tiny variant registered here ----------------------


class Witness:
    """Hears of every question: who asked whom, and whose turn it then was."""

    @hookimpl
    def spyfall_question_asked(self, match, asker: str, target: str) -> None:
        match.data.setdefault("heard", []).append([asker, target, match.turn])


class Overtime:
    """When the round clock first runs out, one more minute; when it runs out again, the table wins outright."""

    @hookimpl
    def spyfall_clock_ran_out(self, match):
        if not match.round_state.get("overtime"):
            match.round_state["overtime"] = True
            match.start_timer("round", 60)
            return True
        return settle(match, winner="agents", how="clock", convicted=None)


@pytest.fixture
def hooked(monkeypatch, db_path, clock) -> Night:
    """Four players at an engine that also has the variants "witness" and "overtime" of Spyfall."""
    module = ModuleType("spyfall_test_variants")

    @hookimpl
    def gamenight_variants() -> list[Variant]:
        return [
            Variant(id="witness", game="spyfall", names={"en": "W", "ru": "В"}, hooks=Witness()),
            Variant(id="overtime", game="spyfall", names={"en": "O", "ru": "О"}, hooks=Overtime()),
        ]

    module.gamenight_variants = gamenight_variants
    monkeypatch.setitem(sys.modules, module.__name__, module)
    engine = Engine(SQLiteStore(db_path), Plugins(["testgame", module.__name__]), clock)
    return Night(engine, clock, NAMES[:4])


def test_a_variant_hears_each_question_once_the_turn_has_passed(hooked):
    assert hooked.start(game="spyfall", variants=["witness"]).ok
    ids = hooked.ids
    assert hooked.move("Ann", "asked", player=ids["Chen"]).ok
    assert hooked.move("Chen", "asked", player=ids["Ann"]).error["code"] == "spyfall.no_asking_back"
    assert hooked.move("Chen", "asked", player=ids["Dina"]).ok
    assert hooked.match.data["heard"] == [
        [ids["Ann"], ids["Chen"], ids["Chen"]],
        [ids["Chen"], ids["Dina"], ids["Dina"]],
    ]


def test_a_variant_takes_over_when_the_round_clock_runs_out(hooked):
    assert hooked.start(game="spyfall", variants=["overtime"]).ok
    hooked.advance(round_minutes(4) * 60)
    match = hooked.match
    assert match.phase == "play" and match.timers["round"].duration == 60, "True: the play goes on"
    assert not match.ballots, "no clock-out vote opened"
    hooked.advance(60)
    match = hooked.match
    assert match.phase == "round_over" and not match.ballots, "a phase: the round ends there, without the votes"
    assert match.round_state["outcome"]["winner"] == "agents"
    spies = match.round_state["spies"]
    assert match.round_scores() == {p: 0 if p in spies else 1 for p in match.players}
