"""The lobby between matches: after a match the host's next game comes first on the phone, and no page
scrolls sideways. Screenshots (with --shots): phone-first-next-game-*."""

from __future__ import annotations

from playwright.sync_api import expect

from .full_table import every_way_of_looking, guests
from .helpers_browser import PHONE_SIZE, create_lobby


def test_after_a_match_the_hosts_next_game_comes_first(pages, disconnect):
    """The match's results follow the host's setup for the next game (it was 2,480 px down the page)."""
    ann, code = create_lobby(pages, "Ann", viewport=PHONE_SIZE, is_mobile=True, has_touch=True)
    others = guests(pages.server, code, 4)
    disconnect.extend(others)
    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("end")).to_be_visible()
    for _ in range(2):  # a second tap to confirm
        ann.get_by_test_id("end").click()
    expect(ann.get_by_test_id("result")).to_be_visible()
    every_way_of_looking(pages, ann, "next-game", "game-select")
    assert ann.get_by_test_id("setup").bounding_box()["y"] < ann.get_by_test_id("result").bounding_box()["y"]
    # Start (here: play again) stays on the first screen under the game's options, however long they are.
    every_way_of_looking(pages, ann, "next-game-start", "play-again")
    ann.get_by_test_id("game-select").select_option("notarobot")  # the longest options of all
    every_way_of_looking(pages, ann, "next-game-start-long", "start")
