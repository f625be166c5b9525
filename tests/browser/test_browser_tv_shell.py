"""The table screen on a TV, at 1920x1080 and at 1280x720: one scene at a time and never a scrollbar, through a
night's phases: an empty lobby with its QR code, seats filling, a game chosen, a match under way (High Card),
its results, the night's scoreboard, the next game's setup with Spyfall's sticker board, a locked lobby."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers_browser import TV_SIZES, assert_contained, assert_fits, create_lobby, join_by_link

NAMES = ["Boris", "Chen", "Dasha", "Evgenia Konstantinov", "Fyodor"]


def each_table(tables, check) -> None:
    for size, table in tables.items():
        check(size, table)


def fits_everywhere(pages, tables, step: str) -> None:
    """Every table fits its screen in this phase, each region holding its content; a screenshot of each (--shots)."""
    for size, table in tables.items():
        pages.shot(table, f"tv-shell-{step}-{size}")
        assert_fits(table, f"the {size} table ({step})")
        assert_contained(table, f"the {size} table ({step})")


def set_option(host, name: str, value: str) -> None:
    field = host.get_by_test_id(f"option-{name}")
    field.fill(value)
    field.press("Tab")


def move_on(host) -> None:
    """The host's "Move on", confirmed: the waiting turn's clock runs out now, or the open vote closes."""
    skip = host.get_by_test_id("skip")
    expect(skip).to_have_text("Move on")
    skip.click()
    skip.click()
    expect(skip).not_to_have_text(re.compile("again|confirm", re.IGNORECASE))


def box(page, testid: str) -> dict:
    return page.get_by_test_id(testid).first.bounding_box()


def test_the_table_is_a_stage_through_a_night(pages):
    ann, code = create_lobby(pages, "Ann")
    # ?rotate=0: the scenes between matches do not take turns by themselves (that is timed); the tabs pick them
    tables = {size: pages.page(f"/l/{code}/table?rotate=0", viewport=viewport) for size, viewport in TV_SIZES.items()}

    # An empty lobby: the join code and the QR code are the biggest things on the screen.
    for size, table in tables.items():
        expect(table.get_by_test_id("seat")).to_have_count(1)
        expect(table.get_by_test_id("join-box")).to_be_visible()
        expect(table.get_by_test_id("qr")).to_have_attribute("alt", f"QR code to join lobby {code}")
        table.wait_for_function(
            "() => { const img = document.querySelector('[data-testid=qr]'); return img.complete && img.naturalWidth > 0; }"
        )
        qr = box(table, "qr")
        assert qr["height"] >= 0.3 * TV_SIZES[size]["height"], (size, qr)
        expect(table.locator(".corner-code")).to_be_hidden()  # the big code is on screen
        expect(table.get_by_test_id("scene-tabs")).to_be_hidden()
    fits_everywhere(pages, tables, "empty-lobby")

    # Seats fill up; two players close their page and show as offline.
    phones = {"Ann": ann}
    for name in NAMES:
        phones[name] = join_by_link(pages, code, name)
    for name in ("Evgenia Konstantinov", "Fyodor"):
        phones.pop(name).context.close()
    for table in tables.values():
        expect(table.get_by_test_id("seat")).to_have_count(6)
        expect(table.locator("[data-testid=seat][data-connected=false]")).to_have_count(2)
    fits_everywhere(pages, tables, "seats")

    # The host chooses High Card: its setup shows beside the seats, under the join code.
    ann.get_by_test_id("game-select").select_option("highcard")
    set_option(ann, "rounds", "1")
    set_option(ann, "claim_seconds", "120")
    set_option(ann, "vote_seconds", "300")
    for table in tables.values():
        expect(table.get_by_test_id("setup-summary")).to_contain_text("High Card")
        expect(table.get_by_test_id("setup-summary").locator("dd").first).to_have_text("1")
        expect(table.get_by_test_id("join-box")).to_be_visible()
    fits_everywhere(pages, tables, "setup")

    # The match: the stage takes most of the screen; the join code shrinks to the corner.
    ann.get_by_test_id("start").click()
    for size, table in tables.items():
        expect(table.get_by_test_id("match-phase")).to_have_text("Claims")
        expect(table.get_by_test_id("join-box")).to_be_hidden()
        expect(table.locator(".corner-code")).to_be_visible()
        expect(table.locator(".corner-code")).to_have_text(code)
        expect(table.get_by_test_id("claims")).to_be_visible()
        stage = box(table, "game-screen")
        width, height = TV_SIZES[size]["width"], TV_SIZES[size]["height"]
        assert stage["width"] >= 0.7 * width and stage["height"] >= 0.7 * height, (size, stage)
    fits_everywhere(pages, tables, "match")

    # Claims in turn; the host moves on past the offline players. Then the vote.
    for name in ["Ann", "Boris", "Chen", "Dasha"]:
        phone = phones[name]
        phone.get_by_test_id("claim-input").fill("20")
        phone.get_by_test_id("claim-submit").click()
    for name in ["Evgenia Konstantinov", "Fyodor"]:
        expect(ann.get_by_test_id("waiting-claim")).to_contain_text(name)
        move_on(ann)
    for name, choice in [("Ann", "Boris"), ("Boris", "Chen"), ("Chen", "Dasha"), ("Dasha", "Ann")]:
        phone = phones[name]
        expect(phone.get_by_test_id("match-phase")).to_have_text("Vote")
        phone.get_by_test_id("vote-options").get_by_role("button", name=choice, exact=True).click()
        expect(phone.get_by_test_id("my-vote")).to_contain_text(choice)
    for table in tables.values():
        expect(table.get_by_test_id("vote-progress")).to_contain_text("4 of 6")
    fits_everywhere(pages, tables, "vote")
    # the offline players never vote: the host closes the vote with the votes cast
    move_on(ann)
    for table in tables.values():
        expect(table.get_by_test_id("hands")).to_be_visible()
        expect(table.get_by_test_id("round-points")).to_be_visible()
    fits_everywhere(pages, tables, "round-over")

    # The results: a scene of their own, then the night's scoreboard as another.
    ann.get_by_test_id("next-round").click()
    for table in tables.values():
        expect(table.get_by_test_id("winners")).to_be_visible()
        expect(table.get_by_test_id("game-screen")).to_be_hidden()
        expect(table.get_by_test_id("scoreboard")).to_be_hidden()
        expect(table.get_by_test_id("scene-tab-results")).to_have_attribute("aria-selected", "true")
    fits_everywhere(pages, tables, "results")
    for table in tables.values():
        table.get_by_test_id("scene-tab-night").click()
        expect(table.get_by_test_id("scoreboard")).to_be_visible()
        expect(table.get_by_test_id("scoreboard").locator("tbody tr")).to_have_count(6)
        expect(table.get_by_test_id("winners")).to_be_hidden()
    fits_everywhere(pages, tables, "night")

    # The host picks the next game: Spyfall with its sticker board, shown at once, with the join code.
    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("variant-eight_locations").check()
    for table in tables.values():
        expect(table.get_by_test_id("scene-tab-lobby")).to_have_attribute("aria-selected", "true")
        expect(table.get_by_test_id("setup-summary")).to_contain_text("Spyfall")
        expect(table.get_by_test_id("sf-setup-board").get_by_test_id("sf-sticker")).to_have_count(8)
        expect(table.get_by_test_id("join-box")).to_be_visible()
    fits_everywhere(pages, tables, "next-setup")

    # Locked: the QR code goes, the code stays small in the corner.
    ann.get_by_test_id("lock").click()
    for table in tables.values():
        expect(table.get_by_test_id("locked-badge")).to_be_visible()
        expect(table.get_by_test_id("join-box")).to_be_hidden()
        expect(table.locator(".corner-code")).to_be_visible()
    fits_everywhere(pages, tables, "locked")

    # The same scenes in Russian (longer words) still fit.
    for table in tables.values():
        table.get_by_test_id("lang-ru").click()
        expect(table.get_by_test_id("scene-tab-night")).to_have_text("Итоги вечера")
        table.get_by_test_id("scene-tab-results").click()
        expect(table.get_by_test_id("winners")).to_contain_text(re.compile("Побежда"))
    fits_everywhere(pages, tables, "results-ru")
