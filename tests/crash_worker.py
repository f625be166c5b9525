"""A server stand-in for the crash test: plays on a store, prints each acknowledged state, waits to be killed.

Usage: python crash_worker.py STORE (a SQLite file's path, or a postgresql:// URL)

Lobby A is left mid-match with its claim clock running, then printed as
``READY {...}``; lobby B then plays on and on, printing ``ACK <code> <version>``
after each acknowledged command, until the process is killed.
"""

from __future__ import annotations

import json
import sys
import time

from gamenight.engine import Engine
from gamenight.registry import Plugins
from gamenight.store import open_store
from helpers import DEAL_ABC, Night


def main(path: str) -> None:
    clock = time.time
    engine = Engine(open_store(path), Plugins(["testgame"]), clock)
    a = Night(engine, clock, ["Ann", "Boris", "Chen"])
    assert a.start(deals=[DEAL_ABC], options={"claim_seconds": 90}).ok
    assert a.move("Ann", "claim", value=12).ok
    assert a.move("Ann", "extend", seconds=15).ok
    assert a.command("Chen", "leave").ok
    print("READY", json.dumps({"code": a.code, "lobby": a.lobby.to_dict()}), flush=True)
    b = Night(engine, clock, ["Xena", "Yuri"])
    b.start(options={"rounds": 10})
    while True:
        match = b.match
        if match.over:
            b.start(options={"rounds": 10})
        elif match.phase == "claim":
            outcome = b.move(b.name_of(match.turn), "claim", value=5)
        elif match.phase == "vote":
            voter = next(p for p in match.ballots["highest"].voters if p not in match.ballots["highest"].choices)
            other = next(p for p in match.players if p != voter)
            outcome = b.move(b.name_of(voter), "vote", ballot="highest", choice=other)
        else:
            outcome = b.move("Xena", "next")
        assert outcome.ok, outcome.error
        print("ACK", b.code, b.lobby.version, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
