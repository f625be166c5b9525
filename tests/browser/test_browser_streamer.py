"""Streamer mode: the TV at both sizes shows neither the code nor the QR, the host's phone holds the private link,
the code alone no longer admits, and a renewed link voids the old one."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import TV_SIZES, assert_fits, create_lobby


def test_the_tv_hides_the_way_in_and_players_join_by_the_private_link(pages):
    ann, code = create_lobby(pages, "Ann")
    tables = {size: pages.page(f"/l/{code}/table?rotate=0", viewport=viewport) for size, viewport in TV_SIZES.items()}
    for table in tables.values():
        expect(table.get_by_test_id("join-box")).to_be_visible()

    ann.get_by_test_id("streamer-switch").check()
    link = ann.get_by_test_id("streamer-link")
    expect(link).to_contain_text(f"/l/{code}?invite=")
    expect(ann.get_by_test_id("streamer-qr")).to_be_visible()
    private = link.inner_text().strip()

    for size, table in tables.items():
        expect(table.get_by_test_id("join-box")).to_be_hidden()
        expect(table.get_by_test_id("table-code")).to_be_hidden()
        expect(table.get_by_test_id("qr")).to_be_hidden()
        expect(table.locator(".corner-code")).to_be_hidden()
        expect(table.get_by_test_id("streamer-badge")).to_have_text("Join by the host’s link")
        assert code not in table.title()  # a shared window's title does not give it away either
        assert_fits(table, f"the {size} table in streamer mode")
    # A TV opened now never shows the code, not even before its first view.
    fresh = pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES["tv"])
    expect(fresh.locator(".corner-code")).to_be_hidden()
    expect(fresh.get_by_test_id("streamer-badge")).to_be_visible()
    expect(fresh.locator(".corner-code")).to_be_hidden()
    expect(fresh.get_by_test_id("join-box")).to_be_hidden()

    # A viewer who read the code somewhere is refused; the private link admits.
    viewer = pages.page(f"/l/{code}")
    viewer.get_by_test_id("join-name").fill("Viewer")
    viewer.get_by_test_id("join-submit").click()
    expect(viewer.get_by_test_id("toast").last).to_contain_text("private link")
    friend = pages.page(private.removeprefix(pages.server))
    friend.get_by_test_id("join-name").fill("Friend")
    friend.get_by_test_id("join-submit").click()
    expect(friend.locator("[data-testid=seat].me")).to_contain_text("Friend")

    # A new link: the old one stops working.
    ann.get_by_test_id("streamer-renew").click()
    expect(link).not_to_have_text(private)
    late = pages.page(private.removeprefix(pages.server), locale="ru-RU")
    late.get_by_test_id("join-name").fill("Поздний")
    late.get_by_test_id("join-submit").click()
    expect(late.get_by_test_id("toast").last).to_contain_text("личной ссылке")

    # Off again: the TV shows the code and the QR.
    ann.get_by_test_id("streamer-switch").uncheck()
    for table in tables.values():
        expect(table.get_by_test_id("join-box")).to_be_visible()
        expect(table.get_by_test_id("table-code")).to_have_text(code)
