"""The audience: people without a seat who watch a lobby on their phones and guess along.

Spyfall at its largest table (twelve seats, long names, played over the wire): two audience phones join by
the audience's page (one in Russian with larger text on the small phone), each names a suspect (one right, one
wrong); the spy reveals; both TV sizes show the crowd's tally with the right one marked, and each phone its
result and standing. A phone reloads and finds its pick again. After the match, the host closes the night: the
recap's audience podium on the TV and on a phone. Then the host's door: closed, then one by one.
Screenshots (with --shots): audience-*.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_real_server import Player

from .full_spyfall_steps import a_location, phase, spies_among
from .full_table import check_tables, every_way_of_looking, guests, open_tables, set_larger_text
from .helpers_browser import PHONE_SIZE, SMALL_PHONE, create_lobby, settle

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
SMALL = {"viewport": SMALL_PHONE, "is_mobile": True, "has_touch": True}


def host_over_the_wire(server: str) -> tuple[Player, str]:
    ann = Player(server, "Ann")
    created = ann.call("create_lobby", {"name": "Ann"})
    assert created["ok"], created
    ann.token, ann.player = created["token"], created["player"]
    return ann, created["code"]


def command(player: Player, kind: str, **args) -> None:
    answer = player.call("command", {"kind": kind, "args": args})
    assert answer["ok"], answer


def join_audience(pages, code: str, name: str, **options):
    """Open the audience's page and join it under ``name``; returns the page once it is in."""
    page = pages.page(f"/l/{code}/audience", **options)
    page.get_by_test_id("audience-name").fill(name)
    page.get_by_test_id("audience-submit").click()
    expect(page.get_by_test_id("audience-you")).to_contain_text(name)
    return page


def choice(page, prompt: str, pid: str):
    return page.locator(
        f"[data-testid=prompt][data-prompt$='{prompt}'] [data-testid=prompt-choice][data-choice='{pid}']"
    )


def test_the_audience_names_the_spy_and_the_table_shows_what_it_thought(pages, disconnect):
    ann, code = host_over_the_wire(pages.server)
    disconnect.append(ann)
    others = guests(pages.server, code, 11)
    disconnect.extend(others)
    tables = open_tables(pages, code, 12)
    for table in tables.values():
        expect(table.get_by_test_id("table-audience-link")).to_contain_text(f"/l/{code}/audience")

    mila = join_audience(pages, code, "Mila", **PHONE)
    olya = pages.page(f"/l/{code}/audience", **SMALL)
    olya.get_by_test_id("lang-ru").click()
    set_larger_text(olya, True)
    olya.get_by_test_id("audience-name").fill("Оля")
    olya.get_by_test_id("audience-submit").click()
    expect(olya.get_by_test_id("audience-you")).to_contain_text("Вы смотрите под именем Оля")
    expect(tables["tv"].get_by_test_id("table-watching")).to_have_text("2 watching")
    expect(tables["tv720"].get_by_test_id("table-watching")).to_have_text("2 зрителя")
    check_tables(pages, tables, "audience-lobby")

    command(ann, "choose", game="spyfall", options={"rounds": 1, "round_minutes": 10})
    command(ann, "start")
    spies = spies_among([ann, *others], 1)
    innocent = next(p for p in [ann, *others] if p not in spies)
    expect(mila.get_by_test_id("prompt-question").first).to_contain_text(re.compile(r"Who (is the spy|are the spies)"))
    choice(mila, ".spy", spies[0].player).click()
    expect(choice(mila, ".spy", spies[0].player)).to_have_attribute("aria-pressed", "true")
    choice(olya, ".spy", innocent.player).click()
    expect(choice(olya, ".spy", innocent.player)).to_have_attribute("aria-pressed", "true")
    every_way_of_looking(pages, mila, "audience-prompt", "prompt-choice")

    olya.reload()  # the token and the pick come back
    expect(choice(olya, ".spy", innocent.player)).to_have_attribute("aria-pressed", "true")
    expect(choice(olya, ".spy", spies[0].player)).to_have_attribute("aria-pressed", "false")

    for spy in spies:  # every spy names a location in turn
        if spy.latest["match"]["phase"] != "round_over":
            spy.wait(lambda s, p=spy.player: s["match"]["phase"] == "play" or s["match"]["turn"] == p, "its turn")
            spy.act("reveal", location=a_location(spy))
    phase(ann, "round_over")

    for table in tables.values():
        crowd = table.get_by_test_id("table-crowd")
        expect(crowd).to_be_visible()
        right = crowd.locator(f"[data-testid=tally-row][data-choice='{spies[0].player}']")
        expect(right.get_by_test_id("right-mark")).to_have_count(1)
        expect(right.get_by_test_id("tally-share")).to_have_text(re.compile(r"50\s?%"))
        wrong = crowd.locator(f"[data-testid=tally-row][data-choice='{innocent.player}']")
        expect(wrong.get_by_test_id("right-mark")).to_have_count(0)
    expect(tables["tv"].get_by_test_id("table-crowd")).to_contain_text("The audience thought")
    expect(tables["tv720"].get_by_test_id("table-crowd")).to_contain_text("Что думали зрители")
    check_tables(pages, tables, "audience-reveal")

    spy_result = "[data-testid=prompt-result][data-prompt$='.spy'] [data-testid=prompt-outcome]"
    expect(mila.locator(spy_result)).to_have_text("You were right: +2 points")
    expect(mila.get_by_test_id("audience-points")).to_have_text("2 points")
    expect(mila.get_by_test_id("audience-place")).to_have_text("1st of 2")
    news = mila.get_by_test_id("audience-news")  # what a screen reader says, as it happened
    expect(news).to_contain_text(re.compile(r"New question: Who (is the spy|are the spies)"))
    expect(news).to_contain_text("You were right: +2 points")
    expect(olya.locator(spy_result)).to_have_text("На этот раз мимо.")
    expect(olya.get_by_test_id("audience-points")).to_have_text("0 очков")
    expect(olya.get_by_test_id("audience-place")).to_have_text("2-е место из 2")
    settle(olya)
    pages.shot(olya, "audience-result-small-ru-larger", full_page=False)
    pages.shot(mila, "audience-result-phone-en")

    ann.act("next")
    ann.wait(lambda s: s["match"]["over"], "the match's end")
    command(ann, "close_night")
    for page in (tables["tv"], mila):
        podium = page.get_by_test_id("recap-audience")
        expect(podium).to_contain_text("Audience podium")
        expect(podium.get_by_test_id("recap-audience-row")).to_have_count(1)
        expect(podium.get_by_test_id("recap-audience-row")).to_contain_text("Mila")
        expect(podium.get_by_test_id("recap-audience-row")).to_contain_text("2 points")
    expect(mila.get_by_test_id("recap-mine")).to_have_count(0)  # no player's own line: Mila has no seat
    expect(tables["tv720"].get_by_test_id("recap-audience")).to_contain_text("Лучшие зрители")
    pages.shot(tables["tv"], "audience-recap-tv")
    pages.shot(mila, "audience-recap-phone")


def test_the_host_closes_the_audience_and_lets_people_in_one_by_one(pages, disconnect):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    others = guests(pages.server, code, 3)
    disconnect.extend(others)
    offer = pages.page(f"/l/{code}", **PHONE)  # a newcomer's join form offers the audience
    expect(offer.get_by_test_id("audience-offer-link")).to_have_attribute("href", f"/l/{code}/audience")

    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("start").click()
    expect(offer.get_by_test_id("audience-offer-line")).to_have_text(
        "A match is under way: join the audience until the next one."
    )

    ann.get_by_test_id("audience-open").uncheck()
    visitor = pages.page(f"/l/{code}/audience", **PHONE)
    expect(visitor.get_by_test_id("audience-problem")).to_have_text("The host has closed the audience for now.")
    visitor.get_by_test_id("audience-name").fill("Vera")
    visitor.get_by_test_id("audience-submit").click()
    expect(visitor.get_by_test_id("audience-problem")).to_have_text("The host has closed the audience for now.")
    expect(visitor.get_by_test_id("audience-join")).to_be_visible()
    pages.shot(visitor, "audience-closed")

    ann.get_by_test_id("audience-open").check()
    ann.get_by_test_id("audience-by-host").check()
    expect(visitor.get_by_test_id("audience-problem")).to_be_hidden()
    visitor.get_by_test_id("audience-submit").click()
    expect(visitor.get_by_test_id("audience-waiting")).to_contain_text("Waiting for the host to let you in")
    pages.shot(visitor, "audience-waiting")
    knock = ann.get_by_test_id("audience-waiting")
    expect(knock).to_contain_text("Vera wants to watch.")
    pages.shot(ann, "audience-host-door")
    knock.get_by_test_id("audience-admit").click()
    expect(visitor.get_by_test_id("audience-you")).to_contain_text("Vera")
    expect(visitor.get_by_test_id("prompt-choice")).to_have_count(4)
    expect(ann.get_by_test_id("audience-waiting")).to_have_count(0)

    turned = pages.page(f"/l/{code}/audience", **PHONE)
    turned.get_by_test_id("audience-name").fill("Gleb")
    turned.get_by_test_id("audience-submit").click()
    expect(turned.get_by_test_id("audience-waiting")).to_be_visible()
    ann.get_by_test_id("audience-waiting").get_by_test_id("audience-refuse").click()
    expect(turned.get_by_test_id("audience-refused")).to_contain_text("The host did not let you in")
    turned.reload()  # the token went with the refusal
    expect(turned.get_by_test_id("audience-join")).to_be_visible()

    visitor.get_by_test_id("audience-leave").click()
    visitor.get_by_test_id("audience-leave").click()
    expect(visitor.get_by_test_id("audience-left")).to_be_visible()
    visitor.reload()
    expect(visitor.get_by_test_id("audience-join")).to_be_visible()
