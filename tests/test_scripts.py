"""Scripted matches through the real `gamenight play` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import subprocess_env

SCRIPTS = Path(__file__).parent / "scripts"


def play(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gamenight", "play", str(path)], env=subprocess_env(), capture_output=True, text=True
    )


@pytest.mark.parametrize("script", sorted(SCRIPTS.glob("*.json")), ids=lambda p: p.stem)
def test_every_script_passes(script):
    run = play(script)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert set(result) >= {"rounds", "totals", "winners"}


def test_play_prints_rounds_totals_and_winners():
    run = play(SCRIPTS / "highcard-basic.json")
    result = json.loads(run.stdout)
    assert [r["scores"] for r in result["rounds"]] == [
        {"Ann": 1, "Boris": 1, "Chen": 0},
        {"Ann": 1, "Boris": 0, "Chen": 0},
    ]
    assert result["totals"] == {"Ann": 2, "Boris": 1, "Chen": 0}
    assert result["winners"] == ["Ann"]
    assert result["rounds"][0]["points"][1] == {
        "player": "Boris",
        "points": 1,
        "reason": "highcard.reason.fooled",
        "params": {"count": 1},
    }


def script_with(steps, tmp_path: Path, **extra) -> Path:
    script = {
        "game": "highcard",
        "options": {"rounds": 1},
        "players": ["Ann", "Boris"],
        "deals": [{"hands": {"Ann": "c01", "Boris": "c02"}, "server": "c03"}],
        "steps": steps,
        **extra,
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    return path


def test_a_failed_expectation_exits_non_zero_with_a_readable_difference(tmp_path):
    path = script_with([{"expect": {"phase": "vote", "totals": {"Ann": 5, "Boris": 0}}}], tmp_path)
    run = play(path)
    assert run.returncode == 1
    assert "step 1" in run.stderr
    assert 'phase: expected "vote", got "claim"' in run.stderr
    assert "Ann: expected 5, got 0" in run.stderr


def test_an_unexpected_refusal_fails_the_script(tmp_path):
    run = play(script_with([{"player": "Boris", "action": "claim", "args": {"value": 3}}], tmp_path))
    assert run.returncode == 1
    assert "not_your_turn" in run.stderr


def test_expecting_the_wrong_error_fails(tmp_path):
    steps = [{"player": "Boris", "action": "claim", "args": {"value": 3}}, {"expect": {"error": "stale"}}]
    run = play(script_with(steps, tmp_path))
    assert run.returncode == 1
    assert 'error: expected "stale", got "not_your_turn"' in run.stderr


def test_advance_fires_timers_through_the_engine(tmp_path):
    steps = [{"advance": 20}, {"expect": {"turn": "Boris"}}, {"advance": 20}, {"expect": {"phase": "vote"}}]
    assert play(script_with(steps, tmp_path)).returncode == 0


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("[1, 2]", "a script is a JSON object"),
        ("{not json", "is not valid JSON"),
        ('{"game": "highcard", "players": ["A"]}', "no 'steps'"),
    ],
)
def test_malformed_scripts_are_reported(tmp_path, script, message):
    path = tmp_path / "bad.json"
    path.write_text(script, encoding="utf-8")
    run = play(path)
    assert run.returncode == 2 and message in run.stderr


def test_unknown_player_in_a_step(tmp_path):
    run = play(script_with([{"player": "Zed", "action": "claim", "args": {"value": 3}}], tmp_path))
    assert run.returncode == 2 and "'Zed' is not one of the players" in run.stderr
