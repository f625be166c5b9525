"""A short soak of a real server: as nights come and go (and the server restarts), memory, open files, disk and
stored lobbies stay bounded, because idle lobbies leave memory and old ones are deleted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_short_soak_stays_bounded():
    # Retention of ~17 s and the host's 60 s grace: a lobby lives about 80 s, so 2.5 minutes see many deleted.
    # Four nights a second (about 600) is plenty for that and leaves the machine's cores to the other tests:
    # back to back, the soak plays some 2,800 nights on a core and a half.
    command = ["--minutes", "2.5", "--restarts", "1", "--rate", "4", "--check"]
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "soak.py"), *command],
        capture_output=True,
        text=True,
        timeout=600,
    )
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = [line.split() for line in run.stdout.splitlines() if line.strip() and line.split()[0][0].isdigit()]
    samples = [row for row in rows if len(row) == 6]
    stored, nights = int(samples[-1][4]), int(samples[-1][5])
    assert nights > 100, "the soak played many nights"
    assert nights - stored >= 100, "retention deleted the lobbies of the first nights while new ones came"
    assert sum(line.endswith("bounded") for line in run.stdout.splitlines()) == 4
