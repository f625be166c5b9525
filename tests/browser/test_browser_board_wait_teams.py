"""Team Spyfall on the eight-locations board, through the screens: after round 1 the board is left two stickers
short and the break's clock runs out, twice. The match waits for the board (it does not end); the TV and the
host's phone say what is missing and who fills it; once a guest's and the host's names are on the board, the
host's next round starts round 2. Screenshots (with --shots): board-wait-teams-*.

Ann's phone is a browser and hosts; five guests with long names play over the wire; a TV watches."""

from __future__ import annotations

from playwright.sync_api import expect

from .full_table import guests, set_options
from .helpers_browser import PHONE_SIZE, TV_SIZES, create_lobby
from .test_browser_full_spyfall_teams import (
    ann_names_locations,
    ann_points,
    end_round,
    guests_name_locations,
    guests_point,
    step_the_show,
)

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
STICKERS = ["Bathhouse", "Kitchen", "Dacha", "Ice rink", "Night train", "School", "Market", "Swimming pool"]
MISSING = "2 stickers missing: the next round waits for a full board."
WHO = "Anyone proposes a location on their phone; the host puts it on the board."


def propose_on_phone(page, name: str) -> None:
    page.get_by_test_id("sf-board-name").last.fill(name)
    page.get_by_test_id("sf-board-propose").last.click()


def propose_over_the_wire(player, name: str) -> None:
    args = {"shelf": "spyfall.board", "action": "propose", "args": {"name": name}}
    answer = player.call("command", {"kind": "shelf", "args": args})
    assert answer["ok"], answer


def test_teams_board_left_short_waits_and_goes_on_once_filled(pages, disconnect):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    others = guests(pages.server, code, 5)
    disconnect.extend(others)
    tv = pages.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES["tv"])
    expect(ann.get_by_test_id("seat")).to_have_count(6)

    ann.get_by_test_id("game-select").select_option("spyfall_teams")
    ann.get_by_test_id("variant-teams_eight_locations").check()
    board = ann.get_by_test_id("sf-setup-board")
    for name in STICKERS:  # the host's own names go straight onto the board
        propose_on_phone(board, name)
        expect(board.locator("[data-testid=sf-sticker]", has_text=name)).to_have_count(1)
    set_options(ann, {"rounds": "2", "show_seconds": "0", "pick_seconds": "900"})
    ann.get_by_test_id("start").click()

    end_round(ann)
    ann_names_locations(ann)
    guests_name_locations(others)
    ann_points(ann)
    guests_point(others)
    while step_the_show(ann):
        pass

    # The break: the two played stickers are thrown away. The host's next round waits for the board, and says so.
    tv_board = tv.get_by_test_id("game-screen").get_by_test_id("sf-board")
    expect(tv_board.get_by_test_id("sf-board-missing")).to_have_text(MISSING)
    expect(tv_board.get_by_test_id("sf-board-who")).to_have_text(WHO)
    expect(ann.get_by_test_id("st-next")).to_be_disabled()
    expect(ann.get_by_test_id("st-next-held")).to_contain_text("The board needs 2 more locations first")

    # The break's clock runs out (the host's "Move on" runs it out now), and again: the match waits.
    for _ in range(2):
        ann.get_by_test_id("skip").click()
        ann.get_by_test_id("skip").click()
        for page in (ann, tv):
            expect(page.get_by_test_id("match-phase")).to_have_text("Waiting for the board")
    expect(tv.get_by_test_id("winners")).to_have_count(0)
    expect(tv_board.get_by_test_id("sf-board-missing")).to_have_text(MISSING)
    expect(tv_board.get_by_test_id("sf-board-who")).to_have_text(WHO)
    expect(ann.get_by_test_id("game-screen").get_by_test_id("sf-board-missing")).to_have_text(MISSING)
    expect(ann.get_by_test_id("st-next")).to_be_disabled()
    pages.shot(tv, "board-wait-teams-tv")
    pages.shot(ann, "board-wait-teams-host")

    # A guest proposes a name, the host puts it on the board; the host writes the last one herself.
    propose_over_the_wire(others[0], "Lighthouse")
    game_board = ann.get_by_test_id("game-screen").get_by_test_id("sf-board")
    game_board.locator("[data-testid=sf-proposal]", has_text="Lighthouse").get_by_test_id("sf-board-confirm").click()
    propose_on_phone(game_board, "Observatory")
    expect(tv_board.get_by_test_id("sf-board-missing")).to_have_text("The board is full: the next round can start.")
    ann.get_by_test_id("st-next").click()
    for page in (ann, tv):
        expect(page.get_by_test_id("match-round")).to_have_text("Round 2")
        expect(page.get_by_test_id("match-phase")).to_have_text("Questions")
