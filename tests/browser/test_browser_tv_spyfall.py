"""Spyfall 2 on a TV: the table screen fits 1920x1080 and 1280x720 without scrolling in every phase.

Five phones play two rounds with two spies on the eight-locations board. Round 1: the questions, an
accusation vote that fails, the host moves the clock on, the clock-out vote passes on its first candidate,
the round's result with the board waiting for a new sticker. Round 2: a spy reveals and names a location,
the other spy must guess too, then the round's result and the match's results. Two table pages watch, one
at each TV size (the smaller one in Russian); in each phase both must fit (``assert_fits``) with the current
moment on screen, and each phase is screenshot on both and on a 390x844 phone (with --shots:
screenshots folder, tv-spyfall-*).
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, TV_SIZES, assert_fits, card_held, create_lobby, join_by_link

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil"]
BOARD = ["Bathhouse", "Kitchen", "Dacha", "Ice rink", "Night train", "School", "Market", "Swimming pool"]


def set_option(page, name: str, value: str) -> None:
    field = page.get_by_test_id(f"option-{name}")
    field.fill(value)
    field.press("Tab")


def fill_board(host, names: list[str]) -> None:
    """The host writes the stickers: the host's own names go straight onto the board (anyone else's wait for
    the host's confirmation)."""
    board = host.get_by_test_id("sf-setup-board")
    for name in names:
        board.get_by_test_id("sf-board-name").fill(name)
        board.get_by_test_id("sf-board-propose").click()
        expect(board.locator("[data-testid=sf-sticker]", has_text=name)).to_have_count(1)
    expect(board.get_by_test_id("sf-proposal")).to_have_count(0)


def start_match(pages):
    """Five phones (Ann hosts), Spyfall with two spies on a full eight-locations board, two rounds, long clocks."""
    ann, code = create_lobby(pages, "Ann", **PHONE)
    phones = {"Ann": ann}
    for name in NAMES[1:]:
        phones[name] = join_by_link(pages, code, name, **PHONE)
    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("variant-eight_locations").check()
    fill_board(ann, BOARD)
    ann.get_by_test_id("option-spies").select_option("2")
    for name, value in [("rounds", "2"), ("round_minutes", "10"), ("vote_seconds", "600")]:
        set_option(ann, name, value)
    summary = phones["Boris"].get_by_test_id("setup-summary")
    expect(summary).to_contain_text("Two spies")
    expect(summary.locator("dd").first).to_have_text("2")  # rounds
    ann.get_by_test_id("start").click()
    for page in phones.values():
        expect(page.get_by_test_id("sf-card")).to_be_visible()
    return phones, code


def read_spies(phones: dict) -> list[str]:
    spies = []
    for name, page in phones.items():
        with card_held(page) as face:
            if face.get_by_test_id("sf-card-spy").count():
                spies.append(name)
    assert len(spies) == 2, spies
    return spies


def phase_of(page, phase: str) -> None:
    expect(page.locator(".sf-spyfall")).to_have_attribute("data-phase", phase)


def vote(page, choice: str) -> None:
    page.get_by_test_id(f"sf-vote-{choice}").click()


def test_every_phase_fits_both_tv_sizes(pages):
    phones, code = start_match(pages)
    ann, phone = phones["Ann"], phones["Boris"]
    tables = {size: pages.page(f"/l/{code}/table", viewport=TV_SIZES[size]) for size in TV_SIZES}
    tables["tv720"].get_by_test_id("lang-ru").click()  # the smaller TV in Russian: its longer words fit too

    def check(phase: str, moment: str, testid: str) -> None:
        """Both tables in ``phase`` show ``testid`` (the current moment) and fit; with --shots, screenshots of them
        and a phone."""
        for size, table in tables.items():
            if phase != "over":  # the match's results: the shell's scene
                phase_of(table, phase)
            expect(table.get_by_test_id(testid).first).to_be_visible()
            table.wait_for_load_state("networkidle")
            pages.shot(table, f"tv-spyfall-{moment}-{size}")
            assert_fits(table, f"the {size} table in {moment}")
        if phase != "over":
            phase_of(phone, phase)
        pages.shot(phone, f"tv-spyfall-{moment}-phone")

    spies = read_spies(phones)
    agents = [name for name in NAMES if name not in spies]

    # Round 1: the questions (the dealer asks first), then an accusation that fails.
    check("play", "questions", "sf-asker")
    expect(tables["tv"].get_by_test_id("sf-location")).to_have_count(8)
    ann.get_by_test_id("sf-asked").filter(has_text="Boris").click()
    expect(tables["tv"].get_by_test_id("sf-asker")).to_have_text("Boris asks now")
    accuser, accused = agents[0], agents[1]
    phones[accuser].get_by_test_id("sf-accuse").click()
    phones[accuser].get_by_test_id("sf-accuse-target").filter(has_text=accused).click()
    phones[accuser].get_by_test_id("sf-accuse-confirm").click()
    check("accusation", "accusation", "sf-vote-subject")
    for name in NAMES:
        if name not in (accuser, accused):
            vote(phones[name], "no")
    check("play", "accusation-failed", "sf-failed")

    # The host moves the clock on: the clock-out vote, one candidate at a time (the dealer first).
    ann.get_by_test_id("skip").click()
    ann.get_by_test_id("skip").click()
    check("final_vote", "clock-out-vote", "sf-vote-subject")
    candidate = "Ann"
    expect(tables["tv"].get_by_test_id("sf-vote-subject")).to_contain_text(candidate)
    for name in NAMES:
        if name != candidate:
            vote(phones[name], "yes")
    check("round_over", "result", "sf-winner")
    # Between rounds the board asks for a new sticker in place of the one played.
    expect(tables["tv"].get_by_test_id("sf-board")).to_be_visible()
    expect(tables["tv"].locator("[data-testid=sf-board] [data-testid=sf-sticker][data-empty]")).to_have_count(1)
    ann.get_by_test_id("sf-board-name").fill("Lighthouse")
    ann.get_by_test_id("sf-board-propose").click()
    for table in tables.values():
        expect(table.locator("[data-testid=sf-board] [data-testid=sf-sticker][data-empty]")).to_have_count(0)
    check("round_over", "board", "sf-board")

    # Round 2: a spy reveals and names a location; the other spy must guess too.
    ann.get_by_test_id("sf-next").click()
    phase_of(ann, "play")
    spies = read_spies(phones)
    first, second = spies
    phones[first].get_by_test_id("sf-reveal").click()
    phones[first].get_by_test_id("sf-pick").first.click()
    phones[first].get_by_test_id("sf-reveal-confirm").click()
    check("spy_reveal", "spy-guess", "sf-spy-reveal")
    pages.shot(phones[second], "tv-spyfall-spy-guess-other-spy")
    phones[second].get_by_test_id("sf-pick").last.click()
    phones[second].get_by_test_id("sf-reveal-confirm").click()
    check("round_over", "result-reveal", "sf-winner")
    # After the last round no round is coming: the board asks for nothing, the clock says the results come.
    for table in tables.values():
        expect(table.get_by_test_id("sf-board")).to_have_count(0)
    expect(tables["tv"].locator("[data-timer=break]")).to_contain_text("Final results in")
    ann.get_by_test_id("sf-next").click()
    for table in tables.values():
        expect(table.get_by_test_id("winners")).to_be_visible()
    check("over", "results", "winners")
