"""Benchmark: a move's CPU on the real server with its metrics on against off.

    python benchmarks/metrics.py [--lobbies 80] [--pairs 3] [--duration 20] [--scrape-seconds 5] [--mode eventlet]

Runs benchmarks/netload.py's load (LOBBIES Spyfall lobbies of 8 seats and a table, each seat moving at --rate a
second, the server pinned to CPU 0 and the clients to CPU 1) against ``gamenight serve`` with ``--metrics``
and with ``--no-metrics`` (``GAMENIGHT_METRICS``), alternately, PAIRS times, each on a fresh server. While the
metrics are on, ``/metrics`` is scraped every --scrape-seconds, as Prometheus would (its cost is counted
too). Reported: the server's CPU per move accepted (``/proc/<pid>/stat``) of each run, the median of each
side and the difference on/off; the measure holds when it is within 5 %.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from netclient import SEATS, add_load_options  # noqa: E402
from netload import Load, Server, load_average, pinning  # noqa: E402

BOUND = 0.05  # metrics on may cost at most this much more CPU a move


def scraping(url: str, seconds: float, stop: threading.Event, sizes: list[int]) -> None:
    while not stop.wait(seconds):
        with contextlib.suppress(OSError), urllib.request.urlopen(f"{url}/metrics", timeout=5) as answer:
            sizes.append(len(answer.read()))


def run(opts: argparse.Namespace, metrics: bool, folder: Path, cores: Any) -> dict[str, Any]:
    os.environ["GAMENIGHT_METRICS"] = "true" if metrics else "false"  # the server's environment is copied from ours
    server = Server("real", opts.mode, folder, opts.lobbies * (SEATS + 1), None, 0)
    stop, sizes = threading.Event(), []
    try:
        server.start(cores[0] if cores else None)
        scraper = threading.Thread(target=scraping, args=(server.url, opts.scrape_seconds, stop, sizes), daemon=True)
        if metrics:
            scraper.start()
        load = Load(opts, server.url, opts.lobbies, server.pid)
        point = asyncio.run(asyncio.wait_for(load.run(), opts.timeout * 4 + opts.warmup + opts.duration + 120))
    finally:
        stop.set()
        server.stop()
    return point | {"metrics": metrics, "scrapes": len(sizes), "scrape_bytes": max(sizes, default=0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_load_options(parser)
    parser.add_argument("--lobbies", type=int, default=80)
    parser.add_argument("--pairs", type=int, default=3, help="runs with metrics on, and as many off, alternately")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured in each run")
    parser.add_argument("--scrape-seconds", type=float, default=5.0, help="how often /metrics is read while on")
    parser.add_argument("--mode", choices=["eventlet", "gevent", "threading"], default="eventlet")
    parser.add_argument("--pin", action=argparse.BooleanOptionalAction, default=True, help="server CPU 0, us CPU 1")
    parser.add_argument("--seed", type=int, default=1)
    opts = parser.parse_args()
    opts.drop_patches = 0.0
    cores = pinning() if opts.pin else None
    if cores:
        os.sched_setaffinity(0, cores[1])
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(f"{os.cpu_count()} cores, load average {load_average()}; {opts.lobbies} lobbies, {opts.pairs} pairs")
    per_move: dict[bool, list[float]] = {True: [], False: []}
    with tempfile.TemporaryDirectory(prefix="gamenight-metrics-") as tmp:
        for pair in range(opts.pairs):
            for metrics in (True, False) if pair % 2 == 0 else (False, True):
                point = run(opts, metrics, Path(tmp), cores)
                errors = point.get("errors") or point.get("setup_errors")
                cpu = point.get("cpu_ms_per_move")
                print(
                    f"metrics {'on ' if metrics else 'off'}  {point.get('moves_per_s', 0):6} moves/s  "
                    f"{cpu if cpu is not None else '-':>7} ms CPU a move  p99 {point.get('p99_ms', '-')} ms  "
                    f"errors {errors or 0}  scrapes {point['scrapes']} ({point['scrape_bytes']} B)",
                    flush=True,
                )
                if cpu is not None and not errors:
                    per_move[metrics].append(cpu)
                time.sleep(1)
    if not per_move[True] or not per_move[False]:
        print("no clean runs on both sides: no figure")
        sys.exit(1)
    on, off = statistics.median(per_move[True]), statistics.median(per_move[False])
    change = on / off - 1
    print(
        f"median CPU a move: metrics on {on:.3f} ms, off {off:.3f} ms: {change:+.1%} "
        f"({'within' if change <= BOUND else 'past'} the {BOUND:.0%} bound); load average {load_average()}"
    )


if __name__ == "__main__":
    main()
