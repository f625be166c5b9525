"""I'm Not a Robot without fine motor control: a phone draws its figure and a decoration by tapping the pad's
grid points (buttons named by row and column, found by their role and name, as a screen reader finds them), hears
the figure said in words, and sends it; the guessers see the same tiles inside as a figure drawn by hand. Once
the match is over, a phone that asks for reduced motion sees the gallery still, and steps through a drawing line
by line."""

from __future__ import annotations

from playwright.sync_api import expect

from .axe_audit import AXE_SCRIPT, EXPERIMENTAL, WCAG_AA
from .full_table import guests, set_options
from .helpers_browser import create_lobby, join_by_link
from .test_browser_notarobot import INSIDE, NARROW, SQUARE, dispatched_stroke

# The corners of the tapped square (rows and columns of grid points, from 1): the same square as SQUARE.
CORNERS = [(2, 2), (2, 5), (5, 5), (5, 2)]


def point(page, row: int, column: int):
    return page.get_by_role("button", name=f"Point: row {row}, column {column}", exact=True)


def inside_of(pad) -> list[int]:
    return [
        int(t) for t in pad.locator(".nr-tile[data-inside=true]").evaluate_all("(ts) => ts.map((t) => t.dataset.tile)")
    ]


AXE_ON = """async ({parts, tags, rules}) => {
    const result = await axe.run({include: parts.map((p) => [p])}, {runOnly: {type: "tag", values: tags}, rules, resultTypes: ["violations"]});
    return result.violations.filter((r) => ["serious", "critical"].includes(r.impact))
        .map((r) => `${r.id}: ${r.nodes.map((n) => n.target.join(" ")).slice(0, 4)}`);
}"""


def assert_part_accessible(page, parts: list[str], what: str) -> None:
    """No serious or critical axe violation (WCAG A and AA) in the parts of the screen that ``parts`` select."""
    session = page.context.new_cdp_session(page)
    session.send("Page.setBypassCSP", {"enabled": True})  # axe sets inline styles of its own while it measures
    try:
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(f"() => {{ {AXE_SCRIPT.read_text(encoding='utf-8')}\n}}")
        found = page.evaluate(AXE_ON, {"parts": parts, "tags": WCAG_AA, "rules": EXPERIMENTAL})
    finally:
        session.send("Page.setBypassCSP", {"enabled": False})
        session.detach()
    assert not found, f"{what}: {found}"


TARGETS = """(least) => [...document.querySelectorAll(".nr-tap-point, .nr-tap-row button, .nr-tap-switch, .nr-gallery-steps button")]
    .map((b) => [b.dataset.testid, b.getBoundingClientRect()])
    .filter(([, box]) => box.width + 0.5 < least || box.height + 0.5 < least)
    .map(([id, box]) => `${id} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


def assert_new_targets(page, what: str) -> None:
    """The controls of drawing by tapping and of the stepped replay are at least 44 by 44 CSS pixels."""
    assert page.locator(".nr-tap-point, .nr-tap-row button, .nr-tap-switch, .nr-gallery-steps button").count()
    small = page.evaluate(TARGETS, 44)
    assert not small, f"{what}: {small}"


RUNNING = """() => document.getAnimations()
  .filter((a) => a.playState === "running" && a.effect?.target?.closest?.("[data-testid=nr-gallery]")).length"""


def test_a_figure_tapped_point_by_point_is_scored_like_one_drawn_by_hand(pages, disconnect):
    # axe sets inline styles of its own while it measures: these two pages let it
    ann, code = create_lobby(pages, "Ann", bypass_csp=True, **NARROW)
    boris = join_by_link(pages, code, "Boris", bypass_csp=True, **NARROW)
    boris.emulate_media(reduced_motion="reduce")
    chen = guests(pages.server, code, 1)[0]
    disconnect.append(chen)
    ann.get_by_test_id("game-select").select_option("notarobot")
    set_options(ann, {"rounds": "1", "draw_seconds": "600", "uncover_seconds": "120", "guess_seconds": "120"})
    ann.get_by_test_id("start").click()

    # Ann taps the square's corners in order, closes the figure, then taps a decoration across the pad.
    ann.get_by_test_id("nr-tap-switch").click()
    expect(ann.get_by_test_id("nr-tap-switch")).to_have_attribute("aria-pressed", "true")
    ann.reload()  # the phone remembers that it draws by tapping
    expect(ann.get_by_test_id("nr-tap-switch")).to_have_attribute("aria-pressed", "true")
    expect(ann.get_by_role("group", name="Points of the pad's grid").get_by_role("button")).to_have_count(36)
    for row, column in CORNERS:
        point(ann, row, column).click()
        expect(ann.get_by_test_id(f"nr-point-{row - 1}-{column - 1}")).to_be_focused()
    expect(ann.get_by_role("button", name="Point: row 5, column 5, point 3 of the line")).to_be_visible()
    said = ann.get_by_test_id("nr-tap-said")
    expect(said).to_have_text(
        "Figure so far, 4 points: row 2, column 2 → row 2, column 5 → row 5, column 5 → row 5, column 2."
    )
    pad = ann.get_by_test_id("nr-tap-pad")
    expect(pad).to_have_attribute("data-inside", ",".join(map(str, INSIDE)))
    ann.get_by_role("button", name="Close the figure").click()
    expect(said).to_contain_text(
        "Your figure: row 2, column 2 → row 2, column 5 → row 5, column 5 → row 5, column 2, closed."
    )
    expect(said).to_contain_text("9 tiles inside: row 2, column 2; row 2, column 3;")
    expect(ann.get_by_test_id("nr-inside-count")).to_have_text("9 tiles inside")
    point(ann, 1, 1).click()
    point(ann, 6, 6).click()
    ann.get_by_role("button", name="Finish the decoration").click()
    expect(said).to_contain_text("1 decoration.")
    expect(pad.locator(".nr-lines .nr-deco")).to_have_count(1)
    point(ann, 3, 3).click()  # a line begun: its points are marked in the order tapped
    pages.shot(ann, "notarobot-tapping")
    for lang in ("en", "ru"):
        ann.get_by_test_id(f"lang-{lang}").click()
        assert_part_accessible(
            ann, [".nr-slot-stage", ".nr-draw-bar", ".nr-tap-said", ".nr-tap-switch"], f"drawing by tapping ({lang})"
        )
        assert_new_targets(ann, f"drawing by tapping ({lang})")
    expect(ann.get_by_role("button", name="Точка: ряд 3, столбец 3, точка 1 линии", exact=True)).to_be_visible()
    expect(ann.get_by_role("button", name="Точка: ряд 6, столбец 6", exact=True)).to_be_visible()
    expect(said).to_contain_text("Украшение пока — 1 точка: ряд 3, столбец 3.")
    ann.get_by_test_id("lang-en").click()
    ann.get_by_role("button", name="Remove the last point").click()
    ann.get_by_test_id("nr-word-0").click()
    ann.get_by_test_id("nr-submit").click()
    expect(ann.get_by_test_id("nr-submitted")).to_contain_text("Submitted: 9 tiles are inside.")

    # Boris and Chen draw the same square by hand.
    dispatched_stroke(boris, SQUARE)
    boris.get_by_test_id("nr-word-1").click()
    boris.get_by_test_id("nr-submit").click()
    expect(boris.get_by_test_id("nr-submitted")).to_contain_text("Submitted: 9 tiles are inside.")
    boris_inside = inside_of(boris.get_by_test_id("nr-my-drawing"))
    chen.act("draw", word=2, figure=[list(p) for p in SQUARE], decorations=[])

    # Ann's turn: the guessers see her tapped figure's inside, the very tiles of Boris's drawn one.
    ann.get_by_test_id("nr-tile-0").click()
    expect(boris.locator("[data-testid=nr-guess-pad] [data-testid=nr-tile-0].uncovered")).to_be_visible()
    boris.get_by_test_id("nr-tile-12").click()
    expect(boris.get_by_test_id("nr-my-check")).to_be_visible()
    chen.act("check", tile=0)
    reveal = boris.locator(".nr-slot-stage .nr-pad")
    expect(reveal.locator(".nr-tile[data-inside=true]")).to_have_count(9)
    assert inside_of(reveal) == boris_inside == INSIDE
    expect(boris.locator("[data-testid=nr-tile-12] [data-testid=nr-check].right")).to_have_count(1)

    # The match ends; Boris's phone asks for no motion: the gallery stands still and steps line by line.
    ann.get_by_test_id("end").click()
    ann.get_by_test_id("end").click()
    expect(boris.get_by_test_id("nr-gallery")).to_be_visible()
    expect(boris.get_by_test_id("nr-gallery-caption")).to_contain_text("Ann")
    assert boris.evaluate(RUNNING) == 0
    lines = boris.locator("[data-testid=nr-gallery-pad] .nr-line")
    expect(lines).to_have_count(2)
    expect(boris.get_by_test_id("nr-step-said")).to_have_text(
        "2 lines: step through them one at a time with “Next line”."
    )
    forward = boris.get_by_role("button", name="Next line")
    forward.click()
    expect(boris.get_by_test_id("nr-step-said")).to_have_text("Line 1 of 2: the figure.")
    expect(lines).to_have_count(1)
    expect(forward).to_be_focused()
    forward.click()
    expect(boris.get_by_test_id("nr-step-said")).to_have_text("Line 2 of 2: a decoration.")
    expect(lines).to_have_count(2)
    expect(forward).to_be_disabled()
    expect(boris.get_by_role("button", name="Previous line")).to_be_focused()
    assert boris.evaluate(RUNNING) == 0
    pages.shot(boris, "notarobot-gallery-stepped")
    assert_part_accessible(boris, ["[data-testid=nr-gallery]", ".nr-gallery-steps"], "the gallery stepped")
    assert_new_targets(boris, "the gallery stepped")
    boris.get_by_test_id("lang-ru").click()
    expect(boris.get_by_test_id("nr-step-said")).to_have_text("Линия 2 из 2: украшение.")
