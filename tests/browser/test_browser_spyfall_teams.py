"""Team Spyfall played on six phones and shown on the table, and Spyfall's eight-locations sticker mode.

Team Spyfall: one round with two teams of three. The deal is random: the test reads each phone's card,
as the players would, and makes its picks from what the cards say; the host steps through the reveal
and every point arrives with its reason. Sticker mode: the group writes the board in the lobby, plays a
round, and must name a replacement for the played sticker before the next round can start.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers_browser import card_held, create_lobby, join_by_link

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "plugins" / "spyfall_teams" / "client"
PACK = json.loads((ROOT / "plugins" / "spyfall" / "locations" / "spyfall2.json").read_text(encoding="utf-8"))
LOCATION_BY_NAME = {name: loc for loc in PACK["locations"] for name in loc["names"].values()}
NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1600, "height": 900}}
NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil", "Fay"]


def read_location(page) -> dict:
    with card_held(page) as face:
        assert not face.get_by_test_id("sf-card-spy").count(), "six players: two teams of three, no spy"
        return LOCATION_BY_NAME[face.get_by_test_id("sf-card-location").inner_text().strip()]


def text_outside_list(page) -> str:
    """The table's match text without the list of every location in play (which names all of them)."""
    return page.evaluate(
        """() => {
            const copy = document.querySelector('[data-testid=match]').cloneNode(true);
            copy.querySelectorAll('[data-testid=sf-locations]').forEach((node) => node.remove());
            return copy.textContent;
        }"""
    )


def assert_table_keeps_secrets(table, locations) -> None:
    expect(table.get_by_test_id("sf-card")).to_have_count(0)
    expect(table.get_by_test_id("st-stage")).to_have_count(0)
    outside = text_outside_list(table)
    for location in locations:
        for name in location["names"].values():
            assert name not in outside


def shot(pages, page, name: str) -> None:
    """Wait for the show's animations to play out (not the clocks' ticks) and scroll to the top, then a screenshot
    (with --shots). The wait and the scroll happen either way: what the test does next may count on them."""
    page.wait_for_function(
        "() => document.getAnimations().every((a) => !(a instanceof CSSAnimation) || a.playState !== 'running')"
    )
    page.evaluate("window.scrollTo(0, 0)")
    pages.shot(page, name)


def newest(page):
    return page.locator("[data-testid=st-step].newest")


def test_team_spyfall_round_on_six_phones_and_the_table(pages):
    ann, code = create_lobby(pages, "Ann")
    phones = {"Ann": ann}
    for name in NAMES[1:]:
        phones[name] = join_by_link(pages, code, name, **(NARROW if name in ("Chen", "Dina", "Fay") else {}))
    dina = phones["Dina"]
    dina.get_by_test_id("lang-ru").click()  # Dina plays in Russian
    table = pages.page(f"/l/{code}/table", **TV)

    # The host chooses Team Spyfall, one round, the show stepped by hand.
    ann.get_by_test_id("game-select").select_option("spyfall_teams")
    expect(ann.get_by_test_id("option-composition").locator("option")).to_have_text(
        [
            "By the table (5 to 9 players)",
            "The table's other choice (8: 2×3 + 2 spies; 9: 3×3)",
            "Custom: the numbers below",
        ]
    )
    expect(ann.get_by_test_id("sf-setup-packs")).to_contain_text("No custom packs in this lobby yet.")
    # Its "Eight locations" variant brings the board into the setup card (not played here).
    ann.get_by_test_id("variant-teams_eight_locations").check()
    expect(dina.get_by_test_id("sf-setup-board")).to_contain_text("Доска: 0 из 8 локаций")
    expect(table.get_by_test_id("sf-setup-board").get_by_test_id("sf-sticker")).to_have_count(8)
    ann.get_by_test_id("variant-teams_eight_locations").uncheck()
    expect(table.get_by_test_id("sf-setup-board")).to_have_count(0)
    for option, value in [("rounds", "1"), ("show_seconds", "0")]:
        field = ann.get_by_test_id(f"option-{option}")
        field.fill(value)
        field.press("Tab")
    expect(phones["Boris"].get_by_test_id("setup-summary")).to_contain_text("Seconds per step of the reveal")
    # settings that do not apply are not summed up: the custom numbers under the table's composition
    expect(phones["Boris"].get_by_test_id("setup-summary")).not_to_contain_text("Custom:")
    expect(dina.get_by_test_id("setup-summary")).to_contain_text("Секунд на шаг вскрытия")
    ann.get_by_test_id("start").click()

    for page in phones.values():
        expect(page.get_by_test_id("sf-card")).to_be_visible()
    expect(ann.get_by_test_id("match-phase")).to_have_text("Questions")
    expect(table.get_by_test_id("st-composition")).to_have_text("2 teams of 3")
    expect(dina.get_by_test_id("st-composition")).to_have_text("2 команды по 3")
    expect(table.get_by_test_id("sf-locations").locator("li")).to_have_count(20)

    # Each player holds their card: two locations, three players each.
    where = {name: read_location(page) for name, page in phones.items()}
    by_location: dict[str, list[str]] = {}
    for name in NAMES:
        by_location.setdefault(where[name]["id"], []).append(name)
    assert sorted(len(team) for team in by_location.values()) == [3, 3], where
    (home_id, home), (away_id, away) = sorted(by_location.items(), key=lambda item: "Ann" not in item[1])
    loc = {home_id: where[home[0]], away_id: where[away[0]]}
    with card_held(dina) as face:
        expect(face).to_contain_text(where["Dina"]["names"]["ru"])
        shot(pages, dina, "teams-card-held-ru")
    assert_table_keeps_secrets(table, loc.values())
    shot(pages, table, "teams-table-play")

    # Asking: Ann (the dealer) asks first and marks whom she asked.
    expect(table.get_by_test_id("sf-asker")).to_have_text("Ann asks now")
    ann.get_by_test_id("sf-asked").filter(has_text="Boris").click()
    expect(table.get_by_test_id("sf-asker")).to_have_text("Boris asks now")
    expect(phones["Chen"].get_by_test_id("sf-asked-by")).to_have_text("Last question: Ann → Boris")
    expect(phones["Boris"].get_by_test_id("sf-asked").filter(has_text="Ann")).to_be_disabled()
    # A cross-off mark is one's own.
    wrong = next(x for x in PACK["locations"] if x["id"] not in loc)
    mark = phones["Boris"].locator(f"[data-testid=sf-location][data-location='{wrong['id']}']")
    mark.click()
    expect(mark).to_have_class(re.compile(r"\bcrossed\b"))
    shot(pages, phones["Boris"], "teams-phone-play")

    # Only the host ends the round (two taps).
    expect(phones["Boris"].get_by_test_id("st-end-round")).to_have_count(0)
    ann.get_by_test_id("st-end-round").click()
    expect(ann.get_by_test_id("st-end-round")).to_have_text("Tap again to end the round")
    ann.get_by_test_id("st-end-round").click()
    expect(table.get_by_test_id("match-phase")).to_have_text("Name a location")
    expect(dina.get_by_test_id("match-phase")).to_have_text("Назовите локацию")

    # Everyone names one location: two of each team name the other team's; the others miss.
    a1, a2, a3 = home
    b1, b2, b3 = away
    named = {a1: away_id, a2: away_id, a3: wrong["id"], b1: home_id, b2: wrong["id"], b3: away_id}
    decoy = next(x for x in PACK["locations"] if x["id"] not in loc and x["id"] != wrong["id"])
    for i, name in enumerate(NAMES):
        page = phones[name]
        expect(page.get_by_test_id("sf-pick")).to_have_count(20)
        if name == "Chen":  # Chen plays by roles and names alone, as a screen reader finds them
            picks = [next(x for x in PACK["locations"] if x["id"] == named[name])["names"]["en"], decoy["names"]["en"]]
            for location_name in picks:
                page.get_by_role("button", name=location_name, exact=True).click()
            page.get_by_role("button", name=f"Name: {picks[0]} and {picks[1]}").click()
        else:
            page.locator(f"[data-testid=sf-pick][data-location='{named[name]}']").click()
            # every phone names two (a non-spy's second does not count): the same form for every role
            page.locator(f"[data-testid=sf-pick][data-location='{decoy['id']}']").click()
            if i == 0:
                shot(pages, page, "teams-pick-location")
            page.get_by_test_id("st-name-location").click()
        if i < len(NAMES) - 1:
            expect(page.get_by_test_id("st-my-location-pick")).to_be_visible()
            expect(table.get_by_test_id("st-location-progress")).to_have_text(f"{i + 1} of 6 have picked")
        if i == 2:
            shot(pages, table, "teams-table-picks")
            assert_table_keeps_secrets(table, loc.values())
    expect(table.get_by_test_id("match-phase")).to_have_text("Point at your allies")

    # Everyone points at exactly two players.
    allies = {a1: [a2, a3], a2: [a1, a3], a3: [a1, b1], b1: [b2, b3], b2: [b1, a1], b3: [a2, a3]}
    for i, name in enumerate(NAMES):
        page = phones[name]
        point = page.get_by_test_id("st-point")
        expect(point).to_be_disabled()
        for target in allies[name]:
            if name == "Chen":
                page.get_by_role("button", name=target, exact=True).click()
            else:
                page.locator("[data-testid=st-ally][data-player]", has_text=re.compile(f"^{target}$")).click()
        expect(point).to_be_enabled()
        if name == "Dina":
            shot(pages, dina, "teams-pick-allies-ru")
        if name == "Chen":
            page.get_by_role("button", name=f"Point at {allies[name][0]} and {allies[name][1]}").click()
        else:
            point.click()
        if i < len(NAMES) - 1:
            expect(page.get_by_test_id("st-my-ally-pick")).to_contain_text(allies[name][0])
            assert_table_keeps_secrets(table, loc.values())

    # The reveal, one step at a time: the host steps it; table and phones follow.
    expect(table.get_by_test_id("match-phase")).to_have_text("The reveal")
    expect(newest(table)).to_have_attribute("data-kind", "picks")
    first_cell = table.locator("td:first-child").get_by_text(b1, exact=True)
    picks_row = table.get_by_test_id("st-picks-table").locator("tr", has=first_cell)
    expect(picks_row).to_contain_text(loc[home_id]["names"]["en"])
    dina.set_viewport_size({"width": 320, "height": 700})  # the narrowest phone: Russian location names are long
    for page in (table, dina, phones["Chen"]):  # a name never breaks inside ("Dash a"), even on a phone
        names = page.get_by_test_id("st-picks-table").locator(".st-who")
        expect(names.first).to_be_visible()
        if page == dina:  # as a spy's two long picks read: "Полярная станция, Подводная лодка"
            page.get_by_test_id("st-picks-table").locator(".st-named").first.evaluate(
                "(cell) => { cell.textContent = 'Полярная станция, Подводная лодка, Космическая станция'; }"
            )
        broken = names.evaluate_all(
            "(nodes) => nodes.filter((n) => n.getClientRects().length > 1).map((n) => n.textContent)"
        )
        assert broken == [], broken
    dina.set_viewport_size(NARROW["viewport"])
    expect(phones["Boris"].get_by_test_id("st-next-step")).to_have_count(0)
    kinds = ["teams", "point", "drop", "hands", "locations", "point", "drop", "hands", "locations", "tally"]
    for step, kind in enumerate(kinds, start=1):
        ann.get_by_test_id("st-next-step").click()
        for page in (table, ann, dina):
            expect(page.get_by_test_id("st-step")).to_have_count(step + 1)
        expect(newest(table)).to_have_attribute("data-kind", kind)
        if kind == "teams":
            expect(table.get_by_test_id("st-team")).to_have_count(2)
            home_team = table.locator("[data-testid=st-team]", has=table.locator(f".st-member-name:text-is('{a1}')"))
            expect(home_team.get_by_test_id("st-team-location")).to_have_text(loc[home_id]["names"]["en"])
        if step == 4:  # the first team's hands: its points arrive
            shot(pages, table, "teams-table-show")
            shot(pages, dina, "teams-show-ru")
    # The score: the home team (11) beats the away team (6).
    expect(table.get_by_test_id("st-winners")).to_have_text(
        re.compile(rf"{loc[home_id]['names']['en']} wins the round!")
    )
    home_team = table.locator("[data-testid=st-team].winner")
    expect(home_team).to_have_count(1)
    expect(home_team.get_by_test_id("st-team-total")).to_have_text("11")
    expect(table.locator("[data-testid=st-team]:not(.winner)").get_by_test_id("st-team-total")).to_have_text("6")
    expected = {a1: 5, a2: 4, a3: 2, b1: 4, b2: 1, b3: 1}
    for name, points in expected.items():
        expect(table.get_by_test_id("totals").locator("tr[data-player]", has_text=name)).to_contain_text(str(points))
    reasons = table.get_by_test_id("round-points")
    expect(reasons.locator("[data-testid=point]", has_text="2 teammates pointed at them")).to_have_count(2)  # a1, a3
    expect(reasons.locator("[data-testid=point]", has_text="named another team's location")).to_have_count(3)
    expect(dina.get_by_test_id("round-points")).to_contain_text("угадана локация противников")
    shot(pages, table, "teams-table-tally")
    shot(pages, ann, "teams-phone-tally")

    ann.get_by_test_id("st-next-step").click()
    for page in (table, ann, dina):
        expect(page.get_by_test_id("st-result")).to_be_visible()
    expect(ann.get_by_test_id("st-result-winners")).to_contain_text(loc[home_id]["names"]["en"])
    expect(dina.get_by_test_id("st-result-winners")).to_contain_text(loc[home_id]["names"]["ru"])
    expect(phones["Boris"].get_by_test_id("st-waiting-host")).to_be_visible()
    shot(pages, dina, "teams-result-ru")
    ann.get_by_test_id("st-next").click()
    for page in (table, ann):
        expect(page.get_by_test_id("winners")).to_contain_text(a1)


# -- the eight-locations sticker mode (Spyfall) -------------------------------------------------------------------


def propose(page, name: str) -> None:
    page.get_by_test_id("sf-board-name").last.fill(name)
    page.get_by_test_id("sf-board-propose").last.click()


def test_spyfall_sticker_mode_board_and_replacement(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    chen = join_by_link(pages, code, "Chen", **NARROW)
    dina = join_by_link(pages, code, "Dina", **NARROW)
    dina.get_by_test_id("lang-ru").click()
    table = pages.page(f"/l/{code}/table", **TV)
    phones = {"Ann": ann, "Boris": boris, "Chen": chen, "Dina": dina}

    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("variant-eight_locations").check()
    field = ann.get_by_test_id("option-rounds")
    field.fill("2")
    field.press("Tab")
    board = {name: page.get_by_test_id("sf-setup-board") for name, page in phones.items()}
    for name in phones:
        expect(board[name].locator("[data-testid=sf-sticker][data-empty]")).to_have_count(8)
    expect(table.get_by_test_id("sf-setup-board")).to_be_visible()
    expect(table.get_by_test_id("sf-board-name")).to_have_count(0)  # the table only shows
    # the packs do not apply when the board deals: the summary leaves them out
    expect(boris.get_by_test_id("setup-summary")).to_contain_text("Rounds")
    expect(boris.get_by_test_id("setup-summary")).not_to_contain_text("Spyfall 2 (20 locations)")

    # The group proposes eight names, in any language; a repeat is refused.
    written = {
        "Ann": ["Баня", "Kitchen"],
        "Boris": ["Дача", "Ice rink"],
        "Chen": ["Электричка", "School"],
        "Dina": ["Рынок", "Бассейн"],
    }
    for name, page in phones.items():
        for sticker in written[name]:
            propose(page, sticker)
            # the host's own name goes straight onto a sticker; anyone else's waits for the host
            placed = "sf-sticker" if name == "Ann" else "sf-proposal"
            expect(board[name].locator(f"[data-testid={placed}]", has_text=sticker)).to_have_count(1)
    propose(chen, "баня")
    expect(chen.get_by_test_id("toast")).to_contain_text("“баня” is already on the board or proposed.")
    expect(board["Ann"].get_by_test_id("sf-proposal")).to_have_count(6)
    expect(board["Boris"].get_by_test_id("sf-board-confirm")).to_have_count(0)  # the host decides
    shot(pages, boris, "board-proposals")
    for _ in range(6):
        board["Ann"].get_by_test_id("sf-board-confirm").first.click()
    expect(board["Ann"].get_by_test_id("sf-board-missing")).to_have_text("The board is full: ready to start.")
    # The host peels a sticker off (two taps); the match cannot start until it is replaced.
    kitchen = board["Ann"].locator("[data-testid=sf-sticker]", has_text="Kitchen")
    kitchen.get_by_test_id("sf-board-peel").click()
    expect(kitchen.get_by_test_id("sf-board-peel")).to_have_text("Tap again to peel off")
    kitchen.get_by_test_id("sf-board-peel").click()
    expect(board["Ann"].locator("[data-testid=sf-sticker]", has_text="Kitchen")).to_have_count(0)
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("toast").last).to_contain_text("The board needs 1 more location first.")
    expect(board["Dina"].get_by_test_id("sf-board-missing")).to_have_text(
        "Чтобы начать партию, придумайте ещё 1 локацию."
    )
    propose(dina, "Кухня")
    board["Ann"].get_by_test_id("sf-board-confirm").click()
    expect(board["Dina"].locator("[data-testid=sf-sticker]:not([data-empty])")).to_have_count(8)
    expect(table.get_by_test_id("sf-setup-board").locator("[data-testid=sf-sticker]:not([data-empty])")).to_have_count(
        8
    )
    shot(pages, ann, "board-lobby-host")
    shot(pages, dina, "board-lobby-ru")
    shot(pages, table, "board-lobby-table")

    ann.get_by_test_id("start").click()
    spy, location = None, None
    for name, page in phones.items():
        with card_held(page) as face:
            if face.get_by_test_id("sf-card-spy").count():
                spy = name
            else:
                location = face.get_by_test_id("sf-card-location").inner_text().strip()
    assert spy and location, (spy, location)
    # The spy reveals and names the location: the round is over.
    spy_page = phones[spy]
    spy_page.get_by_test_id("sf-reveal").click()
    spy_page.locator("[data-testid=sf-pick]", has_text=re.compile(f"^{re.escape(location)}$")).click()
    spy_page.get_by_test_id("sf-reveal-confirm").click()
    for page in (*phones.values(), table):
        expect(page.get_by_test_id("match-phase")).to_have_text(re.compile("Round over|Раунд окончен"))

    # The played sticker is thrown away: the board needs a new name before the next round.
    game_board = {name: page.get_by_test_id("game-screen").get_by_test_id("sf-board") for name, page in phones.items()}
    expect(game_board["Ann"].locator("[data-testid=sf-sticker][data-empty]")).to_have_count(1)
    expect(game_board["Ann"].locator("[data-testid=sf-sticker]", has_text=location)).to_have_count(0)
    expect(game_board["Ann"].get_by_test_id("sf-board-retired")).to_contain_text(location)
    missing = "1 sticker missing: the next round waits for a full board."
    who_fills = "Anyone proposes a location on their phone; the host puts it on the board."
    expect(game_board["Ann"].get_by_test_id("sf-board-missing")).to_have_text(missing)
    table_board = table.get_by_test_id("game-screen").get_by_test_id("sf-board")
    expect(table_board.get_by_test_id("sf-board-missing")).to_have_text(missing)
    expect(table_board.get_by_test_id("sf-board-who")).to_have_text(who_fills)
    expect(table.get_by_test_id("feed")).to_contain_text("The played sticker is thrown away")
    # One thing said of the next round: the host's button waits for the board, and says why; the others are
    # told the same, not "waiting for the host".
    expect(ann.get_by_test_id("sf-next")).to_be_disabled()
    expect(ann.get_by_test_id("sf-next-held")).to_contain_text("The board needs 1 more location first")
    expect(boris.get_by_test_id("sf-waiting-host")).to_have_text(
        "The next round waits for the board: 1 more location. Propose one below."
    )
    expect(ann.get_by_test_id("match-phase")).to_have_text("Round over")
    shot(pages, ann, "board-round-over")
    shot(pages, table, "board-round-over-table")

    # The break's clock runs out with the board short (the host's "Move on" runs it out now), twice: the match
    # waits for the board, it does not end; every screen says what is missing and who fills it.
    for _ in range(2):
        ann.get_by_test_id("skip").click()
        ann.get_by_test_id("skip").click()
        for page in (ann, table):
            expect(page.get_by_test_id("match-phase")).to_have_text("Waiting for the board")
        expect(dina.get_by_test_id("match-phase")).to_have_text("Ждём доску")
    expect(table.get_by_test_id("winners")).to_have_count(0)
    expect(table_board.get_by_test_id("sf-board-missing")).to_have_text(missing)
    expect(table_board.get_by_test_id("sf-board-who")).to_have_text(who_fills)
    expect(game_board["Ann"].get_by_test_id("sf-board-missing")).to_have_text(missing)
    expect(ann.get_by_test_id("sf-next")).to_be_disabled()
    expect(table.get_by_test_id("sf-winner")).to_be_visible()  # the round's result stays on while it waits
    shot(pages, ann, "board-waiting")
    shot(pages, table, "board-waiting-table")

    propose(boris, "Library")
    game_board["Ann"].locator("[data-testid=sf-proposal]", has_text="Library").get_by_test_id(
        "sf-board-confirm"
    ).click()
    expect(game_board["Boris"].locator("[data-testid=sf-sticker][data-empty]")).to_have_count(0)
    expect(game_board["Dina"].get_by_test_id("sf-board-missing")).to_have_text(
        "Доска заполнена: можно начинать следующий раунд."
    )
    shot(pages, dina, "board-replaced-ru")
    ann.get_by_test_id("sf-next").click()
    for page in (ann, table):
        expect(page.get_by_test_id("match-round")).to_have_text("Round 2")
        expect(page.get_by_test_id("match-phase")).to_have_text("Questions")
    expect(table.get_by_test_id("sf-locations").locator("li", has_text="Library")).to_have_count(1)


# -- strings ----------------------------------------------------------------------------------------------------------


def load(folder: Path, lang: str) -> dict:
    return json.loads((folder / "strings" / f"{lang}.json").read_text(encoding="utf-8"))


def test_team_spyfall_strings_in_both_languages():
    """Every key Team Spyfall emits or its screen uses exists in English and Russian, with the same placeholders."""
    # Both languages alike: tests/browser/test_browser_strings.py.
    en = load(CLIENT, "en")
    rules = (ROOT / "plugins" / "spyfall_teams" / "rules.py").read_text(encoding="utf-8")
    rules += (ROOT / "plugins" / "spyfall_teams" / "compositions.py").read_text(encoding="utf-8")
    emitted = set(re.findall(r"\"(spyfall_teams\.(?:reason|option)\.[a-z_]+)\"", rules))
    emitted |= {f"error.{code}" for code in re.findall(r"ActionError\(\s*\"(spyfall_teams\.[a-z_]+)\"", rules)}
    phases = ("play", "pick_locations", "pick_allies", "reveal", "round_over", "board_wait")
    emitted |= {f"spyfall_teams.phase.{p}" for p in phases}
    emitted |= {f"spyfall_teams.timer.{timer}" for timer in ("round", "picks", "show", "break", "board")}
    emitted |= {"spyfall_teams.result.ranked_by", "spyfall_teams.result.rounds_won"}
    emitted |= {f"spyfall_teams.option.composition.{choice}" for choice in ("table", "table_alt", "custom")}
    assert len(emitted) > 25
    screen = "".join(
        path.read_text(encoding="utf-8") for path in [CLIENT / "screen.js", *(CLIENT / "parts").glob("*.js")]
    )
    used = set(re.findall(r"\"(spyfall_teams\.screen\.[a-z_]+)\"", screen))
    kinds = set(re.findall(r"\"kind\": \"(\w+)\"", rules))  # the show's steps, each with a title
    assert len(kinds) == 11, kinds
    used |= {f"spyfall_teams.screen.step_{kind}" for kind in kinds}
    missing = (emitted | used) - set(en)
    assert not missing, sorted(missing)
    assert not [key for key in en if key.startswith("spyfall_teams.screen.") and key not in used], "unused strings"
    # What Team Spyfall borrows from Spyfall (the catalogues of all plugins are merged): in Spyfall's strings.
    spyfall = ROOT / "plugins" / "spyfall"
    borrowed = rules + "".join((spyfall / f).read_text(encoding="utf-8") for f in ("board.py", "packs.py"))
    shared = set(re.findall(r"\"(spyfall\.(?:option|event)\.[a-z_]+)\"", borrowed))
    shared |= {f"error.{code}" for code in re.findall(r"ActionError\(\s*\"(spyfall\.[a-z_]+)\"", borrowed)}
    shared |= set(re.findall(r"\"(spyfall\.[a-z_]+\.[a-z_]+)\"", screen))
    kit_js = "".join(path.read_text(encoding="utf-8") for path in (spyfall / "client" / "kit").glob("*.js"))
    shared |= set(re.findall(r"\"(spyfall\.kit\.[a-z_]+)\"", kit_js))
    assert {"spyfall.option.packs", "error.spyfall.board_incomplete", "spyfall.kit.card_hold"} <= shared
    kit = {lang: load(spyfall / "client", lang) for lang in ("en", "ru")}
    for lang in ("en", "ru"):
        assert shared <= set(kit[lang]), (lang, sorted(shared - set(kit[lang])))
        assert not [key for key in kit[lang] if key.startswith("spyfall.kit.") and key not in shared], (
            "unused kit strings"
        )
        page = (CLIENT / "rules" / f"{lang}.html").read_text(encoding="utf-8")
        assert "<script" not in page and "style=" not in page
        assert "2×3" in page or "2 × 3" in page
