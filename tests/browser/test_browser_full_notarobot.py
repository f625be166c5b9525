"""I'm Not a Robot with its largest table (10 seats, long names): on the phone's first screen (on a small phone, in
view where the page brings it), the whole pad and its tools while drawing, the artist's pad to uncover, the host's
next, the pad of the checkmark race and the first choice of a vote; both TVs hold every phase, readable from the
sofa.
Screenshots (with --shots): phone-first-notarobot-*, tv-full-notarobot-*."""

from __future__ import annotations

from playwright.sync_api import expect

from .full_table import check_tables, every_way_of_looking, guests, open_tables, set_options
from .helpers_browser import PHONE_SIZE, create_lobby, element_boxes
from .test_browser_notarobot import SQUARE, ZIGZAG, dispatched_stroke, tap
from .test_browser_notarobot_first_screen import every_way_in_view

FRAME = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]]  # a guest's drawing: the middle four tiles inside


# A 390x844 phone shows the whole pad and its tools on its first screen. On a 360x640 phone, or with larger text, the
# pad keeps nearly the phone's width (test_browser_notarobot_first_screen.py measures it), so it and its tools do not
# fit under the game's head: the page is brought to them as the phase begins, and they are in view there. A vote's
# choice and the host's next come before the pad, on the first screen of both.


def test_im_not_a_robot_with_ten_the_whole_pad_and_its_tools_are_on_the_first_screen(pages, disconnect):
    play_im_not_a_robot_on_a_phone(pages, disconnect, larger=False)


def test_im_not_a_robot_with_ten_and_larger_text(pages, disconnect):
    play_im_not_a_robot_on_a_phone(pages, disconnect, larger=True)


def pad_and_tools(pages, page, what: str, controls: tuple[str, ...], larger: bool) -> None:
    """``controls`` on the first screen of a 390x844 phone, and in view where the page brings them on a 360x640 one
    (and with larger text), in both languages."""
    if larger:
        every_way_in_view(pages, page, what, controls, larger, sizes=("phone", "small"))
        return
    for control in controls:
        every_way_of_looking(pages, page, f"{what}-{control}", control, {("phone", False)})
    every_way_in_view(pages, page, what, controls, larger)


def play_im_not_a_robot_on_a_phone(pages, disconnect, larger: bool) -> None:
    """Ann, the host, on a phone among nine guests with long names: her drawing (the pad and its tools), her turn
    as the artist (the pad to uncover a tile of), the host's next, the checkmark race on Boris's pad, her vote on
    his full pad: each on her first screen, or on a small phone in view where the page brings it."""
    ann, code = create_lobby(pages, "Ann", viewport=PHONE_SIZE, is_mobile=True, has_touch=True)
    others = guests(pages.server, code, 9)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(10)
    ann.get_by_test_id("game-select").select_option("notarobot")
    set_options(ann, {"rounds": "1", "draw_seconds": "600", "uncover_seconds": "120", "guess_seconds": "120"})
    set_options(ann, {"reveal_seconds": "300", "vote_seconds": "120"})
    ann.get_by_test_id("start").click()
    both = {("phone", larger), ("small", larger)}

    # Drawing: the whole pad, and the tools (undo, clear, submit).
    expect(ann.get_by_test_id("nr-draw-pad")).to_be_visible()
    dispatched_stroke(ann, SQUARE)
    ann.get_by_test_id("nr-word-0").click()
    pad_and_tools(pages, ann, "notarobot-drawing", ("nr-draw-pad", "nr-undo", "nr-submit"), larger)
    # The host's first-artist choice is no reason to push the pad down: Ann draws first.
    ann.get_by_test_id("nr-first-choice").first.click()
    expect(ann.locator("[data-testid=nr-first-choice].chosen")).to_contain_text("Ann")
    ann.get_by_test_id("nr-submit").click()
    others[0].act("draw", word=1, figure=FRAME, decorations=[[list(p) for p in ZIGZAG]])  # a full pad
    for guest in others[1:]:
        guest.act("draw", word=0, figure=FRAME, decorations=[])

    # Ann's turn: the whole pad she uncovers a tile of; then, the reveal, the host's next.
    expect(ann.get_by_test_id("nr-artist-pad")).to_be_visible()
    pad_and_tools(pages, ann, "notarobot-uncover", ("nr-artist-pad", "nr-uncover-hint"), larger)
    tap(ann, 6)
    for guest, tile in zip(others, range(0, 25, 3), strict=False):
        guest.wait(lambda s: s["match"]["phase"] == "guessing", "the checkmark race")
        guest.act("check", tile=tile)
    expect(ann.get_by_test_id("nr-next")).to_be_enabled()
    every_way_of_looking(pages, ann, "notarobot-next", "nr-next", both)
    ann.get_by_test_id("nr-next").click()

    # Boris uncovers a tile; Ann races for a checkmark: the whole covered pad.
    others[0].wait(lambda s: s["match"]["phase"] == "uncover" and s["match"]["turn"] == others[0].player, "his turn")
    others[0].act("uncover", tile=6)
    expect(ann.get_by_test_id("nr-guess-pad")).to_be_visible()
    pad_and_tools(pages, ann, "notarobot-guessing", ("nr-guess-pad", "nr-check-hint"), larger)

    # Ann's checkmark and everyone's: Boris's lines pass through every tile, and Ann's vote on it comes first.
    tap(ann, 12)
    for guest, tile in zip(others[1:], (0, 1, 2, 3, 4, 5, 7, 8), strict=True):
        guest.act("check", tile=tile)
    expect(ann.get_by_test_id("nr-full_pad-yes")).to_be_visible()
    # Each checkmark carries its owner's look, the one their seat shows.
    seats = {s["id"]: s["look"] for s in others[1].latest["lobby"]["seats"]}
    for check in ann.get_by_test_id("nr-check").all():
        owner = seats[check.get_attribute("data-player")]
        mark = check.get_by_test_id("avatar")
        assert (mark.get_attribute("data-colour"), mark.get_attribute("data-avatar")) == (
            owner["colour"],
            owner["avatar"],
        )
    every_way_of_looking(pages, ann, "notarobot-vote", "nr-full_pad-yes", both)


# What the sofa reads of a vote: its name, its question, how far it has gone, its result (its rule is a note).
BALLOT = ".nr-ballot h3, .nr-question, .nr-progress, .nr-ballot-result"


def on_tables(tables, testid: str) -> None:
    for table in tables.values():
        expect(table.get_by_test_id(testid).first).to_be_visible()


def ten_at_the_tables(pages, disconnect):
    """Ann, the host, on a phone, nine guests with long names, both TVs; the game chosen and its clocks long."""
    ann, code = create_lobby(pages, "Ann", viewport=PHONE_SIZE, is_mobile=True, has_touch=True)
    others = guests(pages.server, code, 9)
    disconnect.extend(others)
    tables = open_tables(pages, code, 10)
    ann.get_by_test_id("game-select").select_option("notarobot")
    set_options(ann, {"rounds": "1", "draw_seconds": "600", "uncover_seconds": "120", "guess_seconds": "120"})
    set_options(ann, {"reveal_seconds": "300", "vote_seconds": "120"})
    for table in tables.values():
        expect(table.get_by_test_id("setup-summary")).to_contain_text("300")
    return ann, others, tables


def everyone_draws(ann, others, tables, check=None) -> None:
    """Boris first (a full pad: his lines pass through every tile), the others a frame, Ann a square; ``check()``
    once half the table has drawn."""
    on_tables(tables, "nr-table-drawing")
    ann.locator("[data-testid=nr-first-choice]", has_text=others[0].name).click()
    others[0].act("draw", word=1, figure=FRAME, decorations=[[list(p) for p in ZIGZAG]])
    for guest in others[1:5]:
        guest.act("draw", word=0, figure=FRAME, decorations=[])
    for table in tables.values():
        expect(table.locator("[data-testid=nr-drawer].done")).to_have_count(5)
    if check:
        check()
    for guest in others[5:]:
        guest.act("draw", word=0, figure=FRAME, decorations=[])
    dispatched_stroke(ann, SQUARE)
    ann.get_by_test_id("nr-word-0").click()
    ann.get_by_test_id("nr-submit").click()
    others[0].wait(lambda s: s["match"]["phase"] == "uncover", "the first turn")


def test_im_not_a_robot_with_ten_long_names_fits_both_tvs(pages, disconnect):
    """The game's stage on both TVs (1080p in English, 720p in Russian) with ten seats of long names: the drawing,
    the checkmark race, the reveal with its two votes, then closed, a reveal without a vote, the gallery. Nothing
    scrolls, spills, is clipped or covered; what the sofa reads is at least 28 px at 1080p."""
    ann, others, tables = ten_at_the_tables(pages, disconnect)
    ann.get_by_test_id("start").click()

    # The drawing: half the table has drawn; the words, and the artists in their order, large.
    everyone_draws(
        ann,
        others,
        tables,
        lambda: check_tables(pages, tables, "notarobot-drawing", sofa="[data-testid=nr-table-drawing]"),
    )

    # Boris uncovers a tile; the guessers race for their checkmarks.
    others[0].act("uncover", tile=6)
    for guest, tile in zip(others[1:6], (0, 7, 12, 18, 24), strict=True):
        guest.wait(lambda s: s["match"]["phase"] == "guessing", "the checkmark race")
        guest.act("check", tile=tile)
    for table in tables.values():
        expect(table.locator("[data-testid=nr-table-pad] [data-testid=nr-check]")).to_have_count(5)
    check_tables(
        pages, tables, "notarobot-guessing", sofa="[data-testid=nr-turn], [data-testid=nr-legend], .nr-check-who"
    )
    for guest, tile in zip(others[6:], (11, 13, 16), strict=True):
        guest.act("check", tile=tile)
    tap(ann, 8)

    # The reveal: a full pad's vote at once, then a bug report's; both open side by side, then both closed.
    on_tables(tables, "nr-reveal")
    on_tables(tables, "nr-ballot-full_pad")
    check_tables(pages, tables, "notarobot-reveal", sofa=f"[data-testid=nr-reveal], {BALLOT}")
    others[1].act("report_bug")
    on_tables(tables, "nr-ballot-bug_report")
    check_tables(pages, tables, "notarobot-reveal-votes", sofa=f"[data-testid=nr-reveal], {BALLOT}")
    for guest in others[1:]:
        guest.act("vote", ballot="full_pad", choice="yes")
    for guest in others[2:]:
        guest.act("vote", ballot="bug_report", choice="no")
    ann.get_by_test_id("nr-full_pad-yes").click()
    ann.get_by_test_id("nr-bug_report-no").click()
    on_tables(tables, "nr-bug_report-result")
    on_tables(tables, "nr-full_pad-result")
    # Each closed vote's tally: the counts, and the names of those who did not vote with the most.
    expect(tables["tv"].get_by_test_id("nr-bug_report-tally")).to_contain_text(
        f"1 yes, 8 no Yes: {others[1].name}", use_inner_text=True
    )
    expect(tables["tv720"].get_by_test_id("nr-bug_report-tally")).to_contain_text(
        f"1 за, 8 против За: {others[1].name}", use_inner_text=True
    )
    expect(tables["tv"].get_by_test_id("nr-full_pad-tally")).to_have_text("9 yes, 0 no", use_inner_text=True)
    check_tables(pages, tables, "notarobot-result", sofa=f"[data-testid=nr-reveal], {BALLOT}")

    # The next turn, Alexandra's: a reveal without a vote.
    ann.get_by_test_id("nr-next").click()
    artist = others[1]
    artist.wait(lambda s: s["match"]["phase"] == "uncover" and s["match"]["turn"] == artist.player, "her turn")
    artist.act("uncover", tile=12)
    for guest, tile in zip([others[0], *others[2:]], (0, 6, 7, 8, 11, 13, 16, 17), strict=True):
        guest.wait(lambda s: s["match"]["phase"] == "guessing", "the checkmark race")
        guest.act("check", tile=tile)
    tap(ann, 18)
    on_tables(tables, "nr-reveal")
    check_tables(pages, tables, "notarobot-reveal-no-vote", sofa="[data-testid=nr-reveal]")

    # The host ends the match: the gallery of every drawing, a scene of its own.
    ann.get_by_test_id("end").click()
    ann.get_by_test_id("end").click()
    for table in tables.values():
        table.get_by_test_id("scene-tab-finale").click()
    on_tables(tables, "nr-gallery")
    check_tables(pages, tables, "notarobot-gallery", sofa="[data-testid=nr-gallery-caption]")
    # Each drawing in turn, whatever its word and artist: the big pad and the small ones stay where they are.
    for size, table in tables.items():
        assert_gallery_still(table, size)


GALLERY_PARTS = "[data-testid=nr-gallery-main] .nr-gallery-pad, [data-testid=nr-gallery-item]"


def assert_gallery_still(table, size: str, drawings: int = 3) -> None:
    """The gallery's big pad and every small one keep their boxes from one drawing to the next ``drawings`` times."""
    boxes = []
    for _ in range(drawings):
        index = table.get_by_test_id("nr-gallery").get_attribute("data-index")
        boxes.append([(b["x"], b["y"], b["width"], b["height"]) for b in element_boxes(table, GALLERY_PARTS)])
        expect(table.get_by_test_id("nr-gallery")).not_to_have_attribute("data-index", index)
    for shown in boxes[1:]:
        assert shown == boxes[0], f"the gallery moves on the {size} table: {boxes[0][:2]} then {shown[:2]}"


def test_im_not_a_robot_with_ten_long_names_the_lobby_the_turn_and_the_results_fit_both_tvs(pages, disconnect):
    """The shell's parts of the same match on both TVs: the lobby with the game's setup, the head while the first
    artist uncovers a tile (whose turn it is), the results once the host ends the match."""
    ann, others, tables = ten_at_the_tables(pages, disconnect)
    check_tables(pages, tables, "notarobot-setup")
    ann.get_by_test_id("start").click()
    everyone_draws(ann, others, tables)
    on_tables(tables, "nr-table-pad")
    check_tables(pages, tables, "notarobot-uncover", sofa="[data-testid=nr-turn], [data-testid=nr-legend]")
    ann.get_by_test_id("end").click()
    ann.get_by_test_id("end").click()
    on_tables(tables, "scene-tab-finale")
    check_tables(pages, tables, "notarobot-over")
