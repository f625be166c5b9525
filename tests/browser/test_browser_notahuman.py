"""I'm Not a Human played on four phones and watched on the table screen, in headless Chromium.

Roles are dealt at random: the test reads each phone's card with a tap-and-hold, as players do,
to find the Human and the answer. The first match plays the rulebook's round without a reveal
(associations with a refused repeat and a confirmed look-alike, explanations in order, a secret
vote, the result and the record sheet); the second, with Human factor, lets the Human reveal and
guess. One phone plays in Russian throughout. Screenshots (with --shots) go to the run's screenshots
folder, notahuman-*.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers_browser import card_held, create_lobby, join_by_link

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "plugins" / "notahuman" / "client"
NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
EMITTED = {  # every i18n key the game itself sends (rules.py, variants.py, words.py)
    "notahuman.phase": "associations reveal_window guess explanations discussion voting round_over",
    "notahuman.timer": "reveal guess explain discussion",
    "notahuman.reason": "guessed undisclosed robots_won voted_human",
    "notahuman.option": "reveal_seconds guess_seconds explain_seconds discussion_seconds vote_seconds images rounds",
    "error.notahuman": "not_one_word repeat similar already_associated not_human unknown_pack not_enough_images",
    "notahuman.unfinished": "humans server_human answer",
}


def shot(pages, page, name: str) -> None:
    """A full-page screenshot, with animations run to their end (so a card is not caught mid-turn)."""
    pages.shot(page, f"notahuman-{name}", animations="disabled")


CARD_TEXT_ROOM = """(face) => {
  const inner = face.getBoundingClientRect().bottom - parseFloat(getComputedStyle(face).borderBottomWidth);
  const note = face.querySelector(".nah-card-note").getBoundingClientRect();
  return {gap: inner - note.bottom, fits: face.scrollHeight <= face.clientHeight};
}"""


def assert_card_text_has_room(page, name: str) -> None:
    """The held card's text, in either language, stays inside the card, clear of its bottom edge.

    Each phone is read in both languages, so the check does not depend on who is dealt which card.
    """
    spoken = "ru" if page.get_by_test_id("lang-ru").get_attribute("aria-pressed") == "true" else "en"
    for lang in ("en", "ru"):
        page.get_by_test_id(f"lang-{lang}").click()
        with holding(page) as face:
            room = face.evaluate(CARD_TEXT_ROOM)
            assert room["fits"] and room["gap"] >= 6, (name, lang, room)
    page.get_by_test_id(f"lang-{spoken}").click()


def holding(page):
    """Press and hold the role card; yields the card's face."""
    return card_held(page, card="nah-card", face="nah-card-face")


def read_cards(phones: dict) -> dict[str, tuple[str, str | None]]:
    """Each player's role and, for robots, the answer's number, read off the held card."""
    seen = {}
    for name, page in phones.items():
        with holding(page) as face:
            seen[name] = (face.get_attribute("data-role"), face.get_attribute("data-answer"))
    return seen


def say(page, word: str) -> None:
    page.get_by_test_id("nah-word").fill(word)
    page.get_by_test_id("nah-say").click()


def say_by_role(page, word: str) -> None:
    """What a screen reader finds: the field and the button by their role and name."""
    page.get_by_role("textbox", name="Your association").fill(word)
    page.get_by_role("button", name="Say it").click()


def assert_no_secret_on_table(table) -> None:
    expect(table.get_by_test_id("nah-card")).to_have_count(0)
    expect(table.get_by_test_id("nah-card-face")).to_have_count(0)
    expect(table.get_by_test_id("game-screen")).not_to_contain_text("0_0")


def set_option(page, name: str, value: str) -> None:
    field = page.get_by_test_id(f"option-{name}")
    field.fill(value)
    field.press("Tab")


def test_a_round_without_a_reveal_then_a_round_with_a_guess(pages, tmp_path):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    chen = join_by_link(pages, code, "Chen", **NARROW)
    dasha = join_by_link(pages, code, "Даша", locale="ru-RU", **NARROW)
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    phones = {"Ann": ann, "Boris": boris, "Chen": chen, "Даша": dasha}
    expect(dasha.get_by_test_id("lang-ru")).to_have_attribute("aria-pressed", "true")

    # The host picks the game, one round (Defragmentation) and short clocks.
    ann.get_by_test_id("game-select").select_option("notahuman")
    ann.get_by_test_id("variant-defragmentation").check()
    set_option(ann, "rounds", "1")
    for name, value in [
        ("reveal_seconds", "3"),
        ("explain_seconds", "120"),
        ("discussion_seconds", "300"),
        ("vote_seconds", "300"),
    ]:
        set_option(ann, name, value)
    summary = boris.get_by_test_id("setup-summary")
    expect(summary).to_contain_text("I'm Not a Human")
    expect(summary).to_contain_text("Seconds for the Human to reveal")
    expect(summary.locator("dd")).to_have_text(
        ["90", "3", "30", "120", "300", "300", "180", "Scenes (OpenMoji)", "Normal", "1"]
    )
    expect(dasha.get_by_test_id("setup-summary")).to_contain_text("Я не человек")
    expect(dasha.get_by_test_id("setup-summary")).to_contain_text("Сценки (OpenMoji)")
    # the engine's own choice is labelled from its string tables, in the host's language
    expect(ann.get_by_test_id("option-images")).to_contain_text("Pictures uploaded in this lobby")

    # The host's own pictures: upload a pack, see it listed everywhere, remove it.
    from PIL import Image

    files = []
    for number, colour in enumerate(["#e55", "#5c5"], 1):
        path = tmp_path / f"picture-{number}.png"
        Image.new("RGB", (64, 64), colour).save(path)
        files.append(str(path))
    not_a_picture = tmp_path / "notes.png"
    not_a_picture.write_text("not a picture")
    ann.get_by_test_id("nah-pack-files").set_input_files([str(not_a_picture)])
    ann.get_by_test_id("nah-pack-upload").click()
    expect(ann.get_by_test_id("nah-upload-message")).to_contain_text("not a picture")
    ann.get_by_test_id("nah-pack-name").fill("Our trip")
    ann.get_by_test_id("nah-pack-files").set_input_files(files)
    ann.get_by_test_id("nah-pack-upload").click()
    expect(ann.get_by_test_id("nah-upload-message")).to_contain_text("2 pictures")
    expect(ann.get_by_test_id("nah-pack")).to_contain_text("Our trip")
    expect(boris.get_by_test_id("nah-pack")).to_contain_text("Our trip")
    expect(boris.get_by_test_id("nah-pack-remove")).to_have_count(0)
    shot(pages, ann, "setup")
    ann.get_by_test_id("nah-pack-remove").click()
    expect(ann.get_by_test_id("nah-pack")).to_have_count(0)

    ann.get_by_test_id("start").click()
    for page in [*phones.values(), table]:
        expect(page.locator("[data-testid=nah-grid] .nah-tile")).to_have_count(9)
    expect(ann.get_by_test_id("match-phase")).to_have_text("Associations")
    expect(dasha.get_by_test_id("match-phase")).to_have_text("Ассоциации")
    assert_no_secret_on_table(table)
    expect(table.locator(".nah-tile.answer")).to_have_count(0)
    shot(pages, ann, "grid")
    # every picture is named in the viewer's language: its number and the scene's tags
    expect(ann.get_by_test_id("nah-tile-3")).to_have_accessible_name(re.compile(r"^Picture 3: [^,]+(, [^,]+)+$"))
    expect(dasha.get_by_test_id("nah-tile-3")).to_have_accessible_name(re.compile(r"^Изображение 3: [^,]+(, [^,]+)+$"))
    expect(ann.get_by_test_id("nah-grid").get_by_role("button", name=re.compile(r"^Picture \d: \w"))).to_have_count(9)

    # A picture enlarges on a tap and goes back on another.
    chen.get_by_test_id("nah-tile-5").click()
    expect(chen.get_by_test_id("nah-zoom")).to_be_visible()
    shot(pages, chen, "zoom")
    chen.get_by_test_id("nah-zoom-image").click()
    expect(chen.get_by_test_id("nah-zoom")).to_be_hidden()

    # Each phone's card, held: robots see the answer's number, the Human "0_0".
    cards = read_cards(phones)
    # The card also opens from the keyboard (held while Space is down).
    chen.get_by_test_id("nah-card").focus()
    chen.keyboard.down("Space")
    expect(chen.get_by_test_id("nah-card-face")).to_be_visible()
    chen.keyboard.up("Space")
    expect(chen.get_by_test_id("nah-card-face")).to_have_count(0)
    robots = [n for n, (role, _) in cards.items() if role == "robot"]
    humans = [n for n, (role, _) in cards.items() if role == "human"]
    assert len(humans) <= 1 and len(robots) >= 3, cards
    answer = int(cards[robots[0]][1])
    assert all(cards[n][1] == str(answer) for n in robots), cards
    human = first_human = humans[0] if humans else None  # None: the Human card is on the server
    for name, page in phones.items():
        assert_card_text_has_room(page, name)
    with holding(phones[robots[0]]):
        shot(pages, phones[robots[0]], "card-robot")
    if human:
        with holding(phones[human]):
            shot(pages, phones[human], "card-human")

    # Associations: the first word, a refused repeat, a look-alike confirmed, a space refused at once.
    say(boris, "Dark")
    expect(table.get_by_test_id("nah-assoc")).to_have_count(1)
    expect(boris.get_by_test_id("nah-my-word")).to_contain_text("Dark")
    say_by_role(chen, "dark")  # Chen plays by roles and names alone
    expect(chen.get_by_test_id("nah-problem")).to_contain_text("has been said already")
    say_by_role(chen, "Darkness")
    warning = chen.get_by_test_id("nah-similar")
    expect(warning).to_contain_text("Looks like “Dark” in another form.")
    expect(warning.get_by_test_id("nah-keep")).to_have_text("Keep “Darkness”")
    shot(pages, chen, "similar-warning")
    chen.get_by_role("button", name="Keep “Darkness”").click()
    expect(chen.get_by_test_id("nah-my-word")).to_contain_text("Darkness")
    say(ann, "two words")
    expect(ann.get_by_test_id("nah-problem")).to_contain_text("one word")
    say(ann, "Row")
    expect(table.get_by_test_id("nah-pending")).to_contain_text("Даша")
    shot(pages, dasha, "ru-associations")
    shot(pages, table, "table-associations")
    shot(pages, ann, "associations")
    assert_no_secret_on_table(table)
    say(dasha, "Город")

    # The reveal window (3 s) passes in silence; then the explanations, in the order of the list.
    order = ["Boris", "Chen", "Ann", "Даша"]
    expect(table.get_by_test_id("nah-assoc")).to_have_count(4)
    expect(table.locator(".nah-assoc .nah-assoc-word")).to_have_text(["Dark", "Darkness", "Row", "Город"])
    for page in phones.values():
        expect(page.get_by_test_id("match-phase")).to_have_text(re.compile("Explanations|Объяснения"))
    # From now on the answer is public: its picture is marked everywhere.
    for page in [*phones.values(), table]:
        expect(page.locator(".nah-tile.answer")).to_have_attribute("data-number", str(answer))
    for index, speaker in enumerate(order):
        item = table.locator(".nah-assoc").nth(index)
        expect(item).to_have_class(re.compile(r"\bspeaking\b"))
        expect(table.locator(".nah-assoc.speaking")).to_have_count(1)
        expect(phones[speaker].get_by_test_id("nah-done")).to_be_visible()
        others = [p for n, p in phones.items() if n != speaker]
        for page in others:
            expect(page.get_by_test_id("nah-done")).to_have_count(0)
        if speaker == "Chen":
            shot(pages, chen, "explanations")
            shot(pages, table, "table-explanations")
        if speaker == "Даша":
            ann.get_by_test_id("nah-skip").click()  # the host moves on for her
        elif speaker == "Chen":
            chen.get_by_role("button", name="Done explaining").click()
        else:
            phones[speaker].get_by_test_id("nah-done").click()
    assert_no_secret_on_table(table)

    # Discussion, then the host starts the vote.
    expect(ann.get_by_test_id("match-phase")).to_have_text("Discussion")
    expect(boris.get_by_test_id("nah-start-vote")).to_have_count(0)
    ann.get_by_test_id("nah-start-vote").click()

    # The vote: the robots find the Human (or the server); the Human votes elsewhere.
    numbers = {name: str(i + 1) for i, name in enumerate(order)}
    target = numbers[human] if human else "server"
    expect(boris.get_by_test_id("nah-vote-1")).to_be_disabled()  # not for one's own word
    expect(boris.get_by_test_id("nah-vote-server")).to_contain_text("Nobody")
    expect(dasha.get_by_test_id("nah-vote-server")).to_contain_text("Никто")
    voters = [n for n in order if n != human] + ([human] if human else [])
    for count, voter in enumerate(voters, 1):
        page = phones[voter]
        choice = target if voter != human else "server"
        if voter == "Chen":  # the option by its name: the association's word, or nobody's
            word = (
                {"Boris": "Dark", "Chen": "Darkness", "Ann": "Row", "Даша": "Город"}.get(human)
                if choice != "server"
                else "Nobody"
            )
            # the name begins with the word (a browser's \b knows no Cyrillic letter)
            page.get_by_role("button", name=re.compile(rf"^{word}(\W|$)")).click()
        else:
            page.get_by_test_id(f"nah-vote-{choice}").click()
        if count == len(voters):
            break  # the last vote closes the ballot
        expect(page.locator(f"[data-testid=nah-vote-{choice}].selected")).to_be_visible()
        expect(table.get_by_test_id("nah-vote-progress")).to_contain_text(f"{count} of 4 voted")
        if count == 2:
            shot(pages, page, "vote")
            shot(pages, table, "table-vote")
            shot(pages, dasha, "ru-vote")
            assert_no_secret_on_table(table)

    # The result: who was the Human, the answer and every star with its reason, on phones and the table.
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("nah-verdict")).to_have_attribute("data-winner", "robots")
    story = table.get_by_test_id("nah-story")
    if human:
        expect(story).to_contain_text(f"The vote revealed {human}: 0_0, the Human!")
    else:
        expect(story).to_contain_text("The vote revealed the server card: 0_0")
    for page in [ann, table]:
        result = page.get_by_test_id("nah-result")
        expect(result).to_contain_text(f"The answer: picture {answer}")
        for name in order:
            row = result.locator("[data-testid=nah-result-row]", has=page.locator(f".nah-tally-name:text-is('{name}')"))
            expect(row).to_have_attribute("data-stars", "0" if name == human else "2")
            if name != human:
                expect(row).to_contain_text("the robots won the round")
                expect(row).to_contain_text("voted for the Human")
    expect(dasha.get_by_test_id("nah-result")).to_contain_text("победа команды роботов")
    expect(dasha.get_by_test_id("nah-result")).to_contain_text("верный голос за человека")
    expect(ann.locator(".nah-result-pic img[alt='']")).to_have_count(0)
    shot(pages, ann, "result")
    shot(pages, dasha, "ru-result")
    shot(pages, table, "table")

    # The record sheet keeps the round: words, the Human, the votes and the stars.
    sheet = table.get_by_test_id("nah-sheet-table")
    expect(sheet).to_contain_text("Darkness")
    expect(sheet).to_contain_text("Город")
    totals = sheet.get_by_test_id("nah-sheet-total")
    expect(totals).to_have_text(["0" if n == human else "2" for n in ["Ann", "Boris", "Chen", "Даша"]])
    pages.shot(table.get_by_test_id("nah-sheet"), "notahuman-sheet", animations="disabled")

    # The host finishes the match.
    expect(boris.get_by_test_id("nah-next")).to_have_count(0)
    ann.get_by_test_id("nah-next").click()
    expect(table.get_by_test_id("winners")).to_be_visible()

    # Second match, Human factor: the Human is always a player, and reveals to guess.
    ann.get_by_test_id("variant-human_factor").check()
    expect(summary).to_contain_text("Human factor")  # the host's form is rebuilt with the variant first
    set_option(ann, "reveal_seconds", "30")
    set_option(ann, "guess_seconds", "60")
    expect(summary.locator("dd").nth(1)).to_have_text("30")
    expect(summary.locator("dd").nth(2)).to_have_text("60")
    expect(ann.get_by_test_id("option-reveal_seconds")).to_have_value("30")
    ann.get_by_test_id("play-again").click()
    expect(table.get_by_test_id("nah-sheet")).to_be_hidden()  # a new match, a new sheet
    for page in phones.values():
        expect(page.locator("[data-testid=nah-grid] .nah-tile")).to_have_count(9)
    cards = read_cards(phones)
    humans = [n for n, (role, _) in cards.items() if role == "human"]
    assert len(humans) == 1, cards
    human = humans[0]
    answer = int(next(a for role, a in cards.values() if role == "robot"))
    if not first_human:  # the first match's Human card was on the server
        with holding(phones[human]):
            shot(pages, phones[human], "card-human")
    for word, name in zip(["Sun", "Tree", "River", "Лодка"], ["Ann", "Boris", "Chen", "Даша"], strict=True):
        say(phones[name], word)
    expect(table.get_by_test_id("nah-status-title")).to_contain_text("Ann asks: does the Human want to reveal?")
    reveal = phones[human].get_by_test_id("nah-reveal")
    expect(reveal).to_be_visible()
    for page in phones.values():  # every phone has the same control; a robot's tap reveals nothing
        expect(page.get_by_test_id("nah-reveal")).to_be_enabled()
    robot = next(page for name, page in phones.items() if name != human)
    robot.get_by_test_id("nah-reveal").click()
    expect(robot.get_by_test_id("nah-reveal-note")).to_contain_text(
        re.compile("Only the Human can reveal|Открыться может только человек")
    )
    expect(table.get_by_test_id("nah-status-title")).to_contain_text("Ann asks: does the Human want to reveal?")
    shot(pages, phones[human], "reveal-prompt")
    shot(pages, table, "table-reveal")
    assert_no_secret_on_table(table)
    reveal.click()

    # The guess, with its clock: a tap enlarges the picture, a second tap confirms it.
    expect(table.get_by_test_id("nah-status-title")).to_contain_text(f"{human} revealed as the Human and is guessing")
    expect(table.get_by_test_id("feed")).to_contain_text(f"it is {human}")
    expect(table.get_by_test_id("timer-guess")).to_be_visible()
    guesser = phones[human]
    expect(guesser.get_by_test_id("nah-guess-hint")).to_be_visible()
    shot(pages, guesser, "guess")
    guesser.get_by_test_id(f"nah-tile-{answer}").click()
    confirm = guesser.get_by_test_id("nah-guess-confirm")
    expect(confirm).to_contain_text(f"picture {answer}" if human != "Даша" else f"изображение {answer}")
    shot(pages, guesser, "guess-confirm")
    confirm.click()
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("nah-verdict")).to_have_attribute("data-winner", "human")
    row = table.locator("[data-testid=nah-result-row]", has=table.locator(f".nah-tally-name:text-is('{human}')"))
    expect(row).to_have_attribute("data-stars", "3")
    expect(row).to_contain_text("guessed the picture")
    shot(pages, table, "table-guess-result")
    ann.get_by_test_id("nah-next").click()
    expect(table.get_by_test_id("winners")).to_contain_text(human)
    shot(pages, table, "table-final")


def test_the_rules_page_in_both_languages(pages):
    page = pages.page("/rules/notahuman")
    rules = page.get_by_test_id("rules")
    expect(rules).to_contain_text("0_0")
    expect(rules).to_contain_text("Human factor")
    page.get_by_test_id("lang-ru").click()
    expect(rules.locator("section[data-rules-lang=ru]")).to_contain_text("Человеческий фактор")
    shot(pages, page, "rules-ru")


def load(lang: str) -> dict:
    return json.loads((CLIENT / "strings" / f"{lang}.json").read_text(encoding="utf-8"))


def test_every_key_the_screen_uses_or_the_server_sends_is_defined():
    # Both languages alike: tests/browser/test_browser_strings.py.
    en = load("en")
    screen = "\n".join(path.read_text(encoding="utf-8") for path in sorted(CLIENT.glob("*.js")))
    used = set(re.findall(r"\bt\(\"([a-z0-9_.]+)\"", screen))
    used |= set(re.findall(r"key: \"(notahuman\.[a-z0-9_.]+)\"", screen))
    used |= {f"notahuman.screen.win.{w}" for w in ("human", "robots", "nobody")}
    emitted = {"notahuman.event.human_revealed", "notahuman.ballot.human"}
    for prefix, names in EMITTED.items():
        emitted |= {f"{prefix}.{name}" for name in names.split()}
    shell = {
        lang: json.loads((ROOT / "web" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "ru")
    }
    borrowed = {key for key in used if not key.startswith("notahuman.")}  # the shell's own (match.round_void)
    assert borrowed <= set(shell["en"]) & set(shell["ru"]), sorted(borrowed - set(shell["en"]) - set(shell["ru"]))
    missing = (used - borrowed | emitted) - set(en)
    assert not missing, sorted(missing)
