"""Double human through the engine: found by its entry point, two Humans dealt to players, the start
refused below 4 players, and departures (a Human's voids the round; below 4 players the match ends)."""

from __future__ import annotations

from collections import Counter

from double_human_party import GAME, PLAYERS, VARIANT, associate_all, cards, humans, start, to_vote, vote


def test_it_is_found_through_the_entry_point(gamenight_plugins):
    variant = gamenight_plugins.variants[VARIANT]
    assert variant.package == "gamenight-double-human"
    assert variant.game == GAME
    assert variant.names == {"en": "Double human", "ru": "Двойной человек"}
    assert (gamenight_plugins.client_assets[VARIANT].directory / "screen.js").is_file()


def test_two_human_cards_are_dealt_to_players_and_no_server_card(seat):
    seen = Counter()
    for n in range(24):
        party = seat(PLAYERS[: 4 + n % 2])
        assert start(party, seed=f"deal-{n}").ok
        dealt = cards(party)
        assert all(card is not None for card in dealt.values())
        pair = humans(party)
        assert len(pair) == 2, dealt
        robots = [name for name, card in dealt.items() if card["role"] == "robot"]
        assert len(robots) == len(dealt) - 2
        assert party.state()["game_view"]["server_slot"] is False  # no "#9" on this table
        seen.update(pair)
    assert set(seen) == set(PLAYERS), "any two players may be the Humans"


def test_every_round_deals_two_humans_and_the_ballot_has_no_server(seat):
    party = seat(PLAYERS[:4])
    assert start(party, variants=[VARIANT, "defragmentation"], options={"rounds": 3}).ok
    for round_number in range(1, 4):
        assert party.state()["round"] == round_number
        assert len(humans(party)) == 2
        words = {name: f"word{'abc'[round_number - 1]}{'wxyz'[i]}" for i, name in enumerate(PLAYERS[:4])}
        associate_all(party, words)
        to_vote(party)
        ballot = party.state()["ballots"]["human"]
        assert sorted(ballot["candidates"]) == ["1", "2", "3", "4"], "nobody's card is on the server"
        vote(party, {"Ann": "2", "Boris": "1", "Chen": "1", "Dina": "1"})
        outcome = party.state()["game_view"]["outcome"]
        assert len(outcome["humans"]) == 2 and outcome["server"] is None
        assert party.move("Ann", "next").ok
    assert party.state()["over"]


def test_the_start_is_refused_below_four_players(seat):
    party = seat(PLAYERS[:3])
    outcome = start(party)
    assert not outcome.ok
    assert outcome.error == {
        "code": "double_human.too_few_players",
        "key": "error.double_human.too_few_players",
        "params": {"min": 4, "players": 3},
    }
    assert party.view(None)["match"] is None, "a refused start starts nothing"
    assert start(party, variants=[]).ok, "three players can still play the game without the variant"


def test_a_forced_deal_must_name_two_players(seat):
    party = seat(PLAYERS[:4])
    assert start(party, deals=[{"answer": 1, "human": "Boris"}]).error["code"] == "bad_deal"
    assert start(party, deals=[{"answer": 1, "human": ["Boris", "server"]}]).error["code"] == "bad_deal"
    assert start(party, deals=[{"answer": 1, "human": ["Boris", "Chen"]}]).ok
    assert humans(party) == ["Boris", "Chen"]


def test_a_human_who_leaves_voids_the_round_and_five_players_play_on(seat):
    party = seat(PLAYERS)
    assert start(
        party,
        variants=[VARIANT, "defragmentation"],
        options={"rounds": 2},
        deals=[{"answer": 4, "human": ["Chen", "Emil"]}],
    ).ok
    assert party.command("Ann", "kick", player=party.ids["Emil"]).ok
    state = party.state()
    assert not state["over"] and state["phase"] == "round_over"
    assert state["game_view"]["outcome"]["void"] is True
    assert party.move("Ann", "next").ok
    assert len(humans(party)) == 2, "the next round deals two Humans among the four left"


def test_below_four_players_the_match_ends_scored(seat):
    party = seat(PLAYERS[:4])
    deals = [{"answer": 4, "human": ["Boris", "Chen"]}, {"answer": 2, "human": ["Boris", "Dina"]}]
    assert start(party, variants=[VARIANT, "defragmentation"], options={"rounds": 3}, deals=deals).ok
    associate_all(party, {"Ann": "cold", "Boris": "winter", "Chen": "night", "Dina": "moon"})
    to_vote(party)
    vote(party, {"Ann": "4", "Boris": "4", "Chen": "4", "Dina": "2"})  # a robot revealed: both Humans score 2
    assert party.move("Ann", "next").ok
    assert party.command("Ann", "kick", player=party.ids["Chen"]).ok  # a robot this round: 3 players left
    state = party.state()
    assert state["over"] and state["result"]["ended_early"]
    assert {party.name_of(p): points for p, points in state["totals"].items()} == {
        "Ann": 0,
        "Boris": 2,
        "Chen": 2,
        "Dina": 1,
    }
    assert any(e["key"] == "event.too_few_players" and e["params"] == {"min": 4} for e in state["events"])
