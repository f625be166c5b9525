"""Secrets by non-interference: the same match is played on separate engines with different pairs of
Humans, move for move. Until the round is over, a robot's view, the table's, and a Human's view must not
differ between deals that differ only in who else holds a Human card: otherwise they give it away."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from double_human_table import PLAYERS, Table
from gamenight.clock import ManualClock
from gamenight.engine import Engine
from gamenight.store_sqlite import SQLiteStore

WORDS = {"Ann": "cold", "Boris": "winter", "Chen": "night", "Dina": "moon", "Emil": "frost"}
VOTES = {"Ann": "3", "Boris": "1", "Chen": "1", "Dina": "2", "Emil": "4"}


def seen_by(table: Table, viewer: str | None) -> str:
    """Everything of the match ``viewer``'s phone receives (the table screen's for None), lobby code aside."""
    match = dict(table.view(viewer)["match"])
    match.pop("id")  # names the lobby, whose code is drawn at random
    return json.dumps(match, sort_keys=True)


def steps(table: Table) -> Iterator[str]:
    """Play one round to the end of the vote without a reveal, naming each point reached."""
    yield "dealt"
    for name, word in WORDS.items():
        assert table.move(name, "associate", word=word).ok
        yield f"{name} associated"
    for second in range(5):
        table.advance(1)
        yield f"reveal window +{second + 1}s"
    while (state := table.state())["phase"] == "explanations":
        assert table.move(table.names[state["turn"]], "explained").ok
        yield "explained"
    assert table.move("Ann", "start_vote").ok
    yield "vote opened"
    for name, choice in VOTES.items():
        assert table.move(name, "vote", ballot="human", choice=choice).ok
        yield f"{name} voted"


def play_side_by_side(plugins, deals: list[list[str]], viewers: list[str | None]) -> int:
    tables = []
    for humans in deals:
        clock = ManualClock()
        table = Table(Engine(SQLiteStore(":memory:"), plugins, clock), clock, PLAYERS)
        assert table.start(deals=[{"answer": 6, "human": humans}], seed="same-seed").ok
        assert table.humans() == sorted(humans)
        tables.append(table)
    compared = 0
    for points in zip(*(steps(t) for t in tables), strict=True):
        if tables[0].state()["phase"] == "round_over":
            # Every card is on the table now: the views differ, which shows the comparison can see it.
            assert len({seen_by(t, None) for t in tables}) == len(tables)
            break
        for viewer in viewers:
            views = {seen_by(t, viewer) for t in tables}
            assert len(views) == 1, f"{viewer or 'the table'} can tell who the Humans are after {points[0]}"
            compared += 1
    return compared


@pytest.mark.parametrize("viewer", ["Ann", None])
def test_a_robot_and_the_table_cannot_tell_who_the_humans_are(plugins, viewer):
    deals = [["Boris", "Dina"], ["Chen", "Emil"], ["Boris", "Emil"], ["Dina", "Chen"]]
    assert play_side_by_side(plugins, deals, [viewer]) > 15


def test_a_human_cannot_tell_who_the_other_human_is(plugins):
    deals = [["Boris", "Ann"], ["Boris", "Chen"], ["Boris", "Dina"], ["Boris", "Emil"]]
    assert play_side_by_side(plugins, deals, ["Boris"]) > 15


def test_a_robots_card_names_the_answer_and_a_humans_card_names_nobody(seat):
    table = seat(PLAYERS)
    assert table.start(deals=[{"answer": 2, "human": ["Boris", "Dina"]}]).ok
    cards = table.cards()
    assert cards["Boris"] == cards["Dina"] == {"role": "human"}
    assert cards["Ann"] == cards["Chen"] == cards["Emil"] == {"role": "robot", "answer": 2}
    assert "card" not in table.view(None)["match"]["game_view"]
