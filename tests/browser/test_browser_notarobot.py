"""I'm Not a Robot played on four phones and watched on the table screen, in headless Chromium.

The host keeps a few word cards of the group's own (added by hand, saved to a file, added back from a
file), picks the first artist, and everyone draws a square on their pad with the finger: real touch
input (Chromium's touch events, so pointer events of pointerType "touch") on three phones, pointer
events dispatched by hand on the fourth. The artist uncovers a tile; two guessers race for the same
tile and exactly one gets it, the other is told so; the reveal shows on every screen and the table,
the guessers vote the full pad through and a bug report down, the host moves on, then ends the match.
One phone plays in Russian. Screenshots (with --shots) go to the run's screenshots folder, notarobot-*.
A second test holds the phone's inside preview against the server's geometry.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers_browser import card_held, create_lobby, join_by_link

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "plugins" / "notarobot" / "client"
NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# The square every phone draws: the tiles of rows and columns 1-3 are inside, the rest outside.
SQUARE = [(0.21, 0.21), (0.79, 0.21), (0.79, 0.79), (0.21, 0.79), (0.215, 0.24)]
INSIDE = [6, 7, 8, 11, 12, 13, 16, 17, 18]
# A decoration that runs through every tile, row by row: with it, a drawing is a full pad.
ZIGZAG = [(0.05 if (i // 2) % 2 == i % 2 else 0.95, 0.1 + (i // 2) * 0.2) for i in range(10)]
EMITTED = {  # every i18n key the server sends (rules.py, cards.py, the options)
    "error.notarobot": "already_drawn no_inside bad_word not_first_round not_a_player artist_cannot_check "
    "already_checked tile_taken not_a_guesser bug_already_reported vote_open not_enough_cards too_many_cards "
    "unknown_card figure_tangled",
    "notarobot.event": "first_artist skipped artist_left full_pad_passed full_pad_failed bug_report bug_report_passed "
    "bug_report_failed",
    "notarobot.unfinished": "drawing",
    "notarobot.reason": "robot captcha full_pad captcha_lost robot_lost",
    "notarobot.phase": "drawing uncover guessing reveal",
    "notarobot.timer": "draw uncover guess reveal",
    "notarobot.ballot": "full_pad bug_report",
    "notarobot.option": "rounds draw_seconds uncover_seconds guess_seconds reveal_seconds vote_seconds cards "
    "cards.builtin cards.custom",
}


def shot(pages, page, name: str) -> None:
    """A full-page screenshot, with animations run to their end (the reveal's tiles are off)."""
    pages.shot(page, f"notarobot-{name}", animations="disabled")


def set_option(page, name: str, value: str) -> None:
    field = page.get_by_test_id(f"option-{name}")
    field.fill(value)
    field.press("Tab")


def path_through(points, steps: int = 10) -> list[tuple[float, float]]:
    """The points a finger passes through along ``points`` (a few per segment)."""
    out = [points[0]]
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
        out += [(x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps) for i in range(1, steps + 1)]
    return out


def pad_box(page) -> dict:
    pad = page.get_by_test_id("nr-draw-pad")
    pad.scroll_into_view_if_needed()
    return pad.bounding_box()


def touch_stroke(page, points, midway=None) -> None:
    """A finger drawn along ``points`` (pad units) through Chromium's touch input: pointerType "touch".

    ``midway()`` is called with the finger still down, halfway along.
    """
    box = pad_box(page)
    cdp = page.context.new_cdp_session(page)

    def at(p):
        return [{"x": box["x"] + p[0] * box["width"], "y": box["y"] + p[1] * box["height"], "id": 1}]

    path = path_through(points)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": at(path[0])})
    for index, point in enumerate(path[1:], 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": at(point)})
        if midway and index == len(path) // 2:
            midway()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


DISPATCH = """([points, box]) => {
  const pad = document.querySelector("[data-testid=nr-draw-pad]");
  const fire = (type, [x, y]) => pad.dispatchEvent(new PointerEvent(type, {
    bubbles: true, cancelable: true, pointerId: 41, pointerType: "touch", isPrimary: true,
    clientX: box.x + x * box.width, clientY: box.y + y * box.height, pressure: 0.5,
  }));
  fire("pointerdown", points[0]);
  for (const p of points.slice(1)) fire("pointermove", p);
  fire("pointerup", points[points.length - 1]);
}"""


def dispatched_stroke(page, points) -> None:
    """The same stroke as pointer events of pointerType "touch" dispatched on the pad by hand."""
    page.evaluate(DISPATCH, [path_through(points), pad_box(page)])


def tap(page, tile: int) -> None:
    """A tap on a tile, from the page itself: two phones tap within the same few milliseconds."""
    page.evaluate("(tile) => document.querySelector(`[data-testid=nr-tile-${tile}]`).click()", tile)


def token(tokens, name: str, column: str):
    """One cell of the tokens table: nr-captcha, nr-robot or nr-total of the player ``name``."""
    return tokens.locator("[data-testid=nr-token-row]", has_text=name).get_by_test_id(column)


def test_a_turn_from_the_drawing_to_the_reveal(pages, tmp_path):
    ann, code = create_lobby(pages, "Ann", **NARROW)
    boris = join_by_link(pages, code, "Boris", **NARROW)
    chen = join_by_link(pages, code, "Chen", **NARROW)
    dina = join_by_link(pages, code, "Дина", locale="ru-RU", **NARROW)
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    phones = {"Ann": ann, "Boris": boris, "Chen": chen, "Дина": dina}
    expect(dina.get_by_test_id("lang-ru")).to_have_attribute("aria-pressed", "true")

    # The host picks the game, one round and clocks that never hold the test up for long.
    ann.get_by_test_id("game-select").select_option("notarobot")
    for name, value in [("rounds", "1"), ("draw_seconds", "120"), ("guess_seconds", "60"), ("reveal_seconds", "120")]:
        set_option(ann, name, value)
    expect(boris.get_by_test_id("setup-summary")).to_contain_text("I'm Not a Robot")
    expect(dina.get_by_test_id("setup-summary")).to_contain_text("Я не робот")

    # The group's own word cards: one typed in, saved to a file, two more added from a file.
    cards = ann.get_by_test_id("nr-cards")
    expect(cards).to_contain_text("No cards of your own yet")
    expect(boris.get_by_test_id("nr-cards")).to_be_hidden()  # nothing to show a guest yet
    for i, word in enumerate(["kite", "cloud", "heart"]):
        ann.get_by_test_id(f"nr-card-en-{i}").fill(word)
    ann.get_by_test_id("nr-card-ru-0").fill("змей")
    ann.get_by_test_id("nr-card-add").click()
    expect(ann.get_by_test_id("nr-cards-message")).to_contain_text("Fill in all three RU words")
    ann.get_by_test_id("nr-card-ru-1").fill("облако")
    ann.get_by_test_id("nr-card-ru-2").fill("сердце")
    ann.get_by_test_id("nr-card-add").click()
    expect(ann.get_by_test_id("nr-card")).to_have_count(1)
    expect(ann.get_by_test_id("nr-card")).to_contain_text("kite · cloud · heart")
    expect(ann.get_by_test_id("nr-card-en-0")).to_have_value("")
    expect(boris.get_by_test_id("nr-card")).to_contain_text("змей · облако · сердце")
    expect(boris.get_by_test_id("nr-card-remove")).to_have_count(0)
    expect(boris.get_by_test_id("nr-card-form")).to_have_count(0)
    with ann.expect_download() as download:
        ann.get_by_test_id("nr-cards-export").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved == {"cards": [{"en": ["kite", "cloud", "heart"], "ru": ["змей", "облако", "сердце"]}]}
    bad = tmp_path / "notes.json"
    bad.write_text('{"names": "not cards"}', encoding="utf-8")
    ann.get_by_test_id("nr-cards-import").set_input_files(str(bad))
    expect(ann.get_by_test_id("nr-cards-message")).to_contain_text("no word cards")
    more = tmp_path / "more.json"
    more.write_text(
        json.dumps({"cards": [{"en": ["boat", "moon", "fish"]}, {"ru": ["груша", "зонт", "ключ"]}]}), encoding="utf-8"
    )
    ann.get_by_test_id("nr-cards-import").set_input_files(str(more))
    expect(ann.get_by_test_id("nr-cards-message")).to_contain_text("Added 2 cards")
    expect(dina.get_by_test_id("nr-card")).to_have_count(3)
    expect(dina.get_by_test_id("nr-cards-count")).to_have_text("3 карточки")
    shot(pages, ann, "setup-cards")
    ann.locator("[data-testid=nr-card]", has_text="груша").get_by_test_id("nr-card-remove").click()
    expect(boris.get_by_test_id("nr-card")).to_have_count(2)

    # The match: everyone draws at once; the table shows the words and who is done, never a drawing.
    ann.get_by_test_id("start").click()
    for page in phones.values():
        expect(page.get_by_test_id("nr-draw-pad")).to_be_visible()
    expect(table.get_by_test_id("nr-table-drawing")).to_be_visible()
    expect(table.locator("[data-testid=nr-table-words] .nr-word")).to_have_count(3)
    expect(dina.get_by_test_id("match-phase")).to_have_text("Рисование")

    # The host names who most recently wrote code: Boris draws first, and the order follows the seats.
    expect(boris.get_by_test_id("nr-first-artist")).to_have_count(0)
    ann.locator("[data-testid=nr-first-choice]", has_text="Boris").click()
    expect(table.get_by_test_id("nr-drawer")).to_contain_text(["Boris", "Chen", "Дина", "Ann"])
    expect(ann.locator("[data-testid=nr-first-choice].chosen")).to_contain_text("Boris")

    # Chen: a figure (its inside shaded as it is drawn), a decoration, an undo, then the word.
    touch_stroke(chen, SQUARE)
    pad = chen.get_by_test_id("nr-draw-pad")
    expect(pad).to_have_attribute("data-pointer", "touch")
    expect(pad).to_have_attribute("data-inside", ",".join(map(str, INSIDE)))
    expect(chen.get_by_test_id("nr-inside-count")).to_have_text("9 tiles inside")
    expect(chen.get_by_test_id("nr-tool-decoration")).to_have_attribute("aria-pressed", "true")
    touch_stroke(chen, [(0.05, 0.9), (0.95, 0.1)])
    expect(pad.locator(".nr-lines .nr-deco")).to_have_count(1)
    expect(chen.get_by_test_id("nr-submit")).to_be_disabled()  # no word yet
    shot(pages, chen, "drawing")
    chen.get_by_test_id("nr-undo").click()
    expect(pad.locator(".nr-lines .nr-deco")).to_have_count(0)
    expect(pad.locator(".nr-lines .nr-figure")).to_have_count(1)
    chens_word = chen.get_by_test_id("nr-word-1").inner_text()
    chen.get_by_test_id("nr-word-1").click()

    # Ann draws with her finger, and Chen submits while it is still on the pad: the new state
    # re-renders Ann's screen mid-stroke, and her line goes on unbroken.
    def chen_submits():
        chen.get_by_test_id("nr-submit").click()
        expect(chen.get_by_test_id("nr-submitted")).to_contain_text("Submitted: 9 tiles are inside.")
        expect(ann.get_by_test_id("nr-status-detail")).to_have_text("Drawings in: 1 of 4")

    touch_stroke(ann, SQUARE, midway=chen_submits)
    expect(ann.get_by_test_id("nr-draw-pad")).to_have_attribute("data-inside", ",".join(map(str, INSIDE)))
    expect(ann.locator("[data-testid=nr-draw-pad] .nr-lines .nr-figure")).to_have_count(1)
    expect(chen.locator("[data-testid=nr-my-drawing] .nr-tile[data-inside=true]")).to_have_count(9)
    # Chosen and submitted, Chen's word is a secret like any card: seen only while held, marked nowhere else.
    expect(chen.get_by_test_id("nr-your-word")).not_to_contain_text(chens_word)
    expect(chen.locator(".nr-word.chosen")).to_have_count(0)
    with card_held(chen, card="nr-your-word", face="nr-your-word-face") as face:
        expect(face).to_have_text(chens_word)
    expect(table.locator("[data-testid=nr-drawer].done")).to_have_count(1)

    # The others: real touch on Dina's phone, hand-dispatched pointer events on Boris's.
    dispatched_stroke(boris, SQUARE)
    expect(boris.get_by_test_id("nr-draw-pad")).to_have_attribute("data-pointer", "touch")
    dispatched_stroke(boris, ZIGZAG)  # Boris decorates every tile: a full pad
    expect(boris.locator("[data-testid=nr-draw-pad] .nr-lines .nr-deco")).to_have_count(1)
    expect(boris.get_by_test_id("nr-draw-pad")).to_have_attribute("data-inside", ",".join(map(str, INSIDE)))
    touch_stroke(dina, SQUARE)
    expect(dina.get_by_test_id("nr-inside-count")).to_have_text("Внутри 9 клеток")
    shot(pages, dina, "ru-drawing")
    shot(pages, table, "table-drawing")
    for name, page in [("Ann", ann), ("Boris", boris), ("Дина", dina)]:
        page.get_by_test_id("nr-word-0").click()
        page.get_by_test_id("nr-submit").click()
        if name != "Дина":
            expect(page.get_by_test_id("nr-submitted")).to_be_visible()
        if name == "Boris":
            expect(boris.locator("[data-slot=controls]")).to_contain_text("all 25 tiles: a full pad")

    # Boris uncovers a tile of his own pad; everyone else sees only what lies in it.
    expect(boris.get_by_test_id("nr-uncover-hint")).to_be_visible()
    expect(boris.locator("[data-testid=nr-artist-pad] .nr-tile[data-inside=true]")).to_have_count(9)
    for page in [ann, chen, dina, table]:
        expect(page.locator(".nr-pad .nr-tile.masked")).to_have_count(25)
    expect(table.get_by_test_id("nr-turn")).to_contain_text("Boris")
    shot(pages, boris, "uncover")
    boris.get_by_test_id("nr-tile-6").click()
    for page in [ann, chen, dina, table]:
        expect(page.locator(".nr-pad .nr-tile.masked")).to_have_count(24)
        expect(page.locator(".nr-tile.uncovered .nr-line, .nr-pad-svg .nr-piece")).not_to_have_count(0)
    expect(chen.get_by_test_id("nr-check-hint")).to_be_visible()

    # Two guessers race for the same tile: exactly one gets it, the other is told and picks another.
    tap(chen, 7)
    tap(dina, 7)
    expect(table.locator("[data-testid=nr-tile-7] [data-testid=nr-check]")).to_have_count(1)
    expect(chen.get_by_test_id("nr-my-check").or_(chen.get_by_test_id("nr-message"))).to_be_visible()
    expect(dina.get_by_test_id("nr-my-check").or_(dina.get_by_test_id("nr-message"))).to_be_visible()
    chen_won = chen.get_by_test_id("nr-my-check").count() == 1
    winner, loser = ("Chen", "Дина") if chen_won else ("Дина", "Chen")
    loser_page = phones[loser]
    expect(phones[winner].get_by_test_id("nr-message")).to_have_count(0)
    expect(loser_page.get_by_test_id("nr-my-check")).to_have_count(0)
    taken = (
        "Too late: {} checked that tile first" if loser == "Chen" else "Не успели: на этой клетке уже галочка игрока {}"
    )
    expect(loser_page.get_by_test_id("nr-message")).to_contain_text(taken.format(winner))
    holder = table.locator("[data-testid=nr-tile-7]").get_attribute("data-holder")
    assert holder and all(
        page.locator("[data-testid=nr-tile-7]").get_attribute("data-holder") == holder
        for page in phones.values()
        if page is not boris
    )
    shot(pages, loser_page, "tile-taken")
    shot(pages, table, "table-guessing")
    tap(loser_page, 0)  # outside the square
    expect(loser_page.get_by_test_id("nr-my-check")).to_be_visible()
    ann.get_by_test_id("nr-tile-12").click()  # inside

    # The reveal: the tiles come off, the word, who was right, Boris's CAPTCHA token, on every screen.
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("nr-reveal")).to_be_visible()
        expect(page.locator(".nr-pad .nr-tile.peel")).to_have_count(25)
        expect(page.locator(".nr-pad .nr-tile[data-inside=true]")).to_have_count(9)
    reveal = table.get_by_test_id("nr-reveal")
    expect(reveal.locator("li[data-right=true]")).to_have_count(2)
    expect(reveal.locator("li[data-right=false]")).to_contain_text(loser)
    expect(table.get_by_test_id("nr-captcha-result")).to_have_attribute("data-captcha", "true")
    expect(table.get_by_test_id("nr-captcha-result")).to_contain_text("Boris wins a CAPTCHA token")
    expect(dina.get_by_test_id("nr-captcha-result")).to_contain_text("Boris получает жетон капчи")
    tokens = ann.get_by_test_id("nr-tokens")  # the table's points say the totals; a phone, the tokens
    expect(token(tokens, "Boris", "nr-captcha")).to_have_text("1")
    for name in ["Ann", winner]:
        expect(token(tokens, name, "nr-robot")).to_have_text("1")
    expect(token(tokens, loser, "nr-total")).to_have_text("0")
    shot(pages, table, "table-reveal")
    shot(pages, ann, "reveal")
    shot(pages, dina, "ru-reveal")

    # Boris's lines pass through all 25 tiles: the guessers vote at once, and two of three say yes.
    vote = table.get_by_test_id("nr-ballot-full_pad")
    expect(vote).to_contain_text("Boris's lines pass through all 25 tiles")
    expect(boris.get_by_test_id("nr-full_pad-yes")).to_have_count(0)  # the artist does not vote
    expect(ann.get_by_test_id("nr-next")).to_be_disabled()  # not while a vote is open
    ann.get_by_test_id("nr-full_pad-yes").click()
    expect(table.get_by_test_id("nr-full_pad-progress")).to_have_text("Votes: 1 of 3")
    chen.get_by_test_id("nr-full_pad-yes").click()
    dina.get_by_test_id("nr-full_pad-no").click()
    expect(table.get_by_test_id("nr-full_pad-result")).to_have_attribute("data-passed", "true")
    expect(token(tokens, "Boris", "nr-captcha")).to_have_text("2")
    expect(table.get_by_test_id("feed")).to_contain_text("Full pad: Boris's good work wins a CAPTCHA token.")
    expect(dina.get_by_test_id("feed")).to_contain_text("Весь планшет: за хорошую работу Boris получает жетон капчи.")
    shot(pages, table, "table-full-pad")

    # A bug report (two taps), voted down: the tokens stay. Then the host moves on to Chen's drawing.
    expect(boris.get_by_test_id("nr-report-bug")).to_have_count(0)  # the artist cannot file one
    chen.get_by_test_id("nr-report-bug").click()
    expect(chen.get_by_test_id("nr-report-bug")).to_have_text("Tap again to file it")
    chen.get_by_test_id("nr-report-bug").click()
    expect(table.get_by_test_id("nr-ballot-bug_report")).to_contain_text("Chen says Boris's CAPTCHA is too hard")
    expect(ann.get_by_test_id("nr-next")).to_be_disabled()  # not while a vote is open
    ann.get_by_test_id("nr-bug_report-yes").click()
    dina.get_by_test_id("nr-bug_report-no").click()
    expect(table.get_by_test_id("nr-bug_report-result")).to_have_attribute("data-passed", "false")
    expect(table.get_by_test_id("feed")).to_contain_text("The bug report did not pass: the tokens stay.")
    expect(token(tokens, "Boris", "nr-captcha")).to_have_text("2")
    expect(boris.get_by_test_id("nr-next")).to_have_count(0)
    expect(ann.get_by_test_id("nr-next")).to_have_text("Next: Chen's drawing")
    ann.get_by_test_id("nr-next").click()
    expect(chen.get_by_test_id("nr-uncover-hint")).to_be_visible()
    expect(table.get_by_test_id("nr-record")).to_contain_text("Boris drew")
    expect(table.get_by_test_id("nr-turn")).to_contain_text("Chen")
    shot(pages, table, "table-next-turn")

    # The host ends the match now (scored by its finished rounds: none); the record keeps the turn played.
    ann.get_by_test_id("end").click()
    ann.get_by_test_id("end").click()
    expect(table.get_by_test_id("result")).to_be_visible()
    for page in [ann, table]:
        expect(page.get_by_test_id("nr-status-title")).to_have_text("The game is over")
        expect(page.get_by_test_id("nr-record")).to_contain_text("Boris drew")
    expect(dina.get_by_test_id("nr-record")).to_contain_text("Рисунок игрока Boris")
    shot(pages, table, "table-over")


def load(lang: str) -> dict:
    return json.loads((CLIENT / "strings" / f"{lang}.json").read_text(encoding="utf-8"))


def test_every_key_the_screen_uses_or_the_server_sends_is_defined():
    # Both languages alike: tests/browser/test_browser_strings.py.
    en = load("en")
    source = "\n".join(path.read_text(encoding="utf-8") for path in CLIENT.glob("*.js"))
    used = set(re.findall(r"\bt\(\"([a-z0-9_.]+)\"", source)) | set(re.findall(r"key: \"([a-z0-9_.]+)\"", source))
    used |= {f"notarobot.screen.tool_{n}" for n in ("figure", "decoration")}
    used |= {f"notarobot.screen.captcha.{n}" for n in ("won", "none_right", "all_right")}
    used |= {f"notarobot.screen.vote_{n}" for n in ("yes", "no")}
    used |= {f"notarobot.screen.lang_{n}" for n in ("en", "ru")}
    used |= {f"notarobot.screen.{b}_{r}" for b in ("full_pad", "bug_report") for r in ("passed", "failed")}
    emitted = {f"{prefix}.{name}" for prefix, names in EMITTED.items() for name in names.split()}
    borrowed = {key for key in used if key.startswith("match.")}  # the shell's own (match.left_badge)
    shell = json.loads((ROOT / "web" / "locales" / "en.json").read_text(encoding="utf-8"))
    assert borrowed <= set(shell), sorted(borrowed - set(shell))
    missing = (used - borrowed | emitted) - set(en)
    assert not missing, sorted(missing)


def shapes() -> dict[str, list[list[float]]]:
    """Figures a player might draw: their inside tiles by the server's geometry and by the phone's preview."""
    import math

    def ring(cx, cy, r, n=48, turns=1, wobble=0.0):
        return [
            [
                round(cx + r * (1 + wobble * math.sin(7 * a)) * math.cos(a), 4),
                round(cy + r * (1 + wobble * math.sin(7 * a)) * math.sin(a), 4),
            ]
            for a in (2 * math.pi * turns * i / (n * turns) for i in range(n * turns))
        ]

    star = [
        [round(0.5 + (0.45 if i % 2 == 0 else 0.18) * math.cos(math.pi * i / 5 - math.pi / 2), 4),
         round(0.5 + (0.45 if i % 2 == 0 else 0.18) * math.sin(math.pi * i / 5 - math.pi / 2), 4)]
        for i in range(10)
    ]  # fmt: skip
    return {
        "circle": ring(0.5, 0.5, 0.4),
        "small circle": ring(0.3, 0.62, 0.17),
        "flower": ring(0.5, 0.5, 0.35, n=140, wobble=0.25),
        "star": star,
        "figure eight": [[0.1, 0.1], [0.9, 0.9], [0.9, 0.1], [0.1, 0.9]],
        "L": [[0.05, 0.05], [0.45, 0.05], [0.45, 0.55], [0.95, 0.55], [0.95, 0.95], [0.05, 0.95]],
        "triangle": [[0.5, 0.02], [0.98, 0.9], [0.02, 0.98]],
        "twice round": ring(0.5, 0.5, 0.4, n=40) + ring(0.5, 0.5, 0.25, n=40),
    }


def test_the_phones_inside_preview_agrees_with_the_server(pages):
    from gamenight.plugins.notarobot import geometry

    page = pages.page("/")
    figures = shapes()
    preview = page.evaluate(
        """async (figures) => {
          const inside = await import("/plugins/notarobot/inside.js");
          return Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, [inside.insideTiles(f), inside.crossings(f)]]));
        }""",
        figures,
    )
    for name, figure in figures.items():
        assert preview[name] == [geometry.inside_tiles(figure), geometry.crossings(figure)], name
