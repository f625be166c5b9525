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


@pytest.mark.parametrize("player", ["", "p" * 33, "x" * 10_000])
def test_a_first_artist_that_is_no_player_id_at_all_is_refused_and_changes_nothing(group, player):
    """As in every game, a player argument is 1 to 32 characters: a longer one is never echoed back."""
    start(group)
    before = group.snapshot()
    outcome = group.move("Ann", "first_artist", player=player)
    assert outcome.error["code"] == "bad_request" and "player" in outcome.error["params"]["errors"]
    assert not player or player not in str(outcome.error)
    assert group.snapshot() == before


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


def to_reveal(night: Night, checks: dict[str, int], artist_figure=FRAME, decorations=()) -> None:
    """Everyone draws (the first artist, Ann, ``artist_figure``), Ann uncovers tile 24, the guessers check."""
    start(night)
    for name in PLAYERS:
        figure = artist_figure if name == "Ann" else FRAME
        assert draw(night, name, figure, decorations=decorations if name == "Ann" else ()).ok
    assert night.move("Ann", "uncover", tile=24).ok
    for name, tile in checks.items():
        assert night.move(name, "check", tile=tile).ok
    assert night.match.phase == "reveal"


@pytest.mark.parametrize(("yes", "passed"), [(("Boris", "Chen"), True), (("Boris",), False)])
def test_a_full_pad_wins_a_captcha_token_with_more_than_half_the_guessers(group, yes, passed):
    to_reveal(group, {"Boris": 12, "Chen": 11, "Dina": 7}, decorations=[ZIGZAG])
    ballot = group.view("Boris")["match"]["ballots"]["full_pad"]
    assert ballot["voters"] == [group.ids[n] for n in ("Boris", "Chen", "Dina")]
    assert group.move("Ann", "next").error["code"] == "notarobot.vote_open"
    assert group.move("Ann", "vote", ballot="full_pad", choice="yes").error["code"] == "not_eligible"
    for name in ("Boris", "Chen", "Dina"):
        assert group.move(name, "vote", ballot="full_pad", choice="yes" if name in yes else "no").ok
    assert tokens(group)["Ann"]["captcha"] == (1 if passed else 0), "all right: no CAPTCHA token for the guessing"
    assert game(group)["turns"][-1]["full_pad"] is passed
    assert group.move("Ann", "next").ok


def test_a_drawing_that_misses_a_tile_has_no_full_pad_vote(group):
    to_reveal(group, {"Boris": 12, "Chen": 11, "Dina": 0})
    assert "full_pad" not in group.view("Boris")["match"]["ballots"]


@pytest.mark.parametrize(
    ("votes", "passed"), [({"Chen": "yes", "Dina": "yes"}, True), ({"Chen": "yes", "Dina": "no"}, False)]
)
def test_a_bug_report_takes_tokens_only_when_every_guesser_agrees(group, votes, passed):
    to_reveal(group, {"Boris": 12, "Chen": 0, "Dina": 1})  # Boris right: Ann wins a CAPTCHA token
    assert tokens(group)["Ann"]["captcha"] == 1 and tokens(group)["Boris"]["robot"] == 1
    assert group.move("Ann", "report_bug").error["code"] == "notarobot.not_a_guesser"
    assert group.move("Boris", "report_bug").ok
    assert group.move("Chen", "report_bug").error["code"] == "notarobot.bug_already_reported"
    assert group.view("Boris")["match"]["ballots"]["bug_report"]["mine"] == "yes", "filing it is a yes"
    for name, choice in votes.items():
        assert group.move(name, "vote", ballot="bug_report", choice=choice).ok
    held = tokens(group)
    if passed:
        # Ann loses her CAPTCHA token; Boris his Robot token; Chen and Dina have none to lose.
        assert held["Ann"]["captcha"] == 0 and held["Boris"]["robot"] == 0
        assert group.match.totals()[group.ids["Chen"]] == 0
    else:
        assert held["Ann"]["captcha"] == 1 and held["Boris"]["robot"] == 1
    assert game(group)["turns"][-1]["bug_report"] is passed


def test_the_reveal_clock_waits_for_an_open_vote(group):
    to_reveal(group, {"Boris": 12, "Chen": 0, "Dina": 1})
    assert group.move("Boris", "report_bug").ok
    group.advance(25)  # the reveal's 30 s are held; the vote's 20 s run out with two votes missing
    assert group.match.phase == "reveal" and game(group)["turns"][-1]["bug_report"] is False
    group.advance(24)  # 30 s of reveal since the vote closed at 20 s: 1 s to go
    assert group.match.phase == "reveal"
    group.advance(2)
    assert group.match.phase == "uncover" and group.name_of(group.match.turn) == "Boris"


def test_the_host_moves_a_vote_on_with_the_votes_cast(group):
    to_reveal(group, {"Boris": 12, "Chen": 0, "Dina": 1})
    group.move("Boris", "report_bug")
    assert group.move("Ann", "skip").ok
    assert game(group)["turns"][-1]["bug_report"] is False
    assert group.move("Ann", "next").ok


def test_an_artist_who_leaves_before_the_reveal_loses_the_turn_unscored(group):
    start(group)
    everyone_draws(group)
    group.move("Ann", "uncover", tile=3)
    group.move("Chen", "check", tile=12)
    assert group.command("Ann", "leave").ok
    assert group.match.phase == "uncover" and group.name_of(group.match.turn) == "Boris"
    assert group.match.totals() == dict.fromkeys(group.match.players, 0)
    assert game(group)["checks"] == [] and game(group)["uncovered"] is None


def test_an_artist_who_leaves_without_uncovering_hands_the_turn_on_with_a_full_clock(group):
    start(group, uncover_seconds=20)
    everyone_draws(group)
    group.advance(15)
    assert group.command("Ann", "leave").ok
    assert group.match.phase == "uncover" and group.name_of(group.match.turn) == "Boris"
    group.advance(15)
    assert group.match.phase == "uncover", "Boris has 20 s of his own to uncover"
    group.advance(6)
    assert group.match.phase == "guessing" and game(group)["artist"] == group.ids["Boris"]


def test_a_round_nobody_draws_passes_to_the_next_on_a_full_clock(group):
    start(group, rounds=2, draw_seconds=60)
    group.advance(61)
    assert group.match.phase == "drawing" and group.match.round == 2
    group.advance(50)
    assert group.match.phase == "drawing" and not group.match.over
    group.advance(11)
    assert group.match.over


def test_a_guesser_who_leaves_is_not_waited_for(group):
    start(group)
    everyone_draws(group)
    group.move("Ann", "uncover", tile=3)
    group.move("Boris", "check", tile=12)
    group.move("Chen", "check", tile=0)
    assert group.command("Dina", "leave").ok
    assert group.match.phase == "reveal"
    assert game(group)["reveal"]["captcha"] is True, "Boris right, Chen wrong; Dina is not counted"


def test_an_artist_who_leaves_at_the_reveal_keeps_the_points_and_the_votes_on_the_drawing_are_cancelled(group):
    to_reveal(group, {"Boris": 12, "Chen": 0, "Dina": 1}, decorations=[ZIGZAG])
    assert group.command("Ann", "leave").ok
    assert group.view("Boris")["match"]["ballots"]["full_pad"]["closed"] is True
    assert tokens(group)["Ann"]["captcha"] == 1
    assert group.move("Boris", "next").ok, "Boris is the host now"
    assert group.name_of(group.match.turn) == "Boris"


def test_a_match_plays_its_rounds_with_fresh_cards_and_ends(group):
    start(group, rounds=2)
    seen = []
    for _ in range(2):
        seen += [w["en"] for w in game(group)["words"]]
        everyone_draws(group)
        for artist in PLAYERS:
            assert group.name_of(group.match.turn) == artist
            group.move(artist, "uncover", tile=0)
            following = PLAYERS[PLAYERS.index(artist) + 1 :] + PLAYERS[: PLAYERS.index(artist)]
            for name, tile in zip(following, [12, 1, 2], strict=True):
                assert group.move(name, "check", tile=tile).ok
            group.move("Ann", "next")
    assert group.match.over
    assert len(seen) == len(set(seen)) == 6, "no card repeats within a game"
    # Each turn the artist's left neighbour alone is right: a CAPTCHA token (3) and a Robot token (1) each, twice.
    assert set(group.match.totals().values()) == {8}
    assert group.match.result["winners"] == group.match.players, "everyone drew and guessed alike: a shared win"


def test_two_cards_with_more_than_four_players(engine, clock):
    night = Night(engine, clock, [*PLAYERS, "Emil"])
    night.command("Ann", "shelf", shelf="notarobot.cards", action="add_cards", args={"cards": CARDS})
    start(night)
    assert len(game(night)["words"]) == 6


def test_the_start_is_refused_without_enough_cards(engine, clock):
    night = Night(engine, clock, PLAYERS)
    night.command("Ann", "shelf", shelf="notarobot.cards", action="add_cards", args={"cards": CARDS[:2]})
    refused = night.start("notarobot", options={"cards": ["custom"], "rounds": 3})
    assert refused.error["code"] == "notarobot.not_enough_cards"
    assert refused.error["params"] == {"needed": 3, "available": 2}


def test_a_figure_tangled_past_a_hundred_crossings_is_refused_before_any_geometry(group):
    start(group)
    # A zigzag of 30 strokes down and back across 30 strokes: hundreds of crossings.
    scribble = [[k / 30, k % 2] for k in range(31)] + [[k % 2, 1 - k / 30] for k in range(31)]
    refused = draw(group, "Ann", scribble)
    assert refused.error["code"] == "notarobot.figure_tangled" and refused.error["params"] == {"max": 100}
    assert draw(group, "Ann").ok


def test_an_artist_who_drew_and_left_is_said_to_have_left_not_to_have_no_drawing(group):
    """The table says why a turn is skipped: no drawing, or the artist left the match."""
    start(group, draw_seconds=60)
    for name in ("Ann", "Boris", "Chen"):
        assert draw(group, name).ok
    group.advance(61)  # Dina drew nothing
    assert group.command("Boris", "leave").ok  # Boris drew, and leaves before his turn
    group.move("Ann", "uncover", tile=0)
    for name in ("Chen", "Dina"):
        group.move(name, "check", tile=PLAYERS.index(name))
    group.move("Ann", "next")
    said = {(e["key"], group.name_of(e["params"]["player"])) for e in group.match.events if "player" in e["params"]}
    assert ("notarobot.event.skipped", "Dina") in said
    assert ("notarobot.event.artist_left", "Boris") in said
    assert ("notarobot.event.skipped", "Boris") not in said
    assert group.name_of(group.match.turn) == "Chen"


def test_ending_early_during_a_turn_tells_the_word_being_drawn(group):
    start(group)
    everyone_draws(group)  # every drawing is of the round's first word
    assert group.move("Ann", "uncover", tile=6).ok
    assert group.command("Ann", "end").ok
    result = group.view(None)["match"]["result"]
    word = group.match.round_state["words"][0]
    assert result["unfinished"] == [
        {"key": "notarobot.unfinished.drawing", "params": {"player": group.ids["Ann"], "word": {"names": word}}}
    ]


def test_a_drawing_reaches_nobody_but_its_artist_until_their_reveal(group):
    start(group)
    for name in PLAYERS:  # Chen draws the corner square of the third word, everyone else the frame of the first
        assert draw(group, name, CORNER if name == "Chen" else FRAME, word=2 if name == "Chen" else 0).ok
    drawing = game(group, "Chen")["drawing"]  # the word picked, the figure, the inside tiles
    assert drawing["word"] == 2 and drawing["inside"] == [0, 1, 5, 6]
    for artist in ("Ann", "Boris"):  # two turns revealed before Chen's
        group.must(artist, "uncover", tile=0)
        for name, tile in zip([n for n in PLAYERS if n != artist], [12, 13, 14], strict=True):
            group.must(name, "check", tile=tile)
        group.must("Ann", "next")
    group.must("Chen", "uncover", tile=0)
    group.must("Ann", "check", tile=12)
    group.must("Dina", "check", tile=13)
    recorder = group.recorder
    recorder.holds("Chen", drawing)
    for name in (None, "Ann", "Boris", "Dina"):
        for secret in (drawing, CORNER, drawing["inside"]):
            recorder.never_holds(name, secret)
    group.must("Boris", "check", tile=14)  # the last checkmark: Chen's reveal
    assert group.match.phase == "reveal" and game(group)["reveal"]["word"] == 2
    for name in (None, "Ann", "Boris", "Dina"):
        recorder.holds(name, CORNER)
        recorder.holds(name, drawing["inside"])


def test_the_gallery_of_every_drawing_is_shown_once_the_match_is_over_and_not_before(group):
    """After the match every drawing of it, in the order drawn, with its word and artist, for the table
    and every phone; until then no recipient holds it."""
    start(group, rounds=2)
    drawn = []
    for round_number in (1, 2):
        everyone_draws(group, {"Chen": CORNER})
        words = game(group)["words"]
        drawn += [(round_number, name, words[0]["en"]) for name in PLAYERS]
        for recipient in (None, *PLAYERS):
            shown = group.view(recipient)["match"]["game_view"]
            assert "gallery" not in shown and "finale" not in shown, recipient
        for artist in PLAYERS:
            group.move(artist, "uncover", tile=0)
            following = PLAYERS[PLAYERS.index(artist) + 1 :] + PLAYERS[: PLAYERS.index(artist)]
            for name, tile in zip(following, [12, 1, 2], strict=True):
                group.move(name, "check", tile=tile)
            group.move("Ann", "next")
    assert group.match.over
    for recipient in (None, "Boris"):
        shown = group.view(recipient)["match"]["game_view"]
        assert shown["finale"] is True
        gallery = shown["gallery"]
        assert [(d["round"], group.name_of(d["artist"]), d["word"]["en"]) for d in gallery] == drawn
        chens = [d for d in gallery if group.name_of(d["artist"]) == "Chen"]
        assert all(d["figure"] == CORNER and d["decorations"] == [] for d in chens)
