"""Every game's phases form a graph read from its ``Game.phases`` and its variants': each ``next`` names a
declared phase, every phase is reachable from the first, the core refuses a step the graph does not declare,
and ``gamenight games --phases GAME`` draws it."""

from __future__ import annotations

from itertools import combinations

import pytest
from click.testing import CliRunner
from gamenight import ActionError, Game, Move, Phase
from gamenight.cli import main
from gamenight.match import Match, apply_move
from gamenight.phase_graph import PhaseGraph
from gamenight.registry import GameStack, PluginError, Plugins


@pytest.fixture(scope="module")
def everything() -> Plugins:
    """Every installed game and variant, and High Card."""
    return Plugins(["testgame"])


def stacks(plugins: Plugins):
    """Each game alone, with each of its variants, and with each pair of variants that go together."""
    for game in plugins.games:
        variants = [v.id for v in plugins.variants.values() if v.game == game]
        chosen = [(), *((v,) for v in variants), *combinations(variants, 2)]
        for combination in chosen:
            try:
                yield (game, *combination), plugins.stack(game, list(combination))
            except ActionError:  # two variants that exclude each other
                continue


def test_every_next_names_a_phase_and_every_phase_is_reached_from_the_first(everything):
    checked = 0
    for name, stack in stacks(everything):
        graph = PhaseGraph.of(stack)
        assert graph.first is not None, name
        assert graph.unreachable() == [], f"{name}: phases no match can reach"
        for pid, phase in graph.phases.items():
            assert graph.leads_to(pid) or not phase.is_playing, f"{name}: {pid} is played and leads nowhere"
        checked += 1
    assert checked >= 4 + len(everything.variants)  # every game, and every variant at least once


def test_each_game_draws_its_graph_as_text_and_as_graphviz(everything):
    runner = CliRunner()
    shown = runner.invoke(main, ["games", "--phases", "highcard", "-p", "testgame"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0].startswith("claim -> vote") and "start" in lines[0] and "moves claim" in lines[0]
    assert lines[1].startswith("vote -> round_over")
    assert lines[2].startswith("round_over -> claim") and "between rounds" in lines[2]
    dot = runner.invoke(main, ["games", "--phases", "highcard", "--dot", "-p", "testgame"])
    assert dot.exit_code == 0, dot.output
    assert dot.output.startswith('digraph "highcard"') and '"vote" -> "round_over";' in dot.output
    for game in everything.games:
        drawn = runner.invoke(main, ["games", "--phases", game, "-p", "testgame"])
        assert drawn.exit_code == 0 and drawn.output.count(" -> ") == len(
            PhaseGraph.of(everything.stack(game, [])).phases
        )
    unknown = runner.invoke(main, ["games", "--phases", "chess", "-p", "testgame"])
    assert unknown.exit_code == 2 and "no game 'chess'" in unknown.output


def go_three(match, action) -> str:
    return "three"


def go_two(match, action) -> str:
    return "two"


def always(match) -> bool:
    return True


def small_game(game_id: str, phases: list[Phase]) -> Game:
    """A game of ``phases`` and nothing else."""
    return Game(
        id=game_id,
        names={"en": game_id.title()},
        min_players=1,
        max_players=4,
        phases=phases,
        setup=lambda match: None,
        public_view=lambda match: {},
    )


def matched(game: Game) -> tuple[Match, GameStack]:
    """A match of ``game`` for one player, in its first phase."""
    stack = GameStack(game, [])
    match = Match(id="m", game=game.id, variants=[], options={}, players=["a"], names={"a": "A"}, seed="s")
    match.bind(stack, 0.0)
    match.move_on(stack.first_phase)
    return match, stack


WANDERING = [  # a game whose move steps where its phase does not lead
    Phase("one", {"go": Move(go_three), "on": Move(go_two)}, next="two"),
    Phase("two", end_if=always, next="three"),
    Phase("three", next="one", playing=False),
]


def test_a_step_the_graph_does_not_declare_is_refused_and_a_declared_one_is_followed():
    match, stack = matched(small_game("wander", WANDERING))
    assert match.phase == "one" and match.playing
    with pytest.raises(ValueError, match="'one' does not lead to 'three'"):
        apply_move(match, stack, "a", "go", {}, is_host=True, version=match.version)
    match, stack = matched(small_game("wander", WANDERING))
    apply_move(match, stack, "a", "on", {}, is_host=True, version=match.version)
    assert match.phase == "three" and not match.playing  # two's end_if held at once: on to its single next


def test_a_next_that_names_no_phase_is_refused_when_the_game_loads_and_a_step_to_it_when_taken():
    misspelt = [Phase("one", {"on": Move(go_two)}, next="tow"), Phase("two", next="one")]
    with pytest.raises(PluginError, match="typo: phase 'one' leads to 'tow', which no phase declares"):
        GameStack(small_game("typo", misspelt), [])
    match, stack = matched(small_game("typo", [Phase("one", {"on": Move(lambda match, action: "tow")}, next="one")]))
    with pytest.raises(ValueError, match="typo: undeclared phase 'tow'"):
        apply_move(match, stack, "a", "on", {}, is_host=True, version=match.version)
