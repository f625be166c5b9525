"""The test kit's screen runner (gamenight.web.testing): a game's screen.js rendered in Chromium by the real
shell for one recipient's view, fixed (show_screen) or live at a kit Party (play_screen)."""

from __future__ import annotations

import pytest
from gamenight.testing import Party
from gamenight.web.testing import play_screen, show_screen
from helpers import DEAL_ABC
from playwright.sync_api import Error, expect


@pytest.fixture
def context(browser):
    context = browser.new_context(locale="en-US", viewport={"width": 430, "height": 900})
    yield context
    context.close()


@pytest.fixture
def party(plugins):
    party = Party(["Ann", "Boris", "Chen"], plugins=plugins)
    assert party.start("highcard", deals=[DEAL_ABC]).ok
    yield party
    party.close()


def test_a_fixed_view_renders_the_game_screen_for_its_recipient(context, party, plugins):
    ann = show_screen(context.new_page(), party.view("Ann"), plugins=plugins)
    expect(ann.root.get_by_test_id("my-card-value")).to_have_text("1010")
    expect(ann.root.get_by_test_id("claim-form")).to_be_visible()
    tv = show_screen(context.new_page(), party.view(None), plugins=plugins, lang="ru")
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
    assert party.match.version == 1, "a fixed view's moves go nowhere"
    assert ann.problems == [] and tv.problems == []


def test_a_live_screen_makes_its_moves_at_the_party_and_shows_the_answer(context, party):
    ann = play_screen(context.new_page(), party, "Ann")
    ann.page.get_by_test_id("claim-input").fill("17")
    ann.page.get_by_test_id("claim-submit").click()
    ann.settle()
    assert party.match.round_state["claims"] == {party.id_of("Ann"): 17}
    assert party.turn == "Boris"
    expect(ann.root.get_by_test_id("claim-form")).to_have_count(0)  # the new view: Boris's turn now
    party.recorder.holds("Ann", {"ok": True, "reply": {}})  # the party's recorder saw the move's answer
    boris = play_screen(context.new_page(), party, "Boris")
    party.command("Ann", "end")  # the host ends the match while Boris's phone still shows his turn
    boris.page.get_by_test_id("claim-input").fill("3")
    boris.page.get_by_test_id("claim-submit").click()
    boris.settle()
    assert boris.sent[-1]["answer"]["ok"] is False
    expect(boris.page.get_by_test_id("toast")).to_have_count(1)  # the shell's refusal, as a toast
    assert ann.problems == [] and boris.problems == []


def test_a_screen_that_fails_fails_the_test(context, party, plugins):
    screen = show_screen(context.new_page(), party.view("Ann"), plugins=plugins)
    broken = party.view("Ann")
    broken["match"]["players"] = None
    with pytest.raises(Error, match="TypeError"):
        screen.show(broken)
    with pytest.raises(ValueError, match="no match"):
        show_screen(context.new_page(), party.view("Ann") | {"match": None}, plugins=plugins)
