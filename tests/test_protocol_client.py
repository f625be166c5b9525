"""docs/protocol.md against a real server: "A client in Python" runs as it is written, and a command's patch reaches
its sender before the answer (Conventions)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import websocket
from conftest import subprocess_env
from server import running_server

ROOT = Path(__file__).parent.parent
SECTION = "## A client in Python"


def example() -> str:
    """The section's Python block, as the docs show it."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    start = text.index(SECTION + "\n")
    end = text.find("\n## ", start + 1)
    (block,) = re.findall(r"^```python\n(.*?)^```$", text[start:end], flags=re.M | re.S)
    return block


def test_the_docs_python_client_seats_two_players_and_prints_the_lobby(tmp_path: Path):
    script = tmp_path / "client.py"
    script.write_text(example(), encoding="utf-8")
    with running_server(tmp_path / "night.db") as url:
        run = subprocess.run(
            [sys.executable, str(script), url], capture_output=True, text=True, timeout=120, env=subprocess_env()
        )
    assert run.returncode == 0, run.stdout + run.stderr
    printed = json.loads(run.stdout)
    assert printed["seats"] == ["Ann", "Boris"] and printed["game"] == "spyfall"
    assert re.fullmatch(r"[A-Z]{4}", printed["code"])


class Frames:
    """Socket.IO v5 over a bare WebSocket, every frame kept in the order it arrived."""

    def __init__(self, url: str) -> None:
        self.ws = websocket.create_connection(
            url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket", timeout=10
        )
        assert self.ws.recv().startswith("0{")  # Engine.IO open
        self.ws.send("40")
        assert self.ws.recv().startswith("40{")  # Socket.IO connected

    def call(self, ack: int, event: str, payload: dict) -> list[str]:
        """Send ``event`` asking for answer ``ack``: every event frame received up to that answer, then the answer."""
        self.ws.send(f"42{ack}" + json.dumps([event, payload]))
        frames = []
        while True:
            frame = self.ws.recv()
            if frame == "2":  # ping
                self.ws.send("3")
                continue
            frames.append(frame)
            if frame.startswith(f"43{ack}["):
                return frames


def event(frame: str) -> str:
    return json.loads(frame[2:])[0] if frame.startswith("42[") else frame[:2]


def test_a_commands_patch_reaches_its_sender_before_the_answer(tmp_path: Path):
    with running_server(tmp_path / "night.db") as url:
        ann, boris = Frames(url), Frames(url)
        created = json.loads(ann.call(1, "create_lobby", {"name": "Ann"})[-1][3:])[0]
        boris.call(1, "join_lobby", {"code": created["code"], "name": "Boris"})
        for ack, kind, args in [(2, "lock", {"locked": True}), (3, "lock", {"locked": False})]:
            frames = ann.call(ack, "command", {"kind": kind, "args": args})
            assert [event(frame) for frame in frames if frame.startswith("42[")][-1:] == ["patch"], frames
            patch = json.loads(frames[-2][2:])[1]
            assert [["lobby", "locked"], args["locked"]] in patch["ops"]
        ann.ws.close()
        boris.ws.close()
