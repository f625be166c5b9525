"""I'm Not a Human played from phones the way a screen-reader user plays it: every step of the reading seat found by
its role and accessible name in Chromium's accessibility tree, news heard from the phone's live region (what a
reader announces, in order), a card's secret read only while it is held, and nothing private in the TV's tree.

The deal is the server's: the test (not the reader) holds two other phones' cards to learn it. In the first round a
robot's phone reads its way through the associations, the explanations and the vote; in the second, the Human's
phone (whichever seat the server made the Human) reveals and guesses; the match's result ends it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .full_table import set_options
from .helpers_browser import card_held, create_lobby, join_by_link
from .test_browser_screen_reader import LISTEN, assert_tree_without, heard_after

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CLOCKS = {
    "rounds": "2",
    "associate_seconds": "600",
    "reveal_seconds": "30",
    "guess_seconds": "120",
    "explain_seconds": "300",
    "discussion_seconds": "900",
    "vote_seconds": "600",
}
HUMAN_NOTE = "You don't know the picture"


def cards_of(phones: dict) -> dict[str, tuple[str, int | None]]:
    """The role and the answer (a robot's) on each of these phones' cards, held by the test (not by the reader)."""
    seen = {}
    for name, page in phones.items():
        with card_held(page, card="nah-card", face="nah-card-face") as face:
            answer = face.get_attribute("data-answer")
            seen[name] = (face.get_attribute("data-role"), int(answer) if answer else None)
    return seen


def assert_read_in_order(tree: str, lines: list[str], where: str) -> None:
    """Each of ``lines`` is in the tree, in this order (what a reader meets going down the page)."""
    at = -1
    for line in lines:
        found = tree.find(line, at + 1)
        assert found > at, f"{where}: {line!r} is not read after {lines[: lines.index(line)]}:\n{tree}"
        at = found


# What else on a page would speak by itself: a live region of the game's own screen.
SPEAKING = "[data-testid=game-screen] :is([aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log])"


def assert_silent_but_for_the_log(page) -> None:
    """The phone's news is said once, by the shell's log: no live region of the game's screen says it again (the
    card's face speaks only while it is held)."""
    spoken = [text for text in page.locator(SPEAKING).all_inner_texts() if text.strip()]
    assert not spoken, f"said besides the log: {spoken}"


def read_card(page, shows: list[str], hides: list[str]) -> None:
    """The card by its name, held with Space: while held, what a reader says of it (its name) is its face; let go,
    only the hint again."""
    card = page.get_by_role("button", name="Hold to see your card")
    assert_tree_without(card.aria_snapshot(), [*shows, *hides], "the card lying face down")
    card.focus()
    page.keyboard.down(" ")
    held = page.locator(":focus")
    try:
        for line in shows:
            expect(held).to_have_accessible_name(re.compile(re.escape(line)))
        expect(held).not_to_have_accessible_name(re.compile("|".join(map(re.escape, hides))))
    finally:
        page.keyboard.up(" ")
    expect(card).to_be_visible()
    assert_tree_without(card.aria_snapshot(), shows, "the card let go")


def test_a_robots_round_and_the_humans_guess_by_roles_names_and_announcements(pages):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    phones = {"Ann": ann, "Boris": join_by_link(pages, code, "Boris", **PHONE)}
    phones["Chen"] = join_by_link(pages, code, "Chen", **PHONE)
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    for phone in phones.values():
        phone.evaluate(LISTEN)
    ann.get_by_test_id("game-select").select_option("notahuman")
    ann.get_by_test_id("variant-human_factor").check()  # a Human among the players every round
    ann.get_by_test_id("variant-defragmentation").check()  # two rounds
    set_options(ann, CLOCKS)
    ann.get_by_test_id("start").click()

    # Round 1. The test (not the reader) looks at two cards to learn the deal; the reader is a robot.
    dealt = cards_of({"Ann": ann, "Boris": phones["Boris"]})
    human = next((name for name, (role, _) in dealt.items() if role == "human"), "Chen")
    answer = next(number for _, number in dealt.values() if number)
    reader = "Chen" if human != "Chen" else "Boris"
    third = next(name for name in ("Boris", "Chen") if name != reader)
    robot = phones[reader]
    assert heard_after(robot, 2) == ["I'm Not a Human begins", "Round 1: Associations"]

    # Nobody's secret is in a tree while the cards lie face down, and the TV has none.
    robot_note = f"The answer is picture {answer}"
    for name, phone in phones.items():
        assert_tree_without(phone.get_by_role("main").aria_snapshot(), [HUMAN_NOTE, robot_note, "0_0"], name)
    tv = table.locator("body").aria_snapshot()
    assert_tree_without(tv, [HUMAN_NOTE, "The answer is picture", "0_0", "Hold to see your card"], "the TV")
    read_card(robot, ["Robot", robot_note], ["Human", "0_0", HUMAN_NOTE])

    # The reader's association: what to do comes first, then the card and the round's news, then the pictures.
    main = robot.get_by_role("main")
    assert_read_in_order(
        main.aria_snapshot(),
        [
            'textbox "Your association"',
            'button "Say it"',
            'button "Hold to see your card"',
            "Associations: 0 of 3",
            'button "Picture 1:',
        ],
        "the associations",
    )
    # The same controls on a Russian phone, by their Russian names.
    robot.get_by_role("group", name="Language").get_by_role("button", name="RU").click()
    expect(robot.get_by_role("textbox", name="Ваша ассоциация")).to_be_visible()
    expect(robot.get_by_role("button", name="Назвать")).to_be_visible()
    expect(robot.get_by_role("button", name="Удерживайте, чтобы увидеть карту")).to_be_visible()
    robot.get_by_role("group", name="Язык").get_by_role("button", name="EN").click()
    ann.get_by_test_id("nah-word").fill("Moonlight")
    ann.get_by_test_id("nah-say").click()
    robot.get_by_role("textbox", name="Your association").fill("Lantern")
    robot.get_by_role("button", name="Say it").click()
    expect(robot.get_by_role("textbox", name="Your association")).to_have_count(0)
    phones[third].get_by_test_id("nah-word").fill("Harbour")
    phones[third].get_by_test_id("nah-say").click()

    # The reveal window: the same button on every phone; the reader waits, the host moves on.
    expect(robot.get_by_role("button", name="Reveal and guess")).to_be_visible()
    expect(ann.get_by_test_id("nah-reveal")).to_be_visible()
    ann.get_by_test_id("skip").click()
    expect(ann.get_by_test_id("skip")).to_have_class(re.compile(r"\barmed\b"))
    ann.get_by_test_id("skip").click()
    # Explanations in the list's order: Ann, then the reader, whose turn is announced.
    ann.get_by_test_id("nah-done").click()
    assert heard_after(robot, 5)[2:] == ["Round 1: The Human's choice", "Round 1: Explanations", "Your turn"]
    expect(robot.get_by_role("button", name="Done explaining")).to_be_visible()
    assert_read_in_order(
        robot.get_by_role("main").aria_snapshot(),
        [
            'button "Done explaining"',
            'button "Hold to see your card"',
            "Your turn: explain \u201cLantern\u201d",
            'heading "Associations"',
            'button "Picture 1:',
        ],
        "the explanations (the words before the pictures)",
    )
    robot.get_by_role("button", name="Done explaining").click()
    expect(phones[third].get_by_test_id("nah-done")).to_be_visible()
    phones[third].get_by_test_id("nah-done").click()
    ann.get_by_test_id("nah-start-vote").click()

    # The vote: the reader votes for the Human, by the option named after the player.
    ballot = robot.get_by_role("region", name="Who is the Human?")
    expect(ballot).to_be_visible()
    assert_read_in_order(
        robot.get_by_role("main").aria_snapshot(),
        ['region "Who is the Human?"', 'button "Hold to see your card"', "Secret vote"],
        "the vote",
    )
    expect(ballot.get_by_role("button", name=re.compile("your word"))).to_be_disabled()
    ballot.get_by_role("button", name=re.compile(rf"\b{human}\b")).click()
    expect(ballot.get_by_role("button", name=re.compile(rf"\b{human}\b"))).to_have_attribute("aria-pressed", "true")
    assert_silent_but_for_the_log(robot)
    for name, phone in phones.items():
        assert_tree_without(phone.get_by_role("main").aria_snapshot(), [HUMAN_NOTE, "0_0"], f"{name} in the vote")
    assert_tree_without(table.locator("body").aria_snapshot(), [HUMAN_NOTE, "0_0"], "the TV in the vote")
    order = ["Ann", reader, third]
    others = [name for name in order if name != reader]
    for name in others:
        choice = order.index(human) + 1 if name != human else order.index(reader) + 1
        phones[name].get_by_test_id(f"nah-vote-{choice}").click()
    expect(robot.get_by_text("The robots win the round")).to_be_visible()
    assert heard_after(robot, 11)[5:] == [
        "Round 1: Discussion",
        "Round 1: Voting",
        "Vote open: Who is the Human?",
        "Your vote is counted",
        "Vote closed: Who is the Human?",
        "Round 1: Round result",
    ], "each news once"
    ann.get_by_test_id("nah-next").click()

    # Round 2: whichever seat the server made the Human reveals and guesses, by names.
    for phone in phones.values():
        expect(phone.get_by_test_id("nah-word")).to_be_visible()  # the new round's cards are dealt
    dealt = cards_of({"Ann": ann, "Boris": phones["Boris"]})
    human = next((name for name, (role, _) in dealt.items() if role == "human"), "Chen")
    answer = next(number for _, number in dealt.values() if number)
    player = phones[human]
    player.wait_for_function("() => window.heard.includes('Round 2: Associations')")
    start = player.evaluate("() => window.heard.indexOf('Round 2: Associations')")
    read_card(player, ["Human", HUMAN_NOTE], ["Robot", "The answer is picture"])
    tv = table.locator("body").aria_snapshot()
    assert_tree_without(tv, [HUMAN_NOTE, "The answer is picture", "Hold to see your card"], "the TV")
    for name, phone in phones.items():
        assert_tree_without(
            phone.get_by_role("main").aria_snapshot(), [HUMAN_NOTE, f"The answer is picture {answer}"], name
        )
    for name, word in {"Ann": "Sunrise", "Boris": "Compass", "Chen": "Meadow"}.items():
        if name != human:
            phones[name].get_by_test_id("nah-word").fill(word)
            phones[name].get_by_test_id("nah-say").click()
    player.get_by_role("textbox", name="Your association").fill("Seashell")
    player.get_by_role("button", name="Say it").click()
    player.get_by_role("button", name="Reveal and guess").click()
    picture = player.get_by_role("button", name=re.compile(rf"^Picture {answer}:"))
    expect(player.get_by_text("Tap a picture to look closer")).to_be_visible()
    assert_read_in_order(
        player.get_by_role("main").aria_snapshot(),
        ["Tap a picture to look closer", f'button "Picture {answer}:', 'button "Hold to see your card"'],
        "the guess",
    )
    picture.click()
    dialog = player.get_by_role("dialog", name=re.compile(rf"^Picture {answer}:"))
    dialog.get_by_role("button", name=f"Guess picture {answer}").click()
    expect(player.get_by_text("The Human wins the round")).to_be_visible()
    ann.get_by_test_id("nah-next").click()
    expect(player.get_by_test_id("winners")).to_be_visible()
    winners = player.get_by_test_id("winners").inner_text().strip()
    assert heard_after(player, start + 6)[start:] == [
        "Round 2: Associations",
        "Round 2: The Human's choice",
        "Round 2: The Human's guess",
        "Your turn",
        "Round 2: Round result",
        f"Match over. {winners}",
    ], "each news once"
