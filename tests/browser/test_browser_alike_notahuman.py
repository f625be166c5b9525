"""I'm Not a Human's phones look alike at a glance: in every secret phase the Human's phone and a robot's
phone show the same boxes in the same places and in the same colours (a neighbour glancing over learns
nothing), and the held role card has the same shape whatever it says. Both phones are 390x844 and neither
hosts (a host's own controls are no secret). Screenshots of both (with --shots), alike-notahuman-*.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .helpers_browser import PHONE_SIZE, card_held, element_boxes
from .test_browser_tv_notahuman import phase_of, read_cards, say, start_match

PHONE = {"viewport": PHONE_SIZE, "is_mobile": True, "has_touch": True}
SCREEN = "[data-testid=game-screen] [data-testid], [data-testid=game-screen]"


SETTLED = """() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null)))"""


def settled(page):
    """``page`` once its animations have run (a card turning over, a word flying in): boxes in place."""
    page.evaluate(SETTLED)
    return page


def screen_boxes(page) -> list[dict]:
    """The game screen's boxes and colours."""
    return element_boxes(settled(page), SCREEN)


def assert_alike(pages, human, robot, moment: str) -> None:
    for role, page in [("human", human), ("robot", robot)]:
        pages.shot(page, f"alike-notahuman-{moment}-{role}")
    assert screen_boxes(human) == screen_boxes(robot), f"the Human's and a robot's phones differ in {moment}"


def dealt_to_a_guest(phones) -> dict[str, tuple[str, str | None]]:
    """The cards once the Human card is on a guest's phone: while the host holds it, the host aborts the match
    and starts another (the host's own controls would differ from a guest's for reasons that are no secret)."""
    for _ in range(8):
        cards = read_cards(phones)
        if cards["Ann"][0] != "human":
            return cards
        for _ in range(2):
            phones["Ann"].get_by_test_id("abort").click()
        phones["Ann"].get_by_test_id("start").click()
        phase_of(phones["Ann"], "associations")
    raise AssertionError("the host was dealt the Human card eight times in a row")


def test_the_humans_phone_looks_like_a_robots(pages):
    phones, _code = start_match(pages, rounds=1, **PHONE)
    cards = dealt_to_a_guest(phones)
    human_name = next(name for name, (role, _) in cards.items() if role == "human")
    robot_name = "Chen" if human_name == "Boris" else "Boris"
    human, robot, host = phones[human_name], phones[robot_name], phones["Ann"]

    # The role card, held: one shape, the same rows and the same colours, whatever it says.
    faces = {}
    for role, page in [("human", human), ("robot", robot)]:
        with card_held(page, card="nah-card", face="nah-card-face"):
            faces[role] = [
                {k: box[k] for k in ("testid", "x", "y", "width", "height", "color", "background", "image", "border")}
                for box in element_boxes(settled(page), "[data-testid=nah-card], [data-testid=nah-card] [data-testid]")
            ]
            pages.shot(page, f"alike-notahuman-card-{role}")
    # (a held card is scaled up a little: its boxes land on fractions of a pixel, so within one pixel)
    assert [box["testid"] for box in faces["human"]] == [box["testid"] for box in faces["robot"]], faces
    for mine, theirs in zip(faces["human"], faces["robot"], strict=True):
        assert all(abs(mine[k] - theirs[k]) <= 1 for k in ("x", "y", "width", "height")), faces
        assert all(mine[k] == theirs[k] for k in ("color", "background", "image", "border")), (mine, theirs)

    # Associations: before giving a word, and after. The host's word comes first: the host asks the Human.
    assert_alike(pages, human, robot, "associations")
    say(host, "Quiet")
    say(human, "Lantern")
    say(robot, "Midnight")

    # The reveal window: the same control on every phone, in the same place, in the same colours.
    for page in phones.values():
        phase_of(page, "reveal_window")
        expect(page.get_by_test_id("nah-reveal")).to_be_enabled()
    assert_alike(pages, human, robot, "reveal_window")
    for page in (human, robot):  # the window's cue (a sound, a vibration) comes on every phone, once
        cues = page.evaluate("() => (window.gamenightCues || []).map((cue) => cue.name)")
        assert cues.count("reveal_window") == 1, cues
    robot.get_by_test_id("nah-reveal").click()  # a robot's tap is refused to that phone alone
    expect(robot.get_by_test_id("nah-reveal-note")).to_contain_text("Only the Human can reveal")
    expect(human.get_by_test_id("nah-reveal-note")).not_to_contain_text("Only the Human can reveal")
    pages.shot(robot, "alike-notahuman-reveal_window-robot-tapped")
    host.get_by_test_id("skip").click()
    host.get_by_test_id("skip").click()

    # The explanations while the host speaks; the discussion; the vote.
    expect(host.get_by_test_id("nah-done")).to_be_visible()
    assert_alike(pages, human, robot, "explanations")
    for page in (host, human, robot):
        page.get_by_test_id("nah-done").click()
    phase_of(human, "discussion")
    assert_alike(pages, human, robot, "discussion")
    host.get_by_test_id("nah-start-vote").click()
    phase_of(human, "voting")
    assert_alike(pages, human, robot, "voting")
    human.get_by_test_id("nah-vote-1").click()
    robot.get_by_test_id("nah-vote-1").click()
    for page in (human, robot):
        expect(page.get_by_test_id("nah-my-vote")).to_contain_text("#1")
    assert_alike(pages, human, robot, "voting-voted")
