"""I'm Not a Human with its largest table (8 seats, long names): the phone's thing to do is on its first
screen, and both TVs hold every phase, readable from the sofa. Screenshots (with --shots): phone-first-notahuman-*,
tv-full-notahuman-*.

Ann hosts from a phone (a real browser); the seven other seats are Socket.IO clients. Two rounds (Human factor,
so there is always a Human; Defragmentation, so two): the first with the reveal window left to pass (the
explanations, the discussion, the vote, the result), the second with a reveal and a guess, then the match's end.
The Human is dealt at random: the seats' own views say who holds the card; when it is a guest, the Human's phone
is that seat opened in a browser (its token in the page's storage) for the reveal and the guess.

A longer match with the server's card in play (its row on the record sheet) checks the sheet on both TVs after three
and after seven rounds, then the results of the match ended early by the host mid-round.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from .full_table import (
    assert_text_whole,
    check_tables,
    every_way_of_looking,
    guests,
    guests_explain_in_turn,
    open_tables,
    set_larger_text,
    set_options,
)
from .helpers_browser import (
    PHONE_SIZE,
    SMALL_PHONE,
    assert_contained,
    assert_fits,
    assert_on_first_screen,
    create_lobby,
)

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
WORDS = ["Lighthouse", "Marmalade", "Whispering", "Thunderclap", "Porcelain", "Labyrinth", "Quicksilver"]
WORDS_2 = ["Harbourside", "Saltwater", "Seagull", "Driftwood", "Lanternfish", "Barnacle", "Shipwreck"]
CLOCKS = {
    "associate_seconds": "600",
    "reveal_seconds": "30",
    "guess_seconds": "120",
    "explain_seconds": "300",
    "discussion_seconds": "900",
    "vote_seconds": "600",
    "break_seconds": "1800",
}
# What the sofa reads in each phase: the round's header, the words and their authors, the pictures' numbers,
# the vote's count, the verdict, the record sheet.
SOFA = {
    "associations": "[data-testid=nah-status], [data-testid=nah-associations], .nah-tile .nah-token",
    "reveal_window": "[data-testid=nah-status], [data-testid=nah-associations], .nah-tile .nah-token",
    "guess": "[data-testid=nah-status], [data-testid=nah-associations], .nah-tile .nah-token",
    "explanations": "[data-testid=nah-status], [data-testid=nah-associations], .nah-tile .nah-token",
    "discussion": "[data-testid=nah-status], [data-testid=nah-associations], .nah-tile .nah-token",
    "voting": "[data-testid=nah-status], [data-testid=nah-associations], [data-testid=nah-ballot], .nah-tile .nah-token",
    "round_over": "[data-testid=nah-status], [data-testid=nah-result], [data-testid=nah-sheet]",
}


def start(pages, disconnect, tables: bool):
    """Ann's lobby of eight (both TVs watching when ``tables``), I'm Not a Human chosen with long clocks."""
    ann, code = create_lobby(pages, "Ann", **PHONE)
    others = guests(pages.server, code, 7)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(8)
    tvs = open_tables(pages, code, 8) if tables else {}
    ann.get_by_test_id("game-select").select_option("notahuman")
    ann.get_by_test_id("variant-human_factor").check()
    ann.get_by_test_id("variant-defragmentation").check()
    set_options(ann, {"rounds": "2", **CLOCKS})
    for table in tvs.values():  # the last option set is on the TVs too
        expect(table.get_by_test_id("setup-summary")).to_contain_text(re.compile(r"1\D?800"))
    return ann, code, others, tvs


def in_phase(page, phase: str) -> None:
    expect(page.locator(".nah-root")).to_have_attribute("data-phase", phase)


def everyone_sees(clients, phase: str) -> None:
    for client in clients:
        client.wait(lambda s: s["match"] and s["match"]["phase"] == phase, f"the {phase} phase")


def the_human(others):
    """The guest holding the Human's card, or None when it is Ann's."""
    for guest in others:
        guest.wait(lambda s: s.get("match") and (s["match"].get("game_view") or {}).get("card"), "a card")
    return next((g for g in others if g.latest["match"]["game_view"]["card"]["role"] == "human"), None)


def say(page, word: str) -> None:
    page.get_by_test_id("nah-word").fill(word)
    page.get_by_test_id("nah-say").click()
    expect(page.get_by_test_id("nah-word")).to_have_count(0)  # accepted: the form gives way


def seat_in_browser(pages, code: str, guest):
    """The guest's seat opened on a phone: its token put where the page looks for it."""
    context = pages.context(**PHONE)
    seat = json.dumps({"token": guest.token, "player": guest.player})
    context.add_init_script(f"localStorage.setItem({json.dumps('gamenight.seat.' + code)}, {json.dumps(seat)})")
    page = pages.page(f"/l/{code}", context=context)
    expect(page.locator(".nah-root")).to_be_visible()
    return page


def play(pages, disconnect, *, tv: bool):
    """The whole match; at each moment the TVs are checked (``tv``) or the phone's thing to do is (else)."""
    ann, code, others, tables = start(pages, disconnect, tables=tv)

    def tables_at(moment: str, phase: str | None = None) -> None:
        if not tv:
            return
        for table in tables.values():
            if phase:
                in_phase(table, phase)
        check_tables(pages, tables, f"notahuman-{moment}", sofa=SOFA.get(phase or ""))

    def phone_at(page, moment: str, control: str) -> None:
        if not tv:
            every_way_of_looking(pages, page, f"notahuman-{moment}", control)

    if tv:  # the game's setup on the lobby's card (the seats are the shell's: test_browser_full_lobby.py)
        for size, table in tables.items():
            pages.shot(table, f"tv-full-notahuman-lobby-{size}")
            assert_fits(table, f"the {size} lobby")
            assert_contained(table, f"the {size} lobby")
            assert_text_whole(table, f"the {size} lobby", ".setup-box")
            # the options use the card's width (no empty column kept for a setup part with nothing to show)
            share = table.evaluate(
                """() => document.querySelector(".setup-box .options-list").getBoundingClientRect().width
                    / document.querySelector(".setup-box").getBoundingClientRect().width"""
            )
            assert share > 0.8, f"the {size} lobby's options use {share:.0%} of the setup card's width"
    ann.get_by_test_id("start").click()
    in_phase(ann, "associations")

    # Round 1: Ann speaks first (so she explains first); the reveal window passes.
    the_human(others)
    say(ann, "Moonlight")
    for guest, word in zip(others[:3], WORDS, strict=False):
        guest.act("associate", word=word)
    tables_at("associations", "associations")
    for guest, word in zip(others[3:], WORDS[3:], strict=True):
        guest.act("associate", word=word)
    in_phase(ann, "reveal_window")
    tables_at("reveal_window", "reveal_window")
    ann.get_by_test_id("skip").click()
    ann.get_by_test_id("skip").click()  # the host moves on: the Human stayed hidden
    in_phase(ann, "explanations")
    tables_at("explanations", "explanations")
    phone_at(ann, "explanations", "nah-done")
    ann.get_by_test_id("nah-done").click()
    order = guests_explain_in_turn(others)
    in_phase(ann, "discussion")
    tables_at("discussion", "discussion")
    phone_at(ann, "discussion", "nah-start-vote")
    ann.get_by_test_id("nah-start-vote").click()
    in_phase(ann, "voting")
    everyone_sees(others, "voting")
    number = {pid: n for n, pid in enumerate(order, 1)}
    for guest in others[:4]:
        guest.act("vote", ballot="human", choice=str(1 if number[guest.player] != 1 else 2))
    tables_at("voting", "voting")
    phone_at(ann, "voting", "nah-vote-2")
    for guest in others[4:]:
        guest.act("vote", ballot="human", choice="1")
    ann.get_by_test_id("nah-vote-2").click()
    in_phase(ann, "round_over")
    tables_at("round_over", "round_over")
    phone_at(ann, "round_over", "nah-next")
    ann.get_by_test_id("nah-next").click()

    # Round 2: the Human reveals and guesses; then the match is over.
    in_phase(ann, "associations")
    everyone_sees(others, "associations")
    human = the_human(others)
    for guest, word in zip(others, WORDS_2, strict=True):
        guest.act("associate", word=word)
    phone = ann if human is None else seat_in_browser(pages, code, human)
    in_phase(phone, "associations")
    if not tv:
        ann.get_by_test_id("pause").click()  # the reveal window waits while every way of looking is tried
        expect(ann.get_by_test_id("resume")).to_be_visible()
    say(ann, "Sunrise")
    in_phase(phone, "reveal_window")
    tables_at("reveal_window-2", "reveal_window")
    phone_at(phone, "reveal", "nah-reveal")
    phone.get_by_test_id("nah-reveal").click()
    in_phase(phone, "guess")
    if not tv:  # the guess's clock is long enough
        ann.get_by_test_id("resume").click()
        expect(ann.get_by_test_id("pause")).to_be_visible()
    tables_at("guess", "guess")
    phone_at(phone, "guess", "nah-tile-1")  # a picture to tap (its zoom holds the confirmation)
    if not tv:  # on a phone of the usual size, all nine
        assert_on_first_screen(phone, phone.get_by_test_id("nah-grid"), "the Human's pictures to guess from")
    answer = next(g.latest["match"]["game_view"]["card"]["answer"] for g in others if g is not human)
    phone.get_by_test_id(f"nah-tile-{answer}").click()
    if not tv:  # the guess's confirmation, over the picture enlarged (which covers the language switch: a click event)
        for lang in ("ru", "en"):
            phone.get_by_test_id(f"lang-{lang}").dispatch_event("click")
            expect(phone.locator("html")).to_have_attribute("lang", lang)
            for larger in (True, False):
                set_larger_text(phone, larger)
                for size_name, size in {"small": SMALL_PHONE, "phone": PHONE_SIZE}.items():
                    phone.set_viewport_size(size)
                    moment = f"guess-confirm-{size_name}-{lang}" + ("-larger" if larger else "")
                    assert_on_first_screen(phone, phone.get_by_test_id("nah-guess-confirm"), moment)
    phone.get_by_test_id("nah-guess-confirm").click()
    in_phase(ann, "round_over")
    tables_at("round_over-2", "round_over")
    phone_at(ann, "last-round_over", "nah-next")
    ann.get_by_test_id("nah-next").click()
    if tv:
        for table in tables.values():
            expect(table.get_by_test_id("winners")).to_be_visible()
        check_tables(pages, tables, "notahuman-over")


def test_im_not_a_human_with_eight_the_association_is_on_the_first_screen(pages, disconnect):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    others = guests(pages.server, code, 7)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(8)
    ann.get_by_test_id("game-select").select_option("notahuman")
    set_options(ann, {"associate_seconds": "600"})
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("nah-word")).to_be_visible()  # the host's word comes first
    for control in ("nah-word", "nah-say"):
        every_way_of_looking(pages, ann, f"notahuman-associations-{control}", control)


def test_im_not_a_human_with_eight_every_thing_to_do_is_on_the_first_screen(pages, disconnect):
    play(pages, disconnect, tv=False)


def test_im_not_a_human_with_eight_long_names_fits_both_tvs(pages, disconnect):
    play(pages, disconnect, tv=True)


# Words for many rounds, none a form of another (a likely repeat would wait for its author's confirmation).
MANY_WORDS = [
    "Lighthouse",
    "Marmalade",
    "Whispering",
    "Thunderclap",
    "Porcelain",
    "Labyrinth",
    "Quicksilver",
    "Harbourside",
    "Saltwater",
    "Seagull",
    "Driftwood",
    "Lanternfish",
    "Barnacle",
    "Shipwreck",
    "Avalanche",
    "Broomstick",
    "Cathedral",
    "Dandelion",
    "Eggplant",
    "Firework",
    "Gargoyle",
    "Hedgehog",
    "Iceberg",
    "Jellybean",
    "Kaleidoscope",
    "Limestone",
    "Mushroom",
    "Nightingale",
    "Orchestra",
    "Pinecone",
    "Quarry",
    "Raincoat",
    "Scarecrow",
    "Tambourine",
    "Umbrella",
    "Volcano",
    "Waterfall",
    "Xylophone",
    "Yardstick",
    "Zeppelin",
    "Acorn",
    "Blizzard",
    "Cinnamon",
    "Doorbell",
    "Earthquake",
    "Feather",
    "Glacier",
    "Hammock",
    "Igloo",
    "Juggler",
    "Kettle",
    "Ladder",
    "Meadow",
    "Needle",
    "Oyster",
    "Pelican",
    "Quiver",
    "Riverbank",
]


def quick_round(ann, others, words: list[str]) -> None:
    """A round played straight through: Ann's word first (so she explains first), the reveal window skipped by
    the host, every explanation, a vote (every guest for Ann's #1, Ann for #2), the result."""
    in_phase(ann, "associations")
    everyone_sees(others, "associations")
    say(ann, words[0])
    for guest, word in zip(others, words[1:], strict=True):
        guest.act("associate", word=word)
    in_phase(ann, "reveal_window")
    ann.get_by_test_id("skip").click()
    ann.get_by_test_id("skip").click()
    in_phase(ann, "explanations")
    ann.get_by_test_id("nah-done").click()
    everyone_sees(others[:1], "explanations")
    guests_explain_in_turn(others)
    in_phase(ann, "discussion")
    ann.get_by_test_id("nah-start-vote").click()
    in_phase(ann, "voting")
    everyone_sees(others, "voting")
    for guest in others:
        guest.act("vote", ballot="human", choice="1")
    ann.get_by_test_id("nah-vote-2").click()
    in_phase(ann, "round_over")


def test_im_not_a_human_sheet_after_many_rounds_and_the_ended_early_results_fit_both_tvs(pages, disconnect):
    """Eight long names with the server's card in play (its row on the sheet), seven rounds of Defragmentation: the
    record sheet holds every player, the server's row and the totals on both TVs; then the host ends the match
    mid-round and the results (the eighth player, the points) fit too."""
    ann, code = create_lobby(pages, "Ann", **PHONE)
    others = guests(pages.server, code, 7)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(8)
    tables = open_tables(pages, code, 8)
    ann.get_by_test_id("game-select").select_option("notahuman")
    ann.get_by_test_id("variant-defragmentation").check()
    set_options(ann, {"rounds": "9", **CLOCKS})
    for table in tables.values():
        expect(table.get_by_test_id("setup-summary")).to_contain_text(re.compile(r"1\D?800"))
    ann.get_by_test_id("start").click()
    for number in range(7):
        if number:
            ann.get_by_test_id("nah-next").click()
        quick_round(ann, others, MANY_WORDS[number * 8 : number * 8 + 8])
        if number in (2, 6):
            for table in tables.values():
                in_phase(table, "round_over")
                expect(table.get_by_test_id("nah-sheet-total")).to_have_count(8)
            check_tables(pages, tables, f"notahuman-sheet-round-{number + 1}", sofa=SOFA["round_over"])
    # After seven rounds the sheet shows the last four, the first three sharing a column; its legend says what the
    # stars, the 2★ column and the server's row are (the 720p table is in Russian).
    for table, words in [
        (
            tables["tv"],
            ["R1–3", "★ — stars: the points", "exactly 2 stars: they break a tie", "Server (#9) — the ninth card"],
        ),
        (
            tables["tv720"],
            [
                "Р1–3",
                "★ — звёзды, то есть очки",
                "ровно с 2 звёздами: решают при ничьей",
                "Сервер (№9) — девятая карта",
            ],
        ),
    ]:
        sheet = table.get_by_test_id("nah-sheet")
        for text in words:
            expect(sheet).to_contain_text(text)
        expect(sheet.locator("thead th:visible")).to_have_count(8)  # the names, R1–3, R4 to R7, ★, 2★
    ann.get_by_test_id("nah-next").click()
    in_phase(ann, "associations")
    ann.get_by_test_id("end").click()
    ann.get_by_test_id("end").click()
    for table in tables.values():
        expect(table.get_by_test_id("ended-early")).to_be_visible()
        expect(table.get_by_test_id("ranking").locator("li")).to_have_count(8)
    check_tables(pages, tables, "notahuman-ended-early")
