"""Benchmark: accepted actions per second through the whole path, and memory per live match.

    python benchmarks/throughput.py [--actions 20000] [--matches 200] [--durability process|full]

Plays the test game (High Card) headless with 8 seats on a real SQLite file.
Every action goes the whole way: validate, apply to a copy, append to the WAL
log, and build all nine views (8 seats and the table). The target on a
2-core machine is at least 1,000 actions/s in one process.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gamenight.engine import Engine  # noqa: E402
from gamenight.registry import Plugins  # noqa: E402
from gamenight.store_sqlite import SQLiteStore  # noqa: E402

SEATS = [f"Player{i}" for i in range(1, 9)]


def seat_lobby(engine: Engine) -> tuple[str, dict[str, str]]:
    outcome, host = engine.create_lobby(SEATS[0])
    tokens = {engine.identify(outcome.code, host): host}
    for name in SEATS[1:]:
        joined, token = engine.join(outcome.code, name)
        tokens[joined.reply["player"]] = token
    engine.submit(outcome.code, "choose", {"game": "highcard", "options": {"rounds": 10}}, token=host)
    assert engine.submit(outcome.code, "start", token=host).ok
    return outcome.code, tokens


def next_action(engine: Engine, code: str, tokens: dict[str, str]):
    lobby = engine.lobbies[code]
    match = lobby.match
    host = tokens[lobby.host]
    if match.over:
        return ("start", {}, host)
    if match.phase == "claim":
        return ("act", {"action": "claim", "args": {"value": 7}, "version": match.version}, tokens[match.turn])
    if match.phase == "vote":
        ballot = match.ballots["highest"]
        voter = next(v for v in ballot.voters if v not in ballot.choices)
        return (
            "act",
            {"action": "vote", "args": {"ballot": "highest", "choice": ballot.allowed(voter)[0]}},
            tokens[voter],
        )
    return ("act", {"action": "next", "version": match.version}, host)


def throughput(plugins: Plugins, path: str, actions: int, durability: str) -> tuple[int, float]:
    engine = Engine(SQLiteStore(path, durability=durability), plugins)
    code, tokens = seat_lobby(engine)
    accepted = 0
    started = time.perf_counter()
    while accepted < actions:
        kind, args, token = next_action(engine, code, tokens)
        outcome = engine.submit(code, kind, args, token=token)
        assert outcome.ok, outcome.error
        assert len(outcome.views) == len(SEATS) + 1
        accepted += 1
    seconds = time.perf_counter() - started
    engine.store.close()  # its checkpointer lets go of the file before the directory goes
    return accepted, seconds


def memory_per_match(plugins: Plugins, path: str, matches: int) -> float:
    engine = Engine(SQLiteStore(path), plugins)
    seat_lobby(engine)  # warm caches (game stacks, schemas) outside the measurement
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(matches):
        code, tokens = seat_lobby(engine)
        for _ in range(12):  # a few moves into the match
            kind, args, token = next_action(engine, code, tokens)
            engine.submit(code, kind, args, token=token)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    engine.store.close()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    return grown / matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=20_000)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--durability", choices=["process", "full"], default="process")
    options = parser.parse_args()
    plugins = Plugins(["testgame"])
    with tempfile.TemporaryDirectory() as tmp:
        count, seconds = throughput(plugins, str(Path(tmp) / "bench.sqlite"), options.actions, options.durability)
        per_match = memory_per_match(plugins, str(Path(tmp) / "memory.sqlite"), options.matches)
    print(f"High Card, {len(SEATS)} seats, SQLite WAL, durability={options.durability}")
    print(
        f"accepted actions: {count} in {seconds:.2f} s = {count / seconds:,.0f} actions/s "
        f"(validate, apply, persist, {len(SEATS) + 1} views each)"
    )
    print(f"memory per live match: {per_match / 1024:,.1f} KiB ({options.matches} lobbies of {len(SEATS)}, in play)")


if __name__ == "__main__":
    main()
