"""Spyfall's and Team Spyfall's phones look alike at a glance: in every secret phase a spy's phone and an
agent's show the same boxes in the same places and in the same colours (a neighbour glancing over learns
nothing), and the held card has the same shape and colours whatever it says. All phones are 390x844; the
two compared are guests (a host's own controls are no secret) and neither is the one accused or asking.
Screenshots of both (with --shots), alike-spyfall-* and alike-teams-*.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, STYLED, card_held, create_lobby, element_boxes, join_by_link

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil"]
# Every element with a test id but a player's name tag (who): each phone marks its own player's name, which
# tells nothing (their chip, compared, has the same box on both).
SCREEN = "[data-testid=game-screen] [data-testid]:not([data-testid=who]), [data-testid=game-screen]"
FACE = ".sf-card, .sf-card-face, .sf-card-face > *"
# Settled (once styled, helpers_browser.STYLED): the animations that end have ended, and two frames have been
# drawn since; on a loaded machine a sheet still on its way leaves a card its unstyled size.
SETTLED = """async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)));
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));  // and laid out
}"""


def settled(page):
    """``page`` once its style sheets have arrived and its animations have run (a card turning over): boxes in
    place."""
    page.wait_for_function(STYLED)
    page.evaluate(SETTLED)
    return page


def assert_alike(pages, game: str, spy, agent, moment: str) -> None:
    for role, page in [("spy", spy), ("agent", agent)]:
        page.evaluate("window.scrollTo(0, 0)")  # boxes are measured in the viewport: both from the top
        pages.shot(page, f"alike-{game}-{moment}-{role}")
    seen = {role: element_boxes(settled(page), SCREEN) for role, page in [("spy", spy), ("agent", agent)]}
    assert seen["spy"] == seen["agent"], f"a spy's and an agent's phones differ in {moment}"


def assert_cards_alike(pages, game: str, spy, agent) -> None:
    """The held card: the same rows in the same boxes (within a pixel) and the same colours."""
    faces = {}
    for role, page in [("spy", spy), ("agent", agent)]:
        with card_held(page):
            faces[role] = element_boxes(settled(page), FACE)
            pages.shot(page, f"alike-{game}-card-{role}")
    assert len(faces["spy"]) == len(faces["agent"]) == 7, faces  # card, face, picture, kicker, title, detail, note
    for mine, theirs in zip(faces["spy"], faces["agent"], strict=True):
        differ = f"a spy's card and an agent's differ:\n spy   {mine}\n agent {theirs}"
        assert all(abs(mine[k] - theirs[k]) <= 1 for k in ("x", "y", "width", "height")), differ
        assert (mine["color"], mine["background"]) == (theirs["color"], theirs["background"]), differ


def is_spy(page) -> bool:
    with card_held(page) as face:
        return bool(face.get_by_test_id("sf-card-spy").count())


def start(pages, game: str, configure) -> tuple[dict, str, str]:
    """Five phones, ``game`` started; while the host or the first asker holds the spy card, the host aborts and
    starts again. Returns (phones, a guest spy, a guest agent), neither of them asking first."""
    ann, code = create_lobby(pages, "Ann", **PHONE)
    phones = {"Ann": ann}
    for name in NAMES[1:]:
        phones[name] = join_by_link(pages, code, name, **PHONE)
    ann.get_by_test_id("game-select").select_option(game)
    configure(ann, phones)
    for _ in range(8):
        ann.get_by_test_id("start").click()
        for page in phones.values():
            expect(page.get_by_test_id("sf-card")).to_be_visible()
        spies = [name for name, page in phones.items() if is_spy(page)]
        assert len(spies) == 1, spies
        asker = next(name for name, page in phones.items() if page.get_by_test_id("sf-ask-targets").count())
        if spies[0] not in ("Ann", asker):  # the asker's phone has their own buttons: no secret either
            agent = next(name for name in NAMES[1:] if name not in (spies[0], asker))
            return phones, spies[0], agent
        for _ in range(2):
            ann.get_by_test_id("abort").click()
        expect(ann.get_by_test_id("start")).to_be_visible()
    raise AssertionError("the host was dealt the spy card eight times in a row")


def set_option(page, name: str, value: str) -> None:
    field = page.get_by_test_id(f"option-{name}")
    field.fill(value)
    field.press("Tab")


def test_a_spys_phone_looks_like_an_agents_in_spyfall(pages):
    def configure(ann, phones):
        ann.get_by_test_id("option-spies").select_option("1")
        for name, value in [("round_minutes", "10"), ("vote_seconds", "600")]:
            set_option(ann, name, value)
        expect(phones["Boris"].get_by_test_id("setup-summary")).to_contain_text("One spy")

    phones, spy_name, agent_name = start(pages, "spyfall", configure)
    spy, agent, ann = phones[spy_name], phones[agent_name], phones["Ann"]

    # The questions: the card at rest, the same moves (accuse, reveal) in the same places.
    assert_alike(pages, "spyfall", spy, agent, "questions")
    expect(spy.get_by_test_id("sf-reveal")).to_be_visible()  # the spy's guess: on every phone, the same button
    assert_cards_alike(pages, "spyfall", spy, agent)

    # An accusation of the host by a third guest: the spy and the agent both vote.
    accuser = next(name for name in NAMES[1:] if name not in (spy_name, agent_name))
    phones[accuser].get_by_test_id("sf-accuse").click()
    phones[accuser].get_by_test_id("sf-accuse-target").filter(has_text="Ann").click()
    phones[accuser].get_by_test_id("sf-accuse-confirm").click()
    expect(spy.get_by_test_id("sf-vote-buttons")).to_be_visible()
    assert_alike(pages, "spyfall", spy, agent, "accusation")
    for page in (spy, agent):
        page.get_by_test_id("sf-vote-no").click()
        expect(page.get_by_test_id("sf-vote-no")).to_have_attribute("aria-pressed", "true")
    expect(spy.get_by_test_id("sf-vote-progress")).to_have_text("3 of 4 voted")
    expect(agent.get_by_test_id("sf-vote-progress")).to_have_text("3 of 4 voted")
    assert_alike(pages, "spyfall", spy, agent, "accusation-voted")
    phones[next(n for n in NAMES[1:] if n not in (spy_name, agent_name, accuser))].get_by_test_id("sf-vote-no").click()
    expect(spy.get_by_test_id("sf-failed")).to_be_visible()
    expect(agent.get_by_test_id("sf-failed")).to_be_visible()
    assert_alike(pages, "spyfall", spy, agent, "accusation-failed")

    # The clock-out vote on its first candidate, the dealer (who asked first: neither of the two).
    ann.get_by_test_id("skip").click()
    ann.get_by_test_id("skip").click()
    for page in (spy, agent):
        expect(page.get_by_test_id("sf-vote-subject")).to_be_visible()
        expect(page.get_by_test_id("sf-vote-buttons")).to_be_visible()
    assert_alike(pages, "spyfall", spy, agent, "clock-out-vote")


def test_a_spys_phone_looks_like_an_agents_in_team_spyfall(pages):
    def configure(ann, phones):
        set_option(ann, "rounds", "1")

    phones, spy_name, agent_name = start(pages, "spyfall_teams", configure)
    spy, agent, ann = phones[spy_name], phones[agent_name], phones["Ann"]
    assert_alike(pages, "teams", spy, agent, "questions")
    assert_cards_alike(pages, "teams", spy, agent)

    ann.get_by_test_id("st-end-round").click()
    ann.get_by_test_id("st-end-round").click()
    # Naming locations: the same two slots on every phone, before, while and after choosing.
    for page in (spy, agent):
        expect(page.get_by_test_id("st-location-slot")).to_have_count(2)
    assert_alike(pages, "teams", spy, agent, "pick-locations")
    for page in (spy, agent):
        page.get_by_test_id("sf-pick").nth(0).click()
    assert_alike(pages, "teams", spy, agent, "pick-locations-one")
    for page in (spy, agent):
        page.get_by_test_id("sf-pick").nth(1).click()
        page.get_by_test_id("st-name-location").click()
        expect(page.get_by_test_id("st-my-location-pick")).to_be_visible()
    expect(spy.get_by_test_id("st-location-progress")).to_have_text("2 of 5 have picked")
    expect(agent.get_by_test_id("st-location-progress")).to_have_text("2 of 5 have picked")
    assert_alike(pages, "teams", spy, agent, "pick-locations-sent")
    for name in NAMES:
        if name not in (spy_name, agent_name):
            phones[name].get_by_test_id("sf-pick").nth(0).click()
            phones[name].get_by_test_id("sf-pick").nth(1).click()
            phones[name].get_by_test_id("st-name-location").click()

    # Pointing at allies: the same players to tap, the same count, and "No one", on every phone.
    for page in (spy, agent):
        expect(page.get_by_test_id("st-ally-none")).to_be_visible()
    assert_alike(pages, "teams", spy, agent, "pick-allies")
    for page in (spy, agent):
        page.get_by_test_id("st-ally").first.click()
    assert_alike(pages, "teams", spy, agent, "pick-allies-one")
    for page in (spy, agent):
        page.get_by_test_id("st-ally-none").click()
        page.get_by_test_id("st-point").click()
        expect(page.get_by_test_id("st-my-ally-pick")).to_have_text("You pointed at no one.")
    expect(spy.get_by_test_id("st-ally-progress")).to_have_text("2 of 5 have picked")
    expect(agent.get_by_test_id("st-ally-progress")).to_have_text("2 of 5 have picked")
    assert_alike(pages, "teams", spy, agent, "pick-allies-sent")


# The group's own locations, as long as a sticker may be (40 letters), in long Russian words.
LONG_NAMES = [
    f"{word} {i}"
    for i, word in enumerate(
        [
            "Достопримечательностьзаброшенногомаяка",
            "Высокогорнаяметеорологическаястанци",
            "Подземнаяконтрольноизмерительнаялабор",
            "Электроподстанциязаполярногогородка",
            "Многофункциональныйразвлекательныйцен",
            "Сельскохозяйственнаявыставкадостижени",
            "Железнодорожныйвокзалпересадочногоузл",
            "Государственнаятретьяковскаягалерея",
        ]
    )
]
WORDS = ".sf-card-words"
FITS = """(words) => [...document.querySelectorAll(words)].map((node) => ({
    fits: node.offsetHeight <= node.parentElement.clientHeight + 1,
    text: node.textContent.slice(0, 20),
}))"""


def test_a_held_card_keeps_its_shape_whatever_the_group_named_its_locations(pages):
    """Eight locations with the longest names a sticker takes, on the smallest phones, in Russian and larger
    text: each phone's held card is as tall as every other's (the spy's too), its words smaller where they must."""
    from .full_table import set_larger_text
    from .helpers_browser import SMALL_PHONE, assert_no_sideways_scroll

    small = {"viewport": SMALL_PHONE, "is_mobile": True, "has_touch": True}
    ann, code = create_lobby(pages, "Ann", **small)
    phones = [ann] + [join_by_link(pages, code, name, **small) for name in NAMES[1:4]]
    for page in phones:
        page.get_by_test_id("lang-ru").click()
        set_larger_text(page, True)
    ann.get_by_test_id("game-select").select_option("spyfall")
    ann.get_by_test_id("option-spies").select_option("1")
    ann.get_by_test_id("variant-eight_locations").check()
    for name in LONG_NAMES:  # the host's own names need nobody's confirmation
        assert len(name) <= 40
        ann.get_by_test_id("sf-board-name").fill(name)
        ann.get_by_test_id("sf-board-name").press("Enter")
        expect(ann.get_by_test_id("sf-sticker").filter(has_text=name)).to_have_count(1)
    ann.get_by_test_id("start").click()
    cards, spies = [], 0
    for number, page in enumerate(phones):
        expect(page.get_by_test_id("sf-card")).to_be_visible()
        with card_held(page):
            settled(page)
            spies += page.get_by_test_id("sf-card-spy").count()
            cards.append(element_boxes(page, FACE))
            assert all(row["fits"] for row in page.evaluate(FITS, WORDS)), page.evaluate(FITS, WORDS)
            pages.shot(page, f"alike-spyfall-long-names-{number}")
        assert_no_sideways_scroll(page, f"a phone in a round of long names ({number})")
    assert spies == 1
    heights = [[box["height"] for box in card] for card in cards]
    assert all(abs(a - b) <= 1 for card in heights for a, b in zip(card, heights[0], strict=True)), heights
