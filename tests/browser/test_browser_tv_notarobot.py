"""I'm Not a Robot on a TV: the table screen fits 1920x1080 and 1280x720 without scrolling in every phase.

Three phones play a turn: the drawing, the artist's uncovering, the guessing, the reveal with its two votes
(a full pad, a bug report), then the host ends the match for its results. Two table pages watch, one at each
TV size; in each phase both must fit (``assert_fits``), and each phase is screenshot on both and on a
390x844 phone (with --shots: screenshots folder, tv-notarobot-*).
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, TV_SIZES, assert_fits, create_lobby, join_by_link
from .test_browser_notarobot import SQUARE, ZIGZAG, dispatched_stroke, set_option, tap

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}


def phase_of(page, phase: str) -> None:
    expect(page.locator("[data-testid=game-screen] .nr-root")).to_have_attribute("data-phase", phase)


def test_every_phase_fits_both_tv_sizes(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris", **PHONE)
    chen = join_by_link(pages, code, "Chen", **PHONE)
    tables = {size: pages.page(f"/l/{code}/table", viewport=TV_SIZES[size]) for size in TV_SIZES}

    def check(phase: str, moment: str | None = None) -> None:
        moment = moment or phase
        for size, table in tables.items():
            phase_of(table, phase)
            table.wait_for_load_state("networkidle")
            pages.shot(table, f"tv-notarobot-{moment}-{size}")
            assert_fits(table, f"the {size} table in {moment}")
        phase_of(chen, phase)
        pages.shot(chen, f"tv-notarobot-{moment}-phone")

    ann.get_by_test_id("game-select").select_option("notarobot")
    clocks = [("draw_seconds", "600"), ("uncover_seconds", "120"), ("guess_seconds", "120"), ("reveal_seconds", "300")]
    for name, value in [("rounds", "1"), *clocks, ("vote_seconds", "120")]:
        set_option(ann, name, value)
    expect(boris.get_by_test_id("setup-summary")).to_contain_text("I'm Not a Robot")
    ann.get_by_test_id("start").click()

    # The drawing: Boris's lines run through every tile (a full pad); the table waits for everyone.
    check("drawing")
    ann.locator("[data-testid=nr-first-choice]", has_text="Boris").click()
    for page in (ann, boris, chen):
        expect(page.get_by_test_id("nr-draw-pad")).to_be_visible()
        dispatched_stroke(page, SQUARE)
        if page is boris:
            dispatched_stroke(boris, ZIGZAG)
        page.get_by_test_id("nr-word-0").click()
        page.get_by_test_id("nr-submit").click()
        if page is ann:
            check("drawing", "drawing-some")

    # Boris uncovers a tile; the guessers check theirs; the reveal, with its two votes.
    phase_of(boris, "uncover")
    check("uncover")
    boris.get_by_test_id("nr-tile-6").click()
    check("guessing")
    tap(chen, 7)
    expect(tables["tv"].locator("[data-testid=nr-tile-7] [data-testid=nr-check]")).to_have_count(1)
    check("guessing", "guessing-some")
    tap(ann, 12)
    check("reveal")
    expect(tables["tv"].get_by_test_id("nr-ballot-full_pad")).to_be_visible()
    ann.get_by_test_id("nr-full_pad-yes").click()
    check("reveal", "reveal-full-pad-vote")
    chen.get_by_test_id("nr-full_pad-yes").click()
    expect(tables["tv"].get_by_test_id("nr-full_pad-result")).to_have_attribute("data-passed", "true")
    chen.get_by_test_id("nr-report-bug").click()
    chen.get_by_test_id("nr-report-bug").click()
    expect(tables["tv"].get_by_test_id("nr-ballot-bug_report")).to_be_visible()
    check("reveal", "reveal-bug-report-vote")
    ann.get_by_test_id("nr-bug_report-no").click()
    expect(tables["tv"].get_by_test_id("nr-bug_report-result")).to_have_attribute("data-passed", "false")
    check("reveal", "reveal-voted")

    # The host ends the match: its results.
    ann.get_by_test_id("end").click()
    ann.get_by_test_id("end").click()
    check("over")

    # Its gallery: a scene of its own on the table, every drawing replayed in turn with its word and
    # artist, the whole match's small beside it; each phone steps through it by hand.
    for size, table in tables.items():
        table.get_by_test_id("scene-tab-finale").click()
        gallery = table.get_by_test_id("nr-gallery")
        expect(gallery).to_be_visible()
        expect(table.get_by_test_id("nr-gallery-item")).to_have_count(3)
        expect(table.locator("[data-testid=nr-gallery-main] .nr-line.nr-replay").first).to_be_attached()
        expect(table.get_by_test_id("nr-gallery-word")).to_have_text(re.compile(r"\S"))
        first = gallery.get_attribute("data-index")
        expect(gallery).not_to_have_attribute("data-index", first, timeout=30_000)  # the next drawing comes by itself
        pages.shot(table, f"tv-notarobot-gallery-{size}")
        assert_fits(table, f"the {size} table's gallery")
    tables["tv720"].get_by_test_id("lang-ru").click()
    expect(tables["tv720"].get_by_test_id("scene-tab-finale")).to_have_text("Рисунки")
    assert_fits(tables["tv720"], "the 720p table's gallery in Russian")
    captions = set()
    for _ in range(3):
        captions.add(chen.get_by_test_id("nr-gallery-caption").inner_text())
        chen.get_by_test_id("nr-gallery-next").click()
    assert len(captions) == 3, captions
    pages.shot(chen, "tv-notarobot-gallery-phone")
