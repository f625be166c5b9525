"""I'm Not a Robot at its largest table (10 seats, long names), on a guesser's phone: every confirm step of a
reveal (the full pad's vote, the bug report and its second tap, the bug report's vote) lies on the first screen
when it appears, at 390x844 and 360x640, in both languages, with larger text or not; a page scrolled down comes
back to what the player must do when the phase moves on or a vote opens; a closed vote says who voted how; and
the pad keeps nearly the phone's whole width on a small phone with larger text.
Screenshots (with --shots): phone-first-notarobot-*, phone-in-view-*."""

from __future__ import annotations

from playwright.sync_api import expect

from .full_table import PHONES, every_way_of_looking, guests, set_larger_text, set_options
from .helpers_browser import PHONE_SIZE, SMALL_PHONE, create_lobby, settle
from .test_browser_notarobot import SQUARE, ZIGZAG, dispatched_stroke, tap

FRAME = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]]  # a guest's drawing: the middle four tiles inside
# The pad on a 360 px wide phone keeps at least this share of the room the page gives it, and of the phone's width
# (the page's margins take the rest).
NEAR_FULL, WIDE_PAD = 0.9, 0.75


def scroll_to_the_end(page) -> None:
    """The player scrolls down, with their own hand (a wheel), to read the tokens and the record."""
    page.mouse.wheel(0, 20_000)
    page.wait_for_function("() => window.scrollY > 0")  # a function: an expression would be eval-ed, which CSP forbids


def assert_in_view(page, testid: str, what: str) -> None:
    """Where the page is now, without scrolling: ``testid`` lies wholly inside the viewport and nothing (the
    sticky top bar) covers it."""
    node = page.get_by_test_id(testid).first
    expect(node).to_be_visible()
    settle(page)
    problem = node.evaluate(
        """(node) => {
            const box = node.getBoundingClientRect();
            if (box.top < 0 || box.bottom > window.innerHeight + 1) return `from y=${Math.round(box.top)} to ${
                Math.round(box.bottom)} of a ${window.innerHeight} px high viewport`;
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (hit && !node.contains(hit) && !hit.contains(node)) return `covered by ${hit.className || hit.tagName}`;
            return null;
        }"""
    )
    assert problem is None, f"{what} is not in view: {problem}"


def every_way_in_view(pages, page, what: str, controls: tuple[str, ...], larger: bool, sizes=("small",)) -> None:
    """On a 360x640 phone (or each of ``sizes``), in both languages, with larger text or not: each of ``controls``
    is in view where the page brings it (a screenshot of each way, --shots)."""
    set_larger_text(page, larger)
    for size in sizes:
        page.set_viewport_size(PHONES[size])
        for lang in ("en", "ru"):
            page.get_by_test_id(f"lang-{lang}").click()
            expect(page.locator("html")).to_have_attribute("lang", lang)
            settle(page)
            moment = f"{what}-{size}-{lang}" + ("-larger" if larger else "")
            pages.shot(page, f"phone-in-view-{moment}", full_page=False)
            for control in controls:
                assert_in_view(page, control, f"{what} ({moment}, {control})")
    page.get_by_test_id("lang-en").click()
    set_larger_text(page, False)
    page.set_viewport_size(PHONE_SIZE)


def ten_seats(pages, disconnect):
    """Ann, the host, on a phone, and nine guests with long names; one round on long clocks, Boris (the first
    guest) draws first: a full pad, so his reveal opens a vote at once."""
    ann, code = create_lobby(pages, "Ann", viewport=PHONE_SIZE, is_mobile=True, has_touch=True)
    others = guests(pages.server, code, 9)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(10)
    ann.get_by_test_id("game-select").select_option("notarobot")
    set_options(ann, {"rounds": "1", "draw_seconds": "600", "uncover_seconds": "120", "guess_seconds": "120"})
    set_options(ann, {"reveal_seconds": "300", "vote_seconds": "120"})
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("nr-draw-pad")).to_be_visible()
    ann.locator("[data-testid=nr-first-choice]", has_text=others[0].name).click()
    return ann, others


def everyone_draws(ann, others) -> None:
    others[0].act("draw", word=1, figure=FRAME, decorations=[[list(p) for p in ZIGZAG]])
    for guest in others[1:]:
        guest.act("draw", word=0, figure=FRAME, decorations=[])
    dispatched_stroke(ann, SQUARE)
    ann.get_by_test_id("nr-word-0").click()
    ann.get_by_test_id("nr-submit").click()
    others[0].wait(lambda s: s["match"]["phase"] == "uncover", "the first turn")


def test_every_confirm_step_of_a_reveal_is_on_the_first_screen(pages, disconnect):
    ann, others = ten_seats(pages, disconnect)
    everyone_draws(ann, others)

    # Boris uncovers a tile; Ann, scrolled down to the record, checks one and the reveal comes: its vote is in view.
    others[0].act("uncover", tile=6)
    expect(ann.get_by_test_id("nr-guess-pad")).to_be_visible()
    scroll_to_the_end(ann)
    for guest, tile in zip(others[1:], (0, 1, 2, 3, 4, 5, 7, 8), strict=True):
        guest.act("check", tile=tile)
    tap(ann, 12)
    expect(ann.get_by_test_id("nr-full_pad-yes")).to_be_visible()
    assert_in_view(ann, "nr-full_pad-yes", "the full pad's vote, as the reveal comes")

    # The full pad's vote and the bug report, each on the first screen of every phone.
    for control in ("nr-full_pad-yes", "nr-full_pad-no", "nr-report-bug"):
        every_way_of_looking(pages, ann, f"notarobot-reveal-{control}", control)

    # The bug report's second tap (its confirmation) stays until it is tapped or cancelled: on the first screen too.
    ann.get_by_test_id("nr-report-bug").click()
    expect(ann.get_by_test_id("nr-report-bug")).to_have_text("Tap again to file it")
    for control in ("nr-report-bug", "nr-report-bug-cancel"):
        every_way_of_looking(pages, ann, f"notarobot-bug-confirm-{control}", control)
    expect(ann.get_by_test_id("nr-report-bug")).to_have_text("Tap again to file it")
    ann.get_by_test_id("nr-report-bug-cancel").click()
    expect(ann.get_by_test_id("nr-report-bug")).to_have_text("File a bug report")
    expect(ann.get_by_test_id("nr-report-bug-cancel")).to_have_count(0)

    # Another guest files one: Ann, scrolled down again, is brought back to her vote on it.
    scroll_to_the_end(ann)
    others[1].act("report_bug")
    expect(ann.get_by_test_id("nr-bug_report-yes")).to_be_visible()
    assert_in_view(ann, "nr-bug_report-yes", "the bug report's vote, as it opens")
    for control in ("nr-bug_report-yes", "nr-bug_report-no"):
        every_way_of_looking(pages, ann, f"notarobot-bug-vote-{control}", control)

    # Both votes close: each says how many voted which way, and (a vote is public once closed) who.
    ann.get_by_test_id("nr-full_pad-yes").click()
    for guest in others[1:7]:
        guest.act("vote", ballot="full_pad", choice="yes")
    for guest in others[7:]:
        guest.act("vote", ballot="full_pad", choice="no")
    ann.get_by_test_id("nr-bug_report-no").click()
    for guest in others[2:8]:
        guest.act("vote", ballot="bug_report", choice="yes")
    others[8].act("vote", ballot="bug_report", choice="no")
    bug = ann.get_by_test_id("nr-bug_report-tally")
    expect(ann.get_by_test_id("nr-bug_report-result")).to_have_attribute("data-passed", "false")
    expect(bug).to_contain_text("7 yes, 2 no")
    expect(bug.get_by_test_id("nr-tally-no")).to_contain_text("Ann")
    expect(bug.get_by_test_id("nr-tally-no")).to_contain_text(others[8].name)
    expect(bug.get_by_test_id("nr-tally-no")).not_to_contain_text(others[2].name)
    expect(bug.get_by_test_id("nr-tally-yes")).to_contain_text(others[1].name)
    full = ann.get_by_test_id("nr-full_pad-tally")
    expect(full).to_contain_text("7 yes, 2 no")
    ann.get_by_test_id("lang-ru").click()
    expect(bug).to_contain_text("7 за, 2 против")
    expect(bug.get_by_test_id("nr-tally-no")).to_contain_text("Против:")
    ann.get_by_test_id("lang-en").click()

    # The host moves on: Ann's page, scrolled down, comes back to the top as the next artist uncovers.
    scroll_to_the_end(ann)
    ann.get_by_test_id("nr-next").click()
    expect(ann.get_by_test_id("nr-guess-pad")).to_be_visible()
    assert_in_view(ann, "nr-guess-pad", "the next artist's pad")


def pad_and_room(page, testid: str) -> tuple[float, float]:
    """The widths of the pad and of the room the page gives it, once the pad has been sized to this screen (it is
    sized in the frame after a render, and a state that arrives meanwhile renders again: look for up to 5 s)."""
    for _ in range(50):
        pad = page.get_by_test_id(testid).bounding_box()["width"]
        room = page.locator(".nr-slot-stage").bounding_box()["width"]
        if pad >= NEAR_FULL * room and pad >= WIDE_PAD * SMALL_PHONE["width"]:
            break
        page.wait_for_timeout(100)
    return pad, room


def on_a_small_phone_with_larger_text(page, testid: str, controls: tuple[str, ...], what: str) -> None:
    """On a 360x640 phone with larger text, in both languages: the pad ``testid`` is nearly as wide as the room the
    page gives it (and than the phone), and it and ``controls`` are in view where the page has brought them."""
    page.set_viewport_size(SMALL_PHONE)
    set_larger_text(page, True)
    for lang in ("en", "ru"):
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        settle(page)
        pad, room = pad_and_room(page, testid)
        assert pad >= NEAR_FULL * room and pad >= WIDE_PAD * SMALL_PHONE["width"], (
            f"{what} ({lang}): the pad is {pad:.0f} px wide, in {room:.0f} px on a 360 px phone"
        )
        for control in (testid, *controls):
            assert_in_view(page, control, f"{what} ({lang}, {control})")
    page.get_by_test_id("lang-en").click()
    set_larger_text(page, False)
    page.set_viewport_size(PHONE_SIZE)


def test_the_pad_keeps_the_width_of_a_small_phone_with_larger_text(pages, disconnect):
    ann, others = ten_seats(pages, disconnect)
    dispatched_stroke(ann, SQUARE)
    ann.get_by_test_id("nr-word-0").click()
    on_a_small_phone_with_larger_text(ann, "nr-draw-pad", ("nr-word-0", "nr-undo", "nr-submit"), "the drawing")
    others[0].act("draw", word=1, figure=FRAME, decorations=[[list(p) for p in ZIGZAG]])
    for guest in others[1:]:
        guest.act("draw", word=0, figure=FRAME, decorations=[])
    ann.get_by_test_id("nr-submit").click()
    others[0].wait(lambda s: s["match"]["phase"] == "uncover", "the first turn")
    others[0].act("uncover", tile=6)
    expect(ann.get_by_test_id("nr-guess-pad")).to_be_visible()
    on_a_small_phone_with_larger_text(ann, "nr-guess-pad", ("nr-check-hint",), "the checkmark race")
