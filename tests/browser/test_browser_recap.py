"""The night's recap in the browser: the host closes the night with two taps; the table
screen shows the night's standings and awards as a scene of its own that fits a 1920x1080 and a 1280x720 TV
without scrolling; each phone shows its own player's place, points and awards first; English and Russian.

Screenshots (with --shots): the run's screenshots folder, recap-*.
"""

from __future__ import annotations

import re

from gamenight.scores import rank
from playwright.sync_api import expect

from .helpers_browser import (
    PHONE_SIZE,
    SMALL_PHONE,
    TV_SIZES,
    assert_fits,
    assert_no_sideways_scroll,
    create_lobby,
    join_by_link,
    wait_for_stillness,
)

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
NAMES = ["Ann", "Boris", "Chen"]


def play_high_card(phones: dict) -> None:
    """One round of High Card played on the phones: everyone claims, votes for the next player, the host
    moves on, and the match is over."""
    ann = phones["Ann"]
    ann.get_by_test_id("game-select").select_option("highcard")
    rounds = ann.get_by_test_id("option-rounds")
    rounds.fill("1")
    rounds.press("Tab")
    expect(phones["Boris"].get_by_test_id("setup-summary").locator("dd").first).to_have_text("1")
    ann.get_by_test_id("start").click()
    for name in NAMES:  # in seat order from the dealer, Ann
        page = phones[name]
        page.get_by_test_id("claim-input").fill("7")
        page.get_by_test_id("claim-submit").click()
        expect(page.get_by_test_id("claim-form")).to_have_count(0)
    for index, name in enumerate(NAMES):
        target = NAMES[(index + 1) % len(NAMES)]
        phones[name].get_by_test_id("vote-options").get_by_role("button", name=target).click()
        if index < len(NAMES) - 1:  # the last vote closes the ballot: the cards are shown
            expect(phones[name].get_by_test_id("my-vote")).to_contain_text(target)
    ann.get_by_test_id("next-round").click()
    for page in phones.values():
        expect(page.get_by_test_id("winners")).to_be_visible()


def two_taps(page, testid: str, armed: str) -> None:
    button = page.get_by_test_id(testid)
    button.click()
    expect(button).to_have_text(armed)
    button.click()


def reveal_cues(table) -> int:
    """How many times the table has sounded its "reveal" cue (cues.js keeps every cue it plays)."""
    return table.evaluate("() => (window.gamenightCues || []).filter((c) => c.name === 'reveal').length")


def shown_standings(page) -> list[list[str]]:
    """The recap's standings as shown: a row of cells (place, name, wins, 2nd, 3rd, played, points) a player."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=recap] [data-testid=recap-row]')].map((row) =>
            [...row.cells].map((cell) => cell.textContent.trim()))"""
    )


def assert_ranked_as_shown(rows: list[list[str]]) -> None:
    """Each place follows from the numbers on the screen: more wins, then more 2nd places, then more 3rd places,
    then fewer matches played; equal numbers share a place (the next one is skipped)."""
    keys = [(int(wins), int(seconds), int(thirds), -int(played)) for _, _, wins, seconds, thirds, played, _ in rows]
    assert keys == sorted(keys, reverse=True), f"the rows are not in the order their numbers give: {rows}"
    for (place, name, *_), key in zip(rows, keys, strict=True):
        expected = 1 + sum(other > key for other in keys)
        assert int(place) == expected, f"{name} is placed {place}, the numbers shown give {expected}: {rows}"


def tv_recap(table) -> tuple[dict[str, tuple[int, int]], dict[str, str]]:
    """What the table shows: each player's (place, points), and each award's key with its winners' text."""
    rows = shown_standings(table)
    assert_ranked_as_shown(rows)
    standings = {name: (int(place), int(points)) for place, name, *_, points in rows}
    awards = table.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-testid=recap] [data-testid=recap-award]')]
            .map((card) => [card.dataset.award, card.querySelector('[data-testid=recap-award-names]').textContent]))"""
    )
    return standings, awards


def test_closing_the_night_shows_the_recap_on_the_tv_and_each_phone_its_own_line(pages):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    phones = {"Ann": ann, **{name: join_by_link(pages, code, name, **PHONE) for name in NAMES[1:]}}
    tables = {size: pages.page(f"/l/{code}/table", viewport=TV_SIZES[size]) for size in TV_SIZES}
    play_high_card(phones)

    # Only the host may close the night, with a second tap to confirm; the table sounds the reveal once.
    expect(phones["Boris"].get_by_test_id("close-night")).to_have_count(0)
    for table in tables.values():  # the results' own reveal has sounded, long enough ago not to swallow the next
        table.wait_for_function(
            """() => {
                const reveals = (window.gamenightCues || []).filter((c) => c.name === 'reveal');
                return reveals.length > 0 && Date.now() - reveals[reveals.length - 1].time > 600;
            }"""
        )
    reveals = {size: reveal_cues(table) for size, table in tables.items()}
    two_taps(ann, "close-night", "Tap again to close the night")
    for size, table in tables.items():
        table.wait_for_function(
            "(before) => window.gamenightCues.filter((c) => c.name === 'reveal').length > before", arg=reveals[size]
        )

    for size, table in tables.items():
        expect(table.get_by_test_id("recap")).to_be_visible()
        expect(table.get_by_test_id("recap-summary")).to_have_text("1 match: High Card")
        expect(table.get_by_test_id("recap-row")).to_have_count(3)
        expect(table.get_by_test_id("scene-tabs")).to_be_hidden()
        wait_for_stillness(table)  # the award cards' entrance (motion.css) is over before the picture
        assert_fits(table, f"the {size} table's recap")
        pages.shot(table, f"recap-tv-{size}")
    standings, awards = tv_recap(tables["tv"])
    assert sorted(standings) == NAMES
    assert awards, "three players after a round of High Card: somebody scored most in that match"
    assert tv_recap(tables["tv720"]) == (standings, awards)

    # Each phone: its own place and points first, then the awards its player won (as the TV shows them).
    for name, page in phones.items():
        place, points = standings[name]
        mine = page.get_by_test_id("recap-mine")
        expect(mine).to_be_visible()
        expected = "You won the night!" if place == 1 else f"Place {place} of 3"
        expect(mine.get_by_test_id("recap-place")).to_have_text(expected)
        expect(mine.get_by_test_id("recap-points")).to_have_text(f"{points} point" + ("" if points == 1 else "s"))
        won = sorted(key for key, winners in awards.items() if name in winners)
        shown = mine.locator("[data-testid=recap-award]")
        expect(shown).to_have_count(len(won))
        assert sorted(shown.evaluate_all("(cards) => cards.map((card) => card.dataset.award)")) == won
        expect(page.get_by_test_id("setup")).to_be_hidden()
        expect(page.get_by_test_id("match")).to_be_hidden()
    expect(phones["Boris"].get_by_test_id("new-night")).to_have_count(0)  # only the host goes on
    pages.shot(ann, "recap-phone-host")

    # In Russian.
    for size, table in tables.items():
        table.get_by_test_id("lang-ru").click()
        expect(table.locator(".recap-title")).to_have_text("Итоги вечера")
        expect(table.get_by_test_id("recap-summary")).to_have_text(re.compile(r"^1 партия: \S"))
        wait_for_stillness(table)
        assert_fits(table, f"the {size} table's recap in Russian")
        pages.shot(table, f"recap-tv-{size}-ru")
    for size, table in tables.items():
        assert reveal_cues(table) == reveals[size] + 1, "a new render of the same recap does not sound again"
    boris = phones["Boris"]
    boris.get_by_test_id("lang-ru").click()
    expect(boris.get_by_test_id("recap-place")).to_have_text(re.compile(r"^(Вечер за вами!|\d-е место из 3)$"))
    expect(boris.get_by_test_id("recap-points")).to_have_text(re.compile(r"^\d+ очк(о|а|ов)$"))
    pages.shot(boris, "recap-phone-ru")

    # Back to this night (closed by mistake): the scoreboard goes on; then a new night starts it afresh.
    ann.get_by_test_id("reopen-night").click()
    for table in tables.values():
        expect(table.get_by_test_id("recap")).to_be_hidden()
    expect(ann.get_by_test_id("setup")).to_be_visible()
    expect(ann.get_by_test_id("scoreboard")).to_be_visible()
    two_taps(ann, "close-night", "Tap again to close the night")
    expect(tables["tv"].get_by_test_id("recap")).to_be_visible()
    two_taps(ann, "new-night", "Tap again: a fresh scoreboard")
    for table in tables.values():
        expect(table.get_by_test_id("recap")).to_be_hidden()
        expect(table.get_by_test_id("seat")).to_have_count(3)
        expect(table.get_by_test_id("seat").first).to_be_visible()
    for page in phones.values():
        expect(page.get_by_test_id("recap")).to_be_hidden()
        expect(page.get_by_test_id("scoreboard")).to_be_hidden()  # a new night: nothing played yet
    expect(phones["Chen"].get_by_test_id("setup-summary")).to_contain_text("High Card")  # the chosen game stays
    expect(ann.get_by_test_id("start")).to_be_enabled()


# The most a recap holds: 20 players with long names, eight awards, several shared, from long-named games.
LONG_NAMES = [f"{first} {n:02d}" for n, first in enumerate(["Александра-Мария", "Maximilian-Joseph"] * 10, 1)]
# Records as the night scoreboard keeps them: pairs on equal wins, some told apart by their second places and
# some not (those share a place); the points rise against the places, since they do not rank.
RECORDS = {f"p{n}": {"played": 12, "wins": 12 - n // 2, "seconds": n % 4 // 2, "thirds": 1} for n in range(1, 21)}
FULL_RECAP = {
    "matches": 12,
    "games": ["notahuman", "spyfall", "spyfall_teams", "notarobot"],
    "standings": [
        {"player": entry["player"], "name": LONG_NAMES[int(entry["player"][1:]) - 1], "place": entry["place"]}
        | RECORDS[entry["player"]]
        | {"points": 100 + int(entry["player"][1:])}
        for entry in rank(RECORDS, lambda p: (RECORDS[p]["wins"], RECORDS[p]["seconds"], RECORDS[p]["thirds"]))
    ],
    "awards": [
        {"key": key, "game": game, "players": players, "figure": figure, "params": {}}
        for key, game, players, figure in [
            ("notahuman.award.hidden_human", "notahuman", ["p1", "p2", "p3"], 4),
            ("spyfall.award.sharpest_spy", "spyfall", ["p4"], 3),
            ("spyfall_teams.award.trusted_ally", "spyfall_teams", [f"p{n}" for n in range(5, 13)], 11),  # 8 names
            ("notarobot.award.captcha_master", "notarobot", ["p9"], 5),
            ("award.most_wins", "", ["p1", "p10"], 6),
            ("notahuman.award.bold_human", "notahuman", ["p11"], 2),
            ("spyfall.award.spy_hunter", "spyfall", ["p12", "p13"], 2),
            ("spyfall_teams.award.smooth_spy", "spyfall_teams", ["p14"], 21),
        ]
    ],
    "names": {f"p{n}": name for n, name in enumerate(LONG_NAMES, 1)},
}


def test_the_fullest_recap_fits_both_tv_sizes_in_both_languages(pages):
    """The recap's scene rendered with the largest recap the server makes (recap.MAX_AWARDS, a full lobby)."""
    _, code = create_lobby(pages, "Ann")
    for size in TV_SIZES:
        for lang in ("en", "ru"):
            table = pages.page(f"/l/{code}/table", viewport=TV_SIZES[size])
            expect(table.get_by_test_id("seat")).to_have_count(1)  # the lobby's state has arrived
            table.get_by_test_id(f"lang-{lang}").click()
            expect(table.locator("html")).to_have_attribute("lang", lang)
            table.evaluate(
                "async (recap) => (await import('/static/js/recap.js')).renderTableRecap({ lobby: { recap } })",
                FULL_RECAP,
            )
            expect(table.get_by_test_id("recap-row")).to_have_count(20)
            expect(table.get_by_test_id("recap-award")).to_have_count(8)
            rows = shown_standings(table)
            assert_ranked_as_shown(rows)
            assert len({place for place, *_ in rows}) < 20, "players on equal numbers share a place"
            wait_for_stillness(table)  # every card's entrance is over
            assert_fits(table, f"the fullest recap on the {size} table in {lang}")
            pages.shot(table, f"recap-full-{size}-{lang}")
            table.close()


def test_the_fullest_recap_on_a_small_phone_with_larger_text_never_scrolls_sideways(pages):
    """With larger text the scoreboard made the page 435 px wide on a 390 px phone and the award cards
    spilled past the edge. The fullest recap, on the smallest phone, in both languages."""
    phone, _ = create_lobby(pages, "Ann", viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
    phone.get_by_test_id("text-size").dispatch_event("click")
    expect(phone.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
    for lang in ("en", "ru"):
        phone.get_by_test_id(f"lang-{lang}").click()
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        phone.evaluate(
            """async (recap) => (await import('/static/js/recap.js'))
                .renderPhoneRecap(document.getElementById('room'), { you: 'p3', lobby: { recap } })""",
            FULL_RECAP,
        )
        expect(phone.get_by_test_id("recap-row")).to_have_count(20)
        wait_for_stillness(phone)
        pages.shot(phone, f"recap-phone-full-small-larger-{lang}")
        assert_no_sideways_scroll(phone, f"the fullest recap on a small phone in {lang}")


CUT_HEADS = """(table) => {
    // each column head of the standings: its whole word shown inside its own cell, no two heads overlapping
    const found = [];
    const heads = [...table.querySelectorAll("thead th")].filter((th) => th.getClientRects().length);
    const boxes = [];
    for (const th of heads) {
        const range = document.createRange();
        range.selectNodeContents(th);
        const text = range.getBoundingClientRect();
        const cell = th.getBoundingClientRect();
        if (th.scrollWidth > th.clientWidth + 1) found.push(`${th.textContent} is cut`);
        if (text.left < cell.left - 1 || text.right > cell.right + 1) found.push(`${th.textContent} spills out of its cell`);
        boxes.push([text.left, text.right, th.textContent]);
    }
    boxes.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < boxes.length; i++) {
        if (boxes[i][0] < boxes[i - 1][1] - 1) found.push(`${boxes[i - 1][2]} and ${boxes[i][2]} overlap`);
    }
    return found;
}"""


def test_the_standings_heads_are_whole_on_tvs_and_phones_in_both_languages(pages):
    """The fullest recap (20 long names) on both TVs, and its standings and the night's scoreboard on both
    phones with larger text: every column head reads whole ("Played", not "P…"), none over another."""
    _, code = create_lobby(pages, "Ann")
    for size in TV_SIZES:
        table = pages.page(f"/l/{code}/table", viewport=TV_SIZES[size])
        expect(table.get_by_test_id("seat")).to_have_count(1)
        for lang in ("en", "ru"):
            table.get_by_test_id(f"lang-{lang}").click()
            expect(table.locator("html")).to_have_attribute("lang", lang)
            table.evaluate(
                "async (recap) => (await import('/static/js/recap.js')).renderTableRecap({ lobby: { recap } })",
                FULL_RECAP,
            )
            expect(table.get_by_test_id("recap-row")).to_have_count(20)
            wait_for_stillness(table)
            problems = table.get_by_test_id("recap-standings").evaluate(CUT_HEADS)
            assert not problems, f"the {size} recap in {lang}: {problems}"
        table.close()
    for viewport in (PHONE_SIZE, SMALL_PHONE):
        phone, _ = create_lobby(pages, "Ann", viewport=viewport, is_mobile=True, has_touch=True)
        phone.get_by_test_id("text-size").dispatch_event("click")
        expect(phone.get_by_test_id("text-size")).to_have_attribute("aria-pressed", "true")
        for lang in ("en", "ru"):
            phone.get_by_test_id(f"lang-{lang}").click()
            expect(phone.locator("html")).to_have_attribute("lang", lang)
            phone.evaluate(
                """async (recap) => {
                    const { fill } = await import('/static/js/dom.js');
                    const { scoreboardSection } = await import('/static/js/scoreboard.js');
                    const board = document.getElementById('scoreboard');
                    board.hidden = false;
                    fill(board, scoreboardSection({ lobby: { scoreboard: recap.standings, history: [] } }));
                }""",
                FULL_RECAP,
            )
            problems = phone.get_by_test_id("scoreboard").first.evaluate(CUT_HEADS)
            assert not problems, f"the night's scoreboard on a {viewport['width']} px phone in {lang}: {problems}"
            phone.evaluate(
                """async (recap) => (await import('/static/js/recap.js'))
                    .renderPhoneRecap(document.getElementById('room'), { you: 'p3', lobby: { recap } })""",
                FULL_RECAP,
            )
            expect(phone.get_by_test_id("recap-row")).to_have_count(20)
            wait_for_stillness(phone)
            problems = phone.get_by_test_id("recap-standings").evaluate(CUT_HEADS)
            assert not problems, f"the recap on a {viewport['width']} px phone in {lang}: {problems}"
            assert_no_sideways_scroll(phone, f"the standings on a {viewport['width']} px phone in {lang}")
            pages.shot(phone, f"recap-heads-{viewport['width']}-{lang}")
