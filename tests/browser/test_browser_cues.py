"""Sound and motion, offline: the table's clock ticks its last five seconds and sounds time up, votes and rounds
have their cues, a phone hears its own turn, and each cue is also written as a caption on the device that plays it;
each device's mute switch outlives a reload; nothing moves for a viewer who asked for reduced motion, on the device
or with the page's own switch. Cues are read from window.gamenightCues, which lists every cue a page played (heard
or muted)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers_browser import TV_SIZES, create_lobby, join_by_link
from .test_browser_tv_notahuman import phase_of, read_cards, say, start_match

CUE_NAMES = "() => (window.gamenightCues || []).map((cue) => cue.name)"
# Every caption line a page showed, as "cue|text", noted the moment it appears.
WATCH_CAPTIONS = """() => { window.captionsSeen = new Set();
    const note = () => { for (const line of document.querySelectorAll('[data-testid=cue-caption]'))
        if (line.checkVisibility()) window.captionsSeen.add(`${line.dataset.cue}|${line.textContent}`); };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true }); }"""
CAPTIONS_SEEN = "() => [...(window.captionsSeen || [])]"
CAPTIONS_EN = {
    "round_start": "A new round begins",
    "last_seconds": "Last seconds on the clock",
    "time_up": "Time is up",
    "vote_open": "The vote is open",
    "vote_close": "The vote is closed",
    "reveal": "The reveal",
    "your_turn": "Your turn",
}
RUNNING_ANIMATIONS = "() => document.getAnimations().filter((a) => a.playState === 'running').length"


def cues(page) -> list[dict]:
    return page.evaluate("() => window.gamenightCues || []")


def wait_for_cue(page, name: str, timeout: int = 60_000) -> None:
    page.wait_for_function(
        "(name) => (window.gamenightCues || []).some((cue) => cue.name === name)", arg=name, timeout=timeout
    )


def test_the_table_sounds_its_clocks_votes_and_rounds_and_a_phone_its_turn(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    table = pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES["tv720"])
    expect(table.get_by_test_id("seat")).to_have_count(2)
    # A TV plays sound once someone has clicked or pressed a key on it (the browser's rule); it says so until then.
    expect(table.get_by_test_id("sound-note")).to_have_text("Click or press a key once for sound")
    table.get_by_test_id("table-code").click()
    expect(table.get_by_test_id("sound-switch")).to_have_attribute("data-state", "on")
    expect(table.get_by_test_id("sound-note")).to_be_hidden()

    # Boris silences his phone; the switch is remembered when the page is opened again.
    switch = boris.get_by_test_id("sound-switch")
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(switch).to_have_accessible_name("Mute")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    boris.reload()
    expect(boris.get_by_test_id("seat")).to_have_count(2)
    expect(boris.get_by_test_id("sound-switch")).to_have_attribute("aria-pressed", "true")
    boris.get_by_test_id("lang-ru").click()
    expect(boris.get_by_test_id("sound-switch")).to_have_accessible_name("Без звука")

    ann.get_by_test_id("game-select").select_option("highcard")
    for option, value in [("rounds", "1"), ("claim_seconds", "12"), ("vote_seconds", "60")]:
        field = ann.get_by_test_id(f"option-{option}")
        field.fill(value)
        field.press("Tab")
    expect(table.get_by_test_id("setup-summary").locator("dd").nth(1)).to_have_text("12")
    assert cues(table) == []  # nothing happened yet: opening the page sounds nothing
    for page in (table, boris):
        page.evaluate(WATCH_CAPTIONS)
    ann.get_by_test_id("start").click()

    # Ann deals and claims first; her turn is cued on her phone. She lets her clock run out.
    wait_for_cue(table, "round_start")
    wait_for_cue(ann, "your_turn")
    wait_for_cue(table, "time_up")
    heard = cues(table)
    names = [cue["name"] for cue in heard]
    assert names[0] == "round_start", names
    ticks = [cue["time"] for cue in heard if cue["name"] == "last_seconds"]
    time_up = next(cue["time"] for cue in heard if cue["name"] == "time_up")
    # a tick a second in the last five seconds only, then time up
    assert 4 <= len(ticks) <= 5 and all(time_up - 5_500 <= tick < time_up for tick in ticks), names
    assert not any(cue["muted"] for cue in heard) and all(cue["unlocked"] for cue in heard), heard

    # Boris's turn comes: his phone cues it, muted as he chose; the table plays no phone cues, nor he the table's.
    wait_for_cue(boris, "your_turn")
    assert [cue["muted"] for cue in cues(boris)] == [True]
    assert "your_turn" not in table.evaluate(CUE_NAMES)
    assert not {"last_seconds", "time_up", "round_start"} & set(ann.evaluate(CUE_NAMES))

    # Boris stays silent too; then the vote opens and closes on the table.
    wait_for_cue(table, "vote_open")
    ann.get_by_test_id("vote-options").get_by_role("button", name="Boris").click()
    boris.get_by_test_id("vote-options").get_by_role("button", name="Ann").click()
    wait_for_cue(table, "vote_close")
    expect(table.get_by_test_id("hands")).to_be_visible()

    # The match's results are the table's reveal.
    ann.get_by_test_id("next-round").click()
    expect(table.get_by_test_id("winners")).to_be_visible()
    wait_for_cue(table, "reveal")
    names = table.evaluate(CUE_NAMES)
    assert names.index("vote_open") < names.index("vote_close") < names.index("reveal"), names

    # Each sound the table played was written on it too; Boris's muted turn was shown on his (Russian) phone.
    seen = set(table.evaluate(CAPTIONS_SEEN))
    assert {f"{name}|{CAPTIONS_EN[name]}" for name in names} <= seen, seen
    assert "your_turn|Ваш ход" in boris.evaluate(CAPTIONS_SEEN)


def test_card_flips_and_reveals_stand_still_under_reduced_motion(pages):
    page = pages.page("/about", viewport=TV_SIZES["tv720"])
    expect(page.get_by_test_id("sound-credits")).to_contain_text("synthesized in the browser")
    animation = """(name) => {
        const node = document.createElement("div");
        node.className = name;
        node.textContent = name;
        document.body.appendChild(node);
        const { animationName, animationDuration } = getComputedStyle(node);
        node.remove();
        return [animationName, animationDuration];
    }"""
    assert page.evaluate(animation, "flip-in")[0] != "none"
    assert page.evaluate(animation, "reveal-in")[0] != "none"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(animation, "flip-in")[0] == "none"
    assert page.evaluate(animation, "reveal-in")[0] == "none"


# A card turning and a pulsing mark, as the games' screens have them, put on the page under test.
MOVING = """() => { const card = document.createElement('div'); card.className = 'flip-in'; card.textContent = 'card';
    const mark = document.createElement('div'); mark.className = 'reveal-in'; mark.textContent = 'mark';
    mark.style.animationIterationCount = 'infinite';
    document.querySelector('main').append(card, mark); }"""


def test_nothing_moves_with_the_page_s_less_motion_switch_or_the_device_s_setting(pages):
    ann, code = create_lobby(pages, "Ann")
    ann.evaluate(MOVING)
    assert ann.evaluate(RUNNING_ANIMATIONS) > 0, "a card turning and a mark pulsing move"
    switch = ann.get_by_test_id("motion-switch")
    expect(switch).to_have_accessible_name("Less motion")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert ann.evaluate(RUNNING_ANIMATIONS) == 0, "the switch stops what moves at once"
    ann.reload()  # remembered on this phone
    expect(ann.get_by_test_id("motion-switch")).to_have_attribute("aria-pressed", "true")
    ann.evaluate(MOVING)
    assert ann.evaluate(RUNNING_ANIMATIONS) == 0
    ann.get_by_test_id("lang-ru").click()
    expect(ann.get_by_test_id("motion-switch")).to_have_accessible_name("Меньше движения")

    # The TV has the same switch; a TV whose device asks for reduced motion keeps still without it.
    table = pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES["tv720"], reduced_motion="reduce")
    expect(table.get_by_test_id("seat")).to_have_count(1)
    expect(table.get_by_test_id("motion-switch")).to_have_attribute("aria-pressed", "false")
    table.evaluate(MOVING)
    assert table.evaluate(RUNNING_ANIMATIONS) == 0


def test_a_clock_that_paces_the_show_is_never_urgent_and_the_last_break_leads_to_the_final_results(pages):
    """Team Spyfall's scoring show moves on by itself every 2 s: the table sounds no tick and no buzzer for its
    steps and never paints their clock as running out; after the last round the break says what comes next."""
    names = ["Ann", "Boris", "Chen", "Dina", "Emil"]  # two teams of two and a spy
    ann, code = create_lobby(pages, "Ann")
    phones = {"Ann": ann, **{name: join_by_link(pages, code, name) for name in names[1:]}}
    table = pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES["tv720"])
    expect(table.get_by_test_id("seat")).to_have_count(5)
    table.get_by_test_id("table-code").click()  # sound on
    ann.get_by_test_id("game-select").select_option("spyfall_teams")
    for option, value in [("rounds", "1"), ("show_seconds", "2")]:
        field = ann.get_by_test_id(f"option-{option}")
        field.fill(value)
        field.press("Tab")
    expect(table.get_by_test_id("setup-summary")).to_contain_text("Seconds per step of the reveal")
    ann.get_by_test_id("start").click()
    wait_for_cue(table, "round_start")
    ann.get_by_test_id("st-end-round").click()
    ann.get_by_test_id("st-end-round").click()
    for page in phones.values():
        page.get_by_test_id("sf-pick").nth(0).click()
        page.get_by_test_id("sf-pick").nth(1).click()
        page.get_by_test_id("st-name-location").click()
    for page in phones.values():
        page.get_by_test_id("st-ally-none").click()
        page.get_by_test_id("st-point").click()

    expect(table.get_by_test_id("timer-show")).to_have_class(re.compile(r"\bpace\b"))
    before = len(cues(table))
    # While the steps go by, the page notes whether a step's clock is ever painted as running out.
    table.evaluate(
        """() => { window.paceLow = false;
            setInterval(() => { if (document.querySelector('.countdown.pace.low')) window.paceLow = true; }, 50); }"""
    )
    expect(table.get_by_test_id("st-step")).to_have_count(4, timeout=30_000)  # three steps moved on by the clock
    assert table.evaluate("() => window.paceLow") is False, "a step's clock was painted as running out"
    during = [cue["name"] for cue in cues(table)[before:]]
    assert "last_seconds" not in during and "time_up" not in during, during

    # The show goes on by itself to the round's result; after the last round, the break leads to the final results.
    expect(table.locator("[data-timer=break] .timer-label")).to_have_text("Final results in", timeout=90_000)
    table.get_by_test_id("lang-ru").click()
    expect(table.locator("[data-timer=break] .timer-label")).to_have_text("Итоги через")


# A TV on which every ask for a cue comes late: the clock cues.js reads is half a second further on at each of
# its reads (the rest of the page sees the same time, shifted by as much: its connection's pings keep time).
LATE_ASKS = """(() => {
    const real = Date.now.bind(Date);
    let late = 0;
    Date.now = () => (new Error().stack.includes("/cues.js") ? real() + (late += 500) : real() + late);
})()"""


def test_a_slow_tv_sounds_each_moment_of_a_vote_once(pages):
    """The shell sees a ballot close and the game's screen its result, in the same state: both ask for
    vote_close. However late the second ask comes (a slow TV), one state sounds each cue once."""
    phones, code = start_match(pages, rounds=1)
    context = pages.context(viewport=TV_SIZES["tv720"])
    context.add_init_script(LATE_ASKS)
    table = pages.page(f"/l/{code}/table?rotate=0", context=context)
    phase_of(table, "associations")
    cards = read_cards(phones)
    human = next(name for name, (role, _) in cards.items() if role == "human")
    for name, word in zip(phones, ["Lantern", "Midnight", "Quiet"], strict=True):
        say(phones[name], word)
    for _ in range(2):
        phones["Ann"].get_by_test_id("skip").click()  # the host moves past the reveal window
    for page in phones.values():
        page.get_by_test_id("nah-done").click()
    phones["Ann"].get_by_test_id("nah-start-vote").click()
    phase_of(table, "voting")
    names = list(phones)
    for name, page in phones.items():
        target = human if name != human else next(other for other in names if other != human)
        page.get_by_test_id(f"nah-vote-{names.index(target) + 1}").click()
    phase_of(table, "round_over")
    wait_for_cue(table, "reveal")
    heard = table.evaluate(CUE_NAMES)
    assert [heard.count(name) for name in ("vote_open", "vote_close", "reveal")] == [1, 1, 1], heard
