"""Crews for the tests: nights of scripted matches (tests/scripts: fixed deals and moves) played through the
engine, in any lobby and under any names, so that a crew's record is known before a test looks at it.

``play`` plays one script with whoever is seated (the script's players, renamed as asked; everyone else sits
it out). ``crew_of_nights`` writes a whole crew into a store file: a server started on that file (tests/server.py
``running_server``) serves it, and a browser holding a member's seat token is that member.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gamenight.clock import ManualClock
from gamenight.engine import Engine
from gamenight.registry import Plugins
from gamenight.store import open_store
from gamenight.testing import Party, Recorder

SCRIPTS = Path(__file__).parent / "scripts"

# A night of each kind: (script, the seconds played before its moves, {the script's name: a seat of the crew by
# index}); the scripts' players are Ann, Boris, Chen... in order.
NIGHT_SCRIPTS: tuple[tuple[str, float], ...] = (
    ("spyfall-spy-guesses-the-location", 95),
    ("notahuman-human-found-by-the-vote", 0),
    ("spyfall-first-accuser-bonus", 0),
    ("notarobot-some-guessers-right", 0),
    ("teams-scoring-spy", 0),
    ("notahuman-human-guesses-right", 0),
    ("spyfall-two-spies-reveal", 40),
    ("notarobot-bug-report-failed", 0),
)
SCRIPT_NAMES = ("Ann", "Boris", "Chen", "Dina", "Emil", "Fay", "Gleb", "Hana", "Ivan", "Jana")


def resolve(value: Any, ids: dict[str, str]) -> Any:
    """A script's move arguments with every "@Name" turned into that player's id."""
    if isinstance(value, str) and value.startswith("@"):
        return ids[value[1:]]
    if isinstance(value, list):
        return [resolve(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: resolve(v, ids) for k, v in value.items()}
    return value


def script_of(name: str, renamed: dict[str, str] | None = None) -> dict[str, Any]:
    """tests/scripts/<name>.json, with some of its players under other names."""
    text = (SCRIPTS / f"{name}.json").read_text(encoding="utf-8")
    for old, new in (renamed or {}).items():
        text = text.replace(f'"{old}"', f'"{new}"').replace(f'"@{old}"', f'"@{new}"')
    return json.loads(text)


def play(party: Party, script_name: str, wait: float = 0, renamed: dict[str, str] | None = None) -> None:
    """The scripted match with whoever is seated (the script's players play; anyone else sits it out), ``wait``
    seconds after its start, then to its end."""
    script = script_of(script_name, renamed)
    host = party.name_of(party.lobby.host)
    for name in party.ids:
        if name not in script["players"]:
            assert party.command(host, "sit_out", player=party.ids[name], out=True).ok
    started = party.start(script["game"], script.get("variants") or [], script.get("options"), script.get("deals"))
    assert started.ok, started.error
    if wait:
        party.advance(wait)
    for step in script["steps"]:
        if "advance" in step:
            party.advance(step["advance"])
        elif "player" in step:
            args = resolve(step.get("args") or {}, party.ids)
            if "command" in step:
                party.command(step["player"], step["command"], **args)
            else:
                party.move(step["player"], step["action"], **args)
    while not party.match.over:
        if not party.move(host, "next").ok:
            party.advance(60)


def crew_of_nights(
    location: str,
    names: Sequence[str],
    nights: int,
    *,
    matches: int = 2,
    plugins: Plugins | None = None,
    start: float | None = None,
) -> Party:
    """A crew of ``names`` (the first is its host) in a new lobby of the store at ``location``, with ``nights``
    closed nights behind it, each of ``matches`` scripted matches played by a turn of the crew (night n: the
    scripts ``NIGHT_SCRIPTS`` in turn from ``matches * n``, their players the members from index n on), a week apart from
    ``start`` (by default so that the last was a week ago); the drawings and associations of each night voted
    into the hall of fame. The party's engine stays open."""
    clock = ManualClock(start if start is not None else time.time() - nights * 7 * 86400)
    party = Party(list(names), engine=Engine(open_store(location), plugins or Plugins(), clock))
    party.recorder = NotRecorded()
    host = names[0]
    assert party.command(host, "keep_crew").ok
    for night in range(nights):
        if night:
            assert party.command(host, "new_night").ok
        for offset in range(matches):
            script, wait = NIGHT_SCRIPTS[(matches * night + offset) % len(NIGHT_SCRIPTS)]
            players = script_of(script)["players"]
            renamed = {old: names[(night + i) % len(names)] for i, old in enumerate(players)}
            play(party, script, wait, renamed)
        assert party.command(host, "close_night").ok
        vote = party.view(None)["lobby"]["crew"]["fame_vote"]
        if vote is not None:
            for name in names:
                ballot = vote["candidates"][: len(names)]
                party.command(name, "fame_vote", keepsake=ballot[names.index(name) % len(ballot)])
        clock.now += 7 * 86400
    party.recorder = Recorder()  # from here on, what each client receives is recorded again
    return party


class NotRecorded(Recorder):
    """The nights before a test looks: what each client received then is not what they are for."""

    def record(self, *args: Any, **kwargs: Any) -> None:
        pass
