"""Seats through the screens: a ninth friend at an eight-seat game (someone sits out, chosen fairly and shown on
the TV), and a phone that lost its storage taking its seat back mid-match with the host's yes."""

from __future__ import annotations

from playwright.sync_api import expect

from .full_table import guests
from .helpers_browser import PHONE_SIZE, SMALL_PHONE, create_lobby, join_by_link, seat

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}


def test_a_ninth_seat_at_an_eight_seat_game_sits_out_and_plays_the_next(pages, server):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    ines = join_by_link(pages, code, "Ines", viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
    others = guests(server, code, 7)  # nine seats
    table = pages.page(f"/l/{code}/table?rotate=0", viewport={"width": 1920, "height": 1080})
    expect(table.get_by_test_id("seat")).to_have_count(9)
    try:
        ann.get_by_test_id("game-select").select_option("notahuman")
        # Start stays possible; the host's phone and every seat say who would sit out (nobody has played yet:
        # the last seat), and the host may ask someone else instead
        expect(ann.get_by_test_id("start")).to_be_enabled()
        last = others[-1].name
        expect(ann.get_by_test_id("sitting-out-next")).to_contain_text(last)
        expect(seat(ines, last).get_by_test_id("no-room-badge")).to_be_visible()
        ines.get_by_test_id("lang-ru").click()
        expect(seat(ines, last).get_by_test_id("no-room-badge")).to_have_text("не хватит места в следующей")
        ines.get_by_test_id("lang-en").click()

        # Ines asks to sit out herself: then the last seat plays
        seat(ines, "Ines").get_by_test_id("seat-sit-out").click()
        expect(seat(ann, "Ines").get_by_test_id("sits-out-next-badge")).to_be_visible()
        expect(ann.get_by_test_id("sitting-out-next")).to_contain_text("Ines")
        expect(ann.get_by_test_id("sitting-out-next")).not_to_contain_text(last)
        ann.get_by_test_id("start").click()

        expect(ines.get_by_test_id("watching")).to_have_text("You sit this match out; you play from the next one")
        expect(table.get_by_test_id("table-sitting-out")).to_have_text("Sitting out: Ines")
        expect(seat(ann, "Ines").get_by_test_id("sitting-out-badge")).to_be_visible()

        # The host ends the match: Ines plays the next one, and the night's standings count her sitting out
        ann.get_by_test_id("end").click()
        ann.get_by_test_id("end").click()
        expect(ann.get_by_test_id("play-again")).to_be_visible()
        expect(ann.get_by_test_id("sitting-out-next")).not_to_contain_text("Ines")
        expect(seat(ann, "Ines").get_by_test_id("sits-out-next-badge")).to_have_count(0)
        board = ann.get_by_test_id("scoreboard")
        expect(board.locator("tr", has_text="Ines").get_by_test_id("sat-out")).to_have_text("1")
        expect(board.locator("tr", has_text=last).get_by_test_id("sat-out")).to_have_text("0")
    finally:
        for player in others:
            player.sio.disconnect()


def test_a_phone_that_lost_its_storage_takes_its_seat_back_with_the_hosts_yes(pages, server):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    dan = join_by_link(pages, code, "Dan Dmitrievich", **PHONE)
    others = guests(server, code, 2)
    table = pages.page(f"/l/{code}/table?rotate=0", viewport={"width": 1280, "height": 720})
    try:
        ann.get_by_test_id("game-select").select_option("highcard")
        ann.get_by_test_id("start").click()
        expect(dan.get_by_test_id("my-card-value")).to_be_visible()
        card = dan.get_by_test_id("my-card-value").get_attribute("aria-label")

        # Dan's phone loses its storage: a fresh browser opens the lobby's link and types his name
        new = pages.page(f"/l/{code}", viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
        new.get_by_test_id("join-name").fill("dan dmitrievich")
        new.get_by_test_id("join-submit").click()
        expect(new.get_by_test_id("reclaim-offer")).to_contain_text("Is this you on a new phone?")
        new.get_by_test_id("reclaim-ask").click()
        expect(new.get_by_test_id("asking")).to_be_visible()

        # the host's phone asks, on its first screen; the TV says a seat is being asked for; Dan's old phone too
        ask = ann.get_by_test_id("seat-ask")
        expect(ask).to_contain_text("Dan Dmitrievich")
        box = ask.get_by_test_id("seat-ask-give").bounding_box()
        assert box and box["y"] + box["height"] <= PHONE_SIZE["height"], box
        expect(table.get_by_test_id("table-seat-asks")).to_contain_text("Dan Dmitrievich")
        expect(dan.get_by_test_id("seat-ask")).to_contain_text("Another phone asks for your seat")
        ask.get_by_test_id("seat-ask-give").click()

        expect(new.get_by_test_id("my-card-value")).to_have_attribute("aria-label", card)  # his seat, with his card
        expect(seat(new, "Dan Dmitrievich")).to_have_class("seat online me")
        expect(dan.get_by_test_id("replaced")).to_be_visible()  # the old phone is detached
        expect(table.get_by_test_id("table-seat-asks")).to_have_count(0)
        expect(ann.get_by_test_id("seat-ask")).to_have_count(0)
        # the new phone keeps the seat across a reload
        new.reload()
        expect(new.get_by_test_id("my-card-value")).to_have_attribute("aria-label", card)
        assert not pages.problems, pages.problems
    finally:
        for player in others:
            player.sio.disconnect()
