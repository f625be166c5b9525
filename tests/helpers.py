"""A seated group driving an engine by player name, as the tests' shorthand."""

from __future__ import annotations

import copy
from typing import Any

from gamenight.clock import ManualClock, advance
from gamenight.engine import Engine, Outcome
from gamenight.web.patch import apply


class Night:
    def __init__(self, engine: Engine, clock: ManualClock, names: list[str]) -> None:
        self.engine = engine
        self.clock = clock
        outcome, token = engine.create_lobby(names[0])
        assert outcome.ok, outcome.error
        self.code = outcome.code
        self.tokens = {names[0]: token}
        self.ids = {names[0]: outcome.reply["player"]}
        for name in names[1:]:
            self.join(name)

    def join(self, name: str) -> Outcome:
        outcome, token = self.engine.join(self.code, name)
        if outcome.ok:
            self.tokens[name] = token
            self.ids[name] = outcome.reply["player"]
        return outcome

    @property
    def lobby(self):
        return self.engine.lobbies[self.code]

    @property
    def match(self):
        return self.lobby.match

    def name_of(self, pid: str) -> str:
        return next(n for n, i in self.ids.items() if i == pid)

    def command(self, name: str, kind: str, **args: Any) -> Outcome:
        return self.engine.submit(self.code, kind, args, token=self.tokens[name])

    def move(self, name: str, action: str, version: int | None = None, **args: Any) -> Outcome:
        # Like a client, the move is made on the state it last saw: the current one unless a test says otherwise.
        if version is None and self.lobby.match is not None:
            version = self.match.version
        payload: dict[str, Any] = {"action": action, "args": args, "version": version}
        return self.engine.submit(self.code, "act", payload, token=self.tokens[name])

    def start(
        self, game: str = "highcard", variants=(), options=None, deals=None, host: str | None = None, seed=None
    ) -> Outcome:
        host = host or self.name_of(self.lobby.host)
        chosen = self.command(host, "choose", game=game, variants=list(variants), options=options or {})
        assert chosen.ok, chosen.error
        extra = {"forced_deals": deals} | ({"seed": seed} if seed else {})
        outcome = self.engine.submit(self.code, "start", token=self.tokens[host], extra=extra)
        return outcome

    def view(self, name: str | None) -> dict[str, Any]:
        return self.engine.view(self.code, self.ids[name] if name else None)

    def snapshot(self) -> dict[str, Any]:
        return self.lobby.to_dict()

    def advance(self, seconds: float) -> list[Outcome]:
        """Move the clock, firing each due timer at its own deadline."""
        return advance(self.engine, self.clock, seconds)

    def play_round(self, claims: dict[str, int], votes: dict[str, str]) -> None:
        """Claim in turn order, then vote (names to names)."""
        while self.match.phase == "claim":
            name = self.name_of(self.match.turn)
            assert self.move(name, "claim", value=claims[name]).ok
        for voter, target in votes.items():
            outcome = self.move(voter, "vote", ballot="highest", choice=self.ids[target])
            assert outcome.ok, outcome.error


DEAL_ABC = {"hands": {"Ann": "c10", "Boris": "c25", "Chen": "c03"}, "server": "c30"}


class HeldView:
    """A client's copy of its view, kept as docs/protocol.md says: a ``state`` replaces it, a ``patch`` from its
    version is applied, an old patch is ignored, any other patch means one was missed (``missed`` is set)."""

    def __init__(self) -> None:
        self.view: dict | None = None
        self.missed = False

    def receive(self, event: str, payload: Any) -> dict | None:
        """Take in one received event; the new view (a copy) when it changed the view, else None."""
        if event == "state":
            self.view, self.missed = copy.deepcopy(payload), False
        elif event == "patch" and self.view is not None and not self.missed:
            version = self.view["lobby"]["version"]
            if payload["to"] <= version:
                return None
            if payload["from"] != version:
                self.missed = True
                return None
            apply(self.view, copy.deepcopy(payload["ops"]))
        else:
            return None
        return copy.deepcopy(self.view)
