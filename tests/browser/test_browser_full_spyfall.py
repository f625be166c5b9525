"""Spyfall 2 with its largest table (12 seats, long names): the phone's thing to do is on its first screen, and
the TV holds everything, readable from the sofa. Screenshots (with --shots): phone-first-spyfall-*,
tv-full-spyfall-*.

Ann's phone is a browser and hosts; eleven guests play over the wire. A spy's phone is a browser opened on that
guest's seat when the test needs one."""

from __future__ import annotations

from playwright.sync_api import expect

from .full_spyfall_steps import a_location, phase, seat_page, spies_among, vote_all
from .full_table import check_tables, every_way_of_looking, guests, open_tables, set_options
from .helpers_browser import PHONE_SIZE, create_lobby

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
OPTIONS = {"rounds": "2", "round_minutes": "10", "vote_seconds": "600"}
# What players read from the sofa in each moment (at least 28 px at 1080p).
PEOPLE = "[data-testid=sf-asker], [data-testid=sf-players]"
VOTE = "[data-testid=sf-vote-subject], [data-testid=sf-vote-progress], [data-testid=sf-voters]"
RESULT = "[data-testid=sf-winner], [data-testid=sf-how], [data-testid=sf-facts], [data-testid=sf-guesses]"


def start(pages, disconnect, tables: bool = False):
    ann, code = create_lobby(pages, "Ann", **PHONE)
    others = guests(pages.server, code, 11)
    disconnect.extend(others)
    expect(ann.get_by_test_id("seat")).to_have_count(12)
    return ann, code, others


def vote_on_phone(page, choice: str) -> None:
    page.get_by_test_id(f"sf-vote-{choice}").click()
    expect(page.get_by_test_id(f"sf-vote-{choice}")).to_have_attribute("aria-pressed", "true")


def clock_out(ann) -> None:
    """The host moves the round's clock on (a tap, and a second to confirm): the clock-out vote."""
    ann.get_by_test_id("skip").click()
    ann.get_by_test_id("skip").click()


def accuse_and_take_it_back(pages, page, asking: bool) -> None:
    """The accusation is a mode of its own: opened, it is the only grid of names on the phone (whom one asked
    steps aside, so a tap meant for one never lands in the other); the confirm for the last name of twelve is
    on the first screen; cancelled, the phone is as it was."""
    page.get_by_test_id("sf-accuse").click()
    expect(page.get_by_test_id("sf-accuse-panel")).to_be_visible()
    expect(page.get_by_test_id("sf-ask-targets")).to_have_count(0)
    page.get_by_test_id("sf-accuse-target").last.click()
    every_way_of_looking(pages, page, "spyfall-accuse-confirm", "sf-accuse-confirm")
    page.get_by_test_id("sf-accuse-cancel").click()
    expect(page.get_by_test_id("sf-accuse-panel")).to_have_count(0)
    expect(page.get_by_test_id("sf-ask-targets")).to_have_count(1 if asking else 0)


def test_spyfall_with_twelve_the_thing_to_do_is_on_the_first_screen(pages, disconnect):
    ann, code, others = start(pages, disconnect)
    ann.get_by_test_id("game-select").select_option("spyfall")
    set_options(ann, OPTIONS)
    ann.get_by_test_id("start").click()
    expect(ann.get_by_test_id("sf-card")).to_be_visible()
    expect(ann.get_by_test_id("sf-asker")).to_be_visible()
    if ann.get_by_test_id("sf-ask-targets").count():  # Ann asks first: whom she asked is her thing to do
        every_way_of_looking(pages, ann, "spyfall-asking", "sf-asked")
        accuse_and_take_it_back(pages, ann, asking=True)
        ann.get_by_test_id("sf-asked").first.click()
    expect(ann.get_by_test_id("sf-ask-targets")).to_have_count(0)
    every_way_of_looking(pages, ann, "spyfall-questions", "sf-accuse")  # anyone may accuse, any time
    accuse_and_take_it_back(pages, ann, asking=False)

    # One guest accuses another: Ann must vote now.
    accuser, accused = others[0], others[1]
    phase(accuser, "play")
    accuser.act("accuse", player=accused.player)
    expect(ann.get_by_test_id("sf-vote-yes")).to_be_visible()
    every_way_of_looking(pages, ann, "spyfall-accusation", "sf-vote-yes")
    vote_on_phone(ann, "no")
    vote_all(others, "accusation", "no")
    expect(ann.get_by_test_id("sf-accusation-failed")).to_be_visible()

    # The clock runs out: the candidates one at a time, the dealer (Ann) first; then Ann votes on the next.
    clock_out(ann)
    final = phase(others[0], "final_vote")["match"]["game_view"]["final_candidate"]
    vote_all(others, f"final:{final}", "no")
    following = others[0].wait(
        lambda s: (s["match"]["game_view"] or {}).get("final_candidate") not in (None, final), "the next candidate"
    )["match"]["game_view"]["final_candidate"]
    expect(ann.get_by_test_id("sf-vote-yes")).to_be_visible()
    every_way_of_looking(pages, ann, "spyfall-final-vote", "sf-vote-yes")
    vote_on_phone(ann, "yes")
    vote_all(others, f"final:{following}", "yes")
    expect(ann.get_by_test_id("sf-winner")).to_be_visible()
    every_way_of_looking(pages, ann, "spyfall-next", "sf-next")  # the host's next round

    # Round 2: a spy reveals and names the location (on the spy's own phone); the other spy must name one too.
    ann.get_by_test_id("sf-next").click()
    phase(others[0], "play")
    spies = spies_among(others, 2)
    first = spies[0]
    spy = seat_page(pages, code, first, **PHONE)
    spy.get_by_test_id("sf-reveal").click()
    expect(spy.get_by_test_id("sf-pick").first).to_be_visible()
    every_way_of_looking(pages, spy, "spyfall-spy-reveal", "sf-pick")
    spy.get_by_test_id("sf-pick").last.click()  # the last of twenty: the confirm still comes into view
    every_way_of_looking(pages, spy, "spyfall-spy-reveal-confirm", "sf-reveal-confirm")
    spy.get_by_test_id("sf-reveal-confirm").click()
    other = spies[1] if len(spies) > 1 else None
    second = seat_page(pages, code, other, **PHONE) if other else ann
    expect(second.get_by_test_id("sf-reveal-confirm").or_(second.get_by_test_id("sf-pick").first)).to_be_visible()
    every_way_of_looking(pages, second, "spyfall-spy-guess", "sf-pick")
    second.get_by_test_id("sf-pick").last.click()
    every_way_of_looking(pages, second, "spyfall-spy-guess-confirm", "sf-reveal-confirm")
    second.get_by_test_id("sf-reveal-confirm").click()
    expect(ann.get_by_test_id("sf-winner")).to_be_visible()


def assert_list_fills_its_panel(table) -> None:
    """The location list uses the panel it is given: its rows reach down most of the panel's height."""
    used = table.evaluate(
        """() => {
            const panel = document.querySelector("[data-testid=sf-aside]").getBoundingClientRect();
            const rows = [...document.querySelectorAll("[data-testid=sf-locations] [data-testid=sf-location]")];
            const bottom = Math.max(...rows.map((row) => row.getBoundingClientRect().bottom));
            return (bottom - panel.top) / panel.height;
        }"""
    )
    assert used > 0.8, f"the location list fills {used:.0%} of its panel"


def test_spyfall_with_twelve_long_names_fits_both_tvs(pages, disconnect):
    ann, code, others = start(pages, disconnect)
    tables = open_tables(pages, code, 12)
    check_tables(pages, tables, "spyfall-lobby")
    ann.get_by_test_id("game-select").select_option("spyfall")
    set_options(ann, OPTIONS)
    for table in tables.values():
        expect(table.get_by_test_id("setup-summary")).to_be_visible()
    check_tables(pages, tables, "spyfall-setup")

    ann.get_by_test_id("start").click()
    for table in tables.values():
        expect(table.get_by_test_id("sf-asker")).to_be_visible()
    check_tables(pages, tables, "spyfall-questions", sofa=PEOPLE + ", [data-testid=sf-locations]")
    assert_list_fills_its_panel(tables["tv"])

    accuser, accused = others[0], others[1]
    phase(accuser, "play")
    accuser.act("accuse", player=accused.player)
    for table in tables.values():
        expect(table.get_by_test_id("sf-vote-subject")).to_be_visible()
    check_tables(pages, tables, "spyfall-accusation", sofa=VOTE)
    vote_on_phone(ann, "no")
    vote_all(others, "accusation", "no")
    for table in tables.values():
        expect(table.get_by_test_id("sf-accusation-failed")).to_be_visible()
    check_tables(pages, tables, "spyfall-accusation-failed", sofa=PEOPLE + ", [data-testid=sf-accusation-failed]")

    # The clock-out vote: the dealer (Ann) first; everyone else says yes, and the round is over.
    clock_out(ann)
    for table in tables.values():
        expect(table.get_by_test_id("sf-vote-subject")).to_be_visible()
    check_tables(pages, tables, "spyfall-final-vote", sofa=VOTE)
    final = phase(others[0], "final_vote")["match"]["game_view"]["final_candidate"]
    vote_all(others, f"final:{final}", "yes")
    for table in tables.values():
        expect(table.get_by_test_id("sf-winner")).to_be_visible()
    check_tables(pages, tables, "spyfall-result", sofa=RESULT)

    # Round 2: a guest spy reveals; the other spy (a guest, or Ann) must name a location too.
    ann.get_by_test_id("sf-next").click()
    phase(others[0], "play")
    spies = spies_among(others, 2)
    spies[0].act("reveal", location=a_location(spies[0]))
    if len(spies) > 1:
        for table in tables.values():
            expect(table.get_by_test_id("sf-spy-reveal")).to_be_visible()
        check_tables(pages, tables, "spyfall-spy-guess", sofa="[data-testid=sf-spy-reveal]")
        spies[1].act("reveal", location=a_location(spies[1]))
    else:  # Ann is the other spy
        for table in tables.values():
            expect(table.get_by_test_id("sf-spy-reveal")).to_be_visible()
        check_tables(pages, tables, "spyfall-spy-guess", sofa="[data-testid=sf-spy-reveal]")
        ann.get_by_test_id("sf-pick").first.click()
        ann.get_by_test_id("sf-reveal-confirm").click()
    for table in tables.values():
        expect(table.get_by_test_id("sf-guesses")).to_be_visible()
    check_tables(pages, tables, "spyfall-result-reveal", sofa=RESULT)


def test_spyfall_with_twelve_the_match_over_fits_both_tvs(pages, disconnect):
    ann, code, others = start(pages, disconnect)
    tables = open_tables(pages, code, 12)
    ann.get_by_test_id("game-select").select_option("spyfall")
    set_options(ann, {**OPTIONS, "rounds": "1"})
    ann.get_by_test_id("start").click()
    spy = spies_among(others, 1)[0]
    accuser = next(player for player in others if player is not spy)
    accuser.act("accuse", player=spy.player)  # everyone says yes: a spy is caught, and ten players win
    vote_on_phone(ann, "yes")
    vote_all(others, "accusation", "yes")
    expect(ann.get_by_test_id("sf-next")).to_be_visible()
    ann.get_by_test_id("sf-next").click()
    for table in tables.values():
        expect(table.get_by_test_id("winners")).to_be_visible()
    check_tables(pages, tables, "spyfall-over", sofa="[data-testid=winners]")
