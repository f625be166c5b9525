"""A match of High Card played through the phones' screens, watched on the table screen."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_real_server import Player

from .full_table import guests
from .helpers_browser import create_lobby, join_by_link

NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_high_card_round_on_phones_and_table(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    chen = join_by_link(pages, code, "Chen", **NARROW)
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    phones = {"Ann": ann, "Boris": boris, "Chen": chen}

    # The host picks High Card and changes options in the generated form.
    ann.get_by_test_id("game-select").select_option("highcard")
    rounds = ann.get_by_test_id("option-rounds")
    expect(rounds).to_have_value("2")
    expect(rounds).to_have_attribute("max", "10")
    rounds.fill("1")
    rounds.press("Tab")
    expect(boris.get_by_test_id("setup-summary")).to_contain_text("High Card")
    expect(boris.get_by_test_id("setup-summary").locator("dd").first).to_have_text("1")
    ann.get_by_test_id("option-claim_seconds").fill("120")
    ann.get_by_test_id("option-vote_seconds").fill("300")
    ann.get_by_test_id("variant-short_deck").check()
    expect(ann.get_by_test_id("option-short_top")).to_have_value("10")
    ann.get_by_test_id("variant-short_deck").uncheck()
    expect(ann.get_by_test_id("option-short_top")).to_have_count(0)
    expect(table.get_by_test_id("setup-summary")).to_contain_text("High Card")
    expect(boris.get_by_test_id("setup-summary").locator("dd")).to_have_text(["1", "120", "300", "120", "Normal"])
    pages.shot(ann, "setup-host")

    ann.get_by_test_id("start").click()
    for page in phones.values():
        expect(page.get_by_test_id("my-card-value")).to_be_visible()
        expect(page.get_by_test_id("match-phase")).to_have_text("Claims")
    expect(ann.get_by_test_id("option-rounds")).to_be_hidden()
    expect(table.get_by_test_id("match-game")).to_have_text("High Card")
    expect(table.get_by_test_id("my-card")).to_have_count(0)  # no secret on the table
    claim_clock = table.get_by_test_id("timer-claim")
    expect(claim_clock).to_have_text(re.compile(r"^[12]:\d\d$"))
    expect(claim_clock).not_to_have_text(claim_clock.inner_text())  # counts down from the server's deadline

    # Host's clock controls.
    ann.get_by_test_id("pause").click()
    expect(boris.get_by_test_id("match-paused")).to_be_visible()
    ann.get_by_test_id("resume").click()
    expect(boris.get_by_test_id("match-paused")).to_have_count(0)
    ann.get_by_test_id("extend").click()
    expect(table.get_by_test_id("feed")).to_contain_text("added 30 s")

    # Claims, in seat order from the dealer (Ann).
    expect(ann.get_by_test_id("claim-form")).to_be_visible()
    expect(boris.get_by_test_id("claim-form")).to_have_count(0)
    pages.shot(ann, "match-claim")
    for name, value in [("Ann", 30), ("Boris", 12), ("Chen", 7)]:
        page = phones[name]
        page.get_by_test_id("claim-input").fill(str(value))
        if name == "Chen":
            pages.shot(chen, "phone-narrow")
        page.get_by_test_id("claim-submit").click()
        expect(table.locator(f"[data-testid=claims] li:has-text('{name}')")).to_contain_text(str(value))

    # The vote: each votes for the next player round the table.
    for page in phones.values():
        expect(page.get_by_test_id("match-phase")).to_have_text("Vote")
    votes = {"Ann": "Boris", "Boris": "Chen", "Chen": "Ann"}
    for voter in ["Ann", "Boris"]:
        page = phones[voter]
        page.get_by_test_id("vote-options").get_by_role("button", name=votes[voter]).click()
        expect(page.get_by_test_id("my-vote")).to_contain_text(votes[voter])
    expect(table.get_by_test_id("vote-progress")).to_contain_text("2 of 3")
    pages.shot(chen, "match-vote")
    pages.shot(table, "table-match")
    chen.get_by_test_id("vote-options").get_by_role("button", name="Ann").click()

    # The reveal: every hand, and each point with its reason.
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("hands").locator("li")).to_have_count(3)
        points = page.get_by_test_id("round-points")
        expect(points).to_contain_text("found the highest card")
        expect(points).to_contain_text("fooled 1 player")
    expect(ann.get_by_test_id("match-phase")).to_have_text("Cards on the table")
    expect(boris.get_by_test_id("waiting-host")).to_be_visible()
    boris.get_by_test_id("lang-ru").click()
    expect(boris.get_by_test_id("round-points")).to_contain_text("угадал(а) старшую карту")
    expect(boris.get_by_test_id("round-points")).to_contain_text("обманул(а) 1 игрока")
    expect(boris.get_by_test_id("match-phase")).to_have_text("Карты на стол")
    pages.shot(boris, "match-reveal-ru")
    boris.get_by_test_id("lang-en").click()

    # Next: that was the last round, so the match ends with its ranking.
    ann.get_by_test_id("next-round").click()
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("winners")).to_be_visible()
        expect(page.get_by_test_id("ranking").locator("li")).to_have_count(3)
        expect(page.get_by_test_id("match-phase")).to_have_text("Match over")
    # the night's scoreboard is a scene of its own on the table: its tab shows it
    table.get_by_test_id("scene-tab-night").click()
    expect(table.get_by_test_id("scoreboard")).to_be_visible()
    table.get_by_test_id("scene-tab-results").click()
    expect(ann.get_by_test_id("play-again")).to_be_visible()
    pages.shot(ann, "match-result")
    pages.shot(table, "table-result")
    table.get_by_test_id("lang-ru").click()
    expect(table.get_by_test_id("match-phase")).to_have_text("Партия окончена")
    expect(table.get_by_test_id("result")).to_contain_text("Итоги")
    pages.shot(table, "table-result-ru")

    # Play again with the same setup, then abort it.
    ann.get_by_test_id("play-again").click()
    expect(boris.get_by_test_id("match-round")).to_have_text("Round 1")
    expect(boris.get_by_test_id("winners")).to_have_count(0)
    abort = ann.get_by_test_id("abort")
    abort.click()
    abort.click()
    expect(boris.get_by_test_id("match")).to_be_hidden()
    expect(boris.get_by_test_id("history")).to_contain_text("aborted")


def test_a_host_tap_on_pause_lands_while_the_lobby_changes_under_it(pages, disconnect):
    """A friend arrives while the host's finger is on Pause: the state that brings them must not take the tap
    away (the host's bar is rebuilt only when what it shows changes)."""
    ann, code = create_lobby(pages, "Ann", **NARROW)
    disconnect.extend(guests(pages.server, code, 2))
    ann.get_by_test_id("game-select").select_option("highcard")
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("match-phase")).to_have_text("Claims")

    pause = ann.get_by_test_id("pause")
    pause.scroll_into_view_if_needed()
    box = pause.bounding_box()
    ann.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ann.mouse.down()
    late = Player(pages.server, "Dana")  # a late friend: a new state for the host's phone
    disconnect.append(late)
    assert late.call("join_lobby", {"code": code, "name": late.name})["ok"]
    expect(ann.get_by_test_id("seat")).to_have_count(4)
    ann.mouse.up()
    expect(ann.get_by_test_id("match-paused")).to_be_visible()
    expect(ann.get_by_test_id("resume")).to_be_visible()
