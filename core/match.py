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
from gamenight.errors import ActionError, BadDeal
from gamenight.game import ANY_PHASE, Action, Phase
from gamenight.images import UPLOADS, UPLOADS_SHELF_ID, uploaded_images
from gamenight.options import TIME_FACTOR
from gamenight.scores import Ledger, rank
from gamenight.timers import Timer
from marshmallow import ValidationError

if TYPE_CHECKING:
    from gamenight.registry import GameStack

OVER = "over"
HOST_HOLD = "host"
BALLOT_TIMER_PREFIX = "ballot:"
MAX_PHASE_CHAIN = 32  # phases ended in a row by one change before the game is deemed to loop


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

    # -- who is still in the match ---------------------------------------------------

    @property
    def present(self) -> list[str]:
        """The players still in the match, in seat order (``players`` keeps everyone who started)."""
        return [p for p in self.players if p not in self.left]

    def is_present(self, player: str | None) -> bool:
        return player in self.players and player not in self.left

    def depart(self, player: str) -> None:
        """``player`` left the lobby or was kicked: they leave the match too (docs/rules: coming and going).

        They are no longer dealt, asked, waited for or counted as voters; their
        points stay. The game's ``player_left`` hook hands on what they held;
        below the game's minimum the match ends at once, scored.
        """
        if self.over or not self.is_present(player):
            return
        self.left.append(player)
        self.move_on(next((phase for phase in self.hook.player_left(match=self, player=player) if phase), None))
        self.drop_voter(player)
        self.announce("event.player_left", player=player)
        if self.over:
            return
        if len(self.present) < self.stack.game.min_players:
            self.announce("event.too_few_players", min=self.stack.game.min_players)
            self.finish(early=True)
            return
        self.check_phase_end()

    # -- phases and turns --------------------------------------------------------

    @property
    def phase_declared(self) -> Phase | None:
        """The declaration of the current phase (its moves, clock and handlers)."""
        return self.stack.phase(self.phase)

    @property
    def playing(self) -> bool:
        """True while a round is being played (the current phase is not one between rounds)."""
        declared = self.phase_declared
        return not self.over and declared is not None and declared.is_playing

    def move_on(self, target: str | None) -> None:
        """Enter ``target``, the phase a handler returned (``None``, or the current phase: stay).

        The core calls this with what a move, ``on_end``, ``on_clock``,
        ``on_ballot``, ``on_enter`` or ``player_left`` returned; the current
        phase must name ``target`` in its ``next`` (or ``"*"`` must).
        """
        for _ in range(MAX_PHASE_CHAIN):
            if target is None or target == self.phase or self.over:
                return
            if target not in self.stack.phases or target == ANY_PHASE:
                raise ValueError(f"{self.game}: undeclared phase {target!r}")
            current = self.phase_declared
            if current is not None and target not in current.leads_to and target not in self.stack.leads_anywhere:
                raise ValueError(f"{self.game}: phase {self.phase!r} does not lead to {target!r} (add it to its next)")
            target = self._enter(target)
        raise RuntimeError(f"{self.game}: phases keep passing on from {self.phase!r}: the game loops")

    def _enter(self, phase: str) -> str | None:
        """Leave the current phase (its clock stops unless it ``spans`` phases) and enter ``phase``: the turn,
        its clock, its ``on_enter``; where ``on_enter`` passes on to."""
        old = self.phase_declared
        if old is not None and old.clock is not None and not old.clock.spans:
            self.stop_timer(old.timer)
        self.phase = phase
        new = self.phase_declared
        self.turn = new.turn(self) if new.turn is not None else None
        if new.clock is not None and new.timer not in self.timers:
            self.start_timer(new.timer, new.clock.length(self), pace=new.clock.pace)
        return new.on_enter(self) if new.on_enter is not None else None

    def pass_turn(self, player: str | None) -> None:
        """Give the turn to ``player`` within the phase; a ``per_turn`` clock starts again."""
        self.turn = player
        declared = self.phase_declared
        if declared is not None and declared.clock is not None and declared.clock.per_turn:
            self.restart_clock()

    def restart_clock(self) -> None:
        """Start the current phase's clock again from its full length."""
        declared = self.phase_declared
        if declared is not None and declared.clock is not None:
            self.start_timer(declared.timer, declared.clock.length(self), pace=declared.clock.pace)

    def check_phase_end(self) -> None:
        """Ask the current phase's ``end_if``; while it holds, move on where it leads (the core calls this)."""
        for _ in range(MAX_PHASE_CHAIN):
            declared = self.phase_declared
            if self.over or declared is None or declared.end_if is None or not declared.end_if(self):
                return
            self.move_on(declared.ended(self))
            if self.phase == declared.id:
                return
        raise RuntimeError(f"phase {self.phase!r} keeps ending: the game loops")

    def clock_ran_out(self, name: str) -> None:
        """Timer ``name`` ran out (or the host moved on): close its ballot, or ask its phase where to go."""
        if name.startswith(BALLOT_TIMER_PREFIX):
            self.close_ballot(name.removeprefix(BALLOT_TIMER_PREFIX))
            return
        self.stop_timer(name)
        declared = self.phase_declared
        owner = declared if declared is not None and declared.timer == name else self.stack.phase_with_timer(name)
        if owner is not None:
            self.move_on(owner.clock_ran_out(self))

    def next_player(self, player: str, step: int = 1) -> str:
        """The present player ``step`` seats clockwise from ``player`` (who may have left)."""
        index = self.players.index(player)
        ring = self.players[index + 1 :] + self.players[: index + 1]
        present = [p for p in ring if p not in self.left]
        if not present:
            return player
        return present[(step - 1) % len(present)]

    def seat_order_from(self, player: str) -> list[str]:
        """The present players clockwise, starting with ``player`` (or the next present one)."""
        index = self.players.index(player)
        ring = self.players[index:] + self.players[:index]
        return [p for p in ring if p not in self.left]

    def player_named(self, name: str) -> str:
        """The id of the present player called ``name`` (for forced deals written with names)."""
        for pid in self.present:
            if self.names[pid].casefold() == str(name).casefold():
                return pid
        raise BadDeal(f"no player called {name!r} is in the match")

    # -- timers -------------------------------------------------------------------

    def start_timer(self, name: str, seconds: float, pace: bool = False) -> Timer:
        """Start (or restart) a countdown; it starts paused while the host has paused the match.

        Every countdown is lengthened by the host's extended-time option (``time_factor``). A ``pace``
        countdown moves the show on rather than giving players a deadline (``Clock.pace``).
        """
        seconds = float(seconds) * float(self.options.get(TIME_FACTOR, 1.0))
        timer = Timer.started(name, seconds, self.now, [HOST_HOLD] if self.paused else None, pace=pace)
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
        """Open a secret ballot; it closes when every voter has voted, or when its timer runs out.

        Departed players are never voters. ``forbidden`` maps a voter to the
        candidates they may not choose (their own association, say).
        """
        if rule in ("yesno", "majority"):
            candidates = ["yes", "no"]
        ballot = Ballot(
            id=id,
            voters=[v for v in voters if self.is_present(v)],
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
        """Close a ballot now, tally it and call the current phase's ``on_ballot``."""
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
        declared = self.phase_declared
        if declared is not None and declared.on_ballot is not None:
            self.move_on(declared.on_ballot(self, ballot))
        return ballot

    def cancel_ballot(self, ballot_id: str) -> None:
        """Close a ballot without effect (its subject left): no tally, no ``on_ballot``."""
        ballot = self.ballots[ballot_id]
        if not ballot.closed:
            ballot.closed = True
            ballot.result = {"void": True}
            if ballot.timer:
                self.stop_timer(ballot.timer)

    def discard_ballot(self, ballot_id: str) -> None:
        """Forget a ballot whose result has been used (a turn's vote, before the next turn opens its own)."""
        ballot = self.ballots.pop(ballot_id, None)
        if ballot is not None and ballot.timer:
            self.stop_timer(ballot.timer)

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
        """Begin the next round: open its ledger page, clear ``round_state`` and call the ``deal`` hook."""
        self.round += 1
        self.ledger.open_round()
        self.round_state = {}
        forced = None
        if self.forced_deals and self.round <= len(self.forced_deals):
            forced = self.forced_deals[self.round - 1]
        try:
            self.hook.deal(match=self, forced=forced)
        except BadDeal as exc:
            raise ActionError("bad_deal", round=self.round, reason=str(exc)) from None
        except Exception as exc:  # a forced deal of the wrong shape, whatever the game tripped on
            if forced is None or isinstance(exc, ActionError):
                raise
            raise ActionError("bad_deal", round=self.round, reason=f"{type(exc).__name__}: {exc}") from None
        self.announce("event.round_started", round=self.round)

    def end_round(self) -> None:
        """Mark the current round as scored and over (its points are final)."""
        if self.rounds_finished < self.round:
            self.rounds_finished = self.round
            self.announce("event.round_over", round=self.round)

    def void_round(self, player: str) -> None:
        """End the round void because ``player`` left holding its central secret (docs/rules: coming and going, 2).

        Nobody scores it: its points are struck out, its open ballots closed
        without effect and its clocks stopped. The game then sets its
        between-rounds phase; its cards stay used.
        """
        for ballot_id in list(self.ballots):
            self.cancel_ballot(ballot_id)
        self.timers.clear()
        self.ledger.void(self.round - 1)
        self.rounds_finished = self.round
        self.round_state["void"] = {"left": player}
        self.announce("event.round_void", round=self.round, player=player)

    def points(self, reason: str) -> int:
        """The points for scoring ``reason`` (the ``points`` hook: the game's table, or a variant's)."""
        return self.hook.points(match=self, reason=reason)

    def score(self, player: str, reason: str, times: int = 1, **params: Any) -> None:
        """Award ``player`` the points for ``reason`` (``times`` over), under the key ``<game>.reason.<reason>``."""
        self.award(player, self.points(reason) * times, f"{self.game}.reason.{reason}", **params)

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

    def finish(self, *, early: bool = False) -> None:
        """End the match: rank the players with the ``ranking_key`` hook and stop every timer.

        ``early``: the host ended it now, or too few players are left. Only the
        finished rounds count; a round under way is struck out.
        """
        unfinished = []
        if early and self.rounds_finished < self.round:
            self.ledger.void(self.round - 1)
            unfinished = [message for told in self.hook.unfinished_round(match=self) for message in told or []]
        self.end_round()
        for ballot in self.ballots.values():
            ballot.closed = True
        totals = self.totals()
        ranking = rank(self.players, lambda p: tuple(self.hook.ranking_key(match=self, player=p)))
        for entry in ranking:
            entry["total"] = totals[entry["player"]]
            if entry["player"] in self.left:
                entry["left"] = True
        self.result = {
            "ranking": ranking,
            "winners": [e["player"] for e in ranking if e["place"] == 1],
            "ended_early": early,
        }
        if unfinished:
            self.result["unfinished"] = unfinished
        self.over = True
        self.phase = OVER
        self.turn = None
        self.timers.clear()
        self.announce("event.match_over", early=early)

    # -- what games share -------------------------------------------------------------

    def image_pool(self, pack_ids: list[str]) -> list[list[str]]:
        """Every ``[pack, image]`` of the picture packs ``pack_ids`` (``"uploads"``: this lobby's uploads)."""
        registry = self.stack.registry
        pool: list[list[str]] = []
        for pack_id in pack_ids:
            if pack_id == UPLOADS:
                pool += [[p, i] for p, i in uploaded_images(self.shelf(UPLOADS_SHELF_ID))]
            elif registry is not None and pack_id in registry.image_packs:
                pool += [[pack_id, image.id] for image in registry.image_packs[pack_id].images]
        return pool

    def has_image_pack(self, pack_id: str) -> bool:
        """Whether ``pack_id`` names an installed picture pack or this lobby's uploads."""
        registry = self.stack.registry
        return pack_id == UPLOADS or (registry is not None and pack_id in registry.image_packs)

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
        if not match.is_present(actor):
            raise ActionError("not_in_match")
        if move.who == "turn" and match.turn != actor:
            raise ActionError("not_your_turn", turn=match.turn)
    if not move.simultaneous and actor != SYSTEM:
        # A move is made on a state the player saw: without its version the stale check could be skipped.
        if version is None:
            raise ActionError("bad_request", errors={"version": ["The version of the state this move was made on."]})
        if version != match.version:
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
    match.check_phase_end()
    match.version += 1


SYSTEM = "system"
