"""The README's start command works again with no package index in reach (a home Wi-Fi without internet)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from server import STARTUP_SECONDS, free_port

ROOT = Path(__file__).resolve().parent.parent


def stop_group(process: subprocess.Popen) -> None:
    """End the start script and everything it started (it may have exited already, its server not)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=10)
            return
        except subprocess.TimeoutExpired:
            continue


def test_the_start_command_runs_again_with_the_package_index_unreachable(tmp_path):
    # The suite's own install (scripts/test.sh) was the first start's install; nothing has changed since.
    port = free_port()
    env = dict(os.environ)
    env.update(
        PIP_INDEX_URL="http://127.0.0.1:9/simple",  # nothing listens there: any download fails at once
        PIP_EXTRA_INDEX_URL="",
        PIP_FIND_LINKS="",
        PIP_CONFIG_FILE=os.devnull,
        PIP_RETRIES="0",
        PIP_TIMEOUT="2",
    )
    command = ["bash", str(ROOT / "scripts" / "serve.sh"), "--host", "127.0.0.1", "--port", str(port)]
    command += ["--db", str(tmp_path / "night.sqlite")]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    try:
        answered = False
        up_by = time.monotonic() + STARTUP_SECONDS
        while process.poll() is None and time.monotonic() < up_by:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as response:
                    answered = response.status == 200
                    break
            except OSError:
                time.sleep(0.1)
    finally:
        stop_group(process)
    printed = process.stdout.read()
    assert answered, f"the server did not come up offline:\n{printed}"
    assert "gamenight is up" in printed
