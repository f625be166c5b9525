"""I'm Not a Human: the picture deck, dealing, timing that leaks nothing, and secrets by non-interference."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from gamenight.plugins.notahuman.deck import scenes_pack
from gamenight.views import game_view as view_of
from helpers import Night

PLAYERS = ["Ann", "Boris", "Chen", "Dina"]


# -- the deck ------------------------------------------------------------------------------------------


def test_the_deck_has_at_least_144_distinct_scenes_that_work_offline():
    pack = scenes_pack()
    assert len(pack.images) >= 144, "the 72 double-sided cards of the box"
    assert len({image.id for image in pack.images}) == len(pack.images)
    contents = set()
    for image in pack.images:
        text = image.path.read_text(encoding="utf-8")
        root = ET.fromstring(text)
        assert root.tag.endswith("svg") and root.get("viewBox")
        assert "http://" not in text.replace("http://www.w3.org", "") and "https://" not in text, image.id
        assert "<text" not in text, "no glyphs that depend on the viewer's fonts"
        contents.add(text)
    assert len(contents) == len(pack.images), "no two scenes are the same picture"


def test_every_scene_has_tags_in_both_languages_each_shared_by_three_scenes():
    pack = scenes_pack()
    usage = {"en": Counter(), "ru": Counter()}
    for image in pack.images:
        assert image.tags["en"] and len(image.tags["en"]) == len(image.tags["ru"]), image.id
        for lang in usage:
            usage[lang].update(set(image.tags[lang]))
    for lang, counts in usage.items():
        lonely = sorted(tag for tag, n in counts.items() if n < 3)
        assert not lonely, f"{lang} tags on fewer than 3 scenes: {lonely}"


def test_the_deck_credits_openmoji():
    attribution = (scenes_pack().images[0].path.parent.parent / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "OpenMoji" in attribution and "CC BY-SA 4.0" in attribution


# -- dealing ----------------------------------------------------------------------------------------------


def play_round_quickly(night: Night) -> None:
    """Everyone gives a word, nobody reveals, everyone explains, everyone votes for the next seat's word."""
    match = night.match
    for n, name in enumerate(PLAYERS):
        night.move(name, "associate", word=f"word{'abcdefghijklmnopqrstuvwxyz'[match.round]}{'xyzw'[n]}")
    night.advance(5)
    while night.match.phase == "explanations":
        night.move(night.name_of(night.match.turn), "explained")
    night.move("Ann", "start_vote")
    ballot = night.match.ballots["human"]
    for name in PLAYERS:
        night.move(name, "vote", ballot="human", choice=ballot.allowed(night.ids[name])[0])


def test_nine_fresh_pictures_each_round_and_none_repeated_in_a_game(engine, clock):
    night = Night(engine, clock, PLAYERS)
    assert night.start(game="notahuman").ok
    seen = []
    for _ in range(6):
        images = night.view("Ann")["match"]["game_view"]["images"]
        assert len(images) == 9 == len(set(images))
        seen += images
        play_round_quickly(night)
        night.move("Ann", "next")
    assert night.match.over and len(set(seen)) == 54


def test_roles_follow_the_rulebooks_deck(engine, clock):
    """Players + 1 cards: one Human, the rest Robots; the leftover is the server card."""
    humans = Counter()
    for _ in range(40):
        night = Night(engine, clock, PLAYERS)
        night.start(game="notahuman")
        state = night.match.round_state
        cards = [*state["roles"].values(), state["server"]]
        assert sorted(cards) == ["human", "robot", "robot", "robot", "robot"]
        humans["server" if state["server"] == "human" else "player"] += 1
    assert humans["server"] and humans["player"]


def test_human_factor_deals_no_server_card(engine, clock):
    night = Night(engine, clock, PLAYERS)
    night.start(game="notahuman", variants=["human_factor"])
    state = night.match.round_state
    assert state["server"] is None and sorted(state["roles"].values()) == ["human", "robot", "robot", "robot"]


def test_not_enough_pictures_is_refused_at_start(engine, clock):
    night = Night(engine, clock, PLAYERS)
    outcome = night.start(game="notahuman", variants=["defragmentation"], options={"rounds": 27, "images": ["uploads"]})
    assert outcome.error["code"] == "notahuman.not_enough_images"
    # A pack that is not installed is refused when it is chosen, not only at the start.
    outcome = night.command(PLAYERS[0], "choose", game="notahuman", options={"images": ["nope"]})
    assert outcome.error["code"] == "invalid_options" and "images" in outcome.error["params"]["errors"]


# -- no leaks through timing ---------------------------------------------------------------------------------


def transitions(engine, clock, human: str) -> list[tuple[float, str]]:
    night = Night(engine, clock, PLAYERS)
    night.start(game="notahuman", deals=[{"answer": 5, "human": human}])
    for n, name in enumerate(PLAYERS):
        night.move(name, "associate", word=f"same{'abcd'[n]}")
    start = clock.now
    seen = [(0.0, night.match.phase)]
    for _ in range(20):
        night.advance(0.5)
        if night.match.phase != seen[-1][1]:
            seen.append((clock.now - start, night.match.phase))
    return seen


def test_the_reveal_window_runs_the_same_whoever_holds_the_human_card(engine, clock):
    on_server = transitions(engine, clock, "server")
    with_a_player = transitions(engine, clock, "Chen")
    assert on_server == with_a_player == [(0.0, "reveal_window"), (5.0, "explanations")]


# -- secrets --------------------------------------------------------------------------------------------------


def game_view(match, player):
    return json.dumps(view_of(match, player), sort_keys=True)


def twin_of(match):
    twin = copy.deepcopy(match)
    twin.bind(match.stack, match.now, match._shelves)
    return twin


def assert_notahuman_secrets_hold(match) -> None:
    state = match.round_state
    if state["outcome"] is not None:
        return
    human = next((p for p, r in state["roles"].items() if r == "human"), None)
    if human is not None and match.phase in ("associations", "reveal_window", "guess"):
        for other_answer in (1, 9):
            twin = twin_of(match)
            twin.round_state["answer"] = other_answer
            assert game_view(twin, human) == game_view(match, human), "the Human's view depends on the answer"
    # Nobody's view depends on who holds the Human card (unless they hold it, or it revealed itself).
    if state["revealed_human"] is None:
        holders = [p for p in match.players] + ([None] if state["server"] is not None else [])
        for viewer in [None, *match.players]:
            if viewer is not None and state["roles"][viewer] == "human":
                continue
            for holder in holders:
                if holder == viewer:
                    continue
                twin = twin_of(match)
                roles = {p: "robot" for p in match.players}
                if holder is not None:
                    roles[holder] = "human"
                twin.round_state["roles"] = roles
                if state["server"] is not None:
                    twin.round_state["server"] = "human" if holder is None else "robot"
                assert game_view(twin, viewer) == game_view(match, viewer), (
                    f"{viewer} can tell who holds the Human card"
                )
    for phase_name in ("associations", "reveal_window", "guess"):
        if match.phase == phase_name:
            assert json.loads(game_view(match, None)).get("answer") is None


@pytest.mark.parametrize("human", ["Chen", "server"])
def test_views_leak_neither_the_answer_to_the_human_nor_the_human_to_anyone(engine, clock, human):
    night = Night(engine, clock, PLAYERS)
    night.start(game="notahuman", deals=[{"answer": 6, "human": human}])
    checks = 0
    while night.match.phase != "round_over":
        night.lobby.bind_match(engine.plugins, clock.now)
        assert_notahuman_secrets_hold(night.match)
        checks += 1
        match = night.match
        state = match.round_state
        if match.phase == "associations":
            name = next(n for n in PLAYERS if all(a["player"] != night.ids[n] for a in state["associations"]))
            night.move(name, "associate", word=f"w{name.lower()}")
        elif match.phase == "explanations":
            night.move(night.name_of(match.turn), "explained")
        elif match.phase == "discussion":
            night.move("Ann", "start_vote")
        elif match.phase == "voting":
            ballot = match.ballots["human"]
            voter = next(v for v in ballot.voters if v not in ballot.choices)
            night.move(night.name_of(voter), "vote", ballot="human", choice=ballot.allowed(voter)[-1])
        else:
            night.advance(1)
    assert checks > 8
    outcome = night.view(None)["match"]["game_view"]["outcome"]
    assert outcome["human"] == (night.ids[human] if human != "server" else "server")
    assert outcome["answer"] == 6


def test_the_human_gets_no_answer_and_no_robot_learns_who_is_human_before_their_time(engine, clock):
    night = Night(engine, clock, PLAYERS)
    assert night.start(game="notahuman", deals=[{"answer": 6, "human": "Chen"}]).ok
    for name in PLAYERS:
        night.must(name, "associate", word=f"word{name.lower()}")
    assert night.match.phase == "reveal_window"
    robot_card, human_card = {"role": "robot", "answer": 6}, {"role": "human"}
    roles = {night.ids[name]: "human" if name == "Chen" else "robot" for name in PLAYERS}  # as the round's end shows
    recorder = night.recorder
    recorder.holds("Chen", human_card)
    recorder.never_holds("Chen", robot_card)
    for name in ["Ann", "Boris", "Dina"]:
        recorder.holds(name, robot_card)
    for name in [None, "Ann", "Boris", "Dina"]:
        recorder.never_holds(name, human_card)
    for name in [None, *PLAYERS]:
        recorder.never_holds(name, roles)
    shown = [view["match"]["game_view"]["answer"] for view in recorder.views("Chen") if view["match"]]
    assert shown and set(shown) == {None}, "the public answer field stays empty for the Human"
    night.advance(5)  # the Human stays hidden: the explanations, where the answer is public
    assert night.match.phase == "explanations"
    assert recorder.views("Chen")[-1]["match"]["game_view"]["answer"] == 6
    while night.match.phase == "explanations":
        night.must(night.turn, "explained")
    night.must("Ann", "start_vote")
    for name in PLAYERS:
        night.must(name, "vote", ballot="human", choice=night.match.ballots["human"].allowed(night.ids[name])[0])
    assert night.match.phase == "round_over"
    for name in [None, *PLAYERS]:
        recorder.holds(name, roles)


def test_robots_see_the_answer_and_the_human_sees_0_0(engine, clock):
    night = Night(engine, clock, PLAYERS)
    night.start(game="notahuman", deals=[{"answer": 2, "human": "Boris"}])
    assert night.view("Boris")["match"]["game_view"]["card"] == {"role": "human"}
    assert night.view("Ann")["match"]["game_view"]["card"] == {"role": "robot", "answer": 2}
    assert "card" not in night.view(None)["match"]["game_view"]


def test_words_typed_at_once_are_all_accepted_whoever_arrives_first(engine, clock):
    """Everyone associates at once: a word made on the state before another player's word still counts (it was
    refused as stale, and lost, when two phones sent theirs together)."""
    night = Night(engine, clock, ["Ann", "Boris", "Chen"])
    night.start(game="notahuman", deals=[{"human": "Chen", "answer": 3}])
    seen = night.match.version
    for name, word in [("Ann", "lantern"), ("Boris", "harbour"), ("Chen", "violin")]:
        assert night.move(name, "associate", version=seen, word=word).ok, name
    assert night.match.phase == "reveal_window"
