"""I'm Not a Human with its largest table (8 seats, long names): the phone's thing to do is on its first screen
(issue 20). Screenshots: phone-first-notahuman-*."""

from __future__ import annotations

from playwright.sync_api import expect

from .full_table import every_way_of_looking, guests, set_options
from .helpers_browser import PHONE_SIZE, create_lobby


def test_im_not_a_human_with_eight_the_association_is_on_the_first_screen(pages, disconnect):
    ann, code = create_lobby(pages, "Ann", viewport=PHONE_SIZE, is_mobile=True, has_touch=True)
    others = guests(pages.server, code, 7)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(8)
    ann.get_by_test_id("game-select").select_option("notahuman")
    set_options(ann, {"associate_seconds": "600"})
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("nah-word")).to_be_visible()  # the host's word comes first
    for control in ("nah-word", "nah-say"):
        every_way_of_looking(pages, ann, f"notahuman-associations-{control}", control)
