"""What the full-table tests share: a lobby filled to a game's largest table with long names, every
way of looking at a phone (two sizes, two languages, larger text), and the checks of a TV from the sofa.

One phone (or the host's) is a real browser; the other seats are Socket.IO clients (tests/test_real_server.Player)
making their moves over the wire, so a table of sixteen costs one browser and two TVs.
"""

from __future__ import annotations

import zlib

from playwright.sync_api import expect
from test_real_server import Player

from .axe_audit import assert_accessible, assert_touch_targets
from .helpers_browser import (
    PHONE_SIZE,
    SMALL_PHONE,
    TV_SIZES,
    assert_contained,
    assert_fits,
    assert_on_first_screen,
    settle,
    wait_for_stillness,
)

PHONES = {"phone": PHONE_SIZE, "small": SMALL_PHONE}
# Names of 12+ characters, in both scripts: the longest a seat list holds.
LONG = ["Maximilian-Joseph", "Александра-Мария", "Konstantinopel", "Екатерина-Вторая", "Bartholomew-Ann"]
SOFA_PX = 28  # the smallest text players read from a sofa, at 1920x1080 (scaled at 1280x720)


def guests(server: str, code: str, count: int) -> list[Player]:
    """``count`` more seats, each a Socket.IO client with a long name."""
    players = []
    for n in range(count):
        player = Player(server, f"{LONG[n % len(LONG)]} {n + 2:02d}")
        joined = player.call("join_lobby", {"code": code, "name": player.name})
        assert joined["ok"], joined
        player.token, player.player = joined["token"], joined["player"]
        players.append(player)
    return players


def guests_explain_in_turn(guests: list[Player]) -> list[str]:
    """I'm Not a Human's explanations: after the host's (the first association's author), each guest says
    "done" on their turn, in the order the associations came; returns that order (player ids)."""
    order = [a["player"] for a in guests[0].latest["match"]["game_view"]["associations"]]
    by_id = {g.player: g for g in guests}
    for pid in order[1:]:
        by_id[pid].wait(lambda s, p=pid: s["match"]["phase"] == "explanations" and s["match"]["turn"] == p, "my turn")
        by_id[pid].act("explained")
    return order


def set_options(page, options: dict[str, str]) -> None:
    """Fill the host's setup fields (``option-<name>``), selects and text alike."""
    for name, value in options.items():
        field = page.get_by_test_id(f"option-{name}")
        if field.evaluate("(node) => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
            field.press("Tab")


def set_larger_text(page, on: bool) -> None:
    """The page's own "larger text" switch, pressed as a click event (its place moves as the page re-renders)."""
    switch = page.get_by_test_id("text-size")
    if switch.get_attribute("aria-pressed") != str(on).lower():
        switch.dispatch_event("click")
    expect(switch).to_have_attribute("aria-pressed", str(on).lower())


# The ways a phone is looked at: every pair of a language, a text size and a phone size, in four looks (a pairwise
# cover of the eight), the hardest of all (Russian, larger text, the small phone) among them. axe runs in two of
# them, which between them take each language and each text size.
WAYS = (("ru", True, "small"), ("ru", False, "phone"), ("en", True, "phone"), ("en", False, "small"))
AXE_WAYS = {("ru", True, "small"), ("en", False, "small")}


def every_way_of_looking(pages, page, what: str, control: str, ways=None) -> None:
    """``control`` (a test id) is on the first screen of ``page`` in both languages, at both phone sizes, with and
    without larger text (``WAYS``; or in both languages with each ``(size, larger)`` of ``ways``, axe in every
    one); a screenshot of each (--shots)."""
    chosen = WAYS if ways is None else [(lang, larger, size) for lang in ("en", "ru") for size, larger in sorted(ways)]
    for lang, larger, size_name in chosen:
        if page.locator("html").get_attribute("lang") != lang:
            page.get_by_test_id(f"lang-{lang}").click()
            expect(page.locator("html")).to_have_attribute("lang", lang)
        set_larger_text(page, larger)
        page.set_viewport_size(PHONES[size_name])
        moment = f"{what}-{size_name}-{lang}" + ("-larger" if larger else "")
        settle(page)
        pages.shot(page, f"phone-first-{moment}", full_page=False)  # the first screen, as the phone shows it
        assert_on_first_screen(page, page.get_by_test_id(control), f"{what} ({moment})")
        assert_touch_targets(page, f"{what} ({moment})")
        if ways is not None or (lang, larger, size_name) in AXE_WAYS:
            assert_accessible(page, f"{what} ({moment})")
    page.get_by_test_id("lang-en").click()
    set_larger_text(page, False)
    page.set_viewport_size(PHONE_SIZE)


def open_tables(pages, code: str, seats: int) -> dict:
    """Both TV sizes showing the lobby's table, the 720p one in Russian; once both show ``seats`` seats."""
    tables = {size: pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES[size]) for size in TV_SIZES}
    tables["tv720"].get_by_test_id("lang-ru").click()
    for table in tables.values():
        expect(table.get_by_test_id("seat")).to_have_count(seats)
    return tables


def smallest_text(page, selector: str) -> list[tuple[float, str]]:
    """The font sizes (px) of the visible text inside ``selector``, smallest first, with a sample of each."""
    return page.evaluate(
        """(selector) => {
            const found = [];
            for (const root of document.querySelectorAll(selector)) {
                const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
                while (walker.nextNode()) {
                    const text = walker.currentNode.textContent.trim();
                    const node = walker.currentNode.parentElement;
                    if (!text || !node.getClientRects().length || getComputedStyle(node).visibility === "hidden") continue;
                    found.push([parseFloat(getComputedStyle(node).fontSize), text.slice(0, 30)]);
                }
            }
            return found.sort((a, b) => a[0] - b[0]).slice(0, 5);
        }""",
        selector,
    )


def assert_text_whole(page, what: str, selector: str = "main") -> None:
    """No visible text inside ``selector`` is clipped (its box scrolls inside itself) or covered: the element
    at the centre of each text's box is that text's element, one inside it, or one it sits in."""
    problems = page.evaluate(
        """(selector) => {
            const found = [];
            for (const root of document.querySelectorAll(selector)) {
                const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
                while (walker.nextNode()) {
                    const text = walker.currentNode.textContent.trim();
                    const node = walker.currentNode.parentElement;
                    if (!text || !node.getClientRects().length) continue;
                    const style = getComputedStyle(node);
                    if (style.visibility === "hidden" || style.opacity === "0") continue;
                    if (style.position === "absolute" && style.clipPath.startsWith("inset")) continue;  // for readers
                    const name = `${node.dataset.testid || node.getAttribute("class") || node.tagName} "${text.slice(0, 24)}"`;
                    if (node.scrollWidth > node.clientWidth + 2 && style.overflowX !== "visible") found.push(`${name} is clipped`);
                    const box = node.getBoundingClientRect();
                    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
                    if (hit && !node.contains(hit) && !hit.contains(node)) {
                        found.push(`${name} is covered by ${hit.dataset.testid || hit.getAttribute("class") || hit.tagName}`);
                    }
                }
            }
            return found.slice(0, 8);
        }""",
        selector,
    )
    assert not problems, f"{what}: {problems}"


def at_rest(page, check, what: str, tries: int = 3) -> None:
    """``check(page, what)`` holds once ``page`` is still: a state that arrives while it is measured (a loaded machine's late
    patch) starts a new entrance, so a failed check waits for stillness and is made again, ``tries`` times."""
    for attempt in range(tries):
        wait_for_stillness(page)
        try:
            check(page, what)
            return
        except AssertionError:
            if attempt == tries - 1:
                raise
            page.wait_for_timeout(500)


def laid_out(page, what: str, whole_text: bool = True) -> None:
    """The page fits, each region holds its content, and (``whole_text``) no text is clipped or covered: measured
    together, so that a state arriving between them (and the fitting that follows it, a frame later) is measured
    again as one (``at_rest``)."""
    assert_fits(page, what)
    assert_contained(page, what)
    if whole_text:
        assert_text_whole(page, what)


def check_tables(pages, tables: dict, moment: str, sofa: str | None = None) -> None:
    """Both tables fit and hold everything in its region, no text clipped or covered; ``sofa``: what must be
    readable from the sofa (at least SOFA_PX at 1080p). A screenshot of each (--shots).

    axe audits one of the two at each moment: they differ in size and language only, and a TV has no controls,
    so the rules that could differ are those that compare a name with its visible text. Which one follows the
    moment's name (a rerun audits the same), so each language is audited at about half of a test's moments."""
    audited = list(tables)[zlib.crc32(moment.encode()) % len(tables)]
    for size, table in tables.items():
        at_rest(table, laid_out, f"the {size} table in {moment}")
        pages.shot(table, f"tv-full-{moment}-{size}")
        if size == audited:
            assert_accessible(table, f"the {size} table in {moment}")
        if sofa and size == "tv":
            small = [(px, text) for px, text in smallest_text(table, sofa) if px < SOFA_PX]
            assert not small, f"too small to read from a sofa in {moment}: {small}"
