"""Hidden spy count through gamenight's engine, with gamenight's test kit (``gamenight.testing``): found by its
entry point, 0, 1 or 2 spies dealt, the count sent to nobody, an agent unable to tell how many spies there
are, and the scoring of a round without a spy.

The fixtures ``gamenight_party`` and ``gamenight_plugins`` come from gamenight's pytest plugin, loaded
wherever gamenight is installed; the variant is found through its entry point, as a server finds it.
"""

from __future__ import annotations

import json
from collections import Counter

GAME = "spyfall"
VARIANT = "hidden_spies"
NAMES = ["Ann", "Boris", "Chen", "Dina", "Emil"]


def round_scores(party) -> dict[str, int]:
    """The last round's points, by name."""
    return {party.name_of(pid): points for pid, points in party.state()["rounds"][-1]["scores"].items()}


def reasons(party) -> set[str]:
    return {entry["reason"] for entry in party.state()["rounds"][-1]["entries"]}


def test_it_is_found_through_the_entry_point(gamenight_plugins):
    variant = gamenight_plugins.variants[VARIANT]
    assert variant.package == "gamenight-hidden-spies"
    assert variant.game == GAME
    assert variant.excludes == ("known_spies",)


def test_it_cannot_be_combined_with_known_spies(gamenight_party):
    party = gamenight_party(NAMES)
    assert party.start(GAME, [VARIANT, "known_spies"]).error["code"] == "variants_conflict"
    assert party.match is None


def test_each_round_deals_zero_one_or_two_spies_and_two_only_from_five_players(gamenight_party):
    for names, counts in ((NAMES, {0, 1, 2}), (NAMES[:4], {0, 1})):
        party = gamenight_party(names)
        assert party.start(GAME, [VARIANT], {"rounds": 40}, seed="fixed-seed").ok
        seen = Counter()
        for _ in range(40):
            spies = party.match.round_state["spies"]
            seen[len(spies)] += 1
            if spies:  # a spy names the location (the second spy then takes their turn to): the round is over
                location = party.match.round_state["location"]
                party.must(party.name_of(spies[0]), "reveal", location=location)
                if party.phase == "spy_reveal":
                    party.must(party.turn, "reveal", location=location)
            else:
                party.must("Ann", "accuse", player=party.id_of("Boris"))
                for name in names[2:]:
                    party.must(name, "vote", ballot="accusation", choice="yes")
            assert party.phase == "round_over"
            party.must("Ann", "next")
        assert set(seen) == counts, seen


def test_nobody_is_sent_the_spy_count(gamenight_party):
    hidden = gamenight_party(NAMES)
    assert hidden.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.port", "spies": ["Chen"]}]).ok
    hidden.must("Ann", "asked", player=hidden.id_of("Chen"))
    hidden.advance(30)
    for name in [None, *NAMES]:
        hidden.recorder.never_holds(name, "spy_count")
    # Spyfall itself tells everyone: the same check finds it there.
    plain = gamenight_party(NAMES)
    assert plain.start(GAME, options={"rounds": 1}, deals=[{"location": "s2.port", "spies": ["Chen"]}]).ok
    for name in [None, *NAMES]:
        plain.recorder.holds(name, "spy_count")


def test_a_spys_card_reaches_that_spy_alone(gamenight_party):
    party = gamenight_party(NAMES)
    assert party.start(GAME, [VARIANT], deals=[{"location": "s2.port", "spies": ["Chen", "Emil"]}]).ok
    agent_card = party.view("Ann")["match"]["game_view"]["card"]
    assert agent_card["spy"] is False and agent_card["location"]["id"] == "s2.port"
    party.must("Ann", "asked", player=party.id_of("Emil"))
    party.must("Emil", "cross", location="s2.museum", crossed=True)
    for spy in ("Chen", "Emil"):
        party.recorder.holds(spy, {"spy": True})
        party.recorder.never_holds(spy, agent_card)
        party.recorder.never_holds(spy, agent_card["role"])
    for name in (None, "Ann", "Boris", "Dina"):
        party.recorder.never_holds(name, {"spy": True})


def what_ann_and_the_table_received(party) -> list[str]:
    """Ann's and the table screen's payloads as text, the lobby's code (drawn at random) aside."""
    received = party.recorder.received("Ann") + party.recorder.received(None)
    return [json.dumps(payload, sort_keys=True).replace(party.code, "CODE") for payload in received]


def test_an_agent_cannot_tell_zero_one_or_two_spies(gamenight_party):
    """The same round, move for move and with the same seed, with no spy, one and two: until it is over, Ann (an
    agent each time) and the table screen receive exactly the same, accusation and vote threshold included."""
    parties = []
    for spies in ([], ["Chen"], ["Chen", "Emil"]):
        party = gamenight_party(NAMES)
        deal = {"location": "s2.port", "spies": spies}
        assert party.start(GAME, [VARIANT], {"rounds": 1}, deals=[deal], seed="same-seed").ok
        party.must("Ann", "asked", player=party.id_of("Boris"))
        party.must("Boris", "cross", location="s2.museum", crossed=True)
        party.must("Dina", "accuse", player=party.id_of("Boris"))
        party.must("Ann", "vote", ballot="accusation", choice="no")
        party.must("Chen", "vote", ballot="accusation", choice="no")
        party.must("Emil", "vote", ballot="accusation", choice="no")
        assert party.phase == "play", "the accusation failed: the round goes on"
        parties.append(party)
    seen = [what_ann_and_the_table_received(party) for party in parties]
    assert len(seen[0]) > 20
    assert seen[1] == seen[0] and seen[2] == seen[0]
    # Once the round is over every card is on the table, and the same comparison tells the deals apart.
    for party in parties:
        party.must("Ann", "accuse", player=party.id_of("Dina"))
        for name in ("Boris", "Chen", "Emil"):
            party.must(name, "vote", ballot="accusation", choice="yes")
        assert party.phase == "round_over"
    after = [what_ann_and_the_table_received(party) for party in parties]
    assert len({json.dumps(received) for received in after}) == 3
    # The audience's question names no count; once over, "no spy" was right in the round without one.
    asked = [
        next(p for p in party.view(None)["match"]["prompts"] if p["question"] == "hidden_spies.audience.who_is_spy")
        for party in parties
    ]
    assert all("count" not in prompt["params"] for prompt in asked)
    assert asked[0]["answer"] == ["nobody"]
    assert asked[1]["answer"] == [parties[1].id_of("Chen")]
    assert sorted(asked[2]["answer"]) == sorted([parties[2].id_of("Chen"), parties[2].id_of("Emil")])


def test_with_no_spy_a_conviction_frames_an_innocent_who_alone_scores(gamenight_party):
    party = gamenight_party(NAMES[:4])
    assert party.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.museum", "spies": []}]).ok
    party.must("Ann", "accuse", player=party.id_of("Dina"))
    party.must("Boris", "vote", ballot="accusation", choice="yes")
    party.must("Chen", "vote", ballot="accusation", choice="yes")
    assert party.phase == "round_over"
    assert round_scores(party) == {"Ann": 0, "Boris": 0, "Chen": 0, "Dina": 2}
    assert reasons(party) == {"hidden_spies.reason.framed"}


def test_with_no_spy_and_nobody_convicted_everyone_scores_for_nerve(gamenight_party):
    party = gamenight_party(NAMES)
    assert party.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.port", "spies": []}]).ok
    for _ in range(20):  # the round clock runs out, then each final vote's clock: nobody votes
        if party.phase == "round_over":
            break
        party.advance(60)
    assert party.phase == "round_over"
    assert round_scores(party) == dict.fromkeys(NAMES, 1)
    assert reasons(party) == {"hidden_spies.reason.nerve"}


def test_with_a_spy_spyfall_scores_as_usual(gamenight_party):
    party = gamenight_party(NAMES)
    assert party.start(GAME, [VARIANT], {"rounds": 1}, deals=[{"location": "s2.port", "spies": ["Emil"]}]).ok
    party.must("Ann", "accuse", player=party.id_of("Emil"))
    for name, choice in (("Boris", "yes"), ("Chen", "yes"), ("Dina", "no")):  # all but one voter suffice
        party.must(name, "vote", ballot="accusation", choice=choice)
    assert party.phase == "round_over"
    assert round_scores(party) == {"Ann": 2, "Boris": 1, "Chen": 1, "Dina": 1, "Emil": 0}
    assert not any(reason.startswith("hidden_spies.") for reason in reasons(party))
