"""A table of players driving gamenight's engine by name: the package tests' shorthand.

Named for this package (not ``helpers`` or ``conftest``) so that it never shadows another project's test
modules when several test folders run in one pytest session.
"""

from __future__ import annotations

from typing import Any

from gamenight.clock import ManualClock, advance
from gamenight.engine import Engine, Outcome

GAME = "notahuman"
VARIANT = "double_human"
PLAYERS = ["Ann", "Boris", "Chen", "Dina", "Emil"]


class Table:
    """Players seated in one lobby, addressed by name; the first is the host."""

    def __init__(self, engine: Engine, clock: ManualClock, names: list[str]) -> None:
        self.engine = engine
        self.clock = clock
        outcome, token = engine.create_lobby(names[0])
        assert outcome.ok, outcome.error
        self.code = outcome.code
        self.tokens = {names[0]: token}
        self.ids = {names[0]: outcome.reply["player"]}
        for name in names[1:]:
            outcome, token = engine.join(self.code, name)
            assert outcome.ok, outcome.error
            self.tokens[name] = token
            self.ids[name] = outcome.reply["player"]
        self.names = {pid: name for name, pid in self.ids.items()}

    def start(self, variants=(VARIANT,), options=None, deals=None, seed: str = "double-human") -> Outcome:
        host = next(iter(self.tokens))
        chosen = self.engine.submit(
            self.code,
            "choose",
            {"game": GAME, "variants": list(variants), "options": options or {}},
            token=self.tokens[host],
        )
        assert chosen.ok, chosen.error
        extra = {"forced_deals": deals, "seed": seed}
        return self.engine.submit(self.code, "start", token=self.tokens[host], extra=extra)

    def move(self, name: str, action: str, **args: Any) -> Outcome:
        """A move made on the current state, as a player's phone that has seen it makes it."""
        version = self.engine.lobbies[self.code].match.version
        payload = {"action": action, "args": args, "version": version}
        return self.engine.submit(self.code, "act", payload, token=self.tokens[name])

    def command(self, name: str, kind: str, **args: Any) -> Outcome:
        return self.engine.submit(self.code, kind, args, token=self.tokens[name])

    def view(self, name: str | None) -> dict[str, Any]:
        """The whole view ``name``'s phone receives (``None``: the table screen)."""
        return self.engine.view(self.code, self.ids[name] if name else None)

    def advance(self, seconds: float) -> None:
        advance(self.engine, self.clock, seconds)

    def associate_all(self, words: dict[str, str]) -> None:
        """Each named player gives their word, in this order."""
        for name, word in words.items():
            outcome = self.move(name, "associate", word=word)
            assert outcome.ok, outcome.error

    def to_vote(self) -> None:
        """Nobody reveals; everyone explains in turn; the host starts the vote."""
        self.advance(self.state()["options"]["reveal_seconds"])
        while (state := self.state())["phase"] == "explanations":
            outcome = self.move(self.names[state["turn"]], "explained")
            assert outcome.ok, outcome.error
        outcome = self.move(next(iter(self.ids)), "start_vote")
        assert outcome.ok, outcome.error

    def vote(self, choices: dict[str, str]) -> None:
        """Votes on the ballot ``human``, voter name to association number."""
        for name, choice in choices.items():
            outcome = self.move(name, "vote", ballot="human", choice=choice)
            assert outcome.ok, outcome.error

    def state(self) -> dict[str, Any]:
        """The match as the table screen sees it (public: phase, ballots, points, the game's public view)."""
        return self.view(None)["match"]

    def cards(self) -> dict[str, dict[str, Any]]:
        """Each player's own card, as their phone shows it."""
        return {name: self.view(name)["match"]["game_view"].get("card") for name in self.ids}

    def humans(self) -> list[str]:
        """The players whose own card says Human."""
        return sorted(name for name, card in self.cards().items() if card and card["role"] == "human")

    def round_scores(self, number: int | None = None) -> dict[str, int]:
        """The points of round ``number`` (by default the last finished one), by name."""
        state = self.state()
        index = (number or state["rounds_finished"]) - 1
        return {self.names[pid]: points for pid, points in state["rounds"][index]["scores"].items()}
