"""Random matches with the variant: plausible moves and junk, players leaving and kicked, clocks running.

No move may break the engine (every refusal is a structured error, never ``internal_error``), two Humans
are dealt to players in every round played, and once everyone stops acting the clocks end the match.
A fixed list of seeds, so a failure replays.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from double_human_party import PLAYERS, VARIANT, humans, start

OPTIONS = {"rounds": 3, "reveal_seconds": 3, "guess_seconds": 10, "explain_seconds": 10, "vote_seconds": 15}


def random_step(party, rng: random.Random, words: Iterator[str]) -> None:
    state = party.state()
    present = [party.name_of(p) for p in state["present"]]
    name = rng.choice(present)
    phase = state["phase"]
    roll = rng.random()
    if roll < 0.008 and name != "Ann":
        outcome = party.command(name, "leave")
    elif roll < 0.016:
        outcome = party.command("Ann", "kick", player=party.ids[rng.choice(PLAYERS[1:])])
    elif roll < 0.25:
        party.advance(rng.choice([1, 3, 10, 30, 200]))
        return
    elif roll < 0.3:
        outcome = party.move("Ann", "skip")
    elif phase == "associations":
        outcome = party.move(name, "associate", word=next(words) if rng.random() < 0.9 else "two words")
    elif phase == "reveal_window":
        outcome = party.move(name, "reveal")
    elif phase == "guess":
        turn = party.name_of(state["turn"]) if state["turn"] else name
        outcome = party.move(turn if rng.random() < 0.8 else name, "guess", image=rng.randint(0, 10))
    elif phase == "explanations":
        turn = party.name_of(state["turn"]) if state["turn"] else name
        outcome = party.move(turn, "explained")
    elif phase == "discussion":
        outcome = party.move("Ann", "start_vote")
    elif phase == "voting":
        ballot = state["ballots"]["human"]
        outcome = party.move(name, "vote", ballot="human", choice=rng.choice([*ballot["candidates"], "server", "9"]))
    else:
        outcome = party.move("Ann", rng.choice(["next", "explained", "reveal"]))
    if not outcome.ok:
        assert set(outcome.error) == {"code", "key", "params"}, outcome.error
        assert outcome.error["code"] != "internal_error", outcome.error


@pytest.mark.parametrize("seed", range(12))
def test_random_matches_stay_whole_and_end_by_the_clock(seat, seed):
    rng = random.Random(seed)
    party = seat(PLAYERS[: rng.choice([4, 5])])
    assert start(party, variants=[VARIANT, "defragmentation"], options=OPTIONS, seed=f"random-{seed}").ok
    words = iter(f"word{a}{b}" for a in "abcdefghij" for b in "klmnopqrstuvwxyz")
    rounds_seen = set()
    for _ in range(300):
        state = party.state()
        if state["over"]:
            break
        if state["phase"] == "associations" and state["round"] not in rounds_seen:
            rounds_seen.add(state["round"])
            assert len(humans(party)) == 2 and state["game_view"]["server_slot"] is False
        random_step(party, rng, words)
    for _ in range(200):  # everyone stops acting: the clocks alone end the match
        if party.state()["over"]:
            break
        party.advance(60)
    state = party.state()
    assert state["over"], state["phase"]
    if state["result"]["ended_early"]:
        assert len(state["present"]) < 4 or state["rounds_finished"] < OPTIONS["rounds"]
