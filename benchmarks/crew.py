"""Benchmark: a crew with many nights behind it, in a real SQLite file.

    python benchmarks/crew.py [--nights 100] [--matches 20] [--members 12]

Builds the crew through the engine (scripted matches of every game: tests/crew_nights.py), then reports
  - the time to open its standings on a server that has just started: the lobby read from the store (its
    snapshot and the log after it) and the view that carries ``lobby.crew`` built, and the size of that part;
  - the time of the command that ends a match (which adds the match to the crew's book), in this crew and in
    a lobby that is not a crew, and of an ordinary move in each.
The figures are printed, not judged (tests/test_benchmarks.py runs a short one).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from crew_nights import NotRecorded, crew_of_nights, script_of  # noqa: E402
from gamenight.clock import ManualClock  # noqa: E402
from gamenight.engine import Engine  # noqa: E402
from gamenight.registry import Plugins  # noqa: E402
from gamenight.store import open_store  # noqa: E402
from gamenight.testing import Party  # noqa: E402

SCRIPT = "spyfall-spy-guesses-the-location"  # its last move (the spy names the location) ends the round


def match_end_times(party: Party, runs: int) -> tuple[list[float], list[float]]:
    """The time of the move that ends the match's only round and of the host's ``next`` that ends the match."""
    script = script_of(SCRIPT, {old: new for old, new in zip(script_of(SCRIPT)["players"], party.ids, strict=False)})
    host = party.name_of(party.lobby.host)
    party.recorder = NotRecorded()  # the test kit's copy of every payload is not the server's work
    moves, ends = [], []
    for _ in range(runs):
        for name in party.ids:
            if name not in script["players"]:
                party.command(host, "sit_out", player=party.ids[name], out=True)
        assert party.start(script["game"], (), script["options"], script["deals"]).ok
        spy = script["deals"][0]["spies"][0]
        started = time.perf_counter()
        assert party.move(spy, "reveal", location=script["deals"][0]["location"]).ok
        moves.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert party.move(host, "next").ok
        ends.append(time.perf_counter() - started)
        assert party.match.over
    return moves, ends


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nights", type=int, default=100)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--members", type=int, default=12)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    plugins = Plugins()
    names = [f"Member {i:02d}" for i in range(args.members)]
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "crew.sqlite")
        started = time.perf_counter()
        party = crew_of_nights(path, names, args.nights, matches=args.matches, plugins=plugins)
        built = time.perf_counter() - started
        code, now = party.code, party.clock.now
        opens = []
        for _ in range(5):  # a second engine on the same file: as a server that has just started would
            engine = Engine(open_store(path), plugins, ManualClock(now))
            started = time.perf_counter()
            view = engine.view(code, None)
            opens.append(time.perf_counter() - started)
            engine.store.close()
        crew = view["lobby"]["crew"]
        size = len(json.dumps(crew))

        assert party.command(names[0], "new_night").ok
        crew_moves, crew_ends = match_end_times(party, args.runs)
        plain = Party(names, engine=Engine(open_store(str(Path(folder) / "plain.sqlite")), plugins, ManualClock()))
        plain_moves, plain_ends = match_end_times(plain, args.runs)

    def ms(values: list[float]) -> str:
        return f"median {statistics.median(values) * 1000:.2f} ms, max {max(values) * 1000:.2f} ms"

    played = args.nights * args.matches
    print(
        f"a crew of {args.members} with {args.nights} nights of {args.matches} matches, built in {built:.1f} s "
        f"({played / built:.0f} matches/s through the engine, every move stored)"
    )
    print(f"open its standings on a fresh engine (store read + view): {ms(opens)}; lobby.crew is {size / 1024:.0f} KiB")
    print(f"the move that ends a round:  crew {ms(crew_moves)}; a lobby that is not a crew {ms(plain_moves)}")
    print(f"the command that ends a match: crew {ms(crew_ends)}; a lobby that is not a crew {ms(plain_ends)}")
    return 0 if len(crew["nights"]) == args.nights else 1


if __name__ == "__main__":
    sys.exit(main())
