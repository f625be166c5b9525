"""The browser keeps its view from patches, and a patch lost on the way makes it resync (docs/protocol.md)."""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import create_lobby, join_by_link


def test_a_table_that_loses_a_patch_asks_again_and_shows_the_right_lobby(pages):
    ann, code = create_lobby(pages, "Ann")
    frames = {"dropped": [], "sent": []}

    def relay(ws) -> None:
        """Between the table's page and the server: the first patch from the server never arrives."""
        server = ws.connect_to_server()

        def from_server(message) -> None:
            if isinstance(message, str) and message.startswith('42["patch"') and not frames["dropped"]:
                frames["dropped"].append(message)
                return
            ws.send(message)

        def from_page(message) -> None:
            frames["sent"].append(message)
            server.send(message)

        server.on_message(from_server)
        ws.on_message(from_page)

    context = pages.context(viewport={"width": 1280, "height": 720})
    table = pages.watch(context.new_page())
    table.route_web_socket("**/socket.io/**", relay)
    table.goto(f"{pages.server}/l/{code}/table")
    expect(table.get_by_test_id("seat-name")).to_have_text(["Ann"])

    # Boris's joining is two patches (his seat, then him online): the first is lost, the second does not fit
    # the view the table holds, so it asks for its whole view again
    join_by_link(pages, code, "Boris")
    expect(table.get_by_test_id("seat-name")).to_have_text(["Ann", "Boris"])
    assert len(frames["dropped"]) == 1
    resyncs = sum('"resync"' in message for message in frames["sent"] if isinstance(message, str))
    assert resyncs == 1

    join_by_link(pages, code, "Chen")  # patches apply again after the resync
    expect(table.get_by_test_id("seat-name")).to_have_text(["Ann", "Boris", "Chen"])
    assert sum('"resync"' in message for message in frames["sent"] if isinstance(message, str)) == resyncs
