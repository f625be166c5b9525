"""The tests' shorthand on top of the test kit (gamenight.testing): the test game's party, its deal, a client's view."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from gamenight.clock import ManualClock
from gamenight.engine import Engine, Outcome
from gamenight.testing import Party
from gamenight.web.patch import apply


class Night(Party):
    """The kit's Party seated on a given engine (tests that share, restart or break one), with High Card's
    shorthand: ``start`` plays High Card unless told otherwise, ``play_round`` and ``snapshot``."""

    def __init__(self, engine: Engine, clock: ManualClock | Callable[[], float], names: list[str]) -> None:
        super().__init__(names, engine=engine, clock=clock)

    def start(
        self,
        game: str = "highcard",
        variants=(),
        options: dict[str, Any] | None = None,
        deals: list[dict[str, Any]] | None = None,
        seed: str | None = None,
        host: str | None = None,
    ) -> Outcome:
        return super().start(game, variants, options, deals, seed, host)

    def snapshot(self) -> dict[str, Any]:
        """The lobby as stored (to check that a refusal changed nothing)."""
        return self.lobby.to_dict()

    def play_round(self, claims: dict[str, int], votes: dict[str, str]) -> None:
        """Claim in turn order, then vote (names to names)."""
        while self.match.phase == "claim":
            self.must(self.turn, "claim", value=claims[self.turn])
        for voter, target in votes.items():
            self.must(voter, "vote", ballot="highest", choice=self.ids[target])


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
