"""The server goes away and comes back (a laptop's restart, a Wi-Fi drop): phones and the table re-attach."""

from __future__ import annotations

from server import free_port, running_server

from .helpers_browser import join_by_link, seat

GREY = "rgb(91, 98, 117)"  # app.css: an offline seat's dot


def test_phones_and_table_reattach_after_a_server_restart(browser, shots, tmp_path):
    from playwright.sync_api import expect

    from .conftest import Browsers

    db = tmp_path / "restart.sqlite"
    port = free_port()
    with running_server(db, port=port) as url:
        pages = Browsers(browser, url, shots)
        try:
            host = pages.page("/")
            host.get_by_test_id("create-name").fill("Ann")
            host.get_by_test_id("create-submit").click()
            expect(host.get_by_test_id("seat")).to_have_count(1)
            code = host.get_by_test_id("lobby-code").inner_text().strip()
            boris = join_by_link(pages, code, "Boris")
            table = pages.page(f"/l/{code}/table")
            expect(table.get_by_test_id("seat")).to_have_count(2)
        except BaseException:
            pages.close()
            raise

    try:
        # The server is down: every page says so.
        for page in (host, boris, table):
            expect(page.get_by_test_id("offline")).to_be_visible()
            # and nobody's presence is known any more: the green dots go grey
            dots = page.locator("[data-testid=seat] .dot")
            expect(dots).to_have_count(2)
            colours = dots.evaluate_all("(nodes) => nodes.map((n) => getComputedStyle(n).backgroundColor)")
            assert colours == [GREY, GREY], colours
        with running_server(db, port=port):
            for page in (host, boris, table):
                expect(page.get_by_test_id("offline")).to_be_hidden()
            expect(host.locator("[data-testid=seat][data-connected=true]")).to_have_count(2)
            expect(table.locator("[data-testid=seat][data-connected=true]")).to_have_count(2)
            # Still the same seats, still in charge: the host's command reaches everyone.
            host.get_by_test_id("lock").click()
            expect(boris.get_by_test_id("locked-badge")).to_be_visible()
            expect(table.get_by_test_id("locked-badge")).to_be_visible()
            expect(seat(boris, "Boris")).to_have_class("seat online me")
            expect(boris.get_by_test_id("seat")).to_have_count(2)
        assert not pages.problems, pages.problems
    finally:
        pages.close()


# A page's own second connection (socket.js, as every page uses it): a join sent on it, then at once the move a
# cluster makes when a server says the lobby lives elsewhere (here to wherever the server is: a single one).
JOIN_THEN_MOVE = """async (code) => {
    const { connect, request } = await import("/static/js/socket.js");
    const socket = connect({});
    await new Promise((ready) => (socket.connected ? ready() : socket.once("connect", ready)));
    const joined = request(socket, "join_lobby", { code, name: "Boris" });
    const moved = socket.moveTo(null, { quiet: true });
    const answer = await joined;
    await moved;
    socket.disconnect();
    return answer;
}"""


def test_a_join_sent_while_the_page_follows_its_lobby_gets_its_answer(pages):
    """In a cluster a page reconnects to the server its lobby lives on when a server says it lives elsewhere. A
    request already sent on the old connection, such as a join pressed while the page moves, still gets its
    answer: the move waits for the answers already on their way before it disconnects."""
    from playwright.sync_api import expect

    from .helpers_browser import create_lobby

    ann, code = create_lobby(pages, "Ann")
    phone = pages.page(f"/l/{code}")
    expect(phone.get_by_test_id("join-name")).to_be_visible()
    answer = phone.evaluate(JOIN_THEN_MOVE, code)
    assert answer["ok"] and answer["player"], answer
    expect(seat(ann, "Boris")).to_have_count(1)


def test_a_page_whose_strings_come_after_its_states_says_nothing_in_raw_keys(pages):
    """A phone coming back (a reload on a slow connection): its seat's states arrive before its strings do. The
    screen reader's log is named and speaks once they have come, and no raw string key is ever used meanwhile
    (``pages.problems`` records each "missing string")."""
    from playwright.sync_api import expect

    from .helpers_browser import create_lobby, wait_for

    ann, code = create_lobby(pages, "Ann")
    context = pages.context()
    boris = join_by_link(pages, code, "Boris", context=context)
    held = []
    context.route("**/api/strings/en", lambda route: held.append(route))
    boris.reload()
    wait_for(boris, lambda: held, "the page asking for its strings")
    ann.get_by_test_id("lock").click()  # a state for Boris's seat while his strings are on their way
    expect(ann.get_by_test_id("locked-badge")).to_be_visible()
    boris.wait_for_timeout(500)
    held[0].continue_()
    expect(boris.get_by_test_id("locked-badge")).to_be_visible()
    expect(boris.get_by_test_id("announcer")).to_have_attribute("aria-label", "What just happened")
    assert not pages.problems, pages.problems
