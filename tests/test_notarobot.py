"""I'm Not a Robot through the engine: drawing, turns, first-come checkmarks, tokens, votes, and people who leave."""

from __future__ import annotations

import pytest
from helpers import Night

PLAYERS = ["Ann", "Boris", "Chen", "Dina"]
CARDS = [{"en": [f"w{n}a", f"w{n}b", f"w{n}c"], "ru": [f"с{n}а", f"с{n}б", f"с{n}в"]} for n in range(12)]
# The middle four tiles (6, 7, 11, 12), drawn along their borders.
FRAME = [[0.2, 0.2], [0.6, 0.2], [0.6, 0.6], [0.2, 0.6]]
# Tiles 0, 1, 5 and 6: a square in the top-left corner.
CORNER = [[0.0, 0.0], [0.4, 0.0], [0.4, 0.4], [0.0, 0.4]]
ZIGZAG = [p for row in range(5) for p in ([[0.05, 0.1 + row * 0.2], [0.95, 0.1 + row * 0.2]][:: 1 - 2 * (row % 2)])]


@pytest.fixture
def group(engine, clock) -> Night:
    night = Night(engine, clock, PLAYERS)
    assert night.command("Ann", "shelf", shelf="notarobot.cards", action="add_cards", args={"cards": CARDS}).ok
    return night


def start(night: Night, **options) -> None:
    outcome = night.start("notarobot", options={"cards": ["custom"], **options})
    assert outcome.ok, outcome.error


def draw(night: Night, name: str, figure=FRAME, word: int = 0, decorations=()) -> object:
    return night.move(name, "draw", word=word, figure=figure, decorations=[list(d) for d in decorations])


def everyone_draws(night: Night, figures: dict[str, list] | None = None) -> None:
    for name in PLAYERS:
        if night.ids[name] in night.match.present:
            outcome = draw(night, name, (figures or {}).get(name, FRAME))
            assert outcome.ok, outcome.error


def game(night: Night, name: str | None = None) -> dict:
    return night.view(name)["match"]["game_view"]


def tokens(night: Night) -> dict[str, dict[str, int]]:
    return {night.name_of(p): t for p, t in game(night)["tokens"].items()}


def test_a_turn_from_drawing_to_the_reveal(group):
    start(group)
    assert group.match.phase == "drawing"
    assert len(game(group)["words"]) == 3, "one card with four players"
    everyone_draws(group, {"Ann": FRAME})
    assert group.match.phase == "uncover" and group.name_of(group.match.turn) == "Ann"
    assert group.move("Boris", "uncover", tile=6).error["code"] == "not_your_turn"
    assert group.move("Ann", "uncover", tile=6).ok
    assert group.match.phase == "guessing"
    assert game(group, "Boris")["uncovered"] == {"tile": 6, "lines": [[[0.2, 0.4], [0.2, 0.2], [0.4, 0.2]]]}
    assert group.move("Ann", "check", tile=7).error["code"] == "notarobot.artist_cannot_check"
    assert group.move("Boris", "check", tile=12).ok
    assert group.move("Boris", "check", tile=11).error["code"] == "notarobot.already_checked"
    taken = group.move("Chen", "check", tile=12)
    assert taken.error["code"] == "notarobot.tile_taken" and taken.error["params"]["player"] == group.ids["Boris"]
    assert group.move("Chen", "check", tile=0).ok
    assert group.move("Dina", "check", tile=11).ok
    assert group.match.phase == "reveal"
    shown = game(group, "Chen")["reveal"]
    assert shown["inside"] == [6, 7, 11, 12] and shown["figure"] == FRAME
    assert [group.name_of(p) for p in shown["right"]] == ["Boris", "Dina"]
    assert shown["captcha"] is True, "some but not all guessers were right"
    assert tokens(group) == {
        "Ann": {"captcha": 1, "robot": 0},
        "Boris": {"captcha": 0, "robot": 1},
        "Chen": {"captcha": 0, "robot": 0},
        "Dina": {"captcha": 0, "robot": 1},
    }
    assert group.match.totals() == {
        group.ids["Ann"]: 3,
        group.ids["Boris"]: 1,
        group.ids["Chen"]: 0,
        group.ids["Dina"]: 1,
    }
    assert group.move("Boris", "next").error["code"] == "not_host"
    assert group.move("Ann", "next").ok
    assert group.match.phase == "uncover" and group.name_of(group.match.turn) == "Boris"


@pytest.mark.parametrize(("checks", "captcha"), [((12, 11, 7), False), ((0, 1, 2), False), ((12, 0, 1), True)])
def test_the_artist_wins_a_captcha_only_when_some_but_not_all_guess_right(group, checks, captcha):
    start(group)
    everyone_draws(group)
    group.move("Ann", "uncover", tile=24)
    for name, tile in zip(["Boris", "Chen", "Dina"], checks, strict=True):
        assert group.move(name, "check", tile=tile).ok
    assert game(group)["reveal"]["captcha"] is captcha
    assert tokens(group)["Ann"]["captcha"] == int(captcha)


def test_the_host_picks_the_first_artist_in_the_first_round_only(group):
    start(group)
    assert group.move("Boris", "first_artist", player=group.ids["Chen"]).error["code"] == "not_host"
    assert group.move("Ann", "first_artist", player="nobody").error["code"] == "notarobot.not_a_player"
    assert group.move("Ann", "first_artist", player=group.ids["Chen"]).ok
    assert [group.name_of(p) for p in game(group)["order"]] == ["Chen", "Dina", "Ann", "Boris"]
    everyone_draws(group)
    assert group.name_of(group.match.turn) == "Chen"


def test_whoever_has_not_drawn_when_the_clock_runs_out_is_skipped(group):
    start(group, draw_seconds=60)
    assert draw(group, "Ann").ok and draw(group, "Chen").ok
    group.advance(61)
    assert group.match.phase == "uncover"
    assert [group.name_of(p) for p in game(group)["skipped"]] == ["Boris", "Dina"]
    group.move("Ann", "uncover", tile=0)
    for name in ("Boris", "Chen", "Dina"):
        group.move(name, "check", tile=PLAYERS.index(name))
    group.move("Ann", "next")
    assert group.name_of(group.match.turn) == "Chen", "Boris drew nothing: his turn is skipped"


def test_a_drawing_is_final_and_needs_an_inside_tile(group):
    start(group)
    tiny = [[0.5, 0.5], [0.52, 0.5], [0.52, 0.52]]
    assert draw(group, "Ann", tiny).error["code"] == "notarobot.no_inside"
    assert draw(group, "Ann", word=3).error["code"] == "notarobot.bad_word"
    assert draw(group, "Ann").ok
    assert draw(group, "Ann", CORNER).error["code"] == "notarobot.already_drawn"
    assert game(group, "Ann")["drawing"]["inside"] == [6, 7, 11, 12]


@pytest.mark.parametrize(
    "figure",
    [
        [[0.1, 0.1], [0.5, 0.5]],  # too few points
        [[0.1, 0.1], [0.5, float("nan")], [0.2, 0.9]],
        [[0.1, 0.1], [0.5, 1.5], [0.2, 0.9]],
        [[0.1, 0.1], [0.5, True], [0.2, 0.9]],
        [[0.1, 0.1], [0.5], [0.2, 0.9]],
        [[0.1, 0.1], "0.5,0.5", [0.2, 0.9]],
        [[0.1 + k / 10000, 0.2] for k in range(601)],  # too many points
        "a square",
    ],
)
def test_malformed_drawings_are_refused_and_change_nothing(group, figure):
    start(group)
    before = group.snapshot()
    outcome = group.move("Ann", "draw", word=0, figure=figure, decorations=[])
    assert outcome.error["code"] == "bad_request" and "figure" in outcome.error["params"]["errors"]
    assert group.snapshot() == before


def test_too_many_decorations_or_points_are_refused(group):
    start(group)
    many = [[[0.1, 0.1], [0.2, 0.2]]] * 31
    assert group.move("Ann", "draw", word=0, figure=FRAME, decorations=many).error["code"] == "bad_request"
    heavy = [[[0.001 * k, 0.5 + 0.0001 * (s % 2)] for k in range(500)] for s in range(5)]
    refused = group.move("Ann", "draw", word=0, figure=FRAME, decorations=heavy)
    assert refused.error["code"] == "bad_request" and "decorations" in refused.error["params"]["errors"]
