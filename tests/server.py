"""Running the real server: `gamenight serve` in its own process on a free loopback port."""

from __future__ import annotations

import contextlib
import resource
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from conftest import subprocess_env
from gamenight.web.services import free_port

# Every test client and browser comes from 127.0.0.1, where a real night has an address per phone:
# the per-address limits are opened up for them (tests/test_limits_*.py test the limits themselves).
STARTUP_SECONDS = 60  # a loaded machine takes its time importing; a quiet one answers in about a second
LOOPBACK_LIMITS = {
    "GAMENIGHT_MAX_CONNECTIONS_PER_ADDRESS": "400",
    "GAMENIGHT_MAX_SOCKETS_PER_ADDRESS": "400",
    "GAMENIGHT_EVENT_BURST": "10000",
    "GAMENIGHT_EVENTS_PER_SECOND": "1000",
    "GAMENIGHT_LOBBIES_PER_ADDRESS": "10000",
}


@contextlib.contextmanager
def running_server(
    db: Path | str,
    async_mode: str = "eventlet",
    port: int | None = None,
    extra: tuple[str, ...] = (),
    output: list[str] | None = None,
    env: dict[str, str] | None = None,
    file_limit: int | None = None,
    launcher: list[str] | None = None,
) -> Iterator[str]:
    """Start `gamenight serve` (with the test game) and yield its base URL; stop it afterwards.

    ``env`` replaces the loopback tests' generous limits (LOOPBACK_LIMITS); ``file_limit`` lowers the
    server's open-file limit, soft and hard, so that it cannot raise it. What the server printed is
    appended to ``output`` when it has stopped. The server must still be running at the end. ``launcher``
    replaces ``python -m gamenight`` (the command that ``serve ...`` follows).
    """
    port = port or free_port()

    def lower_file_limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (file_limit, file_limit))

    process = subprocess.Popen(
        [
            *(launcher or [sys.executable, "-m", "gamenight"]),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(db),
            "--async-mode",
            async_mode,
            *extra,
        ],
        env=(LOOPBACK_LIMITS if env is None else env) | subprocess_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=lower_file_limit if file_limit is not None else None,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        up_by = time.monotonic() + STARTUP_SECONDS
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited: {process.stdout.read()}")
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                if time.monotonic() > up_by:
                    raise RuntimeError(f"the server did not come up within {STARTUP_SECONDS} s") from None
                time.sleep(0.05)
        yield url
        assert process.poll() is None, "the server died"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if output is not None:
            output.append(process.stdout.read())
