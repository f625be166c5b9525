"""The host's setup card on a phone (390x844): the sticky Start bar never takes a tap meant for an option,
and a Start right after an option changed waits a moment; a game's own setup part (its renderSetup) goes
when another game is chosen."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, create_lobby, join_by_link, settle

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}

HIT = (
    """([node, x, y]) => { const hit = document.elementFromPoint(x, y); return Boolean(hit && node.contains(hit)); }"""
)


# The Start bar's box and its button's, read in one step.
BAR_AND_BUTTON = """() => ["#start-row", "[data-testid=start]"].map((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return { x: box.x, y: box.y, width: box.width, height: box.height };
})"""


def last_option(page):
    """The form's last choice: the label of its last checkbox (the last variant)."""
    return page.get_by_test_id("setup-form").locator("label.check").last


def test_the_start_bar_never_covers_the_last_option(pages):
    host, code = create_lobby(pages, "Ann", **PHONE)
    for name in ("Boris", "Chen", "Dina", "Emil"):
        join_by_link(pages, code, name, **PHONE)
    host.get_by_test_id("game-select").select_option("spyfall_teams")
    option = last_option(host)
    expect(option).to_be_visible()
    start = host.get_by_test_id("start")
    expect(start).to_be_enabled()
    settle(host)

    # Brought into view as a browser does (the keyboard's focus, "scroll into view"): it stops above the bar.
    option.evaluate("(node) => node.scrollIntoView({ block: 'end' })")
    box = option.bounding_box()
    bar = start.bounding_box()
    assert box["y"] + box["height"] <= bar["y"] + 1, (
        f"the last option ends at {box['y'] + box['height']:.0f}, under Start at {bar['y']:.0f}"
    )
    assert host.evaluate(HIT, [option.element_handle(), box["x"] + 12, box["y"] + box["height"] / 2])

    # Scrolled by hand until it shows just above Start, in the bar's fading top: a tap there reaches the option.
    row, bar = host.evaluate(BAR_AND_BUTTON)  # both at once: a state arriving between two looks redraws the bar
    above = (row["y"] + bar["y"]) / 2  # between the bar's top edge and its button
    assert bar["y"] - row["y"] >= 4, "the bar has a top edge above its button"
    host.evaluate("(dy) => window.scrollBy(0, dy)", box["y"] + box["height"] / 2 - above)
    box = option.bounding_box()
    bar = start.bounding_box()
    y = box["y"] + box["height"] / 2
    assert y < bar["y"], "the option is above the button"
    assert host.evaluate(HIT, [option.element_handle(), box["x"] + 12, y]), "the bar took a tap meant for the option"


def test_a_start_right_after_an_option_changed_waits_a_moment(pages):
    host, code = create_lobby(pages, "Ann", **PHONE)
    boris = join_by_link(pages, code, "Boris", **PHONE)
    join_by_link(pages, code, "Chen", **PHONE)
    host.get_by_test_id("game-select").select_option("highcard")
    start = host.get_by_test_id("start")
    expect(start).to_be_enabled()
    rounds = host.get_by_test_id("option-rounds")
    rounds.fill("1")
    rounds.press("Tab")
    expect(start).to_be_disabled(timeout=1_000)  # a tap meant for the next option does not start the match
    start.click(force=True)  # a real tap on it meanwhile
    expect(start).to_be_enabled()
    expect(boris.get_by_test_id("match")).to_be_hidden()
    start.click()
    expect(boris.get_by_test_id("match-phase")).to_be_visible()


def test_a_games_setup_part_goes_when_another_game_is_chosen(pages):
    """Spyfall's custom packs, then I'm Not a Human's pictures, then Team Spyfall's: each game's own part of the
    setup card only while it is the chosen game, on the host's phone, a player's and the table."""
    host, code = create_lobby(pages, "Ann", **PHONE)
    boris = join_by_link(pages, code, "Boris", **PHONE)
    table = pages.page(f"/l/{code}/table?rotate=0", viewport={"width": 1920, "height": 1080})
    host_extra = host.get_by_test_id("setup-extra")
    for game, own, others in [
        ("spyfall", ".sf-setup", [".nah-setup"]),
        ("notahuman", ".nah-setup", [".sf-setup"]),
        ("spyfall_teams", ".sf-setup", [".nah-setup"]),
        ("highcard", None, [".sf-setup", ".nah-setup"]),
        ("spyfall", ".sf-setup", [".nah-setup"]),
    ]:
        host.get_by_test_id("game-select").select_option(game)
        if own:
            expect(host_extra.locator(own)).to_have_count(1)
        for other in others:
            for page in (host, boris, table):
                expect(page.get_by_test_id("setup-extra").locator(other)).to_have_count(0)
