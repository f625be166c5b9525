"""The family filter in Chromium: the host chooses the level on their phone, a rude name is refused with the
message in the player's language, and in strict mode a newcomer's name waits on the host's phone while the TV
shows a placeholder, until the host allows it."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import create_lobby, join_by_link

PLACEHOLDER = "• • •"


def try_to_join(pages, code: str, name: str, locale: str):
    page = pages.page(f"/l/{code}", locale=locale)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    return page


def test_the_host_sets_the_level_and_strict_mode_holds_names_back_from_the_tv(pages):
    ann, code = create_lobby(pages, "Ann")
    tv = pages.page(f"/l/{code}/table?rotate=0", viewport={"width": 1280, "height": 720})
    expect(tv.get_by_test_id("seat")).to_have_count(1)

    level = ann.get_by_test_id("family-filter-level")
    expect(level).to_have_value("off")
    level.select_option("moderate")
    expect(level).to_have_value("moderate")

    rude = try_to_join(pages, code, "fuckface", "en-US")
    expect(rude.get_by_test_id("toast")).to_contain_text("The family filter does not let that through")
    expect(rude.get_by_test_id("join-form")).to_be_visible()
    grubo = try_to_join(pages, code, "хуйло", "ru-RU")
    expect(grubo.get_by_test_id("toast")).to_contain_text("Семейный фильтр такое не пропускает")
    expect(tv.get_by_test_id("seat")).to_have_count(1)

    boris = join_by_link(pages, code, "Boris")
    expect(boris.get_by_test_id("family-filter-shown")).to_contain_text("Family filter: moderate")
    expect(tv.get_by_test_id("seat")).to_have_count(2)

    level.select_option("strict")
    expect(boris.get_by_test_id("family-filter-shown")).to_contain_text("strict")
    join_by_link(pages, code, "Dora")
    expect(tv.get_by_test_id("seat")).to_have_count(3)
    expect(tv.locator("[data-testid=seat]", has_text=PLACEHOLDER)).to_have_count(1)
    expect(tv.locator("body")).not_to_contain_text("Dora")

    waiting = ann.get_by_test_id("approval-item")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text("Dora")
    waiting.get_by_test_id("approval-allow").click()
    expect(tv.locator("[data-testid=seat]", has_text="Dora")).to_have_count(1)
    expect(ann.get_by_test_id("approval-queue")).to_have_count(0)
    expect(tv.locator("[data-testid=seat]", has_text=PLACEHOLDER)).to_have_count(0)
