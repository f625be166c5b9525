"""A phone follows what its player must do now (docs/screens.md, "What to do now"): when the turn or the
phase changes, a phone scrolled down to the seats or the points comes back to the game's current action,
under the top bar, without its player scrolling. High Card on two small phones, one with larger text."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .helpers_browser import SMALL_PHONE, create_lobby, join_by_link, settle

PHONE = {"viewport": SMALL_PHONE, "is_mobile": True, "has_touch": True}


def scroll_to_bottom(page) -> None:
    """The player reads what lies at the end of their page (the seats, the invitation)."""
    settle(page)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0")


def assert_in_view(page, testid: str, what: str) -> None:
    """The element of ``testid`` comes to lie wholly in the viewport, below the sticky top bar, with nobody
    scrolling (a phone may wait until its player's hands are off it)."""
    expect(page.get_by_test_id(testid)).to_be_visible()
    in_view = """(testid) => {
        const node = document.querySelector(`[data-testid="${testid}"]`);
        if (!node) return false;
        const box = node.getBoundingClientRect();
        const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
        return box.top >= bar && box.bottom <= window.innerHeight + 1;
    }"""
    try:
        page.wait_for_function(in_view, arg=testid, timeout=5_000)
    except PlaywrightTimeout:
        box = page.get_by_test_id(testid).bounding_box()
        raise AssertionError(
            f"{what} is not on the screen: y={box and box['y']:.0f}..{box and box['y'] + box['height']:.0f}"
        ) from None
    settle(page)


def test_a_phone_scrolled_away_comes_back_to_its_turn_and_to_the_vote(pages):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    boris = join_by_link(pages, code, "Boris", **PHONE)
    chen = join_by_link(pages, code, "Chen", **PHONE)
    chen.get_by_test_id("text-size").dispatch_event("click")
    expect(chen.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
    ann.get_by_test_id("game-select").select_option("highcard")
    for option, value in [("rounds", "1"), ("claim_seconds", "300"), ("vote_seconds", "300")]:
        field = ann.get_by_test_id(f"option-{option}")
        field.fill(value)
        field.press("Tab")
    expect(chen.get_by_test_id("setup-summary").locator("dd").first).to_have_text("1")
    ann.get_by_test_id("start").click()
    for page in (ann, boris, chen):
        expect(page.get_by_test_id("match-phase")).to_have_text("Claims")

    # Chen reads the end of the page while the others claim; the turn coming to them brings the claim back.
    scroll_to_bottom(chen)
    for page, value in [(ann, 30), (boris, 12)]:
        page.get_by_test_id("claim-input").fill(str(value))
        page.get_by_test_id("claim-submit").click()
        expect(page.get_by_test_id("claim-form")).to_have_count(0)
        if page is ann:
            # she scrolls to the end just after her tap, once Boris's turn has come: the page does not jump under
            # her hands, nor pull her back once they are off it (she chose where to look after the turn came),
            # but follows the next moment (now_scroll.js, HANDS_OFF_MS)
            scroll_to_bottom(ann)
            ann.mouse.wheel(0, 400)
            left_at = ann.evaluate("window.scrollY")
            ann.wait_for_timeout(2_500)  # longer than HANDS_OFF_MS: a follow put off would have come
            assert ann.evaluate("window.scrollY") == left_at, "Ann's page was pulled back from where she scrolled"
    expect(chen.get_by_test_id("claim-form")).to_be_visible()
    assert_in_view(chen, "claim-input", "Chen's claim, on their turn")

    chen.get_by_test_id("claim-input").fill("7")
    chen.get_by_test_id("claim-submit").click()
    # Ann left her page at its end: the vote comes to her.
    expect(ann.get_by_test_id("match-phase")).to_have_text("Vote")
    assert_in_view(ann, "vote-options", "the vote on Ann's phone")
    # Chen's tap opened the vote: his page follows it too, once his hands are off it
    assert_in_view(chen, "vote-options", "the vote on Chen's phone, just after his claim")
    pages.shot(ann, "now-vote", full_page=False)
