"""I'm Not a Human on a phone follows what its player must do now: when a phase changes, the control to use is
in view under the sticky top bar, whatever the page's earlier scroll; and every confirmation (the likely repeat's,
the vote's) is on the first screen when it appears.

The smallest phone of the night (360x640) in Russian with larger text: Ann hosts on it; the seven other seats are
Socket.IO clients. Taps are dispatched as click events, so the test's own scrolling never helps the page.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .full_table import every_way_of_looking, guests, guests_explain_in_turn, set_larger_text, set_options
from .helpers_browser import SMALL_PHONE, create_lobby, settle

SMALL = {"viewport": SMALL_PHONE, "is_mobile": True, "has_touch": True}
CLOCKS = {
    "associate_seconds": "600",
    "reveal_seconds": "30",
    "explain_seconds": "300",
    "discussion_seconds": "900",
    "vote_seconds": "600",
}
WORDS = ["Маяк", "Мармелад", "Шёпот", "Гроза", "Фарфор", "Лабиринт", "Ртуть", "Гавань"]

IN_VIEW = """(id) => {
    const node = document.querySelector(`[data-testid="${id}"]`);
    const box = node.getBoundingClientRect();
    const bar = document.querySelector(".topbar").getBoundingClientRect().bottom;
    if (box.top < bar - 1 || box.bottom > innerHeight + 1) {
        return `from y=${Math.round(box.top)} to ${Math.round(box.bottom)}; the top bar ends at ${Math.round(bar)}, `
            + `the screen at ${innerHeight}`;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return node.contains(hit) ? null : `covered by ${hit?.dataset.testid || hit?.className}`;
}"""


def assert_in_view_now(page, testid: str, what: str) -> None:
    """As the page stands (no scrolling by the test): ``testid`` lies wholly on the screen, under the top bar."""
    expect(page.get_by_test_id(testid)).to_be_visible()
    settle(page)
    problem = page.evaluate(IN_VIEW, testid)
    assert problem is None, f"{what}: {problem}"


def scroll_away(page) -> None:
    """The player looked further down (the pictures, the words), left the page there and waits for the others,
    hands off (the page never moves under a finger that has just touched it: the shell's now_scroll.js)."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    page.wait_for_timeout(2000)


def tap(page, testid: str) -> None:
    page.get_by_test_id(testid).dispatch_event("click")


def in_phase(page, phase: str) -> None:
    expect(page.locator(".nah-root")).to_have_attribute("data-phase", phase)


def start(pages, disconnect, **options):
    """Ann's lobby of eight on a 360x640 phone in Russian with larger text, I'm Not a Human started (Human factor)."""
    ann, code = create_lobby(pages, "Ann", **SMALL)
    others = guests(pages.server, code, 7)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(8)
    ann.get_by_test_id("game-select").select_option("notahuman")
    ann.get_by_test_id("variant-human_factor").check()
    set_options(ann, {**CLOCKS, **options})
    ann.get_by_test_id("start").click()
    in_phase(ann, "associations")
    return ann, others


def test_a_phase_change_brings_what_to_do_under_the_top_bar(pages, disconnect):
    ann, others = start(pages, disconnect)
    ann.get_by_test_id("lang-ru").click()
    set_larger_text(ann, True)
    ann.get_by_test_id("nah-word").fill(WORDS[0])
    tap(ann, "nah-say")
    expect(ann.get_by_test_id("nah-my-word")).to_be_visible()
    scroll_away(ann)
    for guest, word in zip(others, WORDS[1:], strict=True):
        guest.act("associate", word=word)
    in_phase(ann, "reveal_window")
    assert_in_view_now(ann, "nah-reveal", "«Открыться и угадать» in the reveal window")

    scroll_away(ann)
    tap(ann, "skip")
    tap(ann, "skip")  # the host moves on: Ann explains first (her word came first)
    in_phase(ann, "explanations")
    assert_in_view_now(ann, "nah-done", "Ann's «explained» on her turn")

    scroll_away(ann)
    tap(ann, "nah-done")
    guests_explain_in_turn(others)
    in_phase(ann, "discussion")
    assert_in_view_now(ann, "nah-start-vote", "the host's «start the vote» in the discussion")

    scroll_away(ann)
    tap(ann, "nah-start-vote")
    in_phase(ann, "voting")
    assert_in_view_now(ann, "nah-my-vote", "the ballot's prompt when the vote opens")

    # The last word's button is tapped wherever it is: the vote's confirmation comes into view.
    ann.get_by_test_id("nah-vote-8").scroll_into_view_if_needed()
    ann.evaluate("window.scrollBy(0, 400)")
    tap(ann, "nah-vote-8")
    expect(ann.get_by_test_id("nah-my-vote")).to_contain_text("№8")
    assert_in_view_now(ann, "nah-my-vote", "the confirmation of Ann's vote")


def test_every_confirmation_is_on_the_first_screen(pages, disconnect):
    """The likely repeat's confirmation and the vote's, at both phone sizes, both languages, larger text or not."""
    ann, others = start(pages, disconnect)
    others[0].act("associate", word="Lighthouse")
    ann.get_by_test_id("nah-word").fill("Lighthouses")
    ann.get_by_test_id("nah-say").click()
    expect(ann.get_by_test_id("nah-similar")).to_be_visible()
    every_way_of_looking(pages, ann, "notahuman-similar", "nah-keep")
    ann.get_by_test_id("nah-keep").click()
    expect(ann.get_by_test_id("nah-my-word")).to_contain_text("Lighthouses")
    for guest, word in zip(others[1:], WORDS[2:], strict=True):
        guest.act("associate", word=word)
    in_phase(ann, "reveal_window")
    ann.get_by_test_id("skip").click()
    ann.get_by_test_id("skip").click()
    in_phase(ann, "explanations")
    host = others[0]
    for entry in host.latest["match"]["game_view"]["associations"]:
        pid = entry["player"]
        host.wait(lambda s, p=pid: s["match"]["phase"] != "explanations" or s["match"]["turn"] == p, "the turn")
        if pid == ann.evaluate(
            "() => JSON.parse(Object.entries(localStorage).find(([k]) => k.startsWith('gamenight.seat.'))[1]).player"
        ):
            ann.get_by_test_id("nah-done").click()
        else:
            next(g for g in others if g.player == pid).act("explained")
    in_phase(ann, "discussion")
    ann.get_by_test_id("nah-start-vote").click()
    in_phase(ann, "voting")
    ann.get_by_test_id("nah-vote-1").click()
    expect(ann.get_by_test_id("nah-my-vote")).to_contain_text("#1")
    every_way_of_looking(pages, ann, "notahuman-my-vote", "nah-my-vote")
