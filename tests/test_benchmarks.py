"""The benchmarks still run through the whole path (their figures are read by people, not asserted here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import subprocess_env

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.mark.parametrize(
    "command",
    [
        ["throughput.py", "--actions", "300", "--matches", "5"],
        ["notarobot.py", "--moves", "300", "--largest", "2"],
        # the real server and the relay, 2 lobbies for 3 s each: exits 1 on any error or a view that differs
        ["netload.py", "--quick"],
        # PostgreSQL against SQLite, 1 and 2 nodes behind HAProxy, a node killed: exits 1 if a stage acknowledged
        # no move, an acknowledged move is not in the store, or a killed node's client did not come back
        ["cluster.py", "--quick"],
        # exits 1 if an innocent text of the benchmark's own is refused
        ["family_filter.py", "--quick"],
        # the real server with metrics on and off, 2 lobbies for 3 s each: exits 1 if either side had no clean run
        ["metrics.py", "--lobbies", "2", "--pairs", "1", "--warmup", "1", "--duration", "3", "--scrape-seconds", "1"],
        # a crew of 12 with 3 nights of 4 matches: exits 1 if the opened crew lacks a night
        ["crew.py", "--nights", "3", "--matches", "4", "--runs", "2"],
        # a lobby and 50 audience members for 3 s: exits 1 on any error, a member not reached or a view that differs
        ["audience.py", "--quick"],
        # 60 members spread over 3 nodes beside 2 lobbies, a node killed: exits 1 if a member did not join or come
        # back, was not reached, holds a view that differs, or an acknowledged move is not in the store
        ["cluster_audience.py", "--quick"],
    ],
    ids=["throughput", "notarobot", "netload", "cluster", "family_filter", "metrics", "crew", "audience", "crowd"],
)
def test_a_short_run_of_the_benchmark_completes(command):
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / command[0]), *command[1:]],
        capture_output=True,
        text=True,
        timeout=300,
        env=subprocess_env(),
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "/s" in run.stdout
