"""A round of Team Spyfall played from a phone the way a screen-reader user plays it: every step found by its role
and accessible name in Chromium's accessibility tree, news heard from the phone's live region in order, the card
read only while it is held, each secret pick made by named controls and its confirmation read out where the focus
goes, and no team's location or membership in the TV's tree while they are secret.

Chen plays by the tree alone; Ann hosts on a browser driven by test ids; Boris and Dina play over the wire."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_real_server import Player

from .full_spyfall_steps import phase
from .full_table import set_options
from .helpers_browser import card_held, create_lobby, join_by_link
from .test_browser_full_spyfall_teams import step_the_show
from .test_browser_screen_reader import LISTEN, assert_tree_without, heard_after
from .test_browser_spyfall_teams import NARROW, PACK, TV

# Four players in two teams of two, no spy: the shortest round; the host steps the reveal.
OPTIONS = {"rounds": "1", "custom_teams": "2", "custom_spies": "0", "show_seconds": "0"}
STARTED = ["Team Spyfall begins", "Round 1: Questions", "Your turn", "Round 1: Name a location"]


def seat_over_the_wire(server: str, code: str, name: str, clients: list) -> Player:
    player = Player(server, name)
    joined = player.call("join_lobby", {"code": code, "name": name})
    assert joined["ok"], joined
    player.token, player.player = joined["token"], joined["player"]
    clients.append(player)
    return player


def card_of(player: Player) -> dict:
    state = player.wait(lambda s: s["match"] and (s["match"].get("game_view") or {}).get("card"), "a card")
    return state["match"]["game_view"]["card"]


def role_name(card: dict) -> str:
    role = card["role"]
    return role["en"] if isinstance(role, dict) else role


def assert_tv_keeps_teams_secret(table, locations: list[dict], roles: list[str]) -> None:
    """No team, no role in the TV's tree; a location's name only as often as the list of every location says it."""
    tv = table.locator("body").aria_snapshot()
    assert not re.search(r"\bTeam \d", tv), tv
    assert_tree_without(tv, roles, "the TV")
    listed = table.get_by_test_id("sf-locations").aria_snapshot()
    for location in locations:
        name = location["names"]["en"]
        assert tv.count(name) == listed.count(name), f"the TV reads out {name!r} outside the list:\n{tv}"


def test_a_team_spyfall_round_by_roles_names_and_announcements(pages, disconnect):
    ann, code = create_lobby(pages, "Ann")
    boris = seat_over_the_wire(pages.server, code, "Boris", disconnect)
    chen = join_by_link(pages, code, "Chen", **NARROW)  # plays by the accessibility tree alone
    dina = seat_over_the_wire(pages.server, code, "Dina", disconnect)
    table = pages.page(f"/l/{code}/table", **TV)
    ann.get_by_test_id("game-select").select_option("spyfall_teams")
    set_options(ann, {"composition": "custom"})
    set_options(ann, OPTIONS)
    chen.evaluate(LISTEN)
    ann.get_by_test_id("start").click()
    assert heard_after(chen, 2) == STARTED[:2]

    # The others' cards tell the test (not Chen) where each team is and what each player's role is.
    wired = {"Boris": card_of(boris), "Dina": card_of(dina)}
    with card_held(ann) as face:
        ann_location = face.get_by_test_id("sf-card-location").inner_text().strip()
        ann_role = face.get_by_test_id("sf-card-role").inner_text().strip()
    where = {name: card["location"] for name, card in wired.items()}
    where["Ann"] = next(x for x in PACK["locations"] if x["names"]["en"] == ann_location)
    roles = [ann_role, *(role_name(card) for card in wired.values())]
    locations = list({x["id"]: x for x in where.values()}.values())
    assert len(locations) == 2, where

    # Chen's card: its face is not in the tree; held (Space on the focused button), it is read; let go, gone.
    card = chen.get_by_role("button", name=re.compile("hold to see your card", re.I))
    main = chen.get_by_role("main")
    assert_tree_without(card.aria_snapshot(), [x["names"]["en"] for x in locations], "the hidden card")
    card.focus()
    chen.keyboard.down(" ")
    held = chen.locator(":focus")
    expect(held.get_by_test_id("sf-card-role")).to_be_visible()
    held_tree = held.aria_snapshot()
    own_role = chen.get_by_test_id("sf-card-role").inner_text().strip()
    chen.keyboard.up(" ")
    home = next(x for x in locations if x["names"]["en"] in held_tree)
    away = next(x for x in locations if x is not home)
    assert own_role in held_tree and away["names"]["en"] not in held_tree, held_tree
    expect(card).to_be_visible()
    assert_tree_without(card.aria_snapshot(), [home["names"]["en"], own_role], "the card let go")
    assert_tree_without(main.aria_snapshot(), [*roles, own_role], "Chen's phone, card hidden")
    mate = next(name for name, location in where.items() if location["id"] == home["id"])
    assert_tv_keeps_teams_secret(table, locations, [*roles, own_role])

    # The dealer asks Chen: his turn is announced; he says whom he asked by the button's name.
    ann.get_by_test_id("sf-asked").filter(has_text="Chen").click()
    assert heard_after(chen, 3) == STARTED[:3]
    chen.get_by_role("button", name="I asked Boris").click()
    expect(chen.get_by_role("button", name="I asked Boris")).to_have_count(0)
    ann.get_by_test_id("st-end-round").click()
    ann.get_by_test_id("st-end-round").click()
    assert heard_after(chen, 4) == STARTED

    # The location pick: the choices are a group named by the form's prompt, each a location's toggle; the focus
    # stays on the chosen one as the screen is drawn again (by Chen's tap, or by another player's pick).
    decoy = next(x for x in PACK["locations"] if x["id"] not in (home["id"], away["id"]))
    others_name = [x["id"] for x in PACK["locations"] if x["id"] not in (home["id"], away["id"])][1:3]
    form = chen.get_by_role("region", name="Name two locations")
    expect(form.get_by_role("group", name="Tap two locations (0 of 2 chosen).")).to_be_visible()
    choices = form.get_by_role("group", name=re.compile(r"^Tap two locations"))
    first = choices.get_by_role("button", name=away["names"]["en"], exact=True)
    first.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(form.get_by_role("group", name="Tap two locations (1 of 2 chosen).")).to_be_visible()
    expect(first).to_be_focused()
    boris.act("name_location", locations=others_name)
    expect(form.get_by_text("1 of 4 have picked")).to_be_visible()
    expect(first).to_be_focused()
    choices.get_by_role("button", name=decoy["names"]["en"], exact=True).press("Enter")
    picked = f"{away['names']['en']} and {decoy['names']['en']}"
    form.get_by_role("button", name=f"Name: {picked}").press("Enter")
    # the confirmation takes the focus: it is what the reader says next
    expect(chen.locator(":focus")).to_have_text(f"You named: {picked}")
    assert_tv_keeps_teams_secret(table, [*locations, decoy], [*roles, own_role])
    dina.act("name_location", locations=others_name)
    for location in others_name:
        ann.locator(f"[data-testid=sf-pick][data-location='{location}']").click()
    ann.get_by_test_id("st-name-location").click()
    assert heard_after(chen, 5)[4:] == ["Round 1: Point at your allies"]

    # The ally pick, first on a Russian phone: the group, the players and the send are named in Russian too.
    chen.get_by_role("group", name="Language").get_by_role("button", name="RU").click()
    form = chen.get_by_role("region", name="Укажите на союзников")
    allies = form.get_by_role("group", name="Отметьте 1 игрока из вашей команды — или никого.")
    expect(allies.get_by_role("button", name="Ни на кого")).to_be_visible()
    allies.get_by_role("button", name=mate, exact=True).press("Enter")
    expect(form.get_by_role("button", name=f"Указать: {mate}")).to_be_enabled()
    chen.get_by_role("group", name="Язык").get_by_role("button", name="EN").click()
    form = chen.get_by_role("region", name="Point at your allies")
    allies = form.get_by_role("group", name="Tap 1 player you think is on your team, or no one.")
    mate_button = allies.get_by_role("button", name=mate, exact=True)
    expect(mate_button).to_have_attribute("aria-pressed", "true")
    expect(allies.get_by_role("button", name="No one")).to_have_attribute("aria-pressed", "false")
    form.get_by_role("button", name=f"Point at {mate}").press("Enter")
    expect(chen.locator(":focus")).to_have_text(f"You pointed at: {mate}")
    assert_tv_keeps_teams_secret(table, locations, [*roles, own_role])
    for player in (boris, dina):
        phase(player, "pick_allies")
        player.act("point", players=[])
    ann.get_by_test_id("st-ally-none").click()
    ann.get_by_test_id("st-point").click()
    assert heard_after(chen, 6)[5] == "Round 1: The reveal"

    # The host steps the reveal; Chen hears the round end and reads its result: only he named the other
    # team's location, so his team wins.
    while step_the_show(ann):
        pass
    result = chen.get_by_role("region", name="Round over")
    expect(result).to_contain_text(f"{home['names']['en']} wins the round!")
    # each step of the show was said as it came, by its title (and its words, but for the table of picks)
    steps = chen.get_by_test_id("st-step")
    indexes = steps.evaluate_all("(nodes) => nodes.map((n) => +n.dataset.index)")
    titles = dict(zip(indexes, steps.locator("h3").all_inner_texts(), strict=True))
    heard = heard_after(chen, 7 + len(titles))
    said = heard[6:-1]
    assert heard[-1] == "Round 1: Round over" and len(said) == len(titles), heard
    for line, index in zip(said, sorted(titles), strict=True):
        assert line.startswith(titles[index]), (line, titles[index])
    assert said[0] == "Everyone's secret picks" and len(said[-1]) > len(titles[len(said) - 1]), said
    # the reveal reads each pick as what it is: "Chen, points at, Dina"; "Chen, names, Cat Show"
    reveal = chen.get_by_role("region", name="The reveal")
    for arrow, picked in (("points at", mate), ("names", away["names"]["en"])):
        row = reveal.get_by_role("listitem").filter(has=chen.get_by_role("img", name=arrow)).filter(has_text="Chen")
        expect(row.first).to_contain_text(picked)
    ann.get_by_test_id("st-next").click()
    expect(chen.get_by_test_id("winners")).to_be_visible()
    winners = chen.get_by_test_id("winners").inner_text().strip()
    assert sorted(re.findall(r"Ann|Boris|Chen|Dina", winners)) == sorted(["Chen", mate]), winners
    assert heard_after(chen, 8 + len(titles))[7 + len(titles) :] == [f"Match over. {winners}"], "each news once"
