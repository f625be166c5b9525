"""The lobby as players use it: create, join by link and by code, refresh, host controls, language, table screen."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers_browser import create_lobby, join_by_link, seat


def test_lobby_join_refresh_kick_language_and_table(pages):
    landing = pages.page("/")
    expect(landing.get_by_test_id("create-submit")).to_have_text("Create lobby")
    pages.shot(landing, "landing")
    landing.context.close()

    host, code = create_lobby(pages, "Ann")
    expect(seat(host, "Ann").get_by_test_id("host-badge")).to_be_visible()
    expect(host.get_by_test_id("setup")).to_be_visible()

    # Boris opens the join link (what the QR code holds).
    boris = join_by_link(pages, code, "Boris")

    # Chen types the code on the landing page.
    chen = pages.page("/")
    chen.get_by_test_id("join-code").fill(code.lower())
    chen.get_by_test_id("join-name").fill("Chen")
    chen.get_by_test_id("join-submit").click()
    expect(chen).to_have_url(re.compile(f"/l/{code}$"))
    expect(chen.locator("[data-testid=seat].me")).to_contain_text("Chen")
    expect(host.get_by_test_id("seat")).to_have_count(3)
    expect(host.locator("[data-testid=seat][data-connected=true]")).to_have_count(3)

    # Boris refreshes: back in the same seat, no duplicate.
    boris.reload()
    expect(boris.locator("[data-testid=seat].me")).to_contain_text("Boris")
    expect(boris.get_by_test_id("seat")).to_have_count(3)
    expect(host.get_by_test_id("seat")).to_have_count(3)
    expect(host.locator("[data-testid=seat][data-connected=true]")).to_have_count(3)
    expect(boris.get_by_test_id("host-starts").or_(boris.get_by_test_id("setup-waiting"))).to_be_visible()
    expect(boris.get_by_test_id("seat-kick")).to_have_count(0)  # host controls only for the host
    pages.shot(host, "lobby-host")
    pages.shot(boris, "lobby-player")

    # The table screen, opened on a TV from the landing page by the code: code, seats with their status, the QR code.
    table = pages.page("/", viewport={"width": 1600, "height": 900})
    table.get_by_test_id("join-code").fill(code.lower())
    table.get_by_test_id("watch-submit").click()
    table.wait_for_url(f"**/l/{code}/table")
    expect(table.get_by_test_id("table-code")).to_have_text(code)
    expect(table.get_by_test_id("seat")).to_have_count(3)
    expect(table.get_by_test_id("join-link")).to_contain_text(f"/l/{code}")
    table.wait_for_function(
        "() => { const img = document.querySelector('[data-testid=qr]'); return img.complete && img.naturalWidth > 0; }"
    )
    expect(table.get_by_test_id("seat-kick")).to_have_count(0)
    pages.shot(table, "table")

    # Russian and back, without a reload.
    leave = host.get_by_test_id("leave")
    expect(leave).to_have_text("Leave the lobby")
    host.get_by_test_id("lang-ru").click()
    expect(leave).to_have_text("Выйти из лобби")
    expect(seat(host, "Ann").get_by_test_id("host-badge")).to_have_text("ведущий")
    expect(host.get_by_test_id("lock")).to_have_text("Закрыть лобби")
    expect(host).to_have_title(re.compile("Лобби"))
    pages.shot(host, "lobby-ru")
    expect(boris.get_by_test_id("leave")).to_have_text("Leave the lobby")  # each player's own choice
    host.get_by_test_id("lang-en").click()
    expect(leave).to_have_text("Leave the lobby")
    host.get_by_test_id("lang-ru").click()
    host.reload()  # the choice is remembered
    expect(host.get_by_test_id("leave")).to_have_text("Выйти из лобби")
    host.get_by_test_id("lang-en").click()
    expect(host.get_by_test_id("leave")).to_have_text("Leave the lobby")

    # Reorder: Ann moves down one seat, everyone sees the new order.
    seat(host, "Ann").get_by_test_id("seat-down").click()
    expect(boris.get_by_test_id("seat-name")).to_have_text(["Boris", "Ann", "Chen"])
    expect(table.get_by_test_id("seat-name")).to_have_text(["Boris", "Ann", "Chen"])

    # The host kicks Chen (two taps), who is told so.
    kick = seat(host, "Chen").get_by_test_id("seat-kick")
    kick.click()
    expect(kick).to_have_text("Kick? Out of the lobby and any match; their points stay")
    kick.click()
    expect(chen.get_by_test_id("removed")).to_be_visible()
    expect(chen.get_by_test_id("removed")).to_contain_text("no longer in this lobby")
    expect(host.get_by_test_id("seat")).to_have_count(2)
    expect(table.get_by_test_id("seat")).to_have_count(2)
    pages.shot(chen, "removed")

    # Locked: Chen cannot come back until the host unlocks.
    host.get_by_test_id("lock").click()
    expect(boris.get_by_test_id("locked-badge")).to_be_visible()
    chen.get_by_test_id("join-again").click()
    chen.get_by_test_id("join-name").fill("Chen")
    chen.get_by_test_id("join-submit").click()
    expect(chen.get_by_test_id("toast")).to_contain_text("locked")
    host.get_by_test_id("unlock").click()
    expect(boris.get_by_test_id("locked-badge")).to_have_count(0)
    # Unlocked, a kicked phone is still kept out (whatever name it gives) until the host lets it back.
    chen.get_by_test_id("join-name").fill("Chen again")
    chen.get_by_test_id("join-submit").click()
    expect(chen.get_by_test_id("toast").last).to_contain_text("kept this phone out")
    expect(host.get_by_test_id("kept-out-entry")).to_contain_text("Chen, kicked at")
    host.get_by_test_id("let-back").click()
    expect(host.get_by_test_id("kept-out-entry")).to_have_count(0)
    chen.get_by_test_id("join-name").fill("Chen")
    chen.get_by_test_id("join-submit").click()
    expect(chen.locator("[data-testid=seat].me")).to_contain_text("Chen")
    expect(table.get_by_test_id("seat")).to_have_count(3)

    # Hand over the host role to Boris.
    handover = seat(host, "Boris").get_by_test_id("seat-handover")
    handover.click()
    handover.click()
    expect(seat(boris, "Boris").get_by_test_id("host-badge")).to_be_visible()
    expect(boris.get_by_test_id("seat-kick")).to_have_count(2)
    expect(host.get_by_test_id("seat-kick")).to_have_count(0)

    # Chen leaves on purpose.
    chen.get_by_test_id("leave").click()
    chen.get_by_test_id("leave").click()
    expect(chen.get_by_test_id("removed")).to_contain_text("You left the lobby")
    expect(table.get_by_test_id("seat")).to_have_count(2)


def test_second_tab_takes_the_seat_over(pages):
    name = "<i>Dana</i>"  # names are text, never HTML
    first, code = create_lobby(pages, name)
    expect(first.get_by_test_id("seat-name")).to_have_text(name)
    expect(first.locator("[data-testid=seats] i")).to_have_count(0)
    second = pages.page(f"/l/{code}", context=first.context)  # same browser, same stored token
    expect(second.locator("[data-testid=seat].me")).to_contain_text(name)
    expect(first.get_by_test_id("replaced")).to_be_visible()
    expect(first.get_by_test_id("room")).to_be_hidden()
    pages.shot(first, "replaced")
    expect(second.get_by_test_id("seat")).to_have_count(1)

    first.get_by_test_id("take-back").click()
    expect(first.locator("[data-testid=seat].me")).to_contain_text(name)
    expect(second.get_by_test_id("replaced")).to_be_visible()
    expect(first.get_by_test_id("seat")).to_have_count(1)


def test_unknown_lobby_and_static_pages(pages):
    page = pages.page("/")
    page.get_by_test_id("join-code").fill("ZZZZ")
    page.get_by_test_id("join-name").fill("Eve")
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("toast")).to_contain_text("no lobby with that code")

    rules = pages.page("/rules/highcard")
    expect(rules.locator("h1")).to_have_text("High Card")
    expect(rules.locator("section[data-rules-lang=en]")).to_be_visible()
    expect(rules.locator("section[data-rules-lang=ru]")).to_be_hidden()
    rules.get_by_test_id("lang-ru").click()
    expect(rules.locator("h1")).to_have_text("Старшая карта")
    expect(rules.locator("section[data-rules-lang=ru]")).to_be_visible()
    expect(rules.locator("section[data-rules-lang=en]")).to_be_hidden()
    pages.shot(rules, "rules-ru")

    about = pages.page("/about", context=rules.context)
    expect(about.get_by_test_id("attributions")).to_contain_text("Socket.IO")
    expect(about.locator("h1")).to_have_text("О gamenight")
    about.get_by_test_id("lang-en").click()
    expect(about.locator("h1")).to_have_text("About gamenight")
    pages.shot(about, "about")


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# the text a closed <select> shows, measured in its own font, against the room it has
# Measured on the picker the page shows now: a lobby update re-renders the form, and a picker it
# has just replaced is detached and has no width.
SELECT_FITS = """() => {
  const select = document.querySelector("[data-testid=game-select]");
  const style = getComputedStyle(select);
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const text = select.options[select.selectedIndex].text;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {text, fits: context.measureText(text).width <= room};
}"""


def test_the_game_picker_shows_the_whole_name_on_a_phone(pages):
    ann, _code = create_lobby(pages, "Ann", **PHONE)
    for game, name in (("notahuman", "I'm Not a Human"), ("spyfall_teams", "Team Spyfall")):
        ann.get_by_test_id("game-select").select_option(game)
        expect(ann.get_by_test_id("setup-form")).to_be_visible()
        shown = ann.evaluate(SELECT_FITS)
        assert shown["fits"] and shown["text"].startswith(name), shown
        expect(ann.get_by_test_id("setup-players")).to_have_text(re.compile(r"^\d+–\d+ players$"))


def test_seat_rows_stay_inside_the_hosts_card_on_a_phone(pages):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    for name in ("Boris", "Konstantinopolskaya", "Dasha"):
        join_by_link(pages, code, name)
    expect(ann.get_by_test_id("seat")).to_have_count(4)
    expect(ann.get_by_test_id("seat-kick")).to_have_count(3)
    out = ann.get_by_test_id("seats").evaluate(
        """(list) => {
          const card = list.closest(".card") || list.parentElement;
          const edge = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight) + 0.5;
          return [...list.querySelectorAll("*")]
            .filter((node) => node.getBoundingClientRect().right > edge)
            .map((node) => `${node.className || node.tagName}: ${node.textContent.slice(0, 30)}`);
        }"""
    )
    assert out == [], out
    assert ann.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
