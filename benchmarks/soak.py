"""Soak: run a real server for a while as game nights come and go, and watch memory, open files and disk.

    python benchmarks/soak.py [--minutes 10] [--rate NIGHTS_A_SECOND] [--check]

Starts `gamenight serve` on a loopback port with a fresh SQLite file. Groups of
three connect, create a lobby, play a short match of High Card through (or
leave it to play itself out on its clocks) and then go away by closing their
phones; now and then the server is stopped and started again on the same file. Retention is set short
(``--retention-days``, ``--idle-minutes``) so that the whole life of a lobby,
deletion included, fits in the run. Every few seconds it samples the server's
resident memory, its open file descriptors and the size of the database (with
its WAL and uploads) and prints them. ``--check`` exits 1 when any of them
keeps growing: the last third of the run above the middle third by more than
a margin.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import socketio
from gamenight.web.services import free_port

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_SECONDS = 2.0
LOOPBACK_LIMITS = {
    "GAMENIGHT_MAX_CONNECTIONS_PER_ADDRESS": "400",
    "GAMENIGHT_MAX_SOCKETS_PER_ADDRESS": "400",
    "GAMENIGHT_EVENT_BURST": "10000",
    "GAMENIGHT_EVENTS_PER_SECOND": "1000",
    "GAMENIGHT_LOBBIES_PER_ADDRESS": "100000",
}


class Server:
    def __init__(self, db: Path, port: int, retention_days: float, idle_minutes: float) -> None:
        self.db, self.port = db, port
        self.args = ["--retention-days", str(retention_days), "--idle-minutes", str(idle_minutes)]
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        # Every phone of the soak comes from 127.0.0.1, where real nights have an address per phone.
        env = dict(os.environ, GAMENIGHT_PLUGINS="testgame", **LOOPBACK_LIMITS)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests"), env.get("PYTHONPATH", "")])
        command = [sys.executable, "-m", "gamenight", "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--db", str(self.db), *self.args]
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not come up")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None

    def sample(self) -> dict[str, float]:
        pid = self.process.pid
        status = Path(f"/proc/{pid}/status").read_text()
        rss_kib = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
        files = len(os.listdir(f"/proc/{pid}/fd"))
        disk = sum(p.stat().st_size for p in self.db.parent.rglob("*") if p.is_file())
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as db:
            stored = db.execute("SELECT COUNT(*) FROM lobbies").fetchone()[0]
        return {"rss_mib": rss_kib / 1024, "files": files, "disk_kib": disk / 1024, "stored": stored}


class Phone:
    """One player's phone: a Socket.IO connection that keeps the newest state it was sent."""

    def __init__(self, url: str) -> None:
        self.sio = socketio.Client(reconnection=False)
        self.state: dict = {}
        self.sio.on("state", self._keep)
        self.sio.connect(url, transports=["websocket"], wait_timeout=10)
        self.player: str | None = None

    def _keep(self, state: dict) -> None:
        if not self.state or state["lobby"]["version"] >= self.state["lobby"]["version"]:
            self.state = state

    def call(self, event: str, payload: dict) -> dict:
        answer = self.sio.call(event, payload, timeout=10)
        self.player = answer.get("player", self.player)
        return answer

    def act(self, action: str, **args) -> dict:
        """A move on the newest state this phone has (a stale one is made again on the state that follows)."""
        for _ in range(20):
            match = self.state.get("match") or {}
            body = {"action": action, "args": args, "version": match.get("version")}
            answer = self.call("command", {"kind": "act", "args": body})
            if answer.get("ok") or answer["error"]["code"] != "stale":
                return answer
            time.sleep(0.01)
        return answer


def one_night(url: str, rng: random.Random) -> None:
    """Three phones: a lobby, a match of one round of High Card played through, and then they go away."""
    phones: list[Phone] = []
    try:
        phones = [Phone(url) for _ in range(3)]
        answer = phones[0].call("create_lobby", {"name": "Ann"})
        if not answer.get("ok"):
            return
        for phone, name in zip(phones[1:], ["Boris", "Chen"], strict=True):
            phone.call("join_lobby", {"code": answer["code"], "name": name})
        quick = {"rounds": 1, "claim_seconds": 5, "vote_seconds": 5, "break_seconds": 10}
        phones[0].call("command", {"kind": "choose", "args": {"game": "highcard", "options": quick}})
        if not phones[0].call("command", {"kind": "start", "args": {}}).get("ok"):
            return
        if rng.random() < 0.3:  # some leave at once; their match plays itself out on its clocks
            phones[1].call("command", {"kind": "leave", "args": {}})
            return
        for _ in range(3):  # claims in turn order: whoever's turn it is gets through
            for phone in phones:
                phone.act("claim", value=rng.randint(1, 30))
        ids = [phone.player for phone in phones]
        for phone in phones:
            phone.act("vote", ballot="highest", choice=next(p for p in ids if p != phone.player))
        phones[0].act("next")
    finally:
        for phone in phones:
            phone.sio.disconnect()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--restarts", type=int, default=3, help="server restarts spread over the run")
    parser.add_argument("--retention-days", type=float, default=0.0002, help="about 17 s by default")
    parser.add_argument("--idle-minutes", type=float, default=0.1)
    parser.add_argument("--check", action="store_true", help="exit 1 when memory, files or disk keep growing")
    parser.add_argument("--rate", type=float, default=0, help="nights started a second at most (0: back to back)")
    options = parser.parse_args()
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "soak" / "night.sqlite", free_port(), options.retention_days, options.idle_minutes)
        server.db.parent.mkdir()
        server.start()
        seconds = options.minutes * 60
        restart_at = [seconds * (k + 1) / (options.restarts + 1) for k in range(options.restarts)]
        samples: list[tuple[float, dict[str, float]]] = []
        nights = 0
        started = time.monotonic()
        next_sample = 0.0
        lock = threading.Lock()
        print(f"{'t (s)':>7} {'RSS MiB':>8} {'files':>6} {'disk KiB':>9} {'stored':>7} {'nights':>7}")
        while (elapsed := time.monotonic() - started) < seconds:
            if restart_at and elapsed >= restart_at[0]:
                restart_at.pop(0)
                server.stop()
                server.start()
                print(f"{elapsed:7.1f} restarted")
            if options.rate and (due := started + nights / options.rate - time.monotonic()) > 0:
                time.sleep(min(due, SAMPLE_SECONDS))
                continue
            try:
                one_night(server.url, rng)
                with lock:
                    nights += 1
            except (socketio.exceptions.ConnectionError, socketio.exceptions.TimeoutError):
                pass
            if elapsed >= next_sample:
                sample = server.sample()
                samples.append((elapsed, sample))
                print(
                    f"{elapsed:7.1f} {sample['rss_mib']:8.1f} {sample['files']:6d} {sample['disk_kib']:9.0f} "
                    f"{sample['stored']:7d} {nights:7d}"
                )
                next_sample = elapsed + SAMPLE_SECONDS
        server.stop()
    return verdict(samples) if options.check else 0


def verdict(samples: list[tuple[float, dict[str, float]]]) -> int:
    """Bounded: the last third of the run stays within a margin of the middle third's highest values."""
    third = len(samples) // 3
    if third < 2:
        print("too short a run to judge")
        return 1
    middle, last = [s for _, s in samples[third : 2 * third]], [s for _, s in samples[2 * third :]]
    margins = {"rss_mib": (1.25, 8.0), "files": (1.0, 16), "disk_kib": (1.5, 1024.0), "stored": (1.5, 20)}
    failed = False
    for key, (factor, slack) in margins.items():
        bound = max(s[key] for s in middle) * factor + slack
        worst = max(s[key] for s in last)
        ok = worst <= bound
        failed |= not ok
        print(f"{key}: last third at most {worst:.1f}, bound {bound:.1f}: {'bounded' if ok else 'GROWING'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
