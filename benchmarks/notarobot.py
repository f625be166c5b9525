"""Benchmark: I'm Not a Robot with 8 seats, through the whole path.

    python benchmarks/notarobot.py [--moves 3000] [--largest 20]

Reports accepted moves per second (validate, apply, persist to a real SQLite
file, build all nine views: 8 seats and the table), the size of a guesser's
view while guessing (as JSON), the time to apply a drawing of the largest
allowed size (a 600-point figure looping over itself, 30 decorations, 2,400
points in all) with the geometry alone timed beside it, and the time to refuse
a figure scribbled over the whole pad.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import tempfile
import time
from pathlib import Path

from gamenight.engine import Engine
from gamenight.plugins.notarobot import geometry
from gamenight.plugins.notarobot.drawing import DECORATION_POINTS, FIGURE_POINTS, MAX_DECORATIONS, MAX_POINTS
from gamenight.registry import Plugins
from gamenight.store_sqlite import SQLiteStore

SEATS = [f"Player{i}" for i in range(1, 9)]


def blob(rng: random.Random, points: int = 160) -> list[list[float]]:
    """An ordinary drawing's figure: a wobbly closed loop round the pad's middle."""
    cx, cy, r = rng.uniform(0.4, 0.6), rng.uniform(0.4, 0.6), rng.uniform(0.25, 0.35)
    return [
        [
            round(cx + r * (1 + 0.15 * math.sin(5 * a)) * math.cos(a), 4),
            round(cy + r * (1 + 0.15 * math.sin(5 * a)) * math.sin(a), 4),
        ]
        for a in (2 * math.pi * k / points for k in range(points))
    ]


def largest_drawing(rng: random.Random) -> dict:
    """The most a client may send that is accepted: a 600-point figure looping over itself as often as allowed,
    and 30 decorations scribbled all over the pad (decorations may cross anything)."""
    loops = 11
    figure = []
    for k in range(FIGURE_POINTS[1]):
        t = 2 * math.pi * k / FIGURE_POINTS[1]
        r = 0.3 + 0.03 * rng.random()
        figure.append(
            [
                round(0.5 + r * math.cos(t) + 0.15 * math.cos(loops * t), 4),
                round(0.5 + r * math.sin(t) + 0.15 * math.sin(loops * t), 4),
            ]
        )
    per = min(DECORATION_POINTS[1], (MAX_POINTS - len(figure)) // MAX_DECORATIONS)
    decorations = [
        [[round(rng.random(), 4), round(rng.random(), 4)] for _ in range(per)] for _ in range(MAX_DECORATIONS)
    ]
    return {"word": 0, "figure": figure, "decorations": decorations}


def tangled_drawing(rng: random.Random) -> dict:
    """The costliest drawing to refuse: 600 figure points scattered over the pad (tens of thousands of crossings)."""
    figure = [[round(rng.random(), 4), round(rng.random(), 4)] for _ in range(FIGURE_POINTS[1])]
    return {"word": 0, "figure": figure, "decorations": []}


def seat_lobby(engine: Engine) -> tuple[str, dict[str, str]]:
    outcome, host = engine.create_lobby(SEATS[0])
    tokens = {engine.identify(outcome.code, host): host}
    for name in SEATS[1:]:
        joined, token = engine.join(outcome.code, name)
        tokens[joined.reply["player"]] = token
    chosen = engine.submit(outcome.code, "choose", {"game": "notarobot", "options": {"rounds": 6}}, token=host)
    assert chosen.ok, chosen.error
    assert engine.submit(outcome.code, "start", token=host).ok
    return outcome.code, tokens


def next_move(engine: Engine, code: str, tokens: dict[str, str], rng: random.Random):
    """The next legal move of an ordinary game: draw, uncover, check (free tiles), next."""
    match = engine.lobbies[code].match
    host = tokens[engine.lobbies[code].host]
    if match.over:
        return ("start", {}, host)
    state = match.round_state
    if match.phase == "drawing":
        player = next(p for p in match.present if p not in state["drawings"])
        args = {"word": rng.randrange(len(state["words"])), "figure": blob(rng), "decorations": []}
        return ("act", {"action": "draw", "args": args}, tokens[player])
    if match.phase == "uncover":
        move = {"action": "uncover", "args": {"tile": rng.randrange(25)}, "version": match.version}
        return ("act", move, tokens[match.turn])
    if match.phase == "guessing":
        done = {c["player"] for c in state["checks"]}
        taken = {c["tile"] for c in state["checks"]}
        player = next(p for p in match.present if p != state["artist"] and p not in done)
        tile = rng.choice([t for t in range(25) if t not in taken])
        return ("act", {"action": "check", "args": {"tile": tile}}, tokens[player])
    return ("act", {"action": "next", "version": match.version}, host)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--largest", type=int, default=20)
    options = parser.parse_args()
    rng = random.Random(7)
    plugins = Plugins()
    with tempfile.TemporaryDirectory() as tmp:
        engine = Engine(SQLiteStore(str(Path(tmp) / "bench.sqlite")), plugins)
        code, tokens = seat_lobby(engine)
        guesser_sizes, table_sizes = [], []
        started = time.perf_counter()
        for _ in range(options.moves):
            kind, args, token = next_move(engine, code, tokens, rng)
            outcome = engine.submit(code, kind, args, token=token)
            assert outcome.ok, outcome.error
            match = engine.lobbies[code].match
            if match.phase == "guessing" and len(guesser_sizes) < 200:
                guesser = next(p for p in match.present if p != match.round_state["artist"])
                guesser_sizes.append(len(json.dumps(engine.view(code, guesser), ensure_ascii=False).encode()))
                table_sizes.append(len(json.dumps(engine.view(code, None), ensure_ascii=False).encode()))
        seconds = time.perf_counter() - started
        engine.store.close()  # its checkpointer lets go of the file before the directory goes

        applied, drawn, refused = [], [], []
        for n in range(options.largest):
            engine = Engine(SQLiteStore(str(Path(tmp) / f"largest{n}.sqlite")), plugins)
            code, tokens = seat_lobby(engine)
            players = engine.lobbies[code].match.players
            drawing = largest_drawing(rng)
            crossed = geometry.crossings(drawing["figure"])
            assert crossed <= geometry.MAX_CROSSINGS, crossed
            t0 = time.perf_counter()
            geometry.inside_tiles(drawing["figure"])
            geometry.tiles_crossed(drawing["figure"], drawing["decorations"])
            drawn.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            outcome = engine.submit(code, "act", {"action": "draw", "args": drawing}, token=tokens[players[0]])
            applied.append(time.perf_counter() - t0)
            assert outcome.ok, outcome.error
            t0 = time.perf_counter()
            outcome = engine.submit(
                code, "act", {"action": "draw", "args": tangled_drawing(rng)}, token=tokens[players[1]]
            )
            refused.append(time.perf_counter() - t0)
            assert outcome.error["code"] == "notarobot.figure_tangled", outcome.error
            engine.store.close()

    print(f"I'm Not a Robot, {len(SEATS)} seats, SQLite WAL, every view built")
    print(f"accepted moves: {options.moves} in {seconds:.2f} s = {options.moves / seconds:,.0f} moves/s")
    print(
        f"a guesser's view while guessing: median {statistics.median(guesser_sizes):,.0f} B, "
        f"max {max(guesser_sizes):,} B (the table's: median {statistics.median(table_sizes):,.0f} B)"
    )
    print(
        f"the largest drawing ({MAX_POINTS} points, {MAX_DECORATIONS} decorations): applied in median "
        f"{statistics.median(applied) * 1000:.1f} ms, max {max(applied) * 1000:.1f} ms "
        f"(geometry alone: median {statistics.median(drawn) * 1000:.1f} ms); its figure crosses itself "
        f"{crossed} times"
    )
    print(
        f"a scribbled figure refused as tangled: median {statistics.median(refused) * 1000:.1f} ms, "
        f"max {max(refused) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
