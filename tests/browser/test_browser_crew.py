"""A crew's screens in Chromium: a crew of twelve long names with four nights behind it (tests/crew_nights.py) served
by a real server; phones hold members' seats, two TVs (1080p in English, 720p in Russian) watch the table.

The phones vote for the hall of fame and see the night's new record on the recap; the host opens a new night and
the TVs open on "previously on"; the crew, nights and fame scenes fit both TVs; a past night opened on a phone
shows its winners; a member downloads their history, another claims their past self on a new phone (the host says
no to an ask, the member's crew code says yes), a third deletes their history and their name leaves the TV; a
lobby's host keeps it as a crew."""

from __future__ import annotations

import csv
import io
import json
from functools import partial
from pathlib import Path

import pytest
from crew_nights import crew_of_nights
from playwright.sync_api import expect
from server import running_server

from .axe_audit import SMALL_TARGETS, TOUCH_PX, assert_accessible
from .conftest import Browsers
from .full_table import at_rest, check_tables, laid_out, set_larger_text
from .helpers_browser import (
    PHONE_SIZE,
    SMALL_PHONE,
    TV_SIZES,
    assert_no_sideways_scroll,
    create_lobby,
)

NAMES = [
    "Maximilian Josephine",
    "Александра-Марианна",
    "Konstantin Bartholom",
    "Екатерина Вторая-Вел",
    "Bartholomew Annabell",
    "Gwendolyn Fitzgerald",
    "Hieronymus Bosch-Van",
    "Isadora Duncan-Smith",
    "Jonathan Livingstone",
    "Kassandra Papadopolu",
    "Leopoldina Habsburga",
    "Nikolai Rimsky-Korsa",
]
NIGHTS = 4


@pytest.fixture(scope="module")
def crew(tmp_path_factory):
    """The crew's server: its URL, the lobby's code, each name's member id and seat token, and the view the
    engine ended on (the last night closed, its hall-of-fame vote open)."""
    path = tmp_path_factory.mktemp("crew") / "crew.sqlite"
    party = crew_of_nights(str(path), NAMES, NIGHTS)
    found = {"code": party.code, "ids": dict(party.ids), "tokens": dict(party.tokens), "view": party.view(NAMES[0])}
    party.engine.store.close()
    with running_server(path) as url:
        yield {"url": url, **found}


@pytest.fixture
def screens(browser, crew, shots, take_shots):
    opened = Browsers(browser, crew["url"], shots, take_shots)
    yield opened
    opened.close()
    assert not opened.problems, "\n".join(opened.problems)


def phone(screens, crew, name: str, **options):
    """A phone holding ``name``'s seat (its token where the page keeps it)."""
    context = screens.context(**{"viewport": PHONE_SIZE, **options})
    seat = json.dumps({"token": crew["tokens"][name], "player": crew["ids"][name], "saved": 1})
    context.add_init_script(f"localStorage.setItem({json.dumps('gamenight.seat.' + crew['code'])}, {json.dumps(seat)})")
    page = screens.page(f"/l/{crew['code']}", context=context)
    expect(page.get_by_test_id("room")).to_be_visible()
    return page


def crew_of(page) -> dict:
    """The members in the order the crew's standings show them."""
    return page.get_by_test_id("crew-standing").evaluate_all("(rows) => rows.map((row) => row.dataset.member)")


def open_part(page, part: str) -> None:
    details = page.get_by_test_id(f"crew-part-{part}")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    expect(details).to_have_attribute("open", "")


# The first line's replay, seeked to its start, its middle and its end (whenever the test looks, the replay may
# have run already): how much of the line is still to draw at each.
REPLAY_SEEKED = """(path) => {
    const [replay] = path.getAnimations();
    if (!replay) return [];
    const { delay, duration } = replay.effect.getComputedTiming();
    const left = [0, 0.5, 1].map((part) => {
        replay.currentTime = delay + duration * part;
        return parseFloat(getComputedStyle(path).strokeDashoffset);
    });
    replay.finish();
    return left;
}"""


def replay_seeked(page) -> list[float]:
    return page.locator("[data-testid=scene-crew] .nr-replay").first.evaluate(REPLAY_SEEKED)


def test_a_crew_on_phones_and_tvs(screens, crew):
    code, ids, view = crew["code"], crew["ids"], crew["view"]
    names = {pid: name for name, pid in ids.items()}
    host = phone(screens, crew, NAMES[0])
    voter = phone(screens, crew, NAMES[1])
    other = phone(screens, crew, NAMES[2])
    tables = {size: screens.page(f"/l/{code}/table?rotate=0", viewport=TV_SIZES[size]) for size in TV_SIZES}
    tables["tv720"].get_by_test_id("lang-ru").click()

    # The closed night: its new record against the one it beat, on the phones and the TV's recap
    record = view["lobby"]["crew"]["night_records"][0]
    line = voter.get_by_test_id("crew-new-record")
    expect(line).to_contain_text("0:40")
    expect(line).to_contain_text(names[record["member"]])
    expect(line).to_contain_text("1:35")
    for table in tables.values():
        expect(table.get_by_test_id("crew-new-record")).to_contain_text("0:40")
    for size, table in tables.items():  # (the recap's own standings cut long names: its design, not checked here)
        at_rest(table, partial(laid_out, whole_text=False), f"the {size} recap with the night's records")
        assert_accessible(table, f"the {size} recap with the night's records")

    # The hall of fame's vote from two phones: each phone's choice is marked on it
    for page, pick in ((voter, 1), (other, 2)):
        candidates = page.get_by_test_id("crew-vote-drawing").get_by_test_id("crew-vote-for")
        expect(candidates).to_have_count(len(view["lobby"]["crew"]["fame_vote"]["candidates"]))
        candidates.nth(pick).click()
        expect(candidates.nth(pick)).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_test_id("crew-vote-drawing").locator("[aria-pressed=true]")).to_have_count(1)
    assert_accessible(voter, "the recap's hall-of-fame vote")

    # The host opens a new night: the TVs open on "previously on" with last night's winners
    last = view["lobby"]["crew"]["nights"][-1]
    winners = [names[row["member"]] for row in last["standings"] if row["place"] == 1]
    host.get_by_test_id("new-night").click()
    host.get_by_test_id("new-night").click()
    for table in tables.values():
        expect(table.get_by_test_id("crew-opener")).to_be_visible()
        for winner in winners:
            expect(table.get_by_test_id("crew-opener-winners")).to_contain_text(winner)
    check_tables(screens, tables, "crew-opener")

    # The crew scene: the standings in the view's order, on both TVs
    for table in tables.values():
        table.get_by_test_id("scene-tab-crew").click()
        expect(table.get_by_test_id("crew-board")).to_be_visible()
    standings = [row["member"] for row in view["lobby"]["crew"]["standings"]]
    assert crew_of(tables["tv"]) == standings
    assert crew_of(tables["tv720"]) == standings
    check_tables(screens, tables, "crew-board")

    # The past nights on the TVs (the latest open), and the hall of fame replaying a drawing line by line
    for table in tables.values():
        table.get_by_test_id("scene-tab-nights").click()
        expect(table.get_by_test_id("crew-night")).to_have_attribute("data-night", str(NIGHTS))
    check_tables(screens, tables, "crew-nights")
    tv = tables["tv"]
    tv.get_by_test_id("scene-tab-crew").click()
    tv.get_by_test_id("scene-tab-nights").click()  # the scene comes round again: the night before opens
    expect(tv.get_by_test_id("crew-night")).to_have_attribute("data-night", str(NIGHTS - 1))
    for table in tables.values():
        table.get_by_test_id("scene-tab-fame").click()
        expect(table.get_by_test_id("crew-fame-tv")).to_be_visible()
    expect(tv.locator("[data-testid=scene-crew] .nr-replay").first).to_be_visible()
    left = replay_seeked(tv)
    assert len(left) == 3 and left[0] > left[1] > left[2] == 0, f"the drawing's line is drawn as it replays: {left}"
    check_tables(screens, tables, "crew-fame")

    # A past night opened on a phone shows that night's winners
    open_part(voter, "nights")
    night = view["lobby"]["crew"]["nights"][1]
    voter.locator(f"[data-testid=crew-night-pick][data-night='{night['n']}']").click()
    opened = voter.get_by_test_id("crew-night")
    expect(opened).to_have_attribute("data-night", str(night["n"]))
    for match, shown in zip(night["matches"], opened.get_by_test_id("crew-night-winners").all(), strict=True):
        for winner in match["winners"]:
            expect(shown).to_contain_text(names[winner])

    screens.shot(voter, "crew-phone")

    # A member's own history, downloaded as JSON and as CSV
    with voter.expect_download() as got:
        voter.get_by_test_id("crew-download-me-json").click()
    assert NAMES[1] in json.dumps(json.loads(Path(got.value.path()).read_text(encoding="utf-8")), ensure_ascii=False)
    with voter.expect_download() as got:
        voter.get_by_test_id("crew-download-me-csv").click()
    rows = list(csv.reader(io.StringIO(Path(got.value.path()).read_text(encoding="utf-8"))))
    assert len(rows) > 1 and any(NAMES[1] in cell for row in rows for cell in row)

    # A member claims their past self on a new phone with their crew code, shown on their old phone
    standing = [names[row["member"]] for row in view["lobby"]["crew"]["standings"]]
    leaver = next(name for name in reversed(standing) if name not in NAMES[:3])
    old = phone(screens, crew, leaver)
    old.get_by_test_id("crew-show-code").click()
    own_code = old.get_by_test_id("crew-code").inner_text()
    old.get_by_test_id("leave").click()
    old.get_by_test_id("leave").click()
    expect(host.get_by_test_id("seat")).to_have_count(len(NAMES) - 1)
    new = screens.page(f"/l/{code}", viewport=PHONE_SIZE)
    new.get_by_test_id("join-name").fill("New phone")
    new.get_by_test_id("join-submit").click()
    new.get_by_test_id("crew-claim-open").click()
    new.locator(f"[data-testid=crew-claim-member][value='{ids[leaver]}']").check()
    new.get_by_test_id("crew-claim-ask-host").click()
    claim = host.get_by_test_id("crew-claim")
    expect(claim).to_contain_text(f"New phone says they are {leaver}")
    expect(new.get_by_test_id("crew-claim-waiting")).to_contain_text(leaver)
    claim.get_by_test_id("crew-claim-no").click()
    expect(claim).to_have_count(0)
    expect(new.get_by_test_id("crew-claim-waiting")).to_have_count(0)
    new.locator(f"[data-testid=crew-claim-member][value='{ids[leaver]}']").check()
    new.get_by_test_id("crew-claim-code").fill(own_code.lower())
    new.get_by_test_id("crew-claim-with-code").click()
    expect(new.locator("[data-testid=crew-standing].me")).to_have_attribute("data-member", ids[leaver])

    # A phone in Russian, 360x640 with larger text: the crew section is whole, named and touchable
    other.get_by_test_id("lang-ru").click()
    other.set_viewport_size(SMALL_PHONE)
    set_larger_text(other, True)
    for part in ("games", "records", "nights", "fame"):
        open_part(other, part)
    expect(other.get_by_test_id("crew")).to_contain_text("Наша компания")
    screens.shot(other, "crew-phone-small-ru")
    assert_no_sideways_scroll(other, "the crew section on a small phone with larger text")
    small = other.evaluate(
        SMALL_TARGETS.replace(
            "document.querySelectorAll(controls)", "document.getElementById('crew').querySelectorAll(controls)"
        ),
        TOUCH_PX,
    )
    assert not small, f"the crew section's controls smaller than {TOUCH_PX}x{TOUCH_PX}: {small}"
    assert_accessible(other, "the crew section on a small phone with larger text")

    assert_accessible(host, "the host's crew tools")

    # A member deletes their history: they leave, and their name leaves the TV
    gone = NAMES[2]
    other.get_by_test_id("crew-forget-me").click()
    other.get_by_test_id("crew-forget-me").click()
    tv.get_by_test_id("scene-tab-crew").click()
    expect(tv.get_by_test_id("crew-board")).to_be_visible()
    expect(tv.get_by_test_id("scene-crew")).not_to_contain_text(gone)

    # A lobby that is not a crew: its host keeps it as one
    fresh, _ = create_lobby(screens, "Ann")
    keep = fresh.get_by_test_id("crew-keep-card")
    expect(keep).to_contain_text("Each member can download their data or delete it")
    keep.get_by_test_id("keep-crew").click()
    expect(fresh.get_by_test_id("crew-summary")).to_contain_text("0 nights kept")
    expect(fresh.get_by_test_id("crew-kept-until")).to_be_visible()
