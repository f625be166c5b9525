"""A round of Spyfall played from a phone the way a screen-reader user plays it: every step found by its role
and accessible name in Chromium's accessibility tree, news heard from the phone's live region (what a reader
announces, in order), the secret card read only while it is held, and nothing private in the TV's tree."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers_browser import create_lobby, join_by_link
from .test_browser_spyfall import NARROW, choose_options, read_card

# Everything a phone's live region adds, in order, from the moment this runs (what a screen reader says).
LISTEN = """() => {
    window.heard = [];
    const log = document.querySelector("[data-testid=announcer]");
    new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) window.heard.push(node.textContent);
    }).observe(log, { childList: true });
}"""


def heard_after(page, count: int) -> list[str]:
    """The announcements once there are at least ``count`` of them (and a moment for any that would follow)."""
    try:
        page.wait_for_function("(count) => window.heard.length >= count", arg=count, timeout=10_000)
    except Exception:
        raise AssertionError(f"heard only {page.evaluate('() => window.heard')}") from None
    page.wait_for_timeout(300)
    return page.evaluate("() => window.heard")


def assert_tree_without(tree: str, words: list[str], where: str) -> None:
    for word in words:
        assert word not in tree, f"{where} reads out {word!r}:\n{tree}"


def test_a_spyfall_round_by_roles_names_and_announcements(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    chen = join_by_link(pages, code, "Chen", **NARROW)  # plays by the accessibility tree alone
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    chen.evaluate(LISTEN)
    choose_options(ann, boris)
    ann.get_by_test_id("start").click()
    assert heard_after(chen, 2) == ["Spyfall 2 begins", "Round 1: Questions"]

    # The others' cards tell the test (not Chen) who the spy is and where the round takes place.
    others = {"Ann": read_card(ann), "Boris": read_card(boris)}
    agents = [name for name, (kind, _) in others.items() if kind == "agent"]
    location = others[agents[0]][1][0]
    spy = next((name for name, (kind, _) in others.items() if kind == "spy"), "Chen")
    roles = [others[name][1][1] for name in agents]

    # Chen's card: its hidden face is not in the tree; held (Space on the focused button), it is read; let go,
    # it is gone again.
    card = chen.get_by_role("button", name=re.compile("hold to see your card", re.I))
    main = chen.get_by_role("main")
    assert_tree_without(card.aria_snapshot(), [location["names"]["en"], "You are the spy", *roles], "the hidden card")
    card.focus()
    chen.keyboard.down(" ")
    held = chen.locator(":focus")
    expect(held).to_contain_text(re.compile("You are the spy" if spy == "Chen" else location["names"]["en"]))
    held_tree = held.aria_snapshot()
    own_role = [] if spy == "Chen" else [chen.get_by_test_id("sf-card-role").inner_text().strip()]
    chen.keyboard.up(" ")
    if spy == "Chen":
        assert "You are the spy" in held_tree, held_tree
    else:
        assert location["names"]["en"] in held_tree and own_role[0] in held_tree, held_tree
    expect(card).to_be_visible()
    assert_tree_without(
        card.aria_snapshot(), [location["names"]["en"], "You are the spy", *own_role], "the card let go"
    )
    assert_tree_without(main.aria_snapshot(), ["You are the spy", *roles, *own_role], "Chen's phone, card hidden")

    # The TV's tree: the location only as one of the list, no role, no spy.
    tv = table.locator("body").aria_snapshot()
    assert_tree_without(tv, [*roles, "You are the spy"], "the TV")
    listed = table.get_by_test_id("sf-locations").aria_snapshot()
    assert tv.count(location["names"]["en"]) == listed.count(location["names"]["en"]), tv

    # The dealer asks Chen: his turn is announced, and he says whom he asked by the button's name.
    ann.get_by_test_id("sf-asked").filter(has_text="Chen").click()
    assert heard_after(chen, 3)[2] == "Your turn"
    chen.get_by_role("button", name="I asked Boris").click()
    expect(chen.get_by_role("button", name="I asked Boris")).to_have_count(0)

    if spy == "Chen":
        # The spy reveals: the reveal panel is a region named by its heading, the location a button in it.
        chen.get_by_role("button", name="Spy: reveal and name the location").click()
        panel = chen.get_by_role("region", name="Reveal yourself and name the location")
        panel.get_by_role("button", name=location["names"]["en"], exact=True).click()
        chen.get_by_role("button", name=f"Reveal: {location['names']['en']}").click()
        expected = ["Round 1: Round over"]
    else:
        # The other agent accuses the spy; Chen votes by the button's name.
        accuser = {"Ann": ann, "Boris": boris}[agents[0] if agents[0] != spy else agents[1]]
        accuser.get_by_test_id("sf-accuse").click()
        accuser.get_by_test_id("sf-accuse-target").filter(has_text=spy).click()
        accuser.get_by_test_id("sf-accuse-confirm").click()
        heard_after(chen, 5)
        chen.get_by_role("button", name="Yes", exact=True).click()
        expected = [
            "Round 1: Accusation vote",
            "Vote open: Accusation vote",
            "Your vote is counted",
            "Vote closed: Accusation vote",
            "Round 1: Round over",
        ]
    expect(chen.get_by_test_id("sf-result")).to_be_visible()
    assert heard_after(chen, 3 + len(expected))[3:] == expected

    # The host shows the final results: Chen hears who won, as the results say it.
    ann.get_by_test_id("sf-next").click()
    expect(chen.get_by_test_id("winners")).to_be_visible()
    winners = chen.get_by_test_id("winners").inner_text().strip()
    assert heard_after(chen, 4 + len(expected))[3 + len(expected) :] == [f"Match over. {winners}"], "each news once"


# A match's view as a phone receives it, with clocks set against the page's server time.
CLOCKS = """async ({ timers, ballots }) => {
    const { Announcer } = await import("/static/js/announce.js");
    const { serverNow } = await import("/static/js/clock.js");
    window.spoken = window.spoken || new Announcer();
    const clocks = Object.fromEntries(Object.entries(timers).map(([name, left]) =>
        [name, { running: true, deadline: serverNow() + left, duration: 60, remaining: left }]));
    window.spoken.observe({
        you: "p1",
        lobby: { seats: [] },
        match: { id: "m1", game: "spyfall", round: 1, phase: "play", players: ["p1", "p2"], present: ["p1", "p2"],
                 timers: clocks, ballots },
    });
    return [...document.querySelectorAll("[data-testid=announcer]")].length;
}"""
SPOKEN = "() => [...document.querySelectorAll('[data-testid=announcer]')].at(-1).innerText.split('\\n').filter(Boolean)"
THEIRS = {"accusation": {"voters": ["p2"], "voted": [], "closed": False}}


def test_thirty_and_ten_seconds_left_are_said_once_for_a_clock_that_waits_for_the_player(pages):
    phone, _ = create_lobby(pages, "Ann", **NARROW)
    assert phone.evaluate(CLOCKS, {"timers": {"round": 31.5, "ballot:accusation": 31.5}, "ballots": THEIRS}) == 2
    phone.wait_for_function(f"() => ({SPOKEN})().length >= 1", timeout=5_000)
    phone.wait_for_timeout(1000)
    # the round's clock waits for the player; another's vote does not
    assert phone.evaluate(SPOKEN) == ["Round clock: 30 seconds left"]
    phone.evaluate(CLOCKS, {"timers": {"round": 29}, "ballots": {}})  # the same news again: nothing new
    phone.evaluate(CLOCKS, {"timers": {"round": 10.8}, "ballots": {}})
    phone.wait_for_function(f"() => ({SPOKEN})().length >= 2", timeout=5_000)
    phone.wait_for_timeout(1000)
    assert phone.evaluate(SPOKEN) == ["Round clock: 30 seconds left", "Round clock: 10 seconds left"]
