"""A match: one game (plus variants) played by the lobby's seated players.

``Match`` is the state a game's hooks read and change, with the helpers they
call (phases, turns, timers, ballots, points, rounds). ``apply_move`` is the
single path by which any move (a player's, the host's, or a timer's expiry)
changes a match.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gamenight.ballots import Ballot, Rule
from gamenight.errors import ActionError
from gamenight.game import Action
from gamenight.scores import Ledger, rank
from gamenight.timers import Timer
from marshmallow import ValidationError

if TYPE_CHECKING:
    from gamenight.registry import GameStack

OVER = "over"
HOST_HOLD = "host"
BALLOT_TIMER_PREFIX = "ballot:"


class Match:
    """State of one match. Everything but the transient context is JSON data."""

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
        self.names = dict(names)
        self.seed = seed
        self.forced_deals = forced_deals
        self.version = 0
        self.phase = "setup"
        self.round = 0
        self.rounds_finished = 0
        self.turn: str | None = None
        self.data: dict[str, Any] = {}
        self.timers: dict[str, Timer] = {}
        self.ballots: dict[str, Ballot] = {}
        self.ledger = Ledger()
        self.events: list[dict[str, Any]] = []
        self.paused = False
        self.over = False
        self.result: dict[str, Any] | None = None
        self._now = 0.0
        self._stack: GameStack | None = None
        self._rng: random.Random | None = None
        self._shelves: dict[str, dict[str, Any]] | None = None

    # -- the context of the move being applied ---------------------------------

    def bind(self, stack: GameStack, now: float, shelves: dict[str, dict[str, Any]] | None = None) -> Match:
        """Attach the game stack, the clock reading and the lobby's shelves for the next change."""
        self._stack = stack
        self._now = now
        self._rng = None
        if shelves is not None:
            self._shelves = shelves
        return self

    def shelf(self, shelf_id: str) -> dict[str, Any]:
        """The lobby's shelf ``shelf_id`` (data that outlives the match); changes to it are kept."""
        assert self._shelves is not None, "match is not bound to its lobby"
        return self._shelves.setdefault(shelf_id, {})

    @property
    def now(self) -> float:
        """The engine's clock reading for the move being applied (seconds)."""
        return self._now

    @property
    def rng(self) -> random.Random:
        """This move's random source: derived from the match's secret seed and version."""
        if self._rng is None:
            self._rng = random.Random(f"{self.seed}/{self.version}")
        return self._rng

    @property
    def stack(self) -> GameStack:
        assert self._stack is not None, "match is not bound to its game stack"
        return self._stack

    @property
    def hook(self) -> Any:
        """The match's hook relay: ``match.hook.<name>(match=match, ...)``."""
        return self.stack.hook

    # -- phases and turns --------------------------------------------------------

    def set_phase(self, phase: str, turn: str | None = None) -> None:
        """Enter ``phase`` (a declared phase id) and give the turn to ``turn`` (or nobody)."""
        if phase != OVER and phase not in self.stack.phases:
            raise ValueError(f"undeclared phase {phase!r}")
        self.phase = phase
        self.turn = turn

    def next_player(self, player: str, step: int = 1) -> str:
        """The player ``step`` seats clockwise from ``player``."""
        index = self.players.index(player)
        return self.players[(index + step) % len(self.players)]

    def seat_order_from(self, player: str) -> list[str]:
        """All players clockwise, starting with ``player``."""
        index = self.players.index(player)
        return self.players[index:] + self.players[:index]

    def player_named(self, name: str) -> str:
        """The id of the player called ``name`` (for forced deals written with names)."""
        for pid, pname in self.names.items():
            if pname.casefold() == name.casefold():
                return pid
        raise KeyError(name)

    # -- timers -------------------------------------------------------------------

    def start_timer(self, name: str, seconds: float) -> Timer:
        """Start (or restart) a countdown; it starts paused while the host has paused the match."""
        timer = Timer.started(name, float(seconds), self.now, [HOST_HOLD] if self.paused else None)
        self.timers[name] = timer
        return timer

    def stop_timer(self, name: str) -> None:
        self.timers.pop(name, None)

    def hold_timer(self, name: str, reason: str) -> None:
        """Stop a countdown for ``reason`` (e.g. a vote) until ``release_timer``."""
        if name in self.timers:
            self.timers[name].hold(reason, self.now)

    def release_timer(self, name: str, reason: str) -> None:
        if name in self.timers:
            self.timers[name].release(reason, self.now)

    def time_left(self, name: str) -> float:
        timer = self.timers.get(name)
        return timer.left(self.now) if timer else 0.0

    def due_timers(self, now: float) -> list[str]:
        """Names of running timers that have run out at ``now``, soonest first."""
        due = [t for t in self.timers.values() if t.deadline is not None and t.deadline <= now]
        return [t.name for t in sorted(due, key=lambda t: (t.deadline, t.name))]

    def next_deadline(self) -> float | None:
        deadlines = [t.deadline for t in self.timers.values() if t.deadline is not None]
        return min(deadlines, default=None)

    # -- ballots ------------------------------------------------------------------

    def open_ballot(
        self,
        id: str,
        voters: list[str],
        candidates: list[str],
        *,
        rule: Rule = "plurality",
        k: int = 0,
        forbidden: dict[str, list[str]] | None = None,
        seconds: float | None = None,
        data: dict[str, Any] | None = None,
    ) -> Ballot:
        """Open a secret ballot; it closes when every voter has voted, or when its timer runs out."""
        if rule == "yesno":
            candidates = ["yes", "no"]
        ballot = Ballot(
            id=id,
            voters=list(voters),
            candidates=list(candidates),
            rule=rule,
            k=k,
            forbidden=dict(forbidden or {}),
            data=dict(data or {}),
        )
        if seconds:
            ballot.timer = BALLOT_TIMER_PREFIX + id
            self.start_timer(ballot.timer, seconds)
        self.ballots[id] = ballot
        if not ballot.voters:
            self.close_ballot(id)
        return ballot

    def cast(self, ballot_id: str, voter: str, choice: str) -> None:
        ballot = self.ballots.get(ballot_id)
        if ballot is None:
            raise ActionError("unknown_ballot", ballot=ballot_id)
        if ballot.closed:
            raise ActionError("ballot_closed", ballot=ballot_id)
        if voter not in ballot.voters:
            raise ActionError("not_eligible", ballot=ballot_id)
        if choice not in ballot.allowed(voter):
            raise ActionError("invalid_choice", ballot=ballot_id, choice=choice)
        ballot.choices[voter] = choice
        if ballot.complete:
            self.close_ballot(ballot_id)

    def close_ballot(self, ballot_id: str) -> Ballot:
        """Close a ballot now, tally it and call the ``ballot_closed`` hook."""
        ballot = self.ballots[ballot_id]
        if ballot.closed:
            return ballot
        result = ballot.tally()
        if ballot.rule == "plurality" and result["tied"]:
            result["winner"] = self.hook.ballot_tiebreak(match=self, ballot=ballot, tied=list(result["tied"]))
        ballot.result = result
        ballot.closed = True
        if ballot.timer:
            self.stop_timer(ballot.timer)
        self.hook.ballot_closed(match=self, ballot=ballot)
        return ballot

    def drop_voter(self, player: str) -> None:
        """Remove a departed player from every open ballot (closing those now complete)."""
        for ballot in list(self.ballots.values()):
            if not ballot.closed and player in ballot.voters:
                ballot.voters.remove(player)
                ballot.choices.pop(player, None)
                if ballot.complete:
                    self.close_ballot(ballot.id)

    # -- rounds, points, the end ---------------------------------------------------

    def start_round(self) -> None:
        """Begin the next round: open its ledger page and call the ``deal`` hook."""
        self.round += 1
        self.ledger.open_round()
        forced = None
        if self.forced_deals and self.round <= len(self.forced_deals):
            forced = self.forced_deals[self.round - 1]
        self.hook.deal(match=self, forced=forced)
        self.announce("event.round_started", round=self.round)

    def end_round(self) -> None:
        """Mark the current round as scored and over (its points are final)."""
        if self.rounds_finished < self.round:
            self.rounds_finished = self.round
            self.announce("event.round_over", round=self.round)

    def award(self, player: str, points: int, reason: str, **params: Any) -> None:
        """Give ``points`` to ``player`` in this round, with the i18n key of the reason."""
        self.ledger.award(player, points, reason, params)

    def totals(self) -> dict[str, int]:
        return self.ledger.totals(self.players)

    def round_scores(self, index: int = -1) -> dict[str, int]:
        return self.ledger.round_scores(index, self.players)

    def announce(self, key: str, **params: Any) -> None:
        """Add a public event (an i18n key and parameters) to the match's feed; events never change once added."""
        self.events.append({"key": key, "params": params, "round": self.round})

    def finish(self) -> None:
        """End the match: rank the players with the ``ranking_key`` hook and stop every timer."""
        self.end_round()
        totals = self.totals()
        ranking = rank(self.players, lambda p: tuple(self.hook.ranking_key(match=self, player=p)))
        for entry in ranking:
            entry["total"] = totals[entry["player"]]
        self.result = {"ranking": ranking, "winners": [e["player"] for e in ranking if e["place"] == 1]}
        self.over = True
        self.phase = OVER
        self.turn = None
        self.timers.clear()
        self.announce("event.match_over")

    # -- persistence ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "variants": self.variants,
            "options": self.options,
            "players": self.players,
            "names": self.names,
            "seed": self.seed,
            "forced_deals": self.forced_deals,
            "version": self.version,
            "phase": self.phase,
            "round": self.round,
            "rounds_finished": self.rounds_finished,
            "turn": self.turn,
            "data": self.data,
            "timers": {n: t.to_dict() for n, t in self.timers.items()},
            "ballots": {n: b.to_dict() for n, b in self.ballots.items()},
            "ledger": self.ledger.to_list(),
            "events": self.events,
            "paused": self.paused,
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
        match.version = d["version"]
        match.phase = d["phase"]
        match.round = d["round"]
        match.rounds_finished = d["rounds_finished"]
        match.turn = d["turn"]
        match.data = d["data"]
        match.timers = {n: Timer.from_dict(t) for n, t in d["timers"].items()}
        match.ballots = {n: Ballot.from_dict(b) for n, b in d["ballots"].items()}
        match.ledger = Ledger(d["ledger"])
        match.events = d["events"]
        match.paused = d["paused"]
        match.over = d["over"]
        match.result = d["result"]
        return match

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state.update(_stack=None, _rng=None, _shelves=None)
        return state


def apply_move(
    match: Match,
    stack: GameStack,
    actor: str,
    move_id: str,
    raw_args: Any,
    *,
    is_host: bool,
    version: int | None = None,
) -> None:
    """Check and apply one move to ``match`` in place; raise ``ActionError`` to refuse it.

    The checks run in this order: the match is live, the move exists in this
    phase, the actor may make it, the version is current, the arguments load.
    The caller binds the match (stack, clock, shelves) first, applies moves to
    a copy and keeps it only if this returns.
    """
    if match.over:
        raise ActionError("match_over")
    move = stack.move(match.phase, move_id)
    if move is None:
        if stack.move_anywhere(move_id):
            raise ActionError("wrong_phase", action=move_id, phase=match.phase)
        raise ActionError("unknown_action", action=move_id)
    if move.who == "system":
        if actor != SYSTEM:
            raise ActionError("not_allowed", action=move_id)
    elif move.who == "host":
        if not is_host:
            raise ActionError("not_host")
    else:
        if actor not in match.players:
            raise ActionError("not_in_match")
        if move.who == "turn" and match.turn != actor:
            raise ActionError("not_your_turn", turn=match.turn)
    if version is not None and not move.simultaneous and version != match.version:
        raise ActionError("stale", version=match.version)
    if raw_args is None:
        raw_args = {}
    if not isinstance(raw_args, dict):
        raise ActionError("bad_request", errors={"args": ["Not a valid mapping type."]})
    try:
        args = move.schema.load(raw_args)
    except ValidationError as exc:
        raise ActionError("bad_request", errors=exc.messages) from None
    stack.hook.act(match=match, action=Action(id=move_id, actor=actor, args=args))
    match.version += 1


SYSTEM = "system"
