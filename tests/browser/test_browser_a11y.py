"""The shell's accessibility: pictures say what they are, no status is told by its colour alone (checked under a
simulated deuteranopia too), and a phone's text can be enlarged: by the reader's own browser setting, by pinching
(the page never forbids zooming) and by the page's "larger text" switch, which the phone remembers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .axe_audit import assert_accessible, assert_touch_targets
from .helpers_browser import PHONE_SIZE, TV_SIZES, create_lobby, join_by_link

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}

# Machado, Oliveira and Fernandes (2009): how a viewer with deuteranopia (no green cones) sees the screen.
DEUTERANOPIA = "0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0"
SIMULATE = """(matrix) => {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", "0");
    svg.setAttribute("height", "0");
    svg.setAttribute("aria-hidden", "true");
    svg.style.position = "absolute";
    const filter = document.createElementNS(ns, "filter");
    filter.id = "deuteranopia";
    filter.setAttribute("color-interpolation-filters", "linearRGB");
    const colours = document.createElementNS(ns, "feColorMatrix");
    colours.setAttribute("type", "matrix");
    colours.setAttribute("values", matrix);
    filter.appendChild(colours);
    svg.appendChild(filter);
    document.body.appendChild(svg);
    document.documentElement.style.filter = "url(#deuteranopia)";
}"""

# What tells a seat's status apart once colours are taken away: its words and its dot's shape.
SEAT_SIGNS = """(rows) => rows.map((row) => {
    const dot = getComputedStyle(row.querySelector(".dot"));
    return {
        player: row.querySelector("[data-testid=seat-name]").textContent,
        connected: row.dataset.connected,
        words: [...row.querySelectorAll(".badge")].map((badge) => badge.textContent).sort().join(","),
        dot: [dot.backgroundColor === "rgba(0, 0, 0, 0)" ? "hollow" : "filled", dot.borderTopWidth, dot.borderRadius].join(" "),
    };
})"""


def seat_signs(page) -> dict[str, dict]:
    return {sign["player"]: sign for sign in page.locator("[data-testid=seat]").evaluate_all(SEAT_SIGNS)}


def test_pictures_say_what_they_show(pages):
    host, code = create_lobby(pages, "Ann", **PHONE)
    table = pages.page(f"/l/{code}/table", viewport=TV_SIZES["tv720"])
    expect(table.get_by_test_id("qr")).to_have_attribute("alt", f"QR code to join lobby {code}")
    host.get_by_test_id("invite").locator("summary").click()
    expect(host.get_by_test_id("invite").locator("img.qr")).to_have_attribute("alt", f"QR code to join lobby {code}")
    table.get_by_test_id("lang-ru").click()
    expect(table.get_by_test_id("qr")).to_have_attribute("alt", f"QR-код для входа в лобби {code}")
    # every other picture of the shell's pages is either described or marked as decoration
    for page in (host, table):
        unnamed = page.evaluate(
            """() => [...document.querySelectorAll("img, svg, [role=img]")]
                .filter((node) => !node.closest("[aria-hidden=true]"))
                .filter((node) => !(node.getAttribute("alt") || node.getAttribute("aria-label") || node.getAttribute("title")))
                .map((node) => node.outerHTML.slice(0, 80))"""
        )
        assert unnamed == [], unnamed


def test_no_status_is_told_by_colour_alone(pages):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    join_by_link(pages, code, "Boris", **PHONE)
    chen = join_by_link(pages, code, "Chen", **PHONE)
    chen.context.close()
    table = pages.page(f"/l/{code}/table", viewport=TV_SIZES["tv720"])
    for page in (ann, table):
        expect(page.locator("[data-testid=seat][data-connected=false]")).to_have_count(1)

    for page in (ann, table):
        signs = seat_signs(page)
        online, offline = signs["Boris"], signs["Chen"]
        assert online["connected"] == "true" and offline["connected"] == "false"
        # online: a filled dot and no word; offline: a hollow ring and the word "offline"
        assert online["dot"] != offline["dot"], signs
        assert "offline" in offline["words"] and "offline" not in online["words"], signs
        # the host and (on a phone) the viewer are named in words, not only in gold or blue
        assert "host" in signs["Ann"]["words"], signs
    assert "you" in seat_signs(ann)["Ann"]["words"]

    # The mute switch shows its state by its icon's shape (a cross for off, waves for on), and says it.
    switch = ann.get_by_test_id("sound-switch")
    shapes = """(button) => [".sound-waves", ".sound-cross"].map((part) => getComputedStyle(button.querySelector(part)).display)"""
    assert switch.evaluate(shapes) == ["inline", "none"]
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert switch.evaluate(shapes) == ["none", "inline"]

    # The same screens as a viewer with deuteranopia sees them, for the record.
    for page, name in ((ann, "phone"), (table, "table")):
        page.evaluate(SIMULATE, DEUTERANOPIA)
        pages.shot(page, f"a11y-deuteranopia-{name}")


def test_a_phone_s_text_can_be_enlarged(pages):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    # pinching is never forbidden
    for path in ("/", f"/l/{code}", f"/l/{code}/table"):
        page = ann if path == f"/l/{code}" else pages.page(path, context=ann.context)
        viewport = page.locator("meta[name=viewport]").get_attribute("content")
        assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport, (path, viewport)

    name = ann.get_by_test_id("seat-name")
    normal = float(name.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)"))

    # The reader's own browser setting (a larger default font) enlarges the whole page: sizes are in rem.
    session = ann.context.new_cdp_session(ann)
    session.send("Page.setFontSizes", {"fontSizes": {"standard": 20}})
    bigger = float(name.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)"))
    assert bigger >= normal * 1.2, (normal, bigger)
    session.send("Page.setFontSizes", {"fontSizes": {"standard": 16}})

    # The page's own switch, remembered by the phone.
    switch = ann.get_by_test_id("text-size")
    expect(switch).to_have_accessible_name("Larger text")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert switch.evaluate("(node) => getComputedStyle(node, '::after').content") == '"✓"'
    larger = float(name.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)"))
    assert larger >= normal * 1.2, (normal, larger)
    pages.shot(ann, "a11y-larger-text-phone")
    ann.reload()
    expect(ann.get_by_test_id("seat")).to_have_count(1)
    expect(ann.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
    assert float(name.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)")) == larger
    assert ann.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")  # nothing sideways
    ann.get_by_test_id("lang-ru").click()
    expect(ann.get_by_test_id("text-size")).to_contain_text("Крупный текст")


# A control as a careless screen would add it: grey on grey, small, named otherwise than it reads.
CARELESS = """() => {
    const button = document.createElement("button");
    button.textContent = "Ready";
    button.setAttribute("aria-label", "Confirm");
    Object.assign(button.style, {color: "#777", background: "#888", width: "64px", height: "30px", padding: "0"});
    document.querySelector("main").prepend(button);
    button.scrollIntoView({block: "center"});
}"""


def test_the_walk_throughs_audit_finds_what_a_player_would_trip_on(pages):
    """The audit every full walk-through runs at its checkpoints (axe_audit): the lobby passes, and a control
    with poor contrast, a name that is not its label and a small target fails it, each by its rule."""
    ann, _ = create_lobby(pages, "Ann", **PHONE)
    assert_accessible(ann, "the lobby")
    assert_touch_targets(ann, "the lobby")
    ann.evaluate(CARELESS)
    with pytest.raises(AssertionError) as found:
        assert_accessible(ann, "a careless button")
    assert "color-contrast" in str(found.value) and "label-content-name-mismatch" in str(found.value)
    with pytest.raises(AssertionError, match=r'"Ready" 64x30'):
        assert_touch_targets(ann, "a careless button")
