"""Clocks as long as a player needs, on the phones: the host plays with no clock, a player asks for more time on
their own phone, the host sees the ask next to the match (and the TV says who asked) and answers it, and the host
changes the extended time during the match."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import TV_SIZES, create_lobby, join_by_link


def test_a_player_asks_for_more_time_and_the_host_answers(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    table = pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES["tv720"])
    expect(table.get_by_test_id("seat")).to_have_count(2)
    ann.get_by_test_id("game-select").select_option("highcard")
    ann.get_by_test_id("option-time_factor").select_option(label="No clock (the host moves each phase on)")
    expect(table.get_by_test_id("setup-summary")).to_contain_text("No clock")
    ann.get_by_test_id("start").click()

    # No clock runs: each phone says the host moves on.
    expect(boris.get_by_test_id("timer-untimed")).to_have_text("No clock: the host moves on")

    boris.get_by_test_id("ask-time").click()
    expect(boris.get_by_test_id("time-asked")).to_have_text("You asked for more time: the host will answer.")
    ask = ann.get_by_test_id("time-ask")
    expect(ask).to_contain_text("Boris asks for more time")
    expect(table.get_by_test_id("table-time-asks")).to_have_text("Asking for more time: Boris")
    ask.get_by_test_id("time-ask-give").click()
    expect(ann.get_by_test_id("time-ask")).to_have_count(0)
    expect(table.get_by_test_id("table-time-asks")).to_have_count(0)
    expect(boris.get_by_test_id("ask-time")).to_be_visible()

    # The host gives ten times the time from the next clock on; the Russian phone reads the same choice.
    ann.get_by_test_id("time-factor").select_option("10")
    expect(ann.get_by_test_id("feed")).to_contain_text("The host changed the extended time")
    ann.get_by_test_id("lang-ru").click()
    expect(ann.get_by_test_id("time-factor").locator("option:checked")).to_have_text("В десять раз дольше")
    expect(boris.get_by_test_id("ask-time")).to_have_text("I need more time")
