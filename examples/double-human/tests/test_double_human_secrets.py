"""Secrets by non-interference: the same match is played at separate parties with different pairs of Humans,
move for move. Until the round is over, everything a robot's phone, the table screen and a Human's phone
received (gamenight's test kit records every payload each of them is sent) must not differ between deals that
differ only in who else holds a Human card: otherwise they give it away."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from double_human_party import PLAYERS, cards, humans, start
from gamenight.testing import Party

WORDS = {"Ann": "cold", "Boris": "winter", "Chen": "night", "Dina": "moon", "Emil": "frost"}
VOTES = {"Ann": "3", "Boris": "1", "Chen": "1", "Dina": "2", "Emil": "4"}


def received_by(party: Party, viewer: str | None) -> str:
    """Everything ``viewer`` (None: the table screen) was sent so far, as text, the lobby's code aside."""
    return json.dumps(party.recorder.received(viewer), sort_keys=True).replace(party.code, "CODE")


def steps(party: Party) -> Iterator[str]:
    """Play one round to the end of the vote without a reveal, naming each point reached."""
    yield "dealt"
    for name, word in WORDS.items():
        party.must(name, "associate", word=word)
        yield f"{name} associated"
    for second in range(5):
        party.advance(1)
        yield f"reveal window +{second + 1}s"
    while party.phase == "explanations":
        party.must(party.turn, "explained")
        yield "explained"
    party.must("Ann", "start_vote")
    yield "vote opened"
    for name, choice in VOTES.items():
        party.must(name, "vote", ballot="human", choice=choice)
        yield f"{name} voted"


def play_side_by_side(gamenight_party, deals: list[list[str]], viewers: list[str | None]) -> int:
    parties = []
    for pair in deals:
        party = gamenight_party(PLAYERS)
        assert start(party, deals=[{"answer": 6, "human": pair}], seed="same-seed").ok
        assert humans(party) == sorted(pair)
        parties.append(party)
    compared = 0
    for points in zip(*(steps(t) for t in parties), strict=True):
        if parties[0].phase == "round_over":
            # Every card is on the table now: what they received differs, which shows the comparison can see it.
            assert len({received_by(t, None) for t in parties}) == len(parties)
            break
        for viewer in viewers:
            seen = {received_by(t, viewer) for t in parties}
            assert len(seen) == 1, f"{viewer or 'the table'} can tell who the Humans are after {points[0]}"
            compared += 1
    return compared


@pytest.mark.parametrize("viewer", ["Ann", None])
def test_a_robot_and_the_table_cannot_tell_who_the_humans_are(gamenight_party, viewer):
    deals = [["Boris", "Dina"], ["Chen", "Emil"], ["Boris", "Emil"], ["Dina", "Chen"]]
    assert play_side_by_side(gamenight_party, deals, [viewer]) > 15


def test_a_human_cannot_tell_who_the_other_human_is(gamenight_party):
    deals = [["Boris", "Ann"], ["Boris", "Chen"], ["Boris", "Dina"], ["Boris", "Emil"]]
    assert play_side_by_side(gamenight_party, deals, ["Boris"]) > 15


def test_a_robots_card_names_the_answer_and_a_humans_card_names_nobody(seat):
    party = seat(PLAYERS)
    assert start(party, deals=[{"answer": 2, "human": ["Boris", "Dina"]}]).ok
    dealt = cards(party)
    assert dealt["Boris"] == dealt["Dina"] == {"role": "human"}
    assert dealt["Ann"] == dealt["Chen"] == dealt["Emil"] == {"role": "robot", "answer": 2}
    assert "card" not in party.view(None)["match"]["game_view"]
    # Nor was anyone ever sent another's card: a Human never holds the robots' answer card, the table no card.
    for human in ("Boris", "Dina"):
        party.recorder.never_holds(human, dealt["Ann"])
    party.recorder.holds("Ann", dealt["Ann"])
    party.recorder.never_holds(None, {"role": "human"})
    party.recorder.never_holds(None, {"role": "robot", "answer": 2})
