"""Team Spyfall with its largest table (16 seats, long names; four teams and two spies): the phone's thing to do
is on its first screen, and the TV holds every phase and every step of the scoring show, readable from the sofa.
Screenshots (with --shots): phone-first-teams-*, tv-full-teams-*.

Ann's phone is a browser and hosts; fifteen guests play over the wire."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .full_spyfall_steps import phase
from .full_table import check_tables, every_way_of_looking, guests, open_tables, set_options
from .helpers_browser import PHONE_SIZE, create_lobby

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
# 16 players: four teams (4, 4, 3, 3) and two spies, the most a table can hold.
OPTIONS = {
    "rounds": "1",
    "composition": "custom",
    "custom_teams": "4",
    "custom_spies": "2",
    "round_minutes": "10",
    "pick_seconds": "900",
    "show_seconds": "0",
}
PEOPLE = "[data-testid=sf-asker], [data-testid=sf-players]"
# The show: the newest step (it names who scores what), each team's location and total; the teams' columns
# (sixteen names in six columns) and the overview of everyone's picks (each shown again, large, in its team's
# steps) are smaller: the overview is read by its title and its players' names.
TEAMS = "[data-testid=st-team-location], [data-testid=st-team-total]"
SHOW = {
    None: "[data-testid=st-step].newest, " + TEAMS,
    "picks": "[data-testid=st-step].newest .st-step-title, [data-testid=st-step].newest td:first-child",
}
PICKS = "[data-testid=sf-players], [data-testid=st-location-progress], [data-testid=st-ally-progress]"


def start(pages, disconnect):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    others = guests(pages.server, code, 15)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(16)
    return ann, code, others


def choose_game(ann) -> None:
    ann.get_by_test_id("game-select").select_option("spyfall_teams")
    set_options(ann, {"composition": "custom"})
    set_options(ann, OPTIONS)


def end_round(ann) -> None:
    ann.get_by_test_id("st-end-round").click()
    ann.get_by_test_id("st-end-round").click()


def guests_name_locations(others) -> None:
    for player in others:
        state = phase(player, "pick_locations")
        locations = [card["id"] for card in state["match"]["game_view"]["locations"]]
        player.act("name_location", locations=locations[:2])


def guests_point(others) -> None:
    """Each guest points at as many others as its team asks (a spy at no one)."""
    for player in others:
        state = phase(player, "pick_allies")
        needed = state["match"]["game_view"].get("allies_to_name") or 0
        present = [pid for pid in state["match"]["present"] if pid != player.player]
        player.act("point", players=present[:needed])


def ann_names_locations(ann) -> None:
    ann.get_by_test_id("sf-pick").nth(0).click()
    ann.get_by_test_id("sf-pick").nth(1).click()
    ann.get_by_test_id("st-name-location").click()


def choose_allies(ann) -> None:
    """Ann chooses as many players as her form asks for ("Choose 2 players"), each click seen before the next."""
    point = ann.get_by_test_id("st-point")
    asked = re.search(r"\d+", point.inner_text())
    allies = ann.get_by_test_id("st-ally")
    for index in range(int(asked.group()) if asked else 1):
        allies.nth(index).click()
        expect(allies.nth(index)).to_have_attribute("aria-pressed", "true")
    expect(point).to_be_enabled()


def ann_points(ann) -> None:
    """Ann points at her allies and sends it."""
    choose_allies(ann)
    ann.get_by_test_id("st-point").click()


def step_the_show(ann) -> bool:
    """The host's next step of the show, once its button is ready again (the state after the last step has
    come); False, without a click, when the show is over and the host's next round is there instead."""
    ready, over = ann.locator("[data-testid=st-next-step]:enabled"), ann.get_by_test_id("st-next")
    expect(ready.or_(over)).to_be_visible()
    if over.count():
        return False
    ready.click()
    return True


def test_teams_with_sixteen_the_thing_to_do_is_on_the_first_screen(pages, disconnect):
    ann, code, others = start(pages, disconnect)
    choose_game(ann)
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("sf-card")).to_be_visible()
    if ann.get_by_test_id("sf-ask-targets").count():  # Ann asks first
        every_way_of_looking(pages, ann, "teams-asking", "sf-asked")
        ann.get_by_test_id("sf-asked").first.click()
    every_way_of_looking(pages, ann, "teams-end-round", "st-end-round")  # the host ends the round
    end_round(ann)

    expect(ann.get_by_test_id("sf-pick").first).to_be_visible()
    every_way_of_looking(pages, ann, "teams-pick-location", "sf-pick")
    # the last two of the list: the send that confirms them is still on the first screen
    ann.get_by_test_id("sf-pick").nth(-2).click()
    ann.get_by_test_id("sf-pick").last.click()
    expect(ann.get_by_test_id("st-name-location")).to_be_enabled()
    every_way_of_looking(pages, ann, "teams-name-location", "st-name-location")
    ann.get_by_test_id("st-name-location").click()
    guests_name_locations(others)

    expect(ann.get_by_test_id("st-ally").first).to_be_visible()
    every_way_of_looking(pages, ann, "teams-pick-allies", "st-ally")
    choose_allies(ann)
    every_way_of_looking(pages, ann, "teams-point", "st-point")
    ann.get_by_test_id("st-point").click()
    guests_point(others)

    expect(ann.get_by_test_id("st-next-step")).to_be_visible()
    every_way_of_looking(pages, ann, "teams-next-step", "st-next-step")  # the host steps the show
    while step_the_show(ann):
        pass
    expect(ann.get_by_test_id("st-next")).to_be_visible()
    every_way_of_looking(pages, ann, "teams-next", "st-next")


def test_teams_with_sixteen_the_setup_fits_both_tvs(pages, disconnect):
    ann, code, others = start(pages, disconnect)
    tables = open_tables(pages, code, 16)
    choose_game(ann)
    for table in tables.values():
        expect(table.get_by_test_id("setup-summary")).to_be_visible()
    check_tables(pages, tables, "teams-setup")


def overfill_the_newest_step(table) -> bool:
    """Make every guess of the newest step three times as long (a round whose four guessers all named long
    locations, in Russian, wraps each onto two lines or three) and let the screen fit itself again: it shrinks
    the step rather than spill it. True once it has."""
    zoom = table.evaluate(
        """() => {
            const step = document.querySelector("[data-testid=st-step].newest");
            for (const row of step.querySelectorAll("[data-testid=st-guesses] > li")) {
                const line = row.textContent;
                row.append(` ${line} ${line}`);
            }
            window.dispatchEvent(new Event("resize"));
            return Number(step.style.zoom || 1);
        }"""
    )
    assert 0.6 <= zoom < 1, f"the overfilled step was not fitted (zoom {zoom})"
    return True


def test_teams_with_sixteen_long_names_fits_both_tvs(pages, disconnect):
    ann, code, others = start(pages, disconnect)
    tables = open_tables(pages, code, 16)
    choose_game(ann)
    ann.get_by_test_id("start").click()
    for table in tables.values():
        expect(table.get_by_test_id("sf-asker")).to_be_visible()
    check_tables(pages, tables, "teams-questions", sofa=PEOPLE)

    end_round(ann)
    for table in tables.values():
        expect(table.locator(".sf-shell.st")).to_have_attribute("data-phase", "pick_locations")
    check_tables(pages, tables, "teams-pick-locations", sofa=PICKS)
    ann_names_locations(ann)
    guests_name_locations(others[:7])  # half the table has named theirs
    check_tables(pages, tables, "teams-pick-locations-half", sofa=PICKS)
    guests_name_locations(others[7:])

    for table in tables.values():
        expect(table.locator(".sf-shell.st")).to_have_attribute("data-phase", "pick_allies")
    check_tables(pages, tables, "teams-pick-allies", sofa=PICKS)
    ann_points(ann)
    guests_point(others)

    # The show, one step at a time (the host steps it): every step fits, the newest read from the sofa. The
    # score is its last step; the host's next step after it ends the show.
    step, kind, overfilled = 0, None, False
    while kind != "tally":
        if step:
            assert step_the_show(ann), f"the show ended after step {step} ({kind}) without the score"
        step += 1
        for table in tables.values():
            expect(table.get_by_test_id("st-step")).to_have_count(step)
        kind = tables["tv"].locator("[data-testid=st-step].newest").get_attribute("data-kind")
        check_tables(pages, tables, f"teams-show-{step:02d}-{kind}", sofa=SHOW.get(kind, SHOW[None]))
        if kind == "locations" and not overfilled:
            overfilled = overfill_the_newest_step(tables["tv720"])
            check_tables(pages, {"tv720": tables["tv720"]}, "teams-show-overfilled")
    assert step_the_show(ann)
    assert not step_the_show(ann)
    for table in tables.values():
        expect(table.get_by_test_id("st-result")).to_be_visible()
    check_tables(pages, tables, "teams-result", sofa="[data-testid=st-result], " + TEAMS)


def test_teams_with_sixteen_the_match_over_fits_both_tvs(pages, disconnect):
    ann, code, others = start(pages, disconnect)
    tables = open_tables(pages, code, 16)
    choose_game(ann)
    ann.get_by_test_id("start").click()
    end_round(ann)
    ann_names_locations(ann)
    guests_name_locations(others)
    ann_points(ann)
    guests_point(others)
    while step_the_show(ann):
        pass
    ann.get_by_test_id("st-next").click()
    for table in tables.values():
        expect(table.get_by_test_id("winners")).to_be_visible()
    check_tables(pages, tables, "teams-over", sofa="[data-testid=winners], [data-testid=rank-basis]")
    # Ranked on rounds won, not points: every row says its rounds won, and the ranking says what it is made of.
    tv = tables["tv"]
    expect(tv.get_by_test_id("ranked-by-basis")).to_contain_text("Ranked by rounds won")
    expect(tv.get_by_test_id("rank-basis")).to_have_count(16)
    winners = tv.locator("[data-testid=ranking] > .place-1 [data-testid=rank-basis]")
    expect(winners.first).to_have_text("1 won")
    expect(tables["tv720"].get_by_test_id("ranked-by-basis")).to_contain_text("по выигранным раундам")
