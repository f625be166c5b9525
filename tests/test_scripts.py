"""Scripted matches through the real `gamenight play` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import subprocess_env
from gamenight.cli import main

SCRIPTS = Path(__file__).parent / "scripts"


def play(path: Path) -> subprocess.CompletedProcess:
    """``gamenight play PATH`` in a process of its own, as a plugin author runs it."""
    return subprocess.run(
        [sys.executable, "-m", "gamenight", "play", str(path)], env=subprocess_env(), capture_output=True, text=True
    )


def play_here(path: Path) -> subprocess.CompletedProcess:
    """The same command run in this process (click's runner): its code, its output and its exit status, without a
    new interpreter's start and imports, which cost more than most scripts."""
    run = CliRunner().invoke(main, ["play", str(path)], env={"GAMENIGHT_PLUGINS": "testgame"})
    if run.exception is not None and not isinstance(run.exception, SystemExit):
        raise run.exception
    return subprocess.CompletedProcess(["gamenight", "play", str(path)], run.exit_code, run.stdout, run.stderr)


@pytest.mark.parametrize("script", sorted(SCRIPTS.glob("*.json")), ids=lambda p: p.stem)
def test_every_script_passes(script):
    run = play_here(script)
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


# -- strict scripts ------------------------------------------------


def play_json(script: dict, tmp_path: Path, *, timeout: float = 60) -> subprocess.CompletedProcess:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "gamenight", "play", str(path)],
        env=subprocess_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def highcard(tmp_path: Path, **changes) -> dict:
    script = {
        "game": "highcard",
        "options": {"rounds": 2},
        "players": ["Ann", "Boris"],
        "deals": [{"hands": {"Ann": "c01", "Boris": "c02"}, "server": "c03"}],
        "steps": [],
    }
    script.update(changes)
    return script


def one_line_message(run: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


ROUND_ONE = [
    {"player": "Ann", "action": "claim", "args": {"value": 3}},
    {"player": "Boris", "action": "claim", "args": {"value": 9}},
    {"player": "Ann", "action": "vote", "args": {"ballot": "highest", "choice": "@Boris"}},
    {"player": "Boris", "action": "vote", "args": {"ballot": "highest", "choice": "@Ann"}},
    {"expect": {"phase": "round_over", "round": 1}},
]


def test_an_expect_after_a_refusal_must_name_its_error(tmp_path):
    steps = [{"player": "Boris", "action": "claim", "args": {"value": 3}}, {"expect": {"phase": "claim"}}]
    run = play_json(highcard(tmp_path, steps=steps), tmp_path)
    assert run.returncode == 1
    assert "step 2" in run.stderr
    assert "step 1 (Boris: claim" in run.stderr
    assert "not_your_turn" in run.stderr
    assert "must name its 'error'" in run.stderr


def test_an_expect_naming_the_error_may_check_more(tmp_path):
    steps = [
        {"player": "Boris", "action": "claim", "args": {"value": 3}},
        {"expect": {"error": "not_your_turn", "phase": "claim", "turn": "Ann"}},
        {"expect": {"phase": "claim"}},
    ]
    assert play_json(highcard(tmp_path, steps=steps), tmp_path).returncode == 0


def test_a_refused_before_step_needs_its_error_too(tmp_path):
    before = [{"player": "Boris", "command": "kick", "args": {"player": "Ann"}}, {"expect": {"round": None}}]
    run = play_json(highcard(tmp_path, before=before), tmp_path)
    assert run.returncode == 1 and "not_host" in run.stderr and "before step 2" in run.stderr


@pytest.mark.parametrize(
    "deal",
    [
        {"hands": {"Ann": "c01", "Zed": "c02"}, "server": "c03"},
        {"hands": {"Ann": "c01", "Boris": "c99"}, "server": "c03"},
        {"hands": {"Ann": "c01", "Boris": "c02"}},
    ],
    ids=["unknown-player", "unknown-card", "missing-key"],
)
def test_a_bad_first_deal_exits_2_with_one_line(tmp_path, deal):
    run = play_json(highcard(tmp_path, deals=[deal]), tmp_path)
    assert run.returncode == 2
    line = one_line_message(run)
    assert "round 1" in line and "start the match" in line


def test_a_bad_later_deal_exits_2_at_the_move_that_deals_it(tmp_path):
    deals = [{"hands": {"Ann": "c01", "Boris": "c02"}, "server": "c03"}, {"hands": {"Zed": "c01"}, "server": "c03"}]
    steps = [*ROUND_ONE, {"player": "Ann", "action": "next"}, {"expect": {"error": "bad_deal"}}]
    run = play_json(highcard(tmp_path, deals=deals, steps=steps), tmp_path)
    assert run.returncode == 2
    line = one_line_message(run)
    assert "step 6" in line and "round 2" in line and "'Zed'" in line


def test_a_bad_later_deal_dealt_by_a_clock_exits_2(tmp_path):
    deals = [{"hands": {"Ann": "c01", "Boris": "c02"}, "server": "c03"}, {"hands": {"Ann": "c77"}, "server": "c03"}]
    steps = [*ROUND_ONE, {"advance": 600}]
    run = play_json(highcard(tmp_path, deals=deals, steps=steps), tmp_path, timeout=20)
    assert run.returncode == 2
    line = one_line_message(run)
    assert "step 6" in line and "round 2" in line and "c01..c30" in line


@pytest.mark.parametrize(
    ("game", "deal", "reason"),
    [
        ("notahuman", {"answer": 12, "human": "Chen"}, "12"),
        ("notahuman", {"answer": 3, "human": "Zed"}, "'Zed'"),
        ("spyfall", {"location": "s2.cemetery", "spies": ["Ann", "Boris"]}, "spies"),
    ],
    ids=["notahuman-answer-12", "notahuman-unknown-human", "spyfall-two-spies-for-one"],
)
def test_deals_a_real_game_could_not_produce_exit_2(tmp_path, game, deal, reason):
    script = {
        "game": game,
        "players": ["Ann", "Boris", "Chen", "Dina"],
        "deals": [deal],
        "steps": [],
    }
    run = play_json(script, tmp_path)
    assert run.returncode == 2, run.stderr
    assert reason in one_line_message(run)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"deals": {"hands": {}}}, "'deals'"),
        ({"deals": [["c01"]]}, "'deals'"),
        ({"players": ["Ann", "Ann"]}, "'Ann'"),
        ({"players": ["Ann", 3]}, "'players'"),
        ({"steps": [{"advance": "soon"}]}, "step 1"),
        ({"steps": [{"player": "Ann", "action": "claim", "args": [3]}]}, "step 1"),
        ({"steps": {"advance": 3}}, "'steps'"),
        ({"game": "nosuchgame"}, "nosuchgame"),
        ({"variants": ["nosuchvariant"]}, "nosuchvariant"),
        ({"start": {"expect": {"phase": "claim"}}}, "'start'"),
    ],
)
def test_malformed_shapes_exit_2_with_one_line(tmp_path, change, message):
    run = play_json(highcard(tmp_path, **change), tmp_path)
    assert run.returncode == 2, run.stderr
    assert message in one_line_message(run)


def test_a_script_can_expect_a_refused_start(tmp_path):
    script = {
        "game": "spyfall",
        "options": {"spies": "2"},
        "players": ["Ann", "Boris", "Chen", "Dina"],
        "start": {"expect": {"error": "spyfall.players_for_spies"}},
    }
    run = play_json(script, tmp_path)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["started"] is False
    assert result["refused"]["code"] == "spyfall.players_for_spies"
    assert result["refused"]["params"]["players"] == 4
    assert result["rounds"] == [] and result["winners"] == [] and result["over"] is False


def test_a_refused_start_expected_by_the_engine_too(tmp_path):
    script = highcard(tmp_path, players=["Ann"], start={"expect": {"error": "too_few_players"}})
    del script["steps"]
    assert play_json(script, tmp_path).returncode == 0


def test_expecting_another_start_refusal_fails(tmp_path):
    script = highcard(tmp_path, players=["Ann"], start={"expect": {"error": "too_many_players"}})
    run = play_json(script, tmp_path)
    assert run.returncode == 1
    assert 'error: expected "too_many_players", got "too_few_players"' in run.stderr


def test_expecting_a_refused_start_that_is_accepted_fails(tmp_path):
    run = play_json(highcard(tmp_path, start={"expect": {"error": "too_few_players"}}), tmp_path)
    assert run.returncode == 1
    assert "the match started" in run.stderr


def test_a_refused_start_nobody_expected_fails(tmp_path):
    run = play_json(highcard(tmp_path, players=["Ann"]), tmp_path)
    assert run.returncode == 1
    assert "too_few_players" in run.stderr and '"start": {"expect"' in run.stderr


def test_steps_after_an_expected_refused_start_are_malformed(tmp_path):
    script = highcard(tmp_path, players=["Ann"], start={"expect": {"error": "too_few_players"}}, steps=[{"advance": 1}])
    run = play_json(script, tmp_path)
    assert run.returncode == 2 and "never run" in one_line_message(run)


def test_a_finished_run_says_it_started(tmp_path):
    result = json.loads(play(SCRIPTS / "highcard-basic.json").stdout)
    assert result["started"] is True and "refused" not in result
