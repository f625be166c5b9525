"""The log as JSON lines (``--log-format json``) of a real server process: every line on its stderr is a JSON
object, and what was done for a lobby carries the lobby's code and a request id; the default stays text."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import socketio
from conftest import subprocess_env
from server import LOOPBACK_LIMITS, free_port


@contextlib.contextmanager
def server(db: Path, *options: str, env: dict[str, str] | None = None) -> Iterator[tuple[str, list[str]]]:
    """`gamenight serve` with its stderr kept apart; yields its URL and, once it has stopped, its stderr lines."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gamenight", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
        + list(options),
        env=LOOPBACK_LIMITS | (env or {}) | subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    lines: list[str] = []
    try:
        up_by = time.monotonic() + 60
        while True:
            assert process.poll() is None, process.stderr.read()
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=1):
                    break
            except OSError:
                assert time.monotonic() < up_by, "the server did not come up"
                time.sleep(0.05)
        yield url, lines
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=20)
        lines.extend(line for line in stderr.splitlines() if line.strip())


def a_night(url: str) -> tuple[str, str | None]:
    """A lobby created, and a page of it opened with a proxy's request id; returns the code and the id answered."""
    sio = socketio.Client(reconnection=False)
    sio.connect(url, transports=["websocket"], wait_timeout=10)
    try:
        code = sio.call("create_lobby", {"name": "Ann"}, timeout=10)["code"]
        request = urllib.request.Request(f"{url}/l/{code.lower()}", headers={"X-Request-ID": "proxy-7f3a"})
        with urllib.request.urlopen(request, timeout=10) as response:
            answered = response.headers["X-Request-ID"]
    finally:
        sio.disconnect()
    return code, answered


def test_json_lines_carry_the_lobby_and_the_request(tmp_path):
    with server(tmp_path / "json.sqlite", "--log-format", "json") as (url, lines):
        code, answered = a_night(url)
        time.sleep(0.3)
    assert answered == "proxy-7f3a"
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= record.keys() for record in records)
    created = [r for r in records if r["message"] == f"lobby {code} created"]
    assert len(created) == 1
    assert created[0]["lobby"] == code and created[0]["level"] == "INFO" and created[0]["request_id"]
    page = [r for r in records if r.get("path") == f"/l/{code.lower()}"]
    assert len(page) == 1
    assert page[0]["lobby"] == code and page[0]["request_id"] == "proxy-7f3a" and page[0]["status"] == 200
    ids = [r["request_id"] for r in records if r["request_id"]]
    assert len(ids) == len(set(ids)), "each request has an id of its own"


def test_the_variable_chooses_it_and_text_stays_the_default(tmp_path):
    with server(tmp_path / "env.sqlite", env={"GAMENIGHT_LOG_FORMAT": "json"}) as (url, lines):
        a_night(url)
        time.sleep(0.3)
    assert lines and all(json.loads(line) for line in lines)
    with server(tmp_path / "text.sqlite") as (url, lines):
        a_night(url)
        time.sleep(0.3)
    assert not any(line.startswith("{") for line in lines)
