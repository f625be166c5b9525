"""A text input keeps its focus, its text and its caret while states arrive, and a button its focus.

A phone's keyboard closes when its input loses the focus: another player's phone dropping its signal,
or anyone's move, must not take a half-typed word away. The shell keeps it, for every game.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import create_lobby, join_by_link, seat, wait_for

NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

FOCUS = """() => {
  const node = document.activeElement;
  return node ? {testid: node.dataset.testid || null, value: node.value ?? null,
                 start: node.selectionStart ?? null, end: node.selectionEnd ?? null} : null;
}"""


def focused(page) -> dict | None:
    return page.evaluate(FOCUS)


def assert_typing(page, testid: str, value: str, caret: int) -> None:
    """``page`` still has ``testid`` focused, holding ``value`` with the caret at ``caret``."""
    assert focused(page) == {"testid": testid, "value": value, "start": caret, "end": caret}


def test_a_half_typed_association_survives_states(pages):
    ann, code = create_lobby(pages, "Ann")
    boris_context = pages.context()
    boris = join_by_link(pages, code, "Boris", context=boris_context)
    chen = join_by_link(pages, code, "Chen", **NARROW)
    dasha = join_by_link(pages, code, "Dasha")

    ann.get_by_test_id("game-select").select_option("notahuman")
    expect(chen.get_by_test_id("setup-summary")).to_contain_text("I'm Not a Human")
    ann.get_by_test_id("start").click()
    word = chen.get_by_test_id("nah-word")
    expect(word).to_be_visible()

    # Chen types "Dakness", goes back to put the missing "r" in: the caret is after "Da".
    word.click()
    chen.keyboard.type("Dakness")
    for _ in range(5):
        chen.keyboard.press("ArrowLeft")
    assert_typing(chen, "nah-word", "Dakness", 2)

    # Boris's phone drops its signal: a new state for everyone.
    boris.close()
    expect(seat(chen, "Boris")).to_have_attribute("data-connected", "false")
    assert_typing(chen, "nah-word", "Dakness", 2)

    # Dasha says her word: the list and the count change on Chen's screen.
    dasha.get_by_test_id("nah-word").fill("River")
    dasha.get_by_test_id("nah-say").click()
    expect(chen.get_by_test_id("nah-assoc")).to_have_count(1)
    assert_typing(chen, "nah-word", "Dakness", 2)

    # Boris comes back (his phone re-takes its seat).
    boris = pages.watch(boris_context.new_page())
    boris.goto(f"{pages.server}/l/{code}")
    expect(seat(chen, "Boris")).to_have_attribute("data-connected", "true")
    assert_typing(chen, "nah-word", "Dakness", 2)

    # The host pauses and resumes the clocks: two more states.
    ann.get_by_test_id("pause").click()
    expect(chen.get_by_test_id("match-paused")).to_be_visible()
    ann.get_by_test_id("resume").click()
    expect(chen.get_by_test_id("match-paused")).to_have_count(0)
    assert_typing(chen, "nah-word", "Dakness", 2)

    # The keyboard never closed: Chen finishes the word and sends it with Enter.
    chen.keyboard.type("r")
    assert_typing(chen, "nah-word", "Darkness", 3)
    pages.shot(chen, "focus-typing", full_page=False)
    chen.keyboard.press("Enter")
    expect(chen.get_by_test_id("nah-my-word")).to_contain_text("Darkness")
    expect(ann.locator(".nah-assoc .nah-assoc-word")).to_have_text(["River", "Darkness"])


def test_a_half_typed_sticker_survives_the_hosts_changes_and_a_dropped_phone(pages):
    """The lobby's setup card is re-rendered too: Spyfall's eight-locations board, written by everyone."""
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris", **NARROW)
    chen = join_by_link(pages, code, "Chen")
    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("variant-eight_locations").check()
    field = boris.get_by_test_id("sf-board-name")
    expect(field).to_be_visible()

    field.click()
    boris.keyboard.type("Lighthuse")
    boris.keyboard.press("ArrowLeft")
    boris.keyboard.press("ArrowLeft")
    boris.keyboard.press("ArrowLeft")
    assert_typing(boris, "sf-board-name", "Lighthuse", 6)

    # The host changes an option (everyone else's summary is rebuilt), and Chen's phone drops.
    rounds = ann.get_by_test_id("option-rounds")
    rounds.fill("3")
    rounds.press("Tab")
    expect(boris.get_by_test_id("setup-summary").locator("dd").first).to_have_text("3")
    assert_typing(boris, "sf-board-name", "Lighthuse", 6)
    chen.close()
    expect(seat(boris, "Chen")).to_have_attribute("data-connected", "false")
    assert_typing(boris, "sf-board-name", "Lighthuse", 6)

    boris.keyboard.type("o")
    assert_typing(boris, "sf-board-name", "Lighthouse", 7)
    boris.keyboard.press("Enter")
    proposal = ann.get_by_test_id("sf-setup-board").get_by_test_id("sf-proposal")
    expect(proposal).to_have_count(1)
    expect(proposal).to_contain_text("Lighthouse")
    # The field is empty again for the next name, and still has the focus.
    expect(boris.get_by_test_id("sf-board-name")).to_have_value("")
    assert_typing(boris, "sf-board-name", "", 0)


def test_a_name_sent_before_the_last_ones_answer_is_back_goes_on_the_board_too(pages):
    """The host types the board's names one after another, each sent with Enter. The server's answer to a
    name may come after the state that shows it on the board; a name sent while that answer is still on its
    way goes on the board too. Here the answers to the host's phone are held back until she has sent the
    next name."""
    held: dict = {"on": False, "acks": []}

    def relay(ws) -> None:
        server = ws.connect_to_server()

        def from_server(message) -> None:
            if held["on"] and isinstance(message, str) and message.startswith("43"):  # an answer (Socket.IO ack)
                held["acks"].append(message)
                return
            ws.send(message)

        server.on_message(from_server)
        ws.on_message(server.send)
        held["page"] = ws

    context = pages.context(**NARROW)
    context.route_web_socket("**/socket.io/**", relay)
    ann = pages.page("/", context=context)
    ann.get_by_test_id("create-name").fill("Ann")
    ann.get_by_test_id("create-submit").click()
    expect(ann.get_by_test_id("seat")).to_have_count(1)
    join_by_link(pages, ann.get_by_test_id("lobby-code").inner_text().strip(), "Boris")
    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("variant-eight_locations").check()
    field, stickers = ann.get_by_test_id("sf-board-name"), ann.locator("[data-testid=sf-sticker]:not([data-empty])")
    expect(field).to_be_visible()

    held["on"] = True
    field.fill("Lighthouse")
    field.press("Enter")
    expect(stickers.filter(has_text="Lighthouse")).to_have_count(1)  # on the board
    wait_for(ann, lambda: held["acks"], "its answer (which follows the state that shows it), held")
    assert len(held["acks"]) == 1
    field.fill("Old mill")
    field.press("Enter")
    expect(field).to_have_value("")  # taken: the field is empty for the next one
    held["on"] = False
    for message in held.pop("acks"):
        held["page"].send(message)
    expect(stickers.filter(has_text="Old mill")).to_have_count(1)
    expect(stickers).to_have_count(2)


BUTTON = """() => { const node = document.activeElement;
    return node ? {testid: node.dataset.testid || null, location: node.dataset.location || null} : null; }"""


def test_a_button_a_keyboard_is_on_keeps_the_focus_while_states_arrive(pages):
    """A screen reader or a keyboard on a button of Spyfall's location list: the screen is rebuilt on every state,
    and the focus stays on the same location's button instead of going back to the top of the page."""
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    chen = join_by_link(pages, code, "Chen", **NARROW)
    ann.get_by_test_id("game-select").select_option("spyfall")
    expect(chen.get_by_test_id("setup-summary")).to_contain_text("Spyfall")
    ann.get_by_test_id("start").click()
    third = chen.get_by_test_id("sf-location").nth(2)
    location = third.get_attribute("data-location")
    third.focus()
    chen.keyboard.press("Enter")  # crossed out: the screen is drawn again
    expect(third).to_have_attribute("aria-pressed", "true")
    on_it = {"testid": "sf-location", "location": location}
    assert chen.evaluate(BUTTON) == on_it

    boris.close()  # a phone drops: a new state for everyone
    expect(seat(chen, "Boris")).to_have_attribute("data-connected", "false")
    assert chen.evaluate(BUTTON) == on_it
    ann.get_by_test_id("pause").click()
    expect(chen.get_by_test_id("match-paused")).to_be_visible()
    ann.get_by_test_id("resume").click()
    expect(chen.get_by_test_id("match-paused")).to_have_count(0)
    assert chen.evaluate(BUTTON) == on_it
    chen.keyboard.press("Enter")  # the same button, still under the keyboard, takes the mark off
    expect(chen.locator(f'[data-testid=sf-location][data-location="{location}"]')).to_have_attribute(
        "aria-pressed", "false"
    )
