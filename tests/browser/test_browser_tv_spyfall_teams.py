"""Team Spyfall on a TV: the table screen fits 1920x1080 and 1280x720 without scrolling in every phase.

Five phones play one round (two teams of two and a spy): the questions, the secret location picks, the
secret ally picks, every step of the show (the picks, the teams, each team's hands and locations, the spy's,
the tally), the round's result and the match's results. Two table pages watch, one at each TV size (the
smaller one in Russian); in each phase and each step of the show both must fit (``assert_fits``) with the
current moment on screen, and each is screenshot on both and on a 390x844 phone (with --shots:
screenshots folder, tv-teams-*).
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, TV_SIZES, assert_fits, create_lobby, join_by_link, settle, wait_for

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil"]
STEPS = 15  # picks, teams, 4 for each of the two teams, 4 for the spy, the tally


def set_option(page, name: str, value: str) -> None:
    field = page.get_by_test_id(f"option-{name}")
    field.fill(value)
    field.press("Tab")


def phase_of(page, phase: str) -> None:
    expect(page.locator(".sf-shell.st")).to_have_attribute("data-phase", phase)


def test_every_phase_and_every_step_of_the_show_fit_both_tv_sizes(pages):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    phones = {"Ann": ann}
    for name in NAMES[1:]:
        phones[name] = join_by_link(pages, code, name, **PHONE)
    ann.get_by_test_id("game-select").select_option("spyfall_teams")
    for option, value in [("rounds", "1"), ("show_seconds", "0")]:
        set_option(ann, option, value)
    expect(phones["Boris"].get_by_test_id("setup-summary")).to_contain_text("Seconds per step of the reveal")
    ann.get_by_test_id("start").click()
    phone = phones["Boris"]
    tables = {size: pages.page(f"/l/{code}/table", viewport=TV_SIZES[size]) for size in TV_SIZES}
    tables["tv720"].get_by_test_id("lang-ru").click()  # the smaller TV in Russian: its longer words fit too

    def check(phase: str, moment: str, testid: str) -> None:
        """Both tables in ``phase`` show ``testid`` (the current moment) and fit; with --shots, screenshots of them
        and a phone."""
        for size, table in tables.items():
            if phase != "over":  # the match's results: the shell's scene
                phase_of(table, phase)
            expect(table.get_by_test_id(testid).first).to_be_visible()
            settle(table)  # its style sheets loaded (a TV opened under load may not have them yet), its entrances over
            pages.shot(table, f"tv-teams-{moment}-{size}")
            assert_fits(table, f"the {size} table in {moment}")
        if phase != "over":
            phase_of(phone, phase)
        pages.shot(phone, f"tv-teams-{moment}-phone")

    check("play", "questions", "sf-asker")
    expect(tables["tv"].get_by_test_id("st-composition")).to_have_text("2 teams of 2 + 1 spy")
    ann.get_by_test_id("sf-asked").filter(has_text="Boris").click()
    expect(tables["tv"].get_by_test_id("sf-asker")).to_have_text("Boris asks now")
    ann.get_by_test_id("st-end-round").click()
    ann.get_by_test_id("st-end-round").click()

    # The secret picks: every phone names two locations, then points at allies (or no one).
    check("pick_locations", "pick-locations", "st-location-progress")
    for page in phones.values():
        page.get_by_test_id("sf-pick").nth(0).click()
        page.get_by_test_id("sf-pick").nth(1).click()
        page.get_by_test_id("st-name-location").click()
    check("pick_allies", "pick-allies", "st-ally-progress")
    for name, page in phones.items():
        point = page.get_by_test_id("st-point")
        if name == "Chen":
            page.get_by_test_id("st-ally-none").click()
        else:
            for ally in page.get_by_test_id("st-ally").all():
                if point.is_enabled():
                    break
                ally.click()
        expect(point).to_be_enabled()
        point.click()

    # The show, one step at a time: the host steps it; the newest step is the moment.
    for step in range(1, STEPS + 1):
        expect(tables["tv"].get_by_test_id("st-step")).to_have_count(step)
        kind = tables["tv"].locator("[data-testid=st-step].newest").get_attribute("data-kind")
        check("reveal", f"show-{step:02d}-{kind}", "st-step")
        ann.get_by_test_id("st-next-step").click()
    check("round_over", "result", "st-result")
    ann.get_by_test_id("st-next").click()
    for table in tables.values():
        expect(table.get_by_test_id("winners")).to_be_visible()
    check("over", "results", "winners")


def test_a_tv_whose_style_sheets_come_late_shows_the_screen_only_once_styled(pages):
    """A slow TV: the Spyfall kit's table styles (imported by Spyfall's screen.css, which Team Spyfall's screen
    asks for as it renders) are held back. Meanwhile the table shows no unstyled screen (it would be a page-long
    list); a sheet that does not come shows the game after some seconds anyway (screens.js: STYLES_WAIT_MS), and
    once they come, the screen fits."""
    ann, code = create_lobby(pages, "Ann", **PHONE)
    for name in NAMES[1:]:
        join_by_link(pages, code, name, **PHONE)
    ann.get_by_test_id("game-select").select_option("spyfall_teams")
    ann.get_by_test_id("start").click()
    expect(ann.locator(".sf-shell")).to_be_visible()
    held = []
    context = pages.context(viewport=TV_SIZES["tv720"])
    context.route("**/plugins/spyfall/css/table.css", lambda route: held.append(route))
    table = pages.page(f"/l/{code}/table", context=context)
    wait_for(table, lambda: held, "the table's screen asking for the kit's table styles (it has rendered)")
    assert len(held) == 1
    expect(table.locator(".sf-shell")).to_be_attached()
    expect(table.locator(".sf-shell")).to_be_hidden()
    assert table.evaluate("document.scrollingElement.scrollHeight") <= TV_SIZES["tv720"]["height"]
    # A sheet that never comes (a request that hangs) hides the game for some seconds only.
    expect(table.locator(".sf-shell")).to_be_visible()
    held[0].continue_()
    settle(table)
    assert_fits(table, "the table once its styles came")
