"""Spyfall 2 played through four phones and watched on the table screen.

One full round: the cards behind a press-and-hold, a crossed-off location that survives a reload,
the asking tracker, an accusation that fails, the spy's reveal, and the points with their reasons.
The deal is random: the test reads each phone's card, as the players would.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .helpers_browser import card_held, create_lobby, join_by_link

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "plugins" / "spyfall" / "client"
PACK = json.loads((ROOT / "plugins" / "spyfall" / "locations" / "spyfall2.json").read_text(encoding="utf-8"))
LOCATION_BY_NAME = {name: loc for loc in PACK["locations"] for name in loc["names"].values()}
NARROW = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
CROSSED = re.compile(r"\bcrossed\b")


def read_card(page):
    """What the card says: ("spy", None) or ("agent", (location, role))."""
    with card_held(page) as face:
        if face.get_by_test_id("sf-card-spy").count():
            return "spy", None
        location = face.get_by_test_id("sf-card-location").inner_text().strip()
        role = face.get_by_test_id("sf-card-role").inner_text().strip()
        return "agent", (LOCATION_BY_NAME[location], role)


def table_text_outside_list(table) -> str:
    return table.evaluate(
        """() => {
            const copy = document.querySelector('[data-testid=match]').cloneNode(true);
            copy.querySelectorAll('[data-testid=sf-locations]').forEach((node) => node.remove());
            return copy.textContent;
        }"""
    )


def assert_table_keeps_secrets(table, location, roles) -> None:
    """The table has the public view only: no card, no role, the location only as one of the list, no spy named."""
    expect(table.get_by_test_id("sf-card")).to_have_count(0)
    expect(table.get_by_test_id("sf-result")).to_have_count(0)
    html = table.content()
    for role in roles:
        assert role not in html
    outside = table_text_outside_list(table)
    for name in location["names"].values():
        assert name not in outside
    for words in ("The spy", "You are the spy", "spies win", "named the location"):
        assert words not in outside


def choose_options(ann, boris) -> None:
    ann.get_by_test_id("game-select").select_option("spyfall")
    expect(ann.get_by_test_id("option-spies")).to_have_value("auto")
    expect(ann.get_by_test_id("option-spies").locator("option")).to_have_text(
        ["Auto: 1 up to 8 players, 2 from 9", "One spy", "Two spies"]
    )
    expect(ann.get_by_test_id("option-packs")).to_contain_text("Spyfall 2 (20 locations)")
    for option, value in [("rounds", "1"), ("round_minutes", "10"), ("vote_seconds", "600")]:
        field = ann.get_by_test_id(f"option-{option}")
        field.fill(value)
        field.press("Tab")
    expect(boris.get_by_test_id("setup-summary").locator("dd").first).to_have_text("1")
    expect(boris.get_by_test_id("setup-summary")).to_contain_text("Minutes per round")


def test_spyfall_round_on_four_phones_and_the_table(pages):
    ann, code = create_lobby(pages, "Ann")
    boris = join_by_link(pages, code, "Boris")
    chen = join_by_link(pages, code, "Chen", **NARROW)
    dina = join_by_link(pages, code, "Dina", **NARROW)
    dina.get_by_test_id("lang-ru").click()  # Dina plays in Russian
    table = pages.page(f"/l/{code}/table", viewport={"width": 1600, "height": 900})
    phones = {"Ann": ann, "Boris": boris, "Chen": chen, "Dina": dina}

    choose_options(ann, boris)
    ann.get_by_test_id("start").click()
    for page in phones.values():
        expect(page.get_by_test_id("sf-card")).to_be_visible()
    expect(ann.get_by_test_id("match-phase")).to_have_text("Questions")
    expect(dina.get_by_test_id("match-phase")).to_have_text("Вопросы")
    expect(table.get_by_test_id("sf-locations").locator("li")).to_have_count(20)
    expect(table.get_by_test_id("timer-round")).to_have_text(re.compile(r"^(10:00|9:\d\d)$"))

    # Each player holds their card to read it: one spy, the others share a location.
    cards = {name: read_card(page) for name, page in phones.items()}
    spies = [name for name, (kind, _) in cards.items() if kind == "spy"]
    assert len(spies) == 1, cards
    spy = spies[0]
    agents = [name for name in phones if name != spy]
    locations = {cards[name][1][0]["id"] for name in agents}
    assert len(locations) == 1, cards
    location = cards[agents[0]][1][0]
    roles = [cards[name][1][1] for name in agents]
    english_agent = next(name for name in agents if name != "Dina")
    with card_held(phones[english_agent]) as face:
        expect(face).to_contain_text(location["names"]["en"])
        pages.shot(phones[english_agent], "spyfall-card-held")
    with card_held(phones[spy]) as face:
        expect(face).to_contain_text("Вы шпион" if spy == "Dina" else "You are the spy")
        pages.shot(phones[spy], "spyfall-card-held-spy")
    with card_held(dina) as face:
        expect(face).to_contain_text("Вы шпион" if spy == "Dina" else location["names"]["ru"])
        pages.shot(dina, "spyfall-card-held-ru")
    # The keyboard works too: hold Space on the focused card.
    face = boris.get_by_test_id("sf-card-face")
    boris.get_by_test_id("sf-card").focus()
    boris.keyboard.down(" ")
    expect(face).to_be_visible()
    boris.keyboard.up(" ")
    expect(face).to_be_hidden()
    assert_table_keeps_secrets(table, location, roles)

    # Boris crosses off a location; his marks are kept by the server and survive a reload.
    crossed = next(loc for loc in PACK["locations"] if loc["id"] != location["id"])
    mark = boris.locator(f"[data-testid=sf-location][data-location='{crossed['id']}']")
    mark.click()
    expect(mark).to_have_class(CROSSED)
    expect(boris.locator("[data-testid=sf-location][data-pending]")).to_have_count(0)
    boris.reload()
    mark = boris.locator(f"[data-testid=sf-location][data-location='{crossed['id']}']")
    expect(mark).to_have_class(CROSSED)
    expect(mark).to_have_attribute("aria-pressed", "true")
    expect(ann.locator(f"[data-testid=sf-location][data-location='{crossed['id']}']")).not_to_have_class(CROSSED)
    expect(table.get_by_test_id("sf-locations").locator(".crossed")).to_have_count(0)
    pages.shot(boris, "spyfall-list")

    # Who asks: the dealer (Ann) first; no asking back.
    expect(table.get_by_test_id("sf-asker")).to_have_text("Ann asks now")
    expect(ann.get_by_test_id("sf-asker")).to_have_text("Your turn to ask a question")
    expect(boris.get_by_test_id("sf-ask-targets")).to_have_count(0)
    ann.get_by_test_id("sf-asked").filter(has_text="Boris").click()
    expect(table.get_by_test_id("sf-asker")).to_have_text("Boris asks now")
    expect(chen.get_by_test_id("sf-asked-by")).to_have_text("Last question: Ann → Boris")
    expect(boris.get_by_test_id("sf-asked").filter(has_text="Ann")).to_be_disabled()
    expect(boris.get_by_test_id("sf-asked").filter(has_text="Ann")).to_contain_text("no asking back")
    boris.get_by_test_id("sf-asked").filter(has_text="Chen").click()
    expect(dina.get_by_test_id("sf-asker")).to_have_text("Сейчас спрашивает: Chen")

    # Everyone has the same "reveal" button at rest; a non-spy who taps it is told, on their own screen only.
    agent_page = phones[english_agent]
    agent_page.get_by_test_id("sf-reveal").click()
    expect(agent_page.get_by_test_id("sf-not-spy")).to_have_text("You are not the spy: only a spy can reveal.")

    # A non-spy accuses the spy; one voter says no, so the accusation fails and play goes on.
    accuser, yes_voter, no_voter = agents
    phones[accuser].get_by_test_id("sf-accuse").click()
    phones[accuser].get_by_test_id("sf-accuse-target").filter(has_text=spy).click()
    phones[accuser].get_by_test_id("sf-accuse-confirm").click()
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("sf-vote")).to_be_visible()
    expect(table.get_by_test_id("sf-vote-subject")).to_have_text(f"{accuser} accuses {spy} of being a spy")
    expect(table.get_by_test_id("sf-vote-progress")).to_have_text("1 of 3 voted")
    expect(table.locator("[data-timer=round]")).to_have_class(re.compile(r"\bheld\b"))
    # two clocks, two "+30 s" buttons for the host: each says which clock it extends
    expect(ann.get_by_test_id("extend")).to_have_count(2)
    expect(ann.get_by_test_id("match-controls").get_by_test_id("extend").first).to_have_text("Round clock: +30 s")
    expect(ann.get_by_test_id("match-controls").get_by_test_id("extend").nth(1)).to_have_text(
        re.compile(r"^\w.*: \+30 s$")
    )
    expect(phones[spy].get_by_test_id("sf-you-accused")).to_be_visible()
    expect(phones[spy].get_by_test_id("sf-vote-buttons")).to_have_count(0)
    expect(phones[accuser].get_by_test_id("sf-vote-yes")).to_have_attribute("aria-pressed", "true")
    phones[yes_voter].get_by_test_id("sf-vote-yes").click()
    expect(table.get_by_test_id("sf-vote-progress")).to_have_text("2 of 3 voted")
    expect(table.locator(".sf-voters")).not_to_contain_text(re.compile(r"yes|no"))  # who voted, never how
    pages.shot(phones[no_voter], "spyfall-accusation")
    pages.shot(table, "spyfall-table-accusation")
    if "Dina" in (no_voter, spy):
        pages.shot(dina, "spyfall-accusation-ru")
    assert_table_keeps_secrets(table, location, roles)
    phones[no_voter].get_by_test_id("sf-vote-no").click()
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("sf-failed")).to_be_visible()
    expect(table.get_by_test_id("sf-failed")).to_contain_text(f"The accusation against {spy} failed.")
    expect(table.get_by_test_id("sf-failed")).to_contain_text(f"Voted no: {no_voter}.")
    expect(ann.get_by_test_id("match-phase")).to_have_text("Questions")
    expect(table.locator("[data-timer=round]")).to_have_class(re.compile(r"\brunning\b"))
    expect(phones[accuser].get_by_test_id("sf-accuse")).to_be_disabled()
    expect(table.get_by_test_id("sf-asker")).to_have_text("Chen asks now")  # the asking goes on where it stopped
    expect(table.get_by_test_id("feed")).to_contain_text(f"The accusation against {spy} failed; the round goes on.")
    expect(table.get_by_test_id("feed")).to_contain_text(f"{accuser} accuses {spy}!")
    pages.shot(table, "spyfall-table")
    assert_table_keeps_secrets(table, location, roles)

    # The spy reveals and names the location (rightly): the round is over, the spy scores 2 + 2.
    spy_page = phones[spy]
    spy_page.get_by_test_id("sf-reveal").click()
    expect(spy_page.get_by_test_id("sf-reveal-panel")).to_be_visible()
    expect(spy_page.get_by_test_id("sf-pick")).to_have_count(20)
    spy_page.locator(f"[data-testid=sf-pick][data-location='{location['id']}']").click()
    expect(spy_page.get_by_test_id("sf-reveal-confirm")).to_be_visible()
    pages.shot(spy_page, "spyfall-reveal")
    spy_page.get_by_test_id("sf-reveal-confirm").click()

    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("sf-result")).to_be_visible()
        expect(page.get_by_test_id("sf-result-spies")).to_have_text(spy)
    english = [page for name, page in phones.items() if name != "Dina"] + [table]
    for page in english:
        expect(page.get_by_test_id("sf-winner")).to_have_text("The spies win!")
        expect(page.get_by_test_id("sf-how")).to_have_text("A spy revealed and named the right location.")
        expect(page.get_by_test_id("sf-result-location")).to_have_text(location["names"]["en"])
        expect(page.get_by_test_id("sf-guesses")).to_contain_text(f"{spy} named {location['names']['en']}: right")
        points = page.get_by_test_id("round-points")
        expect(points.get_by_test_id("point")).to_have_count(2)
        expect(points.locator("[data-testid=point]", has_text="the spies won")).to_contain_text(spy)
        expect(points.locator("[data-testid=point]", has_text="named the location")).to_contain_text(spy)
        expect(page.get_by_test_id("totals").locator("tr", has_text=spy)).to_contain_text("4")
        expect(page.get_by_test_id("match-phase")).to_have_text("Round over")
    expect(dina.get_by_test_id("sf-winner")).to_have_text("Победа шпионов!")
    expect(dina.get_by_test_id("sf-result-location")).to_have_text(location["names"]["ru"])
    expect(dina.get_by_test_id("round-points")).to_contain_text("победа шпионов")
    expect(dina.get_by_test_id("round-points")).to_contain_text("локация угадана")
    expect(dina.get_by_test_id("match-phase")).to_have_text("Раунд окончен")
    expect(table.get_by_test_id("sf-locations").locator(".answer")).to_have_text(location["names"]["en"])
    expect(table.get_by_test_id("sf-next")).to_have_count(0)
    # The last round (one was chosen): everyone is told one thing, when the results come; nothing asks for a
    # round that is not coming (no packs to change, no locations to shuffle back in).
    expect(boris.get_by_test_id("sf-waiting-host")).to_have_text(
        "The final results come when the clock runs out, or sooner when the host shows them."
    )
    expect(table.locator("[data-timer=break]")).to_contain_text("Final results in")
    expect(ann.get_by_test_id("sf-packs-box")).to_have_count(0)
    expect(ann.get_by_test_id("sf-reshuffle")).to_have_count(0)
    pages.shot(spy_page if spy != "Dina" else ann, "spyfall-result")
    pages.shot(dina, "spyfall-result-ru")
    pages.shot(table, "spyfall-table-result")

    # The host shows the results now.
    expect(ann.get_by_test_id("sf-next")).to_have_text("Show the final results")
    ann.get_by_test_id("sf-next").click()
    for page in [*phones.values(), table]:
        expect(page.get_by_test_id("winners")).to_contain_text(spy)
    expect(table.get_by_test_id("match-phase")).to_have_text("Match over")


def test_spyfall_strings_in_both_languages():
    """Every key Spyfall emits or its screen uses exists in English and Russian, with the same placeholders."""
    # Both languages alike: tests/browser/test_browser_strings.py.
    en = json.loads((CLIENT / "strings" / "en.json").read_text(encoding="utf-8"))
    emitted = set()
    for path in (ROOT / "plugins" / "spyfall").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        emitted |= set(re.findall(r"\"(spyfall\.(?:reason|event|option)\.[a-z_]+)\"", text))
        emitted |= {f"error.{code}" for code in re.findall(r"ActionError\(\"(spyfall\.[a-z_0-9]+)\"", text)}
    emitted |= {f"spyfall.event.{winner}_win" for winner in ("spies", "agents")}
    phases = ("play", "accusation", "spy_reveal", "final_vote", "round_over", "board_wait")
    emitted |= {f"spyfall.phase.{phase}" for phase in phases}
    emitted |= {f"spyfall.timer.{timer}" for timer in ("round", "reveal", "break", "board")}
    emitted |= {"spyfall.option.spies.auto", "spyfall.option.spies.1", "spyfall.option.spies.2"}
    emitted |= {f"spyfall.option.packs.{pack}" for pack in ("spyfall2", "spyfall1", "custom")}
    screen = "".join(
        path.read_text(encoding="utf-8") for path in [CLIENT / "screen.js", *(CLIENT / "parts").glob("*.js")]
    )
    used = set(re.findall(r"\"(spyfall\.screen\.[a-z_]+)\"", screen))
    assert len(used) > 50
    missing = (emitted | used) - set(en)
    assert not missing, sorted(missing)
    assert not [key for key in en if key.startswith("spyfall.screen.") and key not in used], "unused screen strings"
    for lang in ("en", "ru"):
        rules = (CLIENT / "rules" / f"{lang}.html").read_text(encoding="utf-8")
        assert "<script" not in rules and "style=" not in rules
