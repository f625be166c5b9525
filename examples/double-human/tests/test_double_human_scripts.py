"""Every scoring case as a scripted match, played by the real `gamenight play` command (docs/scripts.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).parent / "scripts"


def play(path: Path) -> dict:
    run = subprocess.run(
        [sys.executable, "-m", "gamenight", "play", str(path)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def reasons(result: dict, round_number: int = 1) -> dict[str, list[str]]:
    """Each player's points of the round as ``["reason key", ...]``."""
    found: dict[str, list[str]] = {}
    for entry in result["rounds"][round_number - 1]["points"]:
        found.setdefault(entry["player"], []).append(f"{entry['reason']}={entry['points']}")
    return {player: sorted(keys) for player, keys in found.items()}


@pytest.mark.parametrize("script", sorted(SCRIPTS.glob("*.json")), ids=lambda p: p.stem)
def test_every_script_passes(script):
    result = play(script)
    assert "double_human" in result["variants"]
    assert len(result["rounds"]) == 1, "each script plays one round to its end"


def test_a_vote_revealing_one_human_scores_the_robots_and_the_other_human():
    result = play(SCRIPTS / "double-human-vote-reveals-one-human.json")
    assert reasons(result) == {
        "Ann": ["notahuman.reason.robots_won=1", "notahuman.reason.voted_human=1"],
        "Chen": ["notahuman.reason.robots_won=1", "notahuman.reason.voted_human=1"],
        "Dina": ["notahuman.reason.undisclosed=2"],  # the Human the vote did not reveal
        "Emil": ["notahuman.reason.robots_won=1"],  # voted for a robot: the team point only
    }


def test_a_vote_revealing_a_robot_scores_both_humans_2():
    result = play(SCRIPTS / "double-human-vote-reveals-a-robot.json")
    assert reasons(result) == {
        "Boris": ["notahuman.reason.undisclosed=2"],
        "Chen": ["notahuman.reason.undisclosed=2"],
        "Dina": ["notahuman.reason.voted_human=1"],
    }


def test_a_human_who_reveals_and_guesses_right_scores_3():
    result = play(SCRIPTS / "double-human-human-reveals-and-guesses-right.json")
    assert reasons(result) == {"Dina": ["notahuman.reason.guessed=3"]}
