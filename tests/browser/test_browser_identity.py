"""Player identity: every seat's colour and sign, chosen on joining, unique in the lobby,
shown with the name on the phones and on the TV, kept through a reload."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .full_table import guests
from .helpers_browser import PHONE_SIZE, TV_SIZES


def seat_look(page, pid: str):
    return page.locator(f"[data-testid=seat][data-player={pid}] [data-testid=avatar]")


def expect_look(page, pid: str, colour: str, avatar: str) -> None:
    look = seat_look(page, pid)
    expect(look).to_have_attribute("data-colour", colour)
    expect(look).to_have_attribute("data-avatar", avatar)


def test_looks_are_chosen_unique_shown_everywhere_and_kept(pages, server, disconnect):
    # Creating a lobby: the first colour and sign are pre-chosen; Ann picks others.
    ann = pages.page("/", viewport=PHONE_SIZE)
    chooser = ann.get_by_test_id("look-chooser")
    expect(chooser.get_by_test_id("look-summary").get_by_test_id("avatar")).to_have_attribute("data-colour", "hue01")
    chooser.get_by_test_id("look-summary").click()
    chooser.locator("[data-testid=look-colour][data-colour=hue05]").click()
    chooser.locator("[data-testid=look-avatar][data-avatar=star]").click()
    summary = chooser.get_by_test_id("look-summary").get_by_test_id("avatar")
    expect(summary).to_have_attribute("data-colour", "hue05")
    expect(summary).to_have_attribute("data-avatar", "star")
    expect(chooser.get_by_test_id("look-name")).to_have_text("green star")
    ann.get_by_test_id("create-name").fill("Ann")
    ann.get_by_test_id("create-submit").click()
    expect(ann).to_have_url(re.compile(r"/l/[A-Z]{4}$"))
    expect_look(ann, "p1", "hue05", "star")
    code = ann.url.rsplit("/", 1)[1]

    # Three seats over the wire take the first free looks; one changes its own.
    seats = guests(server, code, 3)
    disconnect.extend(seats)
    expect(ann.get_by_test_id("seat")).to_have_count(4)
    expect_look(ann, seats[0].player, "hue01", "circle")
    expect_look(ann, seats[2].player, "hue03", "triangle")
    assert seats[0].call("command", {"kind": "look", "args": {"colour": "hue09", "avatar": "moon"}})["ok"]
    expect_look(ann, seats[0].player, "hue09", "moon")

    # Dina's join form offers what is free: the first free pre-chosen, the others' looks disabled.
    dina = pages.page(f"/l/{code}", viewport=PHONE_SIZE)
    chooser = dina.get_by_test_id("look-chooser")
    summary = chooser.get_by_test_id("look-summary").get_by_test_id("avatar")
    expect(summary).to_have_attribute("data-colour", "hue01")
    expect(summary).to_have_attribute("data-avatar", "circle")
    chooser.get_by_test_id("look-summary").click()
    for taken in ("hue02", "hue03", "hue05", "hue09"):
        expect(chooser.locator(f"[data-testid=look-colour][data-colour={taken}]")).to_be_disabled()
    for taken in ("square", "star", "moon"):
        expect(chooser.locator(f"[data-testid=look-avatar][data-avatar={taken}]")).to_be_disabled()
    # a taken colour cannot be picked: the click does nothing
    chooser.locator("[data-testid=look-colour][data-colour=hue05]").click(force=True)
    expect(summary).to_have_attribute("data-colour", "hue01")
    chooser.locator("[data-testid=look-colour][data-colour=hue07]").click()
    chooser.locator("[data-testid=look-avatar][data-avatar=heart]").click()
    pages.shot(dina, "identity-join-form")
    dina.get_by_test_id("join-name").fill("Dina")
    dina.get_by_test_id("join-submit").click()
    expect(dina.locator("[data-testid=seat].me")).to_contain_text("Dina")
    dina_id = dina.locator("[data-testid=seat].me").get_attribute("data-player")
    expect_look(dina, dina_id, "hue07", "heart")
    expect_look(ann, dina_id, "hue07", "heart")

    # The server refuses a taken colour too, and nothing changes.
    refused = seats[1].call("command", {"kind": "look", "args": {"colour": "hue07", "avatar": "bell"}})
    assert refused["error"]["code"] == "look_taken", refused
    expect_look(ann, seats[1].player, "hue02", "square")

    # Every seat on a phone and on the TV: the avatar beside the whole name.
    table = pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES["tv"])
    expect(table.get_by_test_id("seat")).to_have_count(5)
    for page in (ann, dina, table):
        rows = page.get_by_test_id("seat")
        for index in range(5):
            row = rows.nth(index)
            expect(row.get_by_test_id("avatar")).to_be_visible()
            expect(row.get_by_test_id("seat-name")).not_to_have_text("")
        expect_look(page, dina_id, "hue07", "heart")
        expect_look(page, "p1", "hue05", "star")
        expect(page.locator(f"[data-testid=seat][data-player={dina_id}] [data-testid=seat-name]")).to_have_text("Dina")
    avatars = table.locator("[data-testid=seat] [data-testid=avatar]")
    assert len({avatars.nth(i).get_attribute("data-colour") for i in range(5)}) == 5
    assert len({avatars.nth(i).get_attribute("data-avatar") for i in range(5)}) == 5
    pages.shot(table, "identity-tv-seats")
    pages.shot(ann, "identity-phone-seats")

    # Dina changes her look in the lobby: the others' colours cannot be chosen there either.
    mine = dina.get_by_test_id("my-look")
    mine.get_by_test_id("look-summary").click()
    expect(mine.locator("[data-testid=look-colour][data-colour=hue05]")).to_be_disabled()
    expect(mine.locator("[data-testid=look-colour][data-colour=hue07]")).to_have_attribute("aria-pressed", "true")
    mine.locator("[data-testid=look-colour][data-colour=hue11]").click()
    expect_look(dina, dina_id, "hue11", "heart")
    expect_look(table, dina_id, "hue11", "heart")
    dina.get_by_test_id("my-look").locator("[data-testid=look-avatar][data-avatar=bolt]").click()
    expect_look(table, dina_id, "hue11", "bolt")

    # A long name is cut on the TV, whole in its title.
    long_name = table.locator(f"[data-testid=seat][data-player={seats[1].player}] .who-name")
    expect(long_name).to_have_attribute("title", seats[1].name)

    # A match: whose turn it is shows with the avatar; looks cannot change during it and stay after it.
    ann.get_by_test_id("game-select").select_option("highcard")
    ann.get_by_test_id("start").click()
    for page in (ann, dina, table):
        turn = page.get_by_test_id("match-turn")
        expect(turn.get_by_test_id("avatar")).to_have_attribute("data-colour", re.compile(r"^hue\d\d$"))
        turn_player = turn.get_by_test_id("who").get_attribute("data-who")
        expect(turn.get_by_test_id("avatar")).to_have_attribute(
            "data-colour", seat_look(ann, turn_player).get_attribute("data-colour")
        )
    expect(dina.get_by_test_id("my-look")).to_have_count(0)
    pages.shot(table, "identity-tv-match")
    abort = ann.get_by_test_id("abort")
    abort.click()
    abort.click()
    expect(dina.get_by_test_id("my-look")).to_be_visible()
    expect_look(table, dina_id, "hue11", "bolt")

    # A reload (the same phone) keeps the seat and its look.
    dina.reload()
    expect(dina.locator("[data-testid=seat].me")).to_contain_text("Dina")
    expect_look(dina, dina_id, "hue11", "bolt")
    table.reload()
    expect_look(table, dina_id, "hue11", "bolt")
    expect_look(table, "p1", "hue05", "star")
