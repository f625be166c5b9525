"""I'm Not a Human on a TV: the table screen fits 1920x1080 and 1280x720 without scrolling in every phase.

Three phones play two rounds (Human factor, so there is always a Human; Defragmentation, so two rounds):
the first without a reveal (associations, the reveal window left to run out, the explanations, the
discussion, the vote, the result), the second with a reveal and a guess, then the match's results. Two
table pages watch, one at each TV size; in each phase both must fit (``assert_fits``), and each phase is
screenshot on both and on a 390x844 phone (with --shots: screenshots folder, tv-notahuman-*).
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, TV_SIZES, assert_fits, card_held, create_lobby, join_by_link

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
NAMES = ["Ann", "Boris", "Chen"]


def set_option(page, name: str, value: str) -> None:
    field = page.get_by_test_id(f"option-{name}")
    field.fill(value)
    field.press("Tab")


def read_cards(phones: dict) -> dict[str, tuple[str, str | None]]:
    """Each player's role and, for robots, the answer's number, read off the held card."""
    seen = {}
    for name, page in phones.items():
        with card_held(page, card="nah-card", face="nah-card-face") as face:
            seen[name] = (face.get_attribute("data-role"), face.get_attribute("data-answer"))
    return seen


def say(page, word: str) -> None:
    page.get_by_test_id("nah-word").fill(word)
    page.get_by_test_id("nah-say").click()
    expect(page.get_by_test_id("nah-word")).to_have_count(0)  # accepted: the form gives way


def start_match(pages, rounds: int = 2, **phone_options):
    """A lobby of three phones (Ann hosts; Boris and Chen hold ``phone_options``) and I'm Not a Human started with Human factor and ``rounds`` rounds,
    with clocks long enough that the test moves every phase on itself. Returns (phones, code)."""
    ann, code = create_lobby(pages, "Ann")
    phones = {"Ann": ann}
    for name in NAMES[1:]:
        phones[name] = join_by_link(pages, code, name, **phone_options)
    ann.get_by_test_id("game-select").select_option("notahuman")
    ann.get_by_test_id("variant-human_factor").check()
    ann.get_by_test_id("variant-defragmentation").check()
    set_option(ann, "rounds", str(rounds))
    for name, value in [
        ("associate_seconds", "600"),
        ("reveal_seconds", "30"),
        ("guess_seconds", "120"),
        ("explain_seconds", "300"),
        ("discussion_seconds", "900"),
        ("vote_seconds", "600"),
    ]:
        set_option(ann, name, value)
    expect(phones["Boris"].get_by_test_id("setup-summary")).to_contain_text("Human factor")
    ann.get_by_test_id("start").click()
    for page in phones.values():
        expect(page.locator("[data-testid=nah-grid] .nah-tile")).to_have_count(9)
    return phones, code


def phase_of(page, phase: str) -> None:
    expect(page.locator(".nah-root")).to_have_attribute("data-phase", phase)


def test_every_phase_fits_both_tv_sizes(pages):
    phones, code = start_match(pages, **PHONE)
    ann, phone = phones["Ann"], phones["Boris"]
    tables = {size: pages.page(f"/l/{code}/table", viewport=TV_SIZES[size]) for size in TV_SIZES}

    def check(phase: str, moment: str | None = None) -> None:
        moment = moment or phase
        for size, table in tables.items():
            phase_of(table, phase)
            table.wait_for_load_state("networkidle")
            pages.shot(table, f"tv-notahuman-{moment}-{size}")
            assert_fits(table, f"the {size} table in {moment}")
        phase_of(phone, phase)
        pages.shot(phone, f"tv-notahuman-{moment}-phone")

    cards = read_cards(phones)
    human = next(name for name, (role, _) in cards.items() if role == "human")
    answer = int(next(a for role, a in cards.values() if role == "robot"))

    # Round 1: associations, a reveal window left to pass, the explanations, the discussion, the vote.
    check("associations")
    for name, word in zip(NAMES, ["Lantern", "Midnight", "Quiet"], strict=True):
        say(phones[name], word)
        if name == "Boris":
            check("associations", "associations-some")
    check("reveal_window")
    ann.get_by_test_id("skip").click()
    ann.get_by_test_id("skip").click()  # the host moves on: the Human stayed hidden
    check("explanations")
    for name in NAMES:
        expect(phones[name].get_by_test_id("nah-done")).to_be_visible()
        phones[name].get_by_test_id("nah-done").click()
    check("discussion")
    ann.get_by_test_id("nah-start-vote").click()
    check("voting")
    robots = [n for n in NAMES if n != human]
    target = str(NAMES.index(human) + 1)
    phones[robots[0]].get_by_test_id(f"nah-vote-{target}").click()
    expect(tables["tv"].get_by_test_id("nah-vote-progress")).to_contain_text("1 of 3")
    check("voting", "voting-some")
    phones[robots[1]].get_by_test_id(f"nah-vote-{target}").click()
    phones[human].get_by_test_id(f"nah-vote-{NAMES.index(robots[0]) + 1}").click()
    check("round_over")
    # the table's cues so far, each once: the vote opening and closing, the reveal (the TV was opened after the
    # round had started: a page opened mid-moment hears nothing of it, docs/screens.md)
    cues = tables["tv"].evaluate("() => (window.gamenightCues || []).map((cue) => cue.name)")
    assert [cues.count(name) for name in ("round_start", "vote_open", "vote_close", "reveal")] == [0, 1, 1, 1], cues

    # Round 2: the Human reveals and guesses; then the match's results.
    ann.get_by_test_id("nah-next").click()
    phase_of(ann, "associations")
    tables["tv"].wait_for_function(  # a round this TV sees start is sounded, once
        "() => (window.gamenightCues || []).filter((cue) => cue.name === 'round_start').length === 1"
    )
    cards = read_cards(phones)
    human = next(name for name, (role, _) in cards.items() if role == "human")
    answer = int(next(a for role, a in cards.values() if role == "robot"))
    for name, word in zip(NAMES, ["Harbour", "Salt", "Gull"], strict=True):
        say(phones[name], word)
    phase_of(phones[human], "reveal_window")
    phones[human].get_by_test_id("nah-reveal").click()
    check("guess")
    phones[human].get_by_test_id(f"nah-tile-{answer}").click()
    phones[human].get_by_test_id("nah-guess-confirm").click()
    check("round_over", "round_over-guess")
    ann.get_by_test_id("nah-next").click()
    expect(tables["tv"].get_by_test_id("winners")).to_contain_text(human)
    check("over")
