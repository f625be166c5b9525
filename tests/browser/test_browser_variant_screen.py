"""A variant adds to its game's screen: its screen.js's extend(view, root, api).

The variant "Table talk" (tests/browser/variant_plugin, loaded with --plugin) adds a note and a field
to High Card's screen, on phones and the table, on every state; its field keeps the focus like any other.
"""

from __future__ import annotations

from playwright.sync_api import expect
from server import running_server

from .conftest import Browsers
from .helpers_browser import create_lobby, join_by_link
from .test_browser_focus import assert_typing


def test_a_variant_extends_its_game_s_screen(browser, shots, take_shots, tmp_path):
    with running_server(
        tmp_path / "variant.sqlite", extra=("--plugin", "testgame", "--plugin", "browser.variant_plugin")
    ) as url:
        pages = Browsers(browser, url, shots, take_shots)
        try:
            ann, code = create_lobby(pages, "Ann")
            boris = join_by_link(pages, code, "Boris")
            table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})

            ann.get_by_test_id("game-select").select_option("highcard")
            ann.get_by_test_id("variant-table_talk").check()
            expect(boris.get_by_test_id("setup-summary")).to_contain_text("Table talk")
            ann.get_by_test_id("start").click()

            for page in (ann, boris, table):
                expect(page.get_by_test_id("match-phase")).to_have_text("Claims")
                expect(page.get_by_test_id("tt-note")).to_have_text("Table talk, round 1: 0 claims so far.")
            # The variant's part sits inside the game's screen, after the game's own.
            expect(table.get_by_test_id("game-screen").get_by_test_id("tt-box")).to_have_count(1)

            # Boris types a remark in the variant's field; Ann's claim brings a new state, the note changes.
            field = boris.get_by_test_id("tt-remark")
            field.click()
            boris.keyboard.type("nice")
            assert_typing(boris, "tt-remark", "nice", 4)
            ann.get_by_test_id("claim-input").fill("17")
            ann.get_by_test_id("claim-submit").click()
            for page in (ann, boris, table):
                expect(page.get_by_test_id("tt-note")).to_have_text("Table talk, round 1: 1 claim so far.")
            assert_typing(boris, "tt-remark", "nice", 4)
            boris.keyboard.type(" one")
            assert_typing(boris, "tt-remark", "nice one", 8)
            calls = int(boris.get_by_test_id("tt-box").get_attribute("data-calls"))
            assert calls >= 2, calls
            pages.shot(boris, "variant-screen")

            # In Russian too (its strings come from its own client/strings).
            boris.get_by_test_id("lang-ru").click()
            expect(boris.get_by_test_id("tt-note")).to_have_text("Разговоры за столом, раунд 1: пока 1 заявка.")
            assert not pages.problems, pages.problems
        finally:
            pages.close()
