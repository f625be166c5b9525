"""The night survives its people: a kicked player, a player back as a watcher, a match ended early.

Spyfall: five phones, one player kicked mid-round; the round goes on without them, they are shown as
gone, a unanimous accusation passes with the votes of those left; the kicked player joins again, watches
the rest of the match under a banner, and plays the next one. I'm Not a Human: the host ends the match,
scored, after two rounds; the results and the night's scoreboard say it ended early.
Screenshots (with --shots) go to the run's screenshots folder, presence-*.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers_browser import assert_contained, card_held, create_lobby, join_by_link, seat

NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def shot(pages, page, name: str) -> None:
    pages.shot(page, f"presence-{name}", animations="disabled")


def is_spy(page) -> bool:
    with card_held(page) as face:
        return face.get_by_test_id("sf-card-spy").count() == 1


def confirm(page, testid: str) -> None:
    """A two-tap button of the shell: the first tap arms it, the second acts."""
    button = page.get_by_test_id(testid)
    label = button.inner_text()
    button.click()
    expect(button).not_to_have_text(label)
    button.click()


def test_spyfall_round_goes_on_after_a_kick_and_the_kicked_player_comes_back(pages):
    ann, code = create_lobby(pages, "Ann")
    phones = {"Ann": ann}
    for name in ["Boris", "Chen", "Dina", "Egor"]:
        phones[name] = join_by_link(pages, code, name, **NARROW)
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})

    ann.get_by_test_id("game-select").select_option("spyfall")
    for option, value in [("rounds", "1"), ("round_minutes", "10"), ("vote_seconds", "600")]:
        field = ann.get_by_test_id(f"option-{option}")
        field.fill(value)
        field.press("Tab")
    expect(phones["Boris"].get_by_test_id("setup-summary").locator("dd").first).to_have_text("1")
    ann.get_by_test_id("start").click()
    for page in phones.values():
        expect(page.get_by_test_id("sf-card")).to_be_visible()
    spies = [name for name, page in phones.items() if is_spy(page)]
    assert len(spies) == 1, spies
    spy = spies[0]
    agents = [name for name in phones if name != spy]
    gone = next(name for name in agents if name != "Ann")  # an agent: the round goes on without them
    stay = [name for name in phones if name != gone]
    accuser = next(name for name in agents if name != gone)

    # The host kicks them mid-round (two taps).
    kick = seat(ann, gone).get_by_test_id("seat-kick")
    kick.click()
    kick.click()
    kicked = phones.pop(gone)
    expect(kicked.get_by_test_id("removed")).to_be_visible()
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("seat")).to_have_count(4)
        chip = page.locator(".sf-player", has_text=gone)
        expect(chip).to_have_attribute("data-left", "true")
        expect(chip.get_by_test_id("sf-left")).to_be_visible()
        expect(page.get_by_test_id("totals").locator("tr", has_text=gone)).to_have_attribute("data-left", "true")
        expect(page.get_by_test_id("match-phase")).to_have_text("Questions")
    # The host can move a waiting phase on; nobody else sees the button.
    expect(ann.get_by_test_id("skip")).to_be_visible()
    expect(phones[accuser if accuser != "Ann" else spy].get_by_test_id("skip")).to_have_count(0)
    shot(pages, table, "spyfall-kicked-table")

    # Nobody can accuse the departed player: the choices are the three others still in.
    accusing = phones[accuser]
    accusing.get_by_test_id("sf-accuse").click()
    targets = accusing.get_by_test_id("sf-accuse-target")
    expect(targets).to_have_count(3)
    expect(targets.filter(has_text=gone)).to_have_count(0)
    targets.filter(has_text=spy).click()
    accusing.get_by_test_id("sf-accuse-confirm").click()

    # Three voters (all but the accused), not four: the unanimous yes of those left convicts the spy.
    expect(table.get_by_test_id("sf-vote-progress")).to_have_text("1 of 3 voted")
    expect(table.locator(".sf-voters li", has_text=gone)).to_have_count(0)
    for name in stay:
        if name not in (spy, accuser):
            phones[name].get_by_test_id("sf-vote-yes").click()
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("sf-result")).to_be_visible()
        expect(page.get_by_test_id("sf-winner")).to_have_class(re.compile(r"\bagents\b"))
        expect(page.get_by_test_id("sf-result-spies")).to_have_text(spy)
    shot(pages, ann, "spyfall-accused")

    # The host lets the kicked player back; they join again: a seat in the lobby, watching the rest of this match.
    ann.get_by_test_id("kept-out-entry").filter(has_text=gone).get_by_test_id("let-back").click()
    expect(ann.get_by_test_id("kept-out-entry")).to_have_count(0)
    kicked.get_by_test_id("join-again").click()
    kicked.get_by_test_id("join-name").fill(gone)
    kicked.get_by_test_id("join-submit").click()
    expect(kicked.locator("[data-testid=seat].me")).to_contain_text(gone)
    banner = kicked.get_by_test_id("watching")
    expect(banner).to_have_text("You're watching this match; you'll play from the next one")
    expect(kicked.get_by_test_id("sf-result")).to_be_visible()  # the table's view of the round
    expect(kicked.get_by_test_id("sf-card")).to_be_hidden()
    expect(kicked.get_by_test_id("toast")).to_have_count(0)  # not an error
    expect(seat(ann, gone).get_by_test_id("watching-badge")).to_be_visible()
    expect(ann.get_by_test_id("watching")).to_have_count(0)
    shot(pages, kicked, "spyfall-watching")

    # The match ends; the ranking keeps the departed player's record, marked as gone.
    ann.get_by_test_id("sf-next").click()
    for page in [*phones.values(), kicked, table]:
        expect(page.get_by_test_id("winners")).to_be_visible()
    expect(table.get_by_test_id("ranking").locator("li", has_text=gone).get_by_test_id("left-badge")).to_be_visible()
    expect(kicked.get_by_test_id("watching")).to_have_count(0)

    # The next match: they play it, with a card of their own.
    ann.get_by_test_id("play-again").click()
    phones[gone] = kicked
    for page in phones.values():
        expect(page.get_by_test_id("sf-card")).to_be_visible()
        expect(page.get_by_test_id("watching")).to_have_count(0)
    expect(table.locator(".sf-player[data-left]")).to_have_count(0)
    expect(table.get_by_test_id("sf-players").locator(".sf-player")).to_have_count(5)
    shot(pages, kicked, "spyfall-next-match")


def play_round(phones: dict, table, words: list[str]) -> None:
    """One round of I'm Not a Human: everyone's word, the reveal window passes, the host moves each
    explanation on, starts the vote, everyone votes for the first word they may."""
    ann = phones["Ann"]
    current = ann.get_by_test_id("match-round").inner_text()
    for page, word in zip(phones.values(), words, strict=True):
        expect(page.get_by_test_id("match-round")).to_have_text(current)  # this phone is in the new round too
        expect(page.get_by_test_id("nah-word")).to_be_editable()
        page.get_by_test_id("nah-word").fill(word)
        page.get_by_test_id("nah-say").click()
        expect(page.get_by_test_id("nah-word")).to_have_count(0)  # accepted: the form gives way
    expect(ann.get_by_test_id("match-phase")).to_have_text("Explanations", timeout=30_000)
    for index in range(len(phones)):
        expect(table.locator(".nah-assoc").nth(index)).to_have_class(re.compile(r"\bspeaking\b"))
        confirm(ann, "skip")  # the host's "Move on": the explanation's clock runs out now
    expect(ann.get_by_test_id("match-phase")).to_have_text("Discussion")
    ann.get_by_test_id("nah-start-vote").click()
    for page in phones.values():
        page.locator(".nah-option:enabled").first.click()
    expect(ann.get_by_test_id("match-phase")).to_have_text("Round result")
    expect(table.get_by_test_id("nah-verdict")).to_be_visible()


def test_the_host_ends_i_m_not_a_human_after_two_rounds_scored(pages):
    ann, code = create_lobby(pages, "Ann")
    phones = {"Ann": ann}
    for name in ["Boris", "Chen", "Dasha"]:
        phones[name] = join_by_link(pages, code, name, **NARROW)
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    ann.get_by_test_id("game-select").select_option("notahuman")
    field = ann.get_by_test_id("option-reveal_seconds")
    field.fill("3")
    field.press("Tab")
    expect(phones["Boris"].get_by_test_id("setup-summary").locator("dd").first).to_have_text(re.compile(r"\d"))
    ann.get_by_test_id("start").click()

    play_round(phones, table, ["Apple", "Bridge", "Cloud", "Desert"])
    ann.get_by_test_id("nah-next").click()
    expect(ann.get_by_test_id("match-round")).to_have_text("Round 2")
    play_round(phones, table, ["Engine", "Forest", "Garden", "Harbor"])
    ann.get_by_test_id("nah-next").click()
    expect(ann.get_by_test_id("match-round")).to_have_text("Round 3")
    phones["Boris"].get_by_test_id("nah-word").fill("Island")
    phones["Boris"].get_by_test_id("nah-say").click()
    expect(table.get_by_test_id("nah-assoc")).to_have_count(1)
    expect(table.get_by_test_id("nah-pending")).to_contain_text("Chen")

    # Chen is kicked: nobody waits for his word any more (or, if he held the Human card, the round is void).
    kick = seat(ann, "Chen").get_by_test_id("seat-kick")
    kick.click()
    kick.click()
    expect(table.get_by_test_id("totals").locator("tr", has_text="Chen")).to_have_attribute("data-left", "true")
    expect(table.locator("[data-testid=nah-pending]", has_text="Chen")).to_have_count(0)
    del phones["Chen"]

    # Only the host has the two ends: scored now, or aborted without a score.
    expect(phones["Boris"].get_by_test_id("end")).to_have_count(0)
    expect(ann.get_by_test_id("end")).to_have_text("End now, scored")
    expect(ann.get_by_test_id("abort")).to_have_text("Abort, no score")
    shot(pages, ann, "notahuman-host-controls")
    confirm(ann, "end")

    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("winners")).to_be_visible()
        expect(page.get_by_test_id("ended-early")).to_have_text("ended early")
        expect(page.get_by_test_id("match-phase")).to_have_text("Match over")
    # Two finished rounds are on the record; the third, under way, scores nothing.
    for number in ("1", "2"):
        expect(table.locator(f"[data-testid=round-points][data-round='{number}']")).to_be_visible()
    expect(table.locator("[data-testid=round-points][data-round='3']").get_by_test_id("point")).to_have_count(0)

    # The night's scoreboard has the match, marked as ended early.
    expect(table.get_by_test_id("ranking").locator("li", has_text="Chen").get_by_test_id("left-badge")).to_be_visible()
    for page in [ann, phones["Dasha"], table]:
        expect(page.get_by_test_id("scoreboard").locator("tbody tr")).to_have_count(4)  # Chen's record stays
        entry = page.get_by_test_id("history-entry")
        expect(entry).to_have_count(1)
        expect(entry).to_have_attribute("data-ended-early", "true")
        expect(entry).to_contain_text("I'm Not a Human")
        expect(entry.get_by_test_id("history-ended-early")).to_have_text("ended early")
    shot(pages, table, "notahuman-ended-early-table")
    phones["Dasha"].get_by_test_id("lang-ru").click()
    expect(phones["Dasha"].get_by_test_id("history-ended-early")).to_have_text("досрочно")
    expect(phones["Dasha"].get_by_test_id("ended-early")).to_have_text("закончена досрочно")
    shot(pages, phones["Dasha"], "notahuman-ended-early-ru")


def test_spyfall_round_is_void_when_the_only_spy_is_kicked(pages):
    ann, code = create_lobby(pages, "Ann")
    phones = {"Ann": ann}
    for name in ["Boris", "Chen", "Dina"]:
        phones[name] = join_by_link(pages, code, name, **NARROW)
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    ann.get_by_test_id("game-select").select_option("spyfall")
    field = ann.get_by_test_id("option-rounds")
    field.fill("2")
    field.press("Tab")
    expect(phones["Boris"].get_by_test_id("setup-summary").locator("dd").first).to_have_text("2")
    ann.get_by_test_id("start").click()
    for page in phones.values():
        expect(page.get_by_test_id("sf-card")).to_be_visible()
    spy = next(name for name, page in phones.items() if is_spy(page))
    if spy == "Ann":  # the host cannot kick herself: she hands the lobby to Boris first
        confirm_seat = seat(ann, "Boris").get_by_test_id("seat-handover")
        confirm_seat.click()
        confirm_seat.click()
        host = phones["Boris"]
        expect(host.get_by_test_id("pause")).to_be_visible()
    else:
        host = ann
    kick = seat(host, spy).get_by_test_id("seat-kick")
    kick.click()
    kick.click()
    others = [page for name, page in phones.items() if name != spy]
    for page in [*others, table]:
        expect(page.get_by_test_id("sf-void")).to_have_text(f"Round void: {spy} left")
        expect(page.get_by_test_id("match-phase")).to_have_text("Round over")
        expect(page.locator("[data-testid=round-points][data-round='1']").get_by_test_id("round-void")).to_have_text(
            f"Round void: {spy} left"
        )
    shot(pages, table, "spyfall-void-table")
    # The next round is dealt when the host says so, to the three still in.
    host.get_by_test_id("sf-next").click()
    for page in others:
        expect(page.get_by_test_id("match-phase")).to_have_text("Questions")
        expect(page.get_by_test_id("sf-card")).to_be_visible()


def test_a_phone_that_drops_mid_match_is_shown_offline_on_the_tv_and_the_phones_until_it_is_back(pages):
    """The room sees why nobody answers: the TV's points and every phone mark the seat whose phone lost its
    connection (a picture, not an emoji), with a line naming them; both go when the phone is back."""
    ann, code = create_lobby(pages, "Ann", **NARROW)
    boris = join_by_link(pages, code, "Boris", **NARROW)
    chen = join_by_link(pages, code, "Chen", **NARROW)
    table = pages.page(f"/l/{code}/table?rotate=0", viewport={"width": 1920, "height": 1080})
    ann.get_by_test_id("game-select").select_option("highcard")
    ann.get_by_test_id("start").click()
    for page in (ann, boris, chen, table):
        expect(page.get_by_test_id("match-phase")).to_have_text("Claims")
        expect(page.get_by_test_id("offline-mark")).to_have_count(0)
        expect(page.get_by_test_id("match-offline")).to_be_hidden()

    context = chen.context
    chen.close()  # the phone loses its signal (its page and its connection are gone)
    for page, lang in ((table, "en"), (ann, "en"), (boris, "ru")):
        if lang == "ru":
            page.get_by_test_id("lang-ru").click()
        row = page.get_by_test_id("totals").locator("tr", has_text="Chen")
        expect(row).to_have_attribute("data-offline", "true", timeout=8_000)
        mark = row.get_by_test_id("offline-mark")
        expect(mark).to_have_text("offline" if lang == "en" else "не в сети")
        expect(mark.locator("svg")).to_have_count(1)
        line = page.get_by_test_id("match-offline")
        expect(line).to_be_visible()
        expect(line).to_contain_text("Chen is offline" if lang == "en" else "Chen не в сети")
        expect(page.get_by_test_id("totals").locator("tr[data-offline]")).to_have_count(1)
    assert_contained(table, "the TV with a phone offline")
    shot(pages, table, "offline-table")

    back = pages.page(f"/l/{code}", context=context)  # the same phone, its seat remembered
    expect(back.get_by_test_id("match-phase")).to_have_text("Claims")
    for page in (table, ann, boris, back):
        expect(page.get_by_test_id("offline-mark")).to_have_count(0)
        expect(page.get_by_test_id("match-offline")).to_be_hidden()
