"""The screen kit (web/static/js/buttons.js, grid.js and the api of screens.js), run in a real browser
page: what a game's screen gets from the shell instead of writing it again."""

from __future__ import annotations

import pytest

KIT = """async () => ({
    buttons: await import("/static/js/buttons.js"),
    grid: await import("/static/js/grid.js"),
    screens: await import("/static/js/screens.js"),
    moments: await import("/static/js/moments.js"),
    cues: await import("/static/js/cues.js"),
})"""


@pytest.fixture
def page(pages):
    page = pages.page("/")
    page.clock.install()
    page.evaluate(f"async () => {{ window.kit = await ({KIT})(); }}")
    return page


def test_a_confirm_button_acts_on_the_second_tap_once_and_disarms_by_itself(page):
    page.evaluate(
        """() => {
            window.sent = [];
            window.answer = null;
            const button = kit.buttons.confirmButton({
                id: "end", label: "End", confirmLabel: "Tap again",
                onConfirm: () => { sent.push("end"); return new Promise((done) => { window.answer = done; }); },
            });
            document.body.append(button);
            window.button = button;
        }"""
    )
    button = page.locator("body > button")
    button.click()
    assert (button.inner_text(), button.get_attribute("class"), page.evaluate("sent")) == ("Tap again", "armed", [])
    # A re-render builds a new button with the same id: it is still armed.
    again = page.evaluate(
        """() => kit.buttons.confirmButton({id: "end", label: "End", confirmLabel: "Tap again", onConfirm: () => null})
            .textContent"""
    )
    assert again == "Tap again"
    button.click()
    assert page.evaluate("sent") == ["end"]
    assert button.is_disabled() and button.inner_text() == "End"  # waits for the answer
    button.click(force=True)
    assert page.evaluate("sent") == ["end"]
    page.evaluate("answer({ok: false})")  # refused: it may be tried again
    page.wait_for_function("() => !button.disabled")
    button.click()
    assert button.inner_text() == "Tap again"
    page.clock.run_for(4100)
    assert button.inner_text() == "End" and button.get_attribute("class") in ("", None)
    button.click()
    assert button.inner_text() == "Tap again" and page.evaluate("sent") == ["end"]


def test_an_action_button_sends_once_until_its_answer(page):
    page.evaluate(
        """() => {
            window.sent = 0;
            window.answer = null;
            const button = kit.buttons.actionButton({"data-testid": "vote"}, "Vote", () => {
                sent += 1;
                return new Promise((done) => { window.answer = done; });
            });
            document.body.append(button);
            window.button = button;
        }"""
    )
    button = page.get_by_test_id("vote")
    button.click()
    button.click(force=True)
    assert page.evaluate("sent") == 1 and button.is_disabled()
    page.evaluate("answer({ok: false, error: {code: 'stale'}})")
    page.wait_for_function("() => !button.disabled")
    button.click()
    page.evaluate("answer({ok: true})")
    assert page.evaluate("sent") == 2
    assert button.is_disabled()  # accepted: the next state re-renders it


def test_a_grid_is_a_table_with_a_head_a_row_per_item_and_right_aligned_numbers(page):
    table = page.evaluate(
        """() => {
            const node = kit.grid.grid({
                attrs: {"data-testid": "tokens"},
                columns: [{label: "Player"}, {label: "CAPTCHA", num: true, title: "worth 3"}, {label: "Total", num: true}],
                rows: [{name: "Ann", captcha: 2}, {name: "<b>Boris</b>", captcha: 0}],
                cells: (row) => [row.name, row.captcha, {value: row.captcha * 3, attrs: {class: "total"}}],
                rowAttrs: (row) => ({"data-player": row.name}),
            });
            const cells = (row) => [...row.children].map((cell) => [cell.tagName, cell.scope, cell.className, cell.textContent]);
            return {
                head: cells(node.tHead.rows[0]),
                rows: [...node.tBodies[0].rows].map(cells),
                players: [...node.tBodies[0].rows].map((row) => row.dataset.player),
                html: node.innerHTML.includes("<b>"),
            };
        }"""
    )
    assert table["head"] == [
        ["TH", "col", "", "Player"],
        ["TH", "col", "num", "CAPTCHA"],
        ["TH", "col", "num", "Total"],
    ]
    assert table["rows"] == [
        [["TH", "row", "", "Ann"], ["TD", "", "num", "2"], ["TD", "", "num total", "6"]],
        [["TH", "row", "", "<b>Boris</b>"], ["TD", "", "num", "0"], ["TD", "", "num total", "0"]],
    ]
    assert table["players"] == ["Ann", "<b>Boris</b>"]
    assert not table["html"]  # a name is text, never markup


def test_the_api_tells_who_is_present_and_plays_and_sounds_a_moment_once(page):
    result = page.evaluate(
        """() => {
            let view = {you: "p2", lobby: {host: "p1"}, match: {players: ["p1", "p2", "p3"], left: ["p3"]}};
            const api = kit.screens.screenApi({current: () => view, command: null, table: false});
            kit.cues.setSurface("phone");
            const heard = () => window.gamenightCues.map((cue) => cue.name);
            const out = {present: api.present, playing: api.playing};
            // the page's first state: a moment already under way sounds nothing, now or later
            const moments = new kit.moments.Moments({table: false});
            moments.observe(view);
            api.cueOnce("turn:1", "your_turn");
            out.first = heard();
            moments.observe(view);
            api.cueOnce("turn:1", "your_turn");
            out.same = heard();
            api.cueOnce("turn:2", "your_turn");
            api.cueOnce("turn:2", "your_turn");
            out.next = heard();
            out.once = [api.once("reveal:1"), api.once("reveal:1"), api.once("reveal:2")];
            view = {you: "p3", lobby: {host: "p1"}, match: {players: ["p1", "p2", "p3"], present: ["p1", "p2"]}};
            out.gone = {present: api.present, playing: api.playing};
            return out;
        }"""
    )
    assert result["present"] == ["p1", "p2"] and result["playing"] is True
    assert result["first"] == [] and result["same"] == []
    assert result["next"] == ["your_turn"]
    assert result["once"] == [True, False, True]
    assert result["gone"] == {"present": ["p1", "p2"], "playing": False}
