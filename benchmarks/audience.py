"""An audience on one node: what N audience members cost beside a lobby's players, and what they get.

    python benchmarks/audience.py [--audience 250 1000 2000] [--lobbies 1] [--duration 20] [--json results.json]
    python benchmarks/audience.py --quick     # 1 lobby and 50 members for 3 s; exit 1 on any error

For each size, a fresh ``gamenight serve`` (eventlet, a new SQLite file) pinned to CPU 0, and this generator on
CPU 1 (benchmarks/netload.py's server and clients): lobbies of 8 seats and a table screen playing Spyfall 2 as
netload.py plays it (each seat 1 move a second), and N audience connections (``join_audience``, then each
picks a suspect, and picks again once at a random moment of the measured window: the crowd's picks go on
beside the players' moves), spread over the lobbies. The members are played by a second process of this
generator (on CPU 1 too), so that the players' connections are never read behind a thousand members' messages
in one event loop. Each member's connection keeps its view exactly as a seat's does (states, patches,
resyncs), and the run checks every view against a fresh state at the end.

Reported per size: the players' latency (a move's send until every seat and table of its lobby holds its
version) p50/p99, the audience's (until every member of the lobby holds it) p50/p99, the server's CPU per
move, its memory per player connection (from the lobbies' setup) and per audience connection (the growth as
the members join, divided by them), the bytes each member receives per move, and errors. A size with no
audience (0) is measured first, as the baseline the players' latency is held to.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from netclient import SEATS, Clients, Conn, add_load_options, now  # noqa: E402
from netload import (  # noqa: E402
    Load,
    Server,
    cpu_pressure,
    delivered_at,
    load_average,
    percentile_ms,
    pinning,
    rss_kib,
    verdict,
)


class Crowd(Clients):
    """The audience members, in a process of their own (``--crowd-of``): the players' generator then never
    waits for the crowd's messages, as no player's phone waits for another phone's.

    Told on its standard input: ``go T_MEASURE T_STOP`` (each member picks again once between the two, and
    bytes are counted between them), then ``end`` with the moves to time (``[[code, version], ...]``): it waits
    for its members to catch up, checks every member's view against a fresh state, and prints one JSON line."""

    def __init__(self, opts: argparse.Namespace, url: str, codes: list[str]) -> None:
        super().__init__(url, 0.0, opts.seed)
        self.opts, self.codes = opts, codes
        self.rng = random.Random(opts.seed + 1)
        self.members: dict[str, list[Conn]] = {}  # lobby code -> its members' connections
        self.picks_answered = 0

    async def join(self, number: int, gate: asyncio.Semaphore) -> None:
        code = self.codes[number % len(self.codes)]
        async with gate:
            conn = Conn(self, "audience")
            self.conns.append(conn)
            await conn.open(self.opts.timeout)
            answer = await conn.call("join_audience", {"code": code, "name": f"Fan {number}"}, 60)
            if not answer.get("ok"):
                raise RuntimeError(f"join_audience: {answer}")
            self.members.setdefault(code, []).append(conn)
            view = await conn.wait_view(lambda v: (v.get("match") or {}).get("prompts"), self.opts.timeout)
            prompt = view["match"]["prompts"][0]
            choice = prompt["choices"][number % len(prompt["choices"])]["id"]
            picked = await conn.call("predict", {"prompt": prompt["id"], "choice": choice}, 60)
            if not picked.get("ok"):
                raise RuntimeError(f"predict: {picked}")

    async def pick_again(self, conn: Conn, at: float) -> None:
        """A change of mind, once, at a moment of the measured window."""
        await asyncio.sleep(max(0.0, at - now()))
        prompts = [p for p in ((conn.view or {}).get("match") or {}).get("prompts", []) if p["open"]]
        if not prompts or conn.closed_early:
            return
        choice = self.rng.choice(prompts[0]["choices"])["id"]
        answer = await conn.call("predict", {"prompt": prompts[0]["id"], "choice": choice}, 60)
        self.picks_answered += 1
        if not answer.get("ok"):
            self.notes[f"a pick refused: {answer.get('error', {}).get('code')}"] += 1

    async def count_bytes(self, t_measure: float, t_stop: float) -> None:
        await asyncio.sleep(max(0.0, t_measure - now()))
        self.counting = True
        await asyncio.sleep(max(0.0, t_stop - now()))
        self.counting = False

    async def main(self, size: int) -> None:
        lines = asyncio.Queue()
        loop = asyncio.get_running_loop()
        loop.add_reader(sys.stdin.fileno(), lambda: lines.put_nowait(sys.stdin.readline()))
        gate = asyncio.Semaphore(self.opts.setup_concurrency)
        outcomes = await asyncio.gather(*(self.join(n, gate) for n in range(size)), return_exceptions=True)
        failures = Counter(f"{type(o).__name__}: {str(o)[:80]}" for o in outcomes if isinstance(o, Exception))
        print(json.dumps({"joined": size - sum(failures.values()), "failures": dict(failures)}), flush=True)
        _, t_measure, t_stop = (await lines.get()).split()
        window = float(t_measure), float(t_stop)
        members = [conn for conns in self.members.values() for conn in conns]
        tasks = [asyncio.create_task(self.pick_again(c, self.rng.uniform(*window))) for c in members]
        tasks.append(asyncio.create_task(self.count_bytes(*window)))
        moves = json.loads((await lines.get()).split(" ", 1)[1])
        await asyncio.gather(*tasks, return_exceptions=True)
        latest: dict[str, int] = {}
        for code, version in moves:
            latest[code] = max(latest.get(code, -1), version)
        deadline = now() + self.opts.drain
        while now() < deadline and any(
            c.version < latest.get(code, -1) for code, conns in self.members.items() for c in conns
        ):
            await asyncio.sleep(0.1)
        gate = asyncio.Semaphore(50)

        async def check(conn: Conn) -> bool:
            async with gate:
                return not conn.closed_early and await conn.check(self.opts.timeout) is not None

        differed = sum(await asyncio.gather(*(check(c) for c in members)))
        delivered = [
            delivered_at(Version(version), [(c.versions, c.times) for c in self.members.get(code, [])])
            for code, version in moves
        ]
        print(
            json.dumps(
                {
                    "delivered": delivered,
                    "differed": differed,
                    "disconnected": sum(c.closed_early for c in members),
                    "bytes": sum(c.counts["bytes"] for c in members),
                    "members": len(members),
                    "picks_in_window": self.picks_answered,
                    "notes": dict(self.notes.most_common(5)),
                }
            ),
            flush=True,
        )
        self.closing = True
        await asyncio.gather(*(c.close() for c in self.conns), return_exceptions=True)


class Version:
    """A move's version and no send time (``delivered_at`` then answers when its last member held it)."""

    def __init__(self, version: int) -> None:
        self.version, self.t_send = version, 0.0


class AudienceLoad(Load):
    """netload.py's load point, with ``audience`` members spread over its lobbies, played by a Crowd process."""

    def __init__(self, opts: argparse.Namespace, url: str, lobbies: int, pid: int | None, audience: int) -> None:
        super().__init__(opts, url, lobbies, pid)
        self.url = url
        self.audience = audience
        self.crowd: asyncio.subprocess.Process | None = None
        self.crowd_result: dict[str, Any] = {}

    async def after_setup(self, lobbies: list[Any], result: dict[str, Any]) -> None:
        if not self.audience:
            return
        rss_before = rss_kib(self.pid) if self.pid else None
        o = self.opts
        started = time.monotonic()
        self.crowd = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--crowd-of", self.url, "--codes", ",".join(lb.code for lb in lobbies),
            "--audience", str(self.audience), "--seed", str(o.seed), "--timeout", str(o.timeout),
            "--drain", str(o.drain), "--setup-concurrency", str(o.setup_concurrency),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=2**26,
        )  # fmt: skip
        joined = json.loads(await self.crowd.stdout.readline())
        result["audience_joined"] = joined["joined"]
        result["audience_setup_s"] = round(time.monotonic() - started, 1)
        for failure, count in joined["failures"].items():
            self.notes[f"audience: {failure}"] += count
        await asyncio.sleep(1.0)
        rss_after = rss_kib(self.pid) if self.pid else None
        if rss_before and rss_after and result["audience_joined"]:
            result["kib_per_member"] = round((rss_after - rss_before) / result["audience_joined"], 1)
        t0 = now()  # as Load.run reckons its window, a moment after this returns
        self.tell(f"go {t0 + o.warmup} {t0 + o.warmup + o.duration}")

    def tell(self, line: str) -> None:
        assert self.crowd is not None and self.crowd.stdin is not None
        self.crowd.stdin.write(line.encode() + b"\n")

    async def check_views(self, lobbies: list[Any]) -> dict[str, Any]:
        """The seats' and tables' views; then the crowd's, told which moves to time."""
        checked = await super().check_views(lobbies)
        if self.crowd is None:
            return checked
        moves = []
        for lobby in lobbies:
            for seat in lobby.seats:
                seat.find_versions()
                moves += [(lobby.code, m) for m in seat.moves if m.measured and m.ok and m.version is not None]
        self.tell("end " + json.dumps([[code, m.version] for code, m in moves]))
        self.crowd_result = json.loads(await self.crowd.stdout.readline())
        self.crowd_result["moves"] = moves
        await self.crowd.wait()
        checked["views_differed"] += self.crowd_result["differed"]
        return checked

    def more_figures(self, lobbies: list[Any], window: float) -> dict[str, Any]:
        crowd = self.crowd_result
        if not crowd:
            return {}
        latencies, unreached = [], 0
        for (_, move), done in zip(crowd["moves"], crowd["delivered"], strict=True):
            if done is None:
                unreached += 1
            else:
                latencies.append(done - move.t_send)
        latencies.sort()
        moves = len(crowd["moves"]) / max(1, len(lobbies))  # the moves of a member's own lobby
        for note, count in crowd["notes"].items():
            self.notes[note] += count
        return {
            "picks_in_window": crowd["picks_in_window"],
            "audience_p50_ms": percentile_ms(latencies, 50),
            "audience_p99_ms": percentile_ms(latencies, 99),
            "audience_unreached": unreached,
            "audience_disconnected": crowd["disconnected"],
            "bytes_per_member_per_move": round(crowd["bytes"] / crowd["members"] / moves, 1)
            if crowd["members"] and moves
            else None,
        }


def measure(opts: argparse.Namespace, audience: int, folder: Path, cores: Any) -> dict[str, Any]:
    clients = opts.lobbies * (SEATS + 1) + audience
    server = Server("real", "eventlet", folder, clients, None, 0)
    point: dict[str, Any] = {"audience": audience, "lobbies": opts.lobbies}
    try:
        server.start(cores[0] if cores else None)
        load = AudienceLoad(opts, server.url, opts.lobbies, server.pid, audience)
        budget = opts.timeout * 4 + opts.warmup + opts.duration + 120 + audience / 20
        point |= asyncio.run(asyncio.wait_for(load.run(), budget))
    except Exception as exc:  # noqa: BLE001 - a point that failed is reported as such
        point |= {"errors": 1, "error_kinds": {f"run: {type(exc).__name__}: {str(exc)[:200]}": 1}}
    finally:
        server.stop()
    return point


COLUMNS = [
    ("audience", "members", 8, 0),
    ("p50_ms", "seat p50", 9, 1),
    ("p99_ms", "seat p99", 9, 1),
    ("audience_p50_ms", "aud p50", 9, 1),
    ("audience_p99_ms", "aud p99", 9, 1),
    ("cpu_ms_per_move", "cpu ms/mv", 10, 2),
    ("kib_per_client", "KiB/seat", 9, 1),
    ("kib_per_member", "KiB/memb", 9, 1),
    ("bytes_per_member_per_move", "B/memb/mv", 10, 0),
    ("moves_per_s", "moves/s", 8, 1),
    ("errors", "errors", 7, 0),
]


def table(points: list[dict[str, Any]]) -> str:
    def cell(value: Any, width: int, digits: int) -> str:
        if value is None:
            return "-".rjust(width)
        return (f"{value:.{digits}f}" if isinstance(value, float) else str(value)).rjust(width)

    lines = [" ".join(title.rjust(width) for _, title, width, _ in COLUMNS)]
    for point in points:
        lines.append(" ".join(cell(point.get(key), width, digits) for key, _, width, digits in COLUMNS))
        if point.get("error_kinds") or point.get("notes"):
            lines.append(f"    {point.get('error_kinds') or ''} {point.get('notes') or ''}")
    return "\n".join(lines)


def problems(points: list[dict[str, Any]]) -> list[str]:
    found = []
    for point in points:
        for key in ("errors", "views_differed", "views_unchecked", "audience_unreached", "audience_disconnected"):
            if point.get(key):
                found.append(f"{point['audience']} members: {key} = {point[key]}")
        if point["audience"] and point.get("audience_joined") != point["audience"]:
            found.append(f"{point['audience']} members: only {point.get('audience_joined')} joined")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--audience", nargs="+", type=int, default=[250, 1000, 2000])
    parser.add_argument("--lobbies", type=int, default=1)
    add_load_options(parser)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--pin", action=argparse.BooleanOptionalAction, default=True, help="server CPU 0, us CPU 1")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write every point's figures here")
    parser.add_argument("--quick", action="store_true", help="50 members for 3 s; exit 1 on any error")
    parser.add_argument("--crowd-of", metavar="URL", help=argparse.SUPPRESS)  # the crowd's own process
    parser.add_argument("--codes", help=argparse.SUPPRESS)
    opts = parser.parse_args()
    opts.drop_patches = 0.0
    if opts.crowd_of:
        asyncio.run(Crowd(opts, opts.crowd_of, opts.codes.split(",")).main(opts.audience[0]))
        return
    if opts.quick:
        opts.audience, opts.warmup, opts.duration = [50], 1.0, 3.0
    cores = pinning() if opts.pin else None
    print(f"{os.cpu_count()} cores, load average {load_average()}, CPU pressure {cpu_pressure()}")
    points = []
    with tempfile.TemporaryDirectory(prefix="gamenight-audience-") as tmp:
        for audience in [0, *opts.audience]:
            points.append(measure(opts, audience, Path(tmp), cores))
            print(table(points[-1:]).splitlines()[1], flush=True)
    print()
    print(table(points))
    print(f"moves/s: {[p.get('moves_per_s') for p in points]}; load average at the end: {load_average()}")
    if opts.json:
        opts.json.write_text(json.dumps({"options": {k: str(v) for k, v in vars(opts).items()}, "points": points}))
    verdict(problems(points), opts.quick)


if __name__ == "__main__":
    main()
