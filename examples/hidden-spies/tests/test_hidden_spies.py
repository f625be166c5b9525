"""Hidden spy count through gamenight's engine, with gamenight's test kit (``gamenight.testing``): found by its
entry point, 0, 1 or 2 spies dealt, the count sent to nobody, an agent unable to tell how many spies there
are, and the scoring of a round without a spy.

The fixtures ``gamenight_table`` and ``gamenight_plugins`` come from gamenight's pytest plugin, loaded
wherever gamenight is installed; the variant is found through its entry point, as a server finds it.
"""

from __future__ import annotations

import json
from collections import Counter

GAME = "spyfall"
VARIANT = "hidden_spies"
NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil"]


def round_scores(table) -> dict[str, int]:
    """The last round's points, by name."""
    return {table.name_of(pid): points for pid, points in table.state()["rounds"][-1]["scores"].items()}


def reasons(table) -> set[str]:
    return {entry["reason"] for entry in table.state()["rounds"][-1]["entries"]}


def test_it_is_found_through_the_entry_point(gamenight_plugins):
    variant = gamenight_plugins.variants[VARIANT]
    assert variant.package == "gamenight-hidden-spies"
    assert variant.game == GAME
    assert variant.excludes == ("known_spies",)


def test_it_cannot_be_combined_with_known_spies(gamenight_table):
    table = gamenight_table(NAMES)
    assert table.start(GAME, [VARIANT, "known_spies"]).error["code"] == "variants_conflict"
    assert table.match is None


def test_each_round_deals_zero_one_or_two_spies_and_two_only_from_five_players(gamenight_table):
    for names, counts in ((NAMES, {0, 1, 2}), (NAMES[:4], {0, 1})):
        table = gamenight_table(names)
        assert table.start(GAME, [VARIANT], {"rounds": 40}, seed="fixed-seed").ok
        seen = Counter()
        for _ in range(40):
            spies = table.match.round_state["spies"]
            seen[len(spies)] += 1
            if spies:  # a spy names the location (the second spy then takes their turn to): the round is over
                location = table.match.round_state["location"]
                table.must(table.name_of(spies[0]), "reveal", location=location)
                if table.phase == "spy_reveal":
                    table.must(table.turn, "reveal", location=location)
            else:
                table.must("Ann", "accuse", player=table.id_of("Boris"))
                for name in names[2:]:
                    table.must(name, "vote", ballot="accusation", choice="yes")
            assert table.phase == "round_over"
            table.must("Ann", "next")
        assert set(seen) == counts, seen


def test_nobody_is_sent_the_spy_count(gamenight_table):
    hidden = gamenight_table(NAMES)
    assert hidden.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.port", "spies": ["Chen"]}]).ok
    hidden.must("Ann", "asked", player=hidden.id_of("Chen"))
    hidden.advance(30)
    for name in [None, *NAMES]:
        hidden.recorder.never_holds(name, "spy_count")
    # Spyfall itself tells everyone: the same check finds it there.
    plain = gamenight_table(NAMES)
    assert plain.start(GAME, options={"rounds": 1}, deals=[{"location": "s2.port", "spies": ["Chen"]}]).ok
    for name in [None, *NAMES]:
        plain.recorder.holds(name, "spy_count")


def test_a_spys_card_reaches_that_spy_alone(gamenight_table):
    table = gamenight_table(NAMES)
    assert table.start(GAME, [VARIANT], deals=[{"location": "s2.port", "spies": ["Chen", "Emil"]}]).ok
    agent_card = table.view("Ann")["match"]["game_view"]["card"]
    assert agent_card["spy"] is False and agent_card["location"]["id"] == "s2.port"
    table.must("Ann", "asked", player=table.id_of("Emil"))
    table.must("Emil", "cross", location="s2.museum", crossed=True)
    for spy in ("Chen", "Emil"):
        table.recorder.holds(spy, {"spy": True})
        table.recorder.never_holds(spy, agent_card)
        table.recorder.never_holds(spy, agent_card["role"])
    for name in (None, "Ann", "Boris", "Dina"):
        table.recorder.never_holds(name, {"spy": True})


def what_ann_and_the_table_received(table) -> list[str]:
    """Ann's and the table screen's payloads as text, the lobby's code (drawn at random) aside."""
    received = table.recorder.received("Ann") + table.recorder.received(None)
    return [json.dumps(payload, sort_keys=True).replace(table.code, "CODE") for payload in received]


def test_an_agent_cannot_tell_zero_one_or_two_spies(gamenight_table):
    """The same round, move for move and with the same seed, with no spy, one and two: until it is over, Ann (an
    agent each time) and the table screen receive exactly the same, accusation and vote threshold included."""
    tables = []
    for spies in ([], ["Chen"], ["Chen", "Emil"]):
        table = gamenight_table(NAMES)
        deal = {"location": "s2.port", "spies": spies}
        assert table.start(GAME, [VARIANT], {"rounds": 1}, deals=[deal], seed="same-seed").ok
        table.must("Ann", "asked", player=table.id_of("Boris"))
        table.must("Boris", "cross", location="s2.museum", crossed=True)
        table.must("Dina", "accuse", player=table.id_of("Boris"))
        table.must("Ann", "vote", ballot="accusation", choice="no")
        table.must("Chen", "vote", ballot="accusation", choice="no")
        table.must("Emil", "vote", ballot="accusation", choice="no")
        assert table.phase == "play", "the accusation failed: the round goes on"
        tables.append(table)
    seen = [what_ann_and_the_table_received(table) for table in tables]
    assert len(seen[0]) > 20
    assert seen[1] == seen[0] and seen[2] == seen[0]
    # Once the round is over every card is on the table, and the same comparison tells the deals apart.
    for table in tables:
        table.must("Ann", "accuse", player=table.id_of("Dina"))
        for name in ("Boris", "Chen", "Emil"):
            table.must(name, "vote", ballot="accusation", choice="yes")
        assert table.phase == "round_over"
    after = [what_ann_and_the_table_received(table) for table in tables]
    assert len({json.dumps(received) for received in after}) == 3


def test_with_no_spy_a_conviction_frames_an_innocent_who_alone_scores(gamenight_table):
    table = gamenight_table(NAMES[:4])
    assert table.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.museum", "spies": []}]).ok
    table.must("Ann", "accuse", player=table.id_of("Dina"))
    table.must("Boris", "vote", ballot="accusation", choice="yes")
    table.must("Chen", "vote", ballot="accusation", choice="yes")
    assert table.phase == "round_over"
    assert round_scores(table) == {"Ann": 0, "Boris": 0, "Chen": 0, "Dina": 2}
    assert reasons(table) == {"hidden_spies.reason.framed"}


def test_with_no_spy_and_nobody_convicted_everyone_scores_for_nerve(gamenight_table):
    table = gamenight_table(NAMES)
    assert table.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.port", "spies": []}]).ok
    for _ in range(20):  # the round clock runs out, then each final vote's clock: nobody votes
        if table.phase == "round_over":
            break
        table.advance(60)
    assert table.phase == "round_over"
    assert round_scores(table) == dict.fromkeys(NAMES, 1)
    assert reasons(table) == {"hidden_spies.reason.nerve"}


def test_with_a_spy_spyfall_scores_as_usual(gamenight_table):
    table = gamenight_table(NAMES)
    assert table.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.port", "spies": ["Emil"]}]).ok
    table.must("Ann", "accuse", player=table.id_of("Emil"))
    for name, choice in (("Boris", "yes"), ("Chen", "yes"), ("Dina", "no")):  # all but one voter suffice
        table.must(name, "vote", ballot="accusation", choice=choice)
    assert table.phase == "round_over"
    assert round_scores(table) == {"Ann": 2, "Boris": 1, "Chen": 1, "Dina": 1, "Emil": 0}
    assert not any(reason.startswith("hidden_spies.") for reason in reasons(table))
