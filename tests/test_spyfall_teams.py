"""Team Spyfall and the eight-locations board: compositions, picks, the reveal show, secrets, the board's rules."""

from __future__ import annotations

import copy
import json

import pytest
from gamenight import ActionError
from gamenight.plugins.spyfall_teams.compositions import allies_to_name, composition
from gamenight.views import game_view as view_of
from helpers import Night

NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay", "Gleb", "Hana", "Ivan", "Jana", "Kira"]


@pytest.mark.parametrize(
    ("players", "choice", "expected"),
    [
        (5, "table", ((2, 2), 1)),
        (6, "table", ((3, 3), 0)),
        (7, "table", ((3, 3), 1)),
        (8, "table", ((4, 4), 0)),
        (8, "table_alt", ((3, 3), 2)),
        (9, "table", ((4, 4), 1)),
        (9, "table_alt", ((3, 3, 3), 0)),
    ],
)
def test_compositions_follow_the_table(players, choice, expected):
    assert composition(players, choice, 2, 0) == expected


def test_custom_compositions_and_their_limits():
    assert composition(11, "custom", 3, 1) == ((4, 3, 3), 1)
    assert composition(4, "custom", 2, 0) == ((2, 2), 0)
    for players, choice, teams, spies in [
        (4, "table", 2, 0),
        (6, "table_alt", 2, 0),
        (5, "custom", 2, 2),
        (8, "custom", 4, 1),
    ]:
        with pytest.raises(ActionError):
            composition(players, choice, teams, spies)
    assert [allies_to_name(n) for n in (2, 3, 4, 5)] == [1, 2, 2, 2]


def test_start_is_refused_without_a_composition(engine, clock):
    night = Night(engine, clock, NAMES[:4])
    assert night.start(game="spyfall_teams").error["code"] == "spyfall_teams.no_table_composition"
    assert night.start(game="spyfall_teams", options={"composition": "custom"}).ok


def test_everyone_picks_from_every_location_in_play(engine, clock):
    night = Night(engine, clock, NAMES[:6])
    night.start(game="spyfall_teams")
    locations = night.view("Ann")["match"]["game_view"]["locations"]
    assert len(locations) == 20, "all of Spyfall 2, not just the two dealt"
    teams = night.match.round_state["teams"]
    assert len(teams) == 2 and sorted(len(t["players"]) for t in teams) == [3, 3]


def play_to_reveal(night: Night) -> None:
    night.move("Ann", "end_round")
    play_to_reveal_from_picks(night)


def play_to_reveal_from_picks(night: Night) -> None:
    state = night.match.round_state
    ids = [c["id"] for c in state["locations"]]
    for name, pid in night.ids.items():
        count = 2 if pid in state["spies"] else 1
        assert night.move(name, "name_location", locations=ids[:count]).ok
    for name, pid in night.ids.items():
        team = next((t for t in state["teams"] if pid in t["players"]), None)
        if team is None:
            targets = []
        else:
            mates = [p for p in team["players"] if p != pid]
            targets = mates[: allies_to_name(len(team["players"]))]
        assert night.move(name, "point", players=targets).ok, name


def test_the_show_awards_each_point_as_its_step_is_shown(engine, clock):
    night = Night(engine, clock, NAMES[:7])
    night.start(game="spyfall_teams", options={"show_seconds": 0})
    play_to_reveal(night)
    assert night.match.phase == "reveal"
    shown = []
    while night.match.phase == "reveal":
        view = night.view(None)["match"]
        shown.append((len(view["game_view"]["show"]), sum(len(r["entries"]) for r in view["rounds"])))
        night.move("Ann", "next_step")
    steps = [count for count, _ in shown]
    assert steps == list(range(1, len(steps) + 1)), "one more step at a time"
    assert [kind["kind"] for kind in night.view(None)["match"]["game_view"]["show"][:2]] == ["picks", "teams"]
    awarded = [entries for _, entries in shown]
    assert awarded == sorted(awarded) and awarded[0] == 0 and awarded[-1] > 0, "points arrive with their steps"


def test_every_seat_fills_the_same_pick_form_and_only_what_the_rules_count_scores(engine, clock):
    """Every phone names two locations and may point at no one, so the form gives no spy away;
    a non-spy's second location never scores, and pointing at no one is an empty pick."""
    night = Night(engine, clock, NAMES[:6])
    night.start(game="spyfall_teams", options={"show_seconds": 0})
    night.move("Ann", "end_round")
    state = night.match.round_state
    home, away = state["teams"]
    ann = night.ids["Ann"]
    own, other = (home, away) if ann in home["players"] else (away, home)
    wrong = next(c["id"] for c in state["locations"] if c["id"] not in (home["location"], away["location"]))
    assert night.move("Ann", "name_location", locations=[wrong, other["location"]]).ok, "a second slot is taken"
    assert night.match.round_state["location_picks"][ann] == [wrong, other["location"]]
    boris = next(name for name, pid in night.ids.items() if pid != ann)
    three = [c["id"] for c in state["locations"]][:3]
    assert night.move(boris, "name_location", locations=three).error["code"] == "spyfall_teams.pick_count"
    for name, pid in night.ids.items():
        if pid not in night.match.round_state["location_picks"]:
            mine = home if pid in home["players"] else away
            theirs = away if mine is home else home
            assert night.move(name, "name_location", locations=[theirs["location"], wrong]).ok
    mate = next(p for p in own["players"] if p != ann)
    assert night.move("Ann", "point", players=[mate]).error["code"] == "spyfall_teams.pick_count"
    assert night.move("Ann", "point", players=[]).ok, "no one: an empty pick"
    for name, pid in night.ids.items():
        if pid != ann:
            team = home if pid in home["players"] else away
            assert night.move(name, "point", players=[p for p in team["players"] if p != pid]).ok
    while night.match.phase == "reveal":
        night.move("Ann", "next_step")
    reasons = [(r["player"], r["reason"]) for r in night.view(None)["match"]["rounds"][0]["entries"]]
    located = [player for player, reason in reasons if reason == "spyfall_teams.reason.enemy_location"]
    assert ann not in located, "Ann's right location was her second: it does not count"
    assert sorted(located) == sorted(p for p in night.ids.values() if p != ann), "everyone else's first counts"


def test_picks_and_teams_are_secret_until_the_show(engine, clock):
    night = Night(engine, clock, NAMES[:5])
    night.start(game="spyfall_teams")
    night.move("Ann", "end_round")
    state = night.match.round_state
    ids = [c["id"] for c in state["locations"]]
    night.move("Boris", "name_location", locations=ids[:2] if night.ids["Boris"] in state["spies"] else ids[:1])
    for viewer in [None, "Ann", "Chen"]:
        game = night.view(viewer)["match"]["game_view"]
        assert game["picked_locations"] == [night.ids["Boris"]]
        assert game["show"] == [] and game["result"] is None
        assert game.get("my_location_pick") is None, "only one's own pick, and these have not picked"
    assert night.view("Boris")["match"]["game_view"]["my_location_pick"] is not None


def test_a_teams_location_reaches_neither_the_other_team_nor_the_spy_before_the_show(engine, clock):
    night = Night(engine, clock, NAMES[:5])
    deal = {"teams": {"s2.wedding": ["Ann", "Boris"], "s2.port": ["Chen", "Dina"]}, "spies": ["Emil"]}
    assert night.start(game="spyfall_teams", options={"show_seconds": 0}, deals=[deal]).ok
    night.must("Ann", "asked", player=night.ids["Chen"])
    play_to_reveal(night)  # the host ends the play, everyone picks: the show opens with the picks
    assert [step["kind"] for step in night.view(None)["match"]["game_view"]["show"]] == ["picks"]
    cards = {name: night.view(name)["match"]["game_view"]["card"] for name in NAMES[:4]}  # location and role
    teams = [  # as the show's second step tells them: nobody, not even a member, knows a team before
        {"card": cards[first]["location"], "players": [night.ids[first], night.ids[second]]}
        for first, second in (("Ann", "Boris"), ("Chen", "Dina"))
    ]
    recorder = night.recorder
    recorder.holds("Emil", {"spy": True})
    for name in [None, *NAMES[:5]]:
        for owner, card in cards.items():
            (recorder.holds if owner == name else recorder.never_holds)(name, card)
        if name != "Emil":
            recorder.never_holds(name, {"spy": True})
        for team in teams:
            recorder.never_holds(name, team)
    night.must("Ann", "next_step")  # the show's second step: the teams
    for name in [None, *NAMES[:5]]:
        for team in teams:
            recorder.holds(name, team)


def game_view(match, player):
    return json.dumps(view_of(match, player), sort_keys=True)


def assert_views_tell_nothing_of_the_others(match) -> int:
    """Non-interference: reshuffle everyone else among the teams and spies; no player's view may change.
    Returns how many views were compared."""
    checks = 0
    for viewer in [None, *match.players]:
        twin = copy.deepcopy(match)
        twin.bind(match.stack, match.now, match._shelves)
        twin_state = twin.round_state
        own = next((t for t in twin_state["teams"] if viewer in t["players"]), None)
        others = [p for p in match.players if p != viewer]
        rotated = others[1:] + others[:1]
        mapping = dict(zip(others, rotated, strict=True))
        for team in twin_state["teams"]:
            team["players"] = [mapping.get(p, p) for p in team["players"]]
            team["roles"] = {mapping.get(p, p): r for p, r in team["roles"].items()}
            if team is not own:
                team["location"], team["card"] = "s2.cat_show", {"id": "s2.cat_show", "names": {"en": "x"}}
        twin_state["spies"] = [mapping.get(p, p) for p in twin_state["spies"]]
        # who has picked is public, and stays; what they picked is theirs
        seen, other = json.loads(game_view(match, viewer)), json.loads(game_view(twin, viewer))
        differ = {
            key: (seen.get(key), other.get(key))
            for key in seen.keys() | other.keys()
            if seen.get(key) != other.get(key)
        }
        assert not differ, f"{viewer} can tell where others are: {differ}"
        checks += 1
    return checks


def test_views_never_tell_a_player_another_location_or_who_the_spy_is(engine, clock):
    night = Night(engine, clock, NAMES[:7])
    night.start(game="spyfall_teams")
    checks = 0
    for phase_moves in range(3):
        night.lobby.bind_match(engine.plugins, clock.now)
        checks += assert_views_tell_nothing_of_the_others(night.match)
        state = night.match.round_state
        if phase_moves == 0:
            night.move("Ann", "end_round")
        elif phase_moves == 1:
            for name, pid in night.ids.items():
                count = 2 if pid in state["spies"] else 1
                night.move(name, "name_location", locations=[c["id"] for c in state["locations"]][:count])
    assert checks == 24


def test_a_departure_tells_nobody_who_was_on_the_team_that_lost_a_member(engine, clock):
    """When the host kicked Di, only Di's teammates were told to name one ally instead of two, so
    they learned their team before the show. The form keeps the shape the round was dealt with."""
    night = Night(engine, clock, NAMES[:7])
    deal = {"teams": {"s2.wedding": NAMES[:3], "s2.port": NAMES[3:6]}, "spies": [NAMES[6]]}
    assert night.start(game="spyfall_teams", deals=[deal]).ok
    gone = night.ids[NAMES[3]]
    assert night.command("Ann", "kick", player=gone).ok
    for phase_moves in range(3):
        night.lobby.bind_match(engine.plugins, clock.now)
        assert_views_tell_nothing_of_the_others(night.match)
        state = night.match.round_state
        if phase_moves == 0:
            night.move("Ann", "end_round")
        elif phase_moves == 1:
            for name, pid in night.ids.items():
                if pid != gone:
                    count = 2 if pid in state["spies"] else 1
                    night.move(name, "name_location", locations=[c["id"] for c in state["locations"]][:count])
    asked = {
        night.view(name)["match"]["game_view"]["allies_to_name"]
        for name, pid in night.ids.items()
        if pid != gone and pid not in night.match.round_state["spies"]
    }
    assert asked == {2}, "every non-spy of a team of three is asked for two, whoever left"


def seven_at_the_wedding_and_the_port(engine, clock) -> Night:
    night = Night(engine, clock, NAMES[:7])
    deal = {"teams": {"s2.wedding": NAMES[:3], "s2.port": NAMES[3:6]}, "spies": [NAMES[6]]}
    assert night.start(game="spyfall_teams", options={"show_seconds": 0}, deals=[deal]).ok
    return night


def name_any_locations(night: Night) -> None:
    state = night.match.round_state
    ids = [c["id"] for c in state["locations"]]
    for name, pid in night.ids.items():
        assert night.move(name, "name_location", locations=ids[: 2 if pid in state["spies"] else 1]).ok


@pytest.mark.parametrize("moment", ["play", "pick_locations", "pick_allies"])
def test_a_whole_team_leaving_a_round_being_played_voids_it(engine, clock, moment):
    """docs/rules (coming and going, 2): a location nobody holds any more cannot be named, nor its team found."""
    night = seven_at_the_wedding_and_the_port(engine, clock)
    if moment != "play":
        night.move("Ann", "end_round")
    if moment == "pick_allies":
        name_any_locations(night)
    assert night.match.phase == moment
    for name in NAMES[3:5]:
        assert night.command("Ann", "kick", player=night.ids[name]).ok
    assert night.match.phase == moment, "Fay still holds the port: the round goes on"
    assert not night.view("Ann")["match"]["game_view"]["result"]
    assert night.command("Ann", "kick", player=night.ids["Fay"]).ok
    assert night.match.phase == "round_over"
    assert night.view("Ann")["match"]["game_view"]["result"]["void"]


@pytest.mark.parametrize("moment", ["reveal", "round_over"])
def test_a_whole_team_leaving_after_the_play_leaves_the_round_scored(engine, clock, moment):
    night = seven_at_the_wedding_and_the_port(engine, clock)
    play_to_reveal(night)
    if moment == "round_over":
        while night.match.phase == "reveal":
            night.move("Ann", "next_step")
    assert night.match.phase == moment
    for name in NAMES[3:6]:
        assert night.command("Ann", "kick", player=night.ids[name]).ok
    assert night.match.phase == moment
    while night.match.phase == "reveal":
        night.move("Ann", "next_step")
    result = night.view("Ann")["match"]["game_view"]["result"]
    assert not result.get("void") and result["winners"], "the round was played out: it keeps its result"


def test_the_asker_who_leaves_hands_the_question_on(engine, clock):
    night = seven_at_the_wedding_and_the_port(engine, clock)
    assert night.move("Ann", "asked", player=night.ids["Boris"]).ok
    assert night.command("Ann", "kick", player=night.ids["Boris"]).ok
    shown = night.view("Ann")["match"]
    assert shown["game_view"]["asker"] == night.ids["Chen"] == shown["turn"], "the next player asks"
    assert shown["game_view"]["asked_by"] == night.ids["Ann"]


# -- the board ----------------------------------------------------------------------------------------------


def board(night, who, action, **args):
    return night.command(who, "shelf", shelf="spyfall.board", action=action, args=args)


def fill_board(night, names):
    for name in names:
        assert board(night, "Boris", "propose", name=name).ok
    for proposal in list(night.lobby.shelves["spyfall.board"]["proposals"]):
        assert board(night, "Ann", "confirm", proposal=proposal["id"]).ok


def test_anyone_proposes_the_host_confirms_and_names_are_unique(engine, clock):
    night = Night(engine, clock, NAMES[:4])
    assert board(night, "Chen", "propose", name="  Баня  ").ok
    assert board(night, "Dina", "propose", name="БАНЯ").error["code"] == "spyfall.board_duplicate"
    assert board(night, "Dina", "propose", name="Ёлка").ok
    assert board(night, "Dina", "propose", name="елка").error["code"] == "spyfall.board_duplicate"
    assert board(night, "Chen", "confirm", proposal="p1").error["code"] == "not_host"
    assert board(night, "Ann", "confirm", proposal="p1").ok
    assert board(night, "Ann", "reject", proposal="p2").ok
    data = night.view("Dina")["lobby"]["shelves"]["spyfall.board"]
    assert [s and s["name"] for s in data["stickers"]] == ["Баня", None, None, None, None, None, None, None]
    assert data["proposals"] == []
    assert board(night, "Ann", "peel", slot=0).ok
    assert board(night, "Ann", "peel", slot=0).error["code"] == "spyfall.board_empty_slot"


def test_sticker_mode_needs_a_full_board_and_deals_from_it(engine, clock):
    night = Night(engine, clock, NAMES[:4])
    names = ["Баня", "Дача", "Рынок", "Каток", "Школа", "Kitchen", "Бассейн", "Пляж"]
    fill_board(night, names[:7])
    assert night.start(game="spyfall", variants=["eight_locations"]).error["code"] == "spyfall.board_incomplete"
    fill_board(night, names[7:])
    assert board(night, "Boris", "propose", name="Лес").ok
    assert (
        board(night, "Ann", "confirm", proposal=night.lobby.shelves["spyfall.board"]["proposals"][0]["id"]).error[
            "code"
        ]
        == "spyfall.board_full"
    )
    assert night.start(game="spyfall", variants=["eight_locations"]).ok
    state = night.match.round_state
    assert sorted(c["names"]["ru"] for c in state["locations"]) == sorted(names)
    assert all(role is None for role in state["roles"].values()), "stickers have no roles"


def test_the_board_belongs_to_the_lobby_across_matches(engine, clock):
    night = Night(engine, clock, NAMES[:6])
    fill_board(night, [f"Place {n}" for n in range(8)])
    night.start(game="spyfall_teams", variants=["teams_eight_locations"], options={"rounds": 1, "show_seconds": 0})
    used = {t["card"]["names"]["en"] for t in night.match.round_state["teams"]}
    play_to_reveal(night)
    while night.match.phase == "reveal":
        night.move("Ann", "next_step")
    stickers = [s and s["name"] for s in night.lobby.shelves["spyfall.board"]["stickers"]]
    assert stickers.count(None) == 2 and not used & set(stickers)
    night.move("Ann", "next")
    assert night.match.over
    first_dealer = night.match.round_state["asker"]
    assert night.start(game="spyfall", variants=["eight_locations"]).error["code"] == "spyfall.board_incomplete"
    for name in sorted(used):
        # a sticker thrown away after a round cannot be proposed straight back, in any spelling
        refused = board(night, "Boris", "propose", name=f" {name.upper()} ").error
        assert refused["code"] == "spyfall.board_retired", refused
    assert board(night, "Boris", "propose", name="Place 9").ok
    # "Play again" goes on with the dealers' rotation instead of starting from seat 1 again
    assert first_dealer == night.ids["Ann"]
    assert night.start(game="spyfall_teams", options={"rounds": 1, "show_seconds": 0}).ok
    assert night.match.round_state["asker"] == night.ids["Boris"]


def test_the_shows_clock_paces_it_and_is_no_deadline_for_players(engine, clock):
    """The show's step clock says it only paces the show (the table neither ticks nor buzzes for it);
    the round's and the picks' clocks are deadlines, and a restored match keeps the difference."""
    night = Night(engine, clock, NAMES[:5])
    night.start(game="spyfall_teams", options={"show_seconds": 4})
    timers = night.view(None)["match"]["timers"]
    assert "pace" not in timers["round"]
    night.move("Ann", "end_round")
    assert "pace" not in night.view(None)["match"]["timers"]["picks"]
    play_to_reveal_from_picks(night)
    assert night.match.phase == "reveal"
    assert night.view(None)["match"]["timers"]["show"]["pace"] is True
    assert night.view("Boris")["match"]["timers"]["show"]["pace"] is True
    restored = type(night.match.timers["show"]).from_dict(night.match.timers["show"].to_dict())
    assert restored.pace and restored.public(clock())["pace"] is True


def test_the_results_say_the_ranking_is_by_rounds_won_and_show_each_players(engine, clock):
    """The ranking is made on rounds won, not points (docs/rules: Team Spyfall, 5): the table's view gives every
    player's rounds won with the words that say so, and the first place has the most of them."""
    night = Night(engine, clock, NAMES[:6])
    night.start(game="spyfall_teams", options={"rounds": 1, "show_seconds": 0})
    play_to_reveal(night)
    while night.match.phase == "reveal":
        night.move("Ann", "next_step")
    night.move("Ann", "next")
    shown = night.view(None)["match"]
    basis = shown["game_view"]["ranking_basis"]
    assert (basis["title"], basis["key"]) == ("spyfall_teams.result.ranked_by", "spyfall_teams.result.rounds_won")
    assert set(basis["figures"]) == set(night.ids.values())
    first = [entry["player"] for entry in shown["result"]["ranking"] if entry["place"] == 1]
    assert {basis["figures"][p] for p in first} == {max(basis["figures"].values())} == {1}
    assert shown["game_view"]["show"], "the teams' last points stay on the table after the match"
