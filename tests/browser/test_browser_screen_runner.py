"""The test kit's screen runner (gamenight.web.testing): a game's screen.js rendered in Chromium by the real
shell for one recipient's view, fixed (show_screen) or live at a kit Table (play_screen)."""

from __future__ import annotations

import pytest
from gamenight.testing import Table
from gamenight.web.testing import play_screen, show_screen
from helpers import DEAL_ABC
from playwright.sync_api import Error, expect


@pytest.fixture
def context(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 430, "height": 900})
    yield context
    context.close()


@pytest.fixture
def table(plugins):
    table = Table(["Ann", "Boris", "Chen"], plugins=plugins)
    assert table.start("highcard", deals=[DEAL_ABC]).ok
    yield table
    table.close()


def test_a_fixed_view_renders_the_game_screen_for_its_recipient(context, table, plugins):
    ann = show_screen(context.new_page(), table.view("Ann"), plugins=plugins)
    expect(ann.root.get_by_test_id("my-card-value")).to_have_text("1010")
    expect(ann.root.get_by_test_id("claim-form")).to_be_visible()
    tv = show_screen(context.new_page(), table.view(None), plugins=plugins, lang="ru")
    expect(tv.root.get_by_test_id("dealer")).to_have_text("Сдаёт: Ann")
    expect(tv.root.get_by_test_id("my-card")).to_have_count(0)
    assert "stage" in tv.root.get_attribute("class")
    ann.page.get_by_test_id("claim-input").fill("17")
    ann.page.get_by_test_id("claim-submit").click()
    ann.settle()
    assert ann.sent == [
        {
            "kind": "act",
            "args": {"action": "claim", "args": {"value": 17}, "version": 1},
            "answer": {"ok": True, "reply": {}},
        }
    ]
    assert table.match.version == 1, "a fixed view's moves go nowhere"
    assert ann.problems == [] and tv.problems == []


def test_a_live_screen_makes_its_moves_at_the_table_and_shows_the_answer(context, table):
    ann = play_screen(context.new_page(), table, "Ann")
    ann.page.get_by_test_id("claim-input").fill("17")
    ann.page.get_by_test_id("claim-submit").click()
    ann.settle()
    assert table.match.round_state["claims"] == {table.id_of("Ann"): 17}
    assert table.turn == "Boris"
    expect(ann.root.get_by_test_id("claim-form")).to_have_count(0)  # the new view: Boris's turn now
    table.recorder.holds("Ann", {"ok": True, "reply": {}})  # the table's recorder saw the move's answer
    boris = play_screen(context.new_page(), table, "Boris")
    table.command("Ann", "end")  # the host ends the match while Boris's phone still shows his turn
    boris.page.get_by_test_id("claim-input").fill("3")
    boris.page.get_by_test_id("claim-submit").click()
    boris.settle()
    assert boris.sent[-1]["answer"]["ok"] is False
    expect(boris.page.get_by_test_id("toast")).to_have_count(1)  # the shell's refusal, as a toast
    assert ann.problems == [] and boris.problems == []


def test_a_screen_that_fails_fails_the_test(context, table, plugins):
    screen = show_screen(context.new_page(), table.view("Ann"), plugins=plugins)
    broken = table.view("Ann")
    broken["match"]["players"] = None
    with pytest.raises(Error, match="TypeError"):
        screen.show(broken)
    with pytest.raises(ValueError, match="no match"):
        show_screen(context.new_page(), table.view("Ann") | {"match": None}, plugins=plugins)
