"""A match: one game (plus variants) played by the lobby's seated players.

``Match`` is the state a game's hooks read and change, and its persisted form; the helpers they call
(docs/plugins.md, "What a game calls on ``match``") come from its parts, one module each. ``apply_move``
(``gamenight.match_moves``) is the single path by which any move (a player's, the host's, or a timer's expiry)
changes a match. Everything a game or the engine imports is importable from here.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gamenight.ballots import Ballot
from gamenight.match_ballots import BALLOT_TIMER_PREFIX, MatchBallots
from gamenight.match_context import MatchContext
from gamenight.match_moves import SYSTEM, apply_move
from gamenight.match_phases import MAX_PHASE_CHAIN, MatchPhases
from gamenight.match_players import MatchPlayers
from gamenight.match_rounds import OVER, MatchRounds
from gamenight.match_timers import HOST_HOLD, MatchTimers
from gamenight.scores import Ledger
from gamenight.timers import Timer

if TYPE_CHECKING:
    from gamenight.registry import GameStack

__all__ = ["BALLOT_TIMER_PREFIX", "HOST_HOLD", "MAX_PHASE_CHAIN", "OVER", "SYSTEM", "Match", "apply_move"]


class Match(MatchContext, MatchPlayers, MatchPhases, MatchTimers, MatchBallots, MatchRounds):
    """State of one match. Everything but the transient context is JSON data.

    Its parts: the move's context (``MatchContext``: stack, hooks, clock, random source, shelves, picture
    packs), who is in it and where they sit (``MatchPlayers``), its phases and turns (``MatchPhases``), its
    countdowns (``MatchTimers``), its secret ballots (``MatchBallots``), its rounds, points, feed and end
    (``MatchRounds``).
    """

    def __init__(
        self,
        *,
        id: str,
        game: str,
        variants: list[str],
        options: dict[str, Any],
        players: list[str],
        names: dict[str, str],
        seed: str,
        forced_deals: list[dict[str, Any]] | None = None,
    ) -> None:
        self.id = id
        self.game = game
        self.variants = list(variants)
        self.options = options
        self.players = list(players)
        self.left: list[str] = []
        self.names = dict(names)
        self.seed = seed
        self.forced_deals = forced_deals
        self.version = 0
        self.phase = "setup"
        self.round = 0
        self.rounds_finished = 0
        self.turn: str | None = None
        self.data: dict[str, Any] = {}
        self.round_state: dict[str, Any] = {}
        self.timers: dict[str, Timer] = {}
        self.ballots: dict[str, Ballot] = {}
        self.ledger = Ledger()
        self.events: list[dict[str, Any]] = []
        self.paused = False
        self.time_asks: list[dict[str, Any]] = []  # players' asks for more time ({"player", "phase", "round"})
        self.tallies: list[dict[str, Any]] = []  # what each scored round added to its players' stats
        self.keepsakes: list[dict[str, Any]] = []  # what the finished match made that a crew may keep
        self.over = False
        self.result: dict[str, Any] | None = None
        self._now = 0.0
        self._stack: GameStack | None = None
        self._rng: random.Random | None = None
        self._shelves: dict[str, dict[str, Any]] | None = None

    # -- persistence ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "variants": self.variants,
            "options": self.options,
            "players": self.players,
            "left": self.left,
            "names": self.names,
            "seed": self.seed,
            "forced_deals": self.forced_deals,
            "version": self.version,
            "phase": self.phase,
            "round": self.round,
            "rounds_finished": self.rounds_finished,
            "turn": self.turn,
            "data": self.data,
            "round_state": self.round_state,
            "timers": {n: t.to_dict() for n, t in self.timers.items()},
            "ballots": {n: b.to_dict() for n, b in self.ballots.items()},
            "ledger": self.ledger.to_list(),
            "events": self.events,
            "paused": self.paused,
            "time_asks": self.time_asks,
            "tallies": self.tallies,
            "keepsakes": self.keepsakes,
            "over": self.over,
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Match:
        match = cls(
            id=d["id"],
            game=d["game"],
            variants=d["variants"],
            options=d["options"],
            players=d["players"],
            names=d["names"],
            seed=d["seed"],
            forced_deals=d["forced_deals"],
        )
        # as given, not the constructor's copies: a move's copy of the lobby shares them (Lobby.copy_for)
        match.variants, match.players, match.names = d["variants"], d["players"], d["names"]
        match.version = d["version"]
        match.phase = d["phase"]
        match.round = d["round"]
        match.rounds_finished = d["rounds_finished"]
        match.turn = d["turn"]
        match.data = d["data"]
        match.round_state = d.get("round_state", {})
        match.left = d.get("left", [])
        match.timers = {n: Timer.from_dict(t) for n, t in d["timers"].items()}
        match.ballots = {n: Ballot.from_dict(b) for n, b in d["ballots"].items()}
        match.ledger = Ledger(d["ledger"])
        match.events = d["events"]
        match.paused = d["paused"]
        match.time_asks = d.get("time_asks", [])
        match.tallies = d.get("tallies", [])
        match.keepsakes = d.get("keepsakes", [])
        match.over = d["over"]
        match.result = d["result"]
        return match

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state.update(_stack=None, _rng=None, _shelves=None)
        return state
