"""The outside example package (examples/hidden-spies), installed with pip by scripts/test.sh."""

from __future__ import annotations

from collections import Counter

from helpers import Night


def test_it_is_found_through_the_entry_point(plugins):
    variant = plugins.variants["hidden_spies"]
    assert variant.package == "gamenight-hidden-spies"
    assert variant.game == "spyfall"


def test_each_round_deals_zero_one_or_two_spies_and_nobody_is_told(engine, clock):
    night = Night(engine, clock, ["Ann", "Boris", "Chen", "Dina", "Emil"])
    assert night.start(game="spyfall", variants=["hidden_spies"], options={"rounds": 40}, seed="fixed-seed").ok
    counts = Counter()
    for _ in range(40):
        state = night.match.round_state
        counts[len(state["spies"])] += 1
        for viewer in [None, *night.ids]:
            assert "spy_count" not in night.view(viewer)["match"]["game_view"]
        night.move("Ann", "accuse", player=night.ids["Emil"])
        for name in ["Boris", "Chen", "Dina"]:
            night.move(name, "vote", ballot="accusation", choice="yes")
        night.move("Ann", "next")
    assert set(counts) == {0, 1, 2}


def test_it_cannot_be_combined_with_known_spies(engine, clock):
    night = Night(engine, clock, ["Ann", "Boris", "Chen", "Dina", "Emil"])
    outcome = night.command("Ann", "choose", game="spyfall", variants=["hidden_spies", "known_spies"])
    assert outcome.error["code"] == "variants_conflict"
