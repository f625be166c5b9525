"""Steps the browser tests share: create a lobby, join it."""

from __future__ import annotations

import re
from contextlib import contextmanager

from playwright.sync_api import expect


@contextmanager
def card_held(page, card: str = "sf-card", face: str = "sf-card-face"):
    """Press and hold a secret card (a mouse here; touch and the keyboard work the same); yields its face.

    Nothing shows before the hold (a phone lying on the table) and nothing after the release.
    """
    card_node = page.get_by_test_id(card)
    face_node = page.get_by_test_id(face)
    expect(card_node).to_be_visible()
    expect(face_node).to_be_hidden()
    card_node.scroll_into_view_if_needed()
    card_node.hover()
    page.mouse.down()
    try:
        expect(face_node).to_be_visible()
        # a card turning over the first time it is held (.flip-in) is measured once it lies still; an
        # animation a render cancels (its finished promise is rejected) is still too
        face_node.evaluate(
            """(face) => Promise.all(face.getAnimations({subtree: true})
                .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
                .map((a) => a.finished.catch(() => null)))"""
        )
        yield face_node
    finally:
        page.mouse.up()
    expect(face_node).to_be_hidden()


def create_lobby(pages, name: str, **context_options):
    """Create a lobby from the landing page; return (page, code)."""
    page = pages.page("/", **context_options)
    page.get_by_test_id("create-name").fill(name)
    page.get_by_test_id("create-submit").click()
    expect(page).to_have_url(re.compile(r"/l/[A-Z]{4}$"))
    expect(page.get_by_test_id("seat")).to_have_count(1)
    code = page.get_by_test_id("lobby-code").inner_text().strip()
    return page, code


def join_by_link(pages, code: str, name: str, **context_options):
    """Open the join link /l/<CODE> (what the QR code holds) and take a seat."""
    page = pages.page(f"/l/{code}", **context_options)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    expect(page.locator("[data-testid=seat].me")).to_contain_text(name)
    return page


def seat(page, name: str):
    return page.locator("[data-testid=seat]", has_text=name)


TV_SIZES = {"tv": {"width": 1920, "height": 1080}, "tv720": {"width": 1280, "height": 720}}
PHONE_SIZE = {"width": 390, "height": 844}


def wait_for_stillness(page) -> None:
    """Wait until every CSS animation on the page that comes to an end has ended (motion.css's entrances,
    staggered by their delays), so that what is measured next is where it comes to rest. (Transitions are left
    out: a running clock's bar moves on every tick, for as long as it runs.)"""
    page.wait_for_function(
        """() => document.getAnimations().every((animation) => !(animation instanceof CSSAnimation)
            || animation.playState !== "running"
            || animation.effect?.getComputedTiming().iterations === Infinity)"""
    )


def assert_fits(page, what: str) -> None:
    """The page shows all of itself in its viewport: nothing to scroll to, sideways or down, in the page or in
    any scrolling box inside it, and no visible element reaching past the viewport's edges."""
    problems = page.evaluate(
        """() => {
            const found = [];
            const doc = document.scrollingElement || document.documentElement;
            if (doc.scrollWidth > window.innerWidth || doc.scrollHeight > window.innerHeight) {
                found.push(`the page is ${doc.scrollWidth}x${doc.scrollHeight}`);
            }
            for (const node of document.body.querySelectorAll("*")) {
                if (!node.getClientRects().length) continue;
                const style = getComputedStyle(node);
                if (style.visibility === "hidden" || style.position === "fixed" && style.opacity === "0") continue;
                const name = node.dataset.testid || node.className || node.tagName;
                if (/(auto|scroll)/.test(style.overflowY + style.overflowX)
                    && (node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1)) {
                    found.push(`${name} scrolls (${node.scrollWidth}x${node.scrollHeight} in ${node.clientWidth}x${node.clientHeight})`);
                }
                const box = node.getBoundingClientRect();
                if (box.width && box.height && (box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1)) {
                    found.push(`${name} reaches ${Math.round(box.right)}x${Math.round(box.bottom)}`);
                }
            }
            return found.slice(0, 8);
        }"""
    )
    assert not problems, f"{what} does not fit: {problems}"


SMALL_PHONE = {"width": 360, "height": 640}


# Every style sheet has arrived, with the sheets it imports (a link's sheet is there before its imports are),
# and no game's screen waits for one (screens.js hides it meanwhile).
STYLED = """() => {
    const whole = (sheet) => [...sheet.cssRules].every(
        (rule) => !(rule instanceof CSSImportRule) || (rule.styleSheet && whole(rule.styleSheet)));
    return [...document.querySelectorAll("link[rel=stylesheet]")].every((link) => link.sheet && whole(link.sheet))
        && !document.querySelector("[data-styling]");
}"""


def wait_for(page, condition, what: str, timeout_ms: int = 10_000):
    """``waiting.wait_until`` for a test that drives a page: polls ``condition`` (a Python callable) while letting
    Playwright run, so that its handlers (a route, a WebSocket relay) can make it true; fails with ``what``."""
    for _ in range(timeout_ms // 50):
        if result := condition():
            return result
        page.wait_for_timeout(50)
    raise AssertionError(f"{what}: not within {timeout_ms / 1000:g} s")


def settle(page) -> None:
    """Wait until the page comes to rest after a change of size, text size or language: its style sheets have
    loaded, its entrances have ended and two frames have been drawn (a screen that sizes itself to
    the viewport does so in the next frame)."""
    page.wait_for_function(STYLED)
    wait_for_stillness(page)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def assert_on_first_screen(page, locator, what: str) -> None:
    """As on a phone nobody has touched (scrolled to the top), once it has come to rest: ``locator``'s first
    element lies wholly inside the viewport, and the page does not scroll sideways."""
    settle(page)
    page.evaluate("window.scrollTo(0, 0)")
    node = locator.first
    box = None
    for _ in range(3):  # a state arriving between the two looks rebuilds the screen: look again
        expect(node).to_be_visible()
        box = node.bounding_box()
        if box is not None:
            break
    size = page.viewport_size
    assert box is not None, f"{what}: not laid out"
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, (
        f"{what} is not on the first screen: from y={box['y']:.0f} to {box['y'] + box['height']:.0f} "
        f"of a {size['width']}x{size['height']} phone"
    )
    assert_no_sideways_scroll(page, what)


def assert_no_sideways_scroll(page, what: str) -> None:
    width = page.evaluate("() => (document.scrollingElement || document.documentElement).scrollWidth")
    if width > page.viewport_size["width"] + 1:  # a pixel is the rounding of fractional widths
        raise AssertionError(
            f"{what}: the page scrolls sideways ({width} px wide): {page.evaluate(WIDENERS, page.viewport_size['width'])}"
        )


# On a failure: the elements that reach past the viewport's right edge, the innermost first.
WIDENERS = """(width) => [...document.body.querySelectorAll("*")]
    .filter((node) => node.getClientRects().length && node.getBoundingClientRect().right > width + 1)
    .reverse().slice(0, 6)
    .map((node) => `${node.dataset?.testid || node.getAttribute("class") || node.tagName}: ${
        (node.textContent || "").trim().slice(0, 30)} ${Math.round(node.getBoundingClientRect().right)}`)"""


def element_boxes(page, selector: str) -> list[dict]:
    """The boxes (x, y, width, height, rounded) and colours (text, background, its gradient, border) of the visible
    elements matching ``selector``,
    in document order: two phones in the same phase should give the same list, whatever each one's role."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((node) => node.getClientRects().length)
            .map((node) => {
                const box = node.getBoundingClientRect();
                const style = getComputedStyle(node);
                return {
                    testid: node.dataset.testid || node.tagName.toLowerCase(),
                    x: Math.round(box.x), y: Math.round(box.y),
                    width: Math.round(box.width), height: Math.round(box.height),
                    color: style.color, background: style.backgroundColor,
                    image: style.backgroundImage, border: style.borderTopColor,
                };
            })""",
        selector,
    )


# The table's own regions, each a box of fixed size on a TV: what they hold must stay inside them (a box that
# spills over still "fits" the viewport, but covers its neighbour). The stage is the game's part.
TABLE_REGIONS = ".table-scenes .card, .setup-box-body, .match-rail, .result-box, .night, .stage"


def assert_contained(page, what: str, selector: str = TABLE_REGIONS) -> None:
    """Every visible element matching ``selector`` holds its content within its own box (no spilling out at the
    bottom or the right, by more than two pixels of rounding)."""
    problems = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((node) => node.getClientRects().length)
            .filter((node) => node.scrollHeight > node.clientHeight + 2 || node.scrollWidth > node.clientWidth + 2)
            .map((node) => `${node.dataset.testid || node.className} holds ${node.scrollWidth}x${node.scrollHeight}`
                + ` in ${node.clientWidth}x${node.clientHeight}`)""",
        selector,
    )
    assert not problems, f"{what} spills over: {problems}"
