"""Spyfall 2: phases, moves, dealing, scoring and views.

The rulebook is ../shared/rules/spyfall2-rulebook.ru.txt; where it is silent
the rulings of NOTES.md stand. Each rule below says where it comes from.
"""

from __future__ import annotations

from typing import Any

from gamenight import ANY_PHASE, Action, ActionError, Move, Phase, hookimpl
from gamenight.plugins.spyfall import packs
from gamenight.plugins.spyfall.talk import ASKED, CROSS, location_ids
from marshmallow import fields, validate

ROUND_TIMER = "round"
REVEAL_TIMER = "reveal"
ACCUSATION = "accusation"
REVEAL_SECONDS = 90
POINTS = {"spy_win": 2, "spy_guessed": 2, "innocent_accused": 2, "agents_win": 1, "first_accuser": 1}


def round_minutes(players: int) -> int:
    """The rulebook's clock: 3-4 players 6 min, 5-6: 7, 7-8: 8, 9-10: 9, 11-12: 10."""
    return 6 + max(0, (players - 3) // 2)


def default_spies(players: int) -> int:
    """One spy up to 8 players, two from 9 (the rulebook recommends 1 up to 6 and 2 from 9; 12 needs 2)."""
    return 2 if players >= 9 else 1


def spy_count_option(match) -> int:
    chosen = match.options["spies"]
    return default_spies(len(match.players)) if chosen == "auto" else int(chosen)


def points(match, reason: str) -> int:
    return match.hook.spyfall_points(match=match, reason=reason)


def current(match) -> dict[str, Any]:
    return match.data["round"]


# -- moves -------------------------------------------------------------------------------------------


def accuse(match, action: Action) -> None:
    """Once per round per player, while the clock runs: stop the clock and vote on the accused."""
    state = current(match)
    accused = action.args["player"]
    if match.paused:
        raise ActionError("spyfall.clock_stopped")
    if action.actor in state["accusations"]:
        raise ActionError("spyfall.already_accused")
    if accused not in match.players or accused == action.actor:
        raise ActionError("spyfall.bad_target", player=accused)
    state["accusations"][action.actor] = accused
    state["first_accuser"].setdefault(accused, action.actor)
    state["accusation"] = {"accuser": action.actor, "accused": accused}
    match.hold_timer(ROUND_TIMER, ACCUSATION)
    voters = [p for p in match.players if p != accused]
    match.open_ballot(
        ACCUSATION,
        voters,
        [],
        rule="yesno",
        k=match.hook.spyfall_allowance(match=match),
        seconds=match.options["vote_seconds"],
        data={"accused": accused, "accuser": action.actor},
    )
    match.set_phase(ACCUSATION)
    match.announce("spyfall.event.accused", accuser=action.actor, accused=accused)
    match.cast(ACCUSATION, action.actor, "yes")


def reveal(match, action: Action) -> None:
    """A spy stops the game and names the location; with two spies the other must then name one too."""
    state = current(match)
    if action.actor not in state["spies"]:
        raise ActionError("spyfall.not_a_spy")
    if action.actor in state["guesses"]:
        raise ActionError("spyfall.already_revealed")
    if match.phase == "play" and match.paused:
        raise ActionError("spyfall.clock_stopped")
    location = action.args["location"]
    if location not in location_ids(state):
        raise ActionError("spyfall.unknown_location", location=location)
    state["guesses"][action.actor] = location
    card = next(c for c in state["locations"] if c["id"] == location)
    match.announce("spyfall.event.revealed", spy=action.actor, location=card)
    match.hold_timer(ROUND_TIMER, "reveal")
    match.stop_timer(REVEAL_TIMER)
    waiting = [s for s in state["spies"] if s not in state["guesses"]]
    if waiting:
        match.set_phase("spy_reveal", turn=waiting[0])
        match.start_timer(REVEAL_TIMER, REVEAL_SECONDS)
    else:
        settle_reveal(match)


def next_round(match, action: Action) -> None:
    if match.round >= match.options["rounds"]:
        match.finish()
        return
    match.hook.spyfall_check_next_round(match=match)
    match.data["dealer"] = match.next_player(match.data["dealer"])
    begin_round(match)


def reshuffle(match, action: Action) -> None:
    """Played locations go back into the pool (rulebook tip: after 8-10 rounds)."""
    match.data["used"] = []
    match.announce("spyfall.event.reshuffled")


PLAYER = {"player": fields.String(required=True, validate=validate.Length(1, 32))}
LOCATION = {"location": fields.String(required=True, validate=validate.Length(1, 64))}

PHASES = [
    Phase(
        "play",
        {
            "asked": ASKED,
            "accuse": Move(accuse, args=PLAYER),
            "reveal": Move(reveal, args=LOCATION),
        },
    ),
    Phase(ACCUSATION),
    Phase("spy_reveal", {"reveal": Move(reveal, args=LOCATION, who="turn")}),
    Phase("final_vote"),
    Phase("round_over", {"next": Move(next_round, who="host"), "reshuffle": Move(reshuffle, who="host")}),
    Phase(ANY_PHASE, {"cross": CROSS}),
]


# -- the round -----------------------------------------------------------------------------------------


def begin_round(match) -> None:
    match.start_round()
    state = current(match)
    state["asker"] = match.data["dealer"]
    match.set_phase("play", turn=match.data["dealer"])
    minutes = match.options["round_minutes"] or round_minutes(len(match.players))
    match.start_timer(ROUND_TIMER, minutes * 60)


def location_card(location: dict[str, Any]) -> dict[str, Any]:
    """What a view shows of a location: its id and names (roles stay in the deal)."""
    return {"id": location["id"], "names": dict(location["names"])}


def deal(match, forced: dict[str, Any] | None) -> None:
    everything = match.hook.spyfall_locations(match=match)
    pool = [loc for loc in everything if loc["id"] not in match.data["used"]]
    if not pool:  # every location was played: shuffle them all back
        match.data["used"] = []
        pool = everything
        match.announce("spyfall.event.reshuffled")
    if forced:
        location = next((loc for loc in everything if loc["id"] == forced["location"]), None)
        if location is None:
            raise ValueError(f"forced location {forced['location']!r} is not in the chosen packs")
        spies = [match.player_named(name) for name in forced["spies"]]
    else:
        location = match.rng.choice(pool)
        spies = match.rng.sample(match.players, match.hook.spyfall_spy_count(match=match))
    agents = [p for p in match.players if p not in spies]
    roles = list(location.get("roles", []))
    match.rng.shuffle(roles)
    match.data["used"].append(location["id"])
    match.data["marks"] = {}
    match.data["round"] = {
        "location": location["id"],
        "spies": spies,
        "roles": {p: (roles[i % len(roles)] if roles else None) for i, p in enumerate(agents)},
        "locations": [location_card(loc) for loc in everything if loc in pool],
        "location_card": location_card(location),
        "asker": None,
        "asked_by": None,
        "accusations": {},
        "first_accuser": {},
        "accusation": None,
        "guesses": {},
        "final_queue": [],
        "final_candidate": None,
        "outcome": None,
    }


def clock_out(match) -> None:
    """The clock ran out: vote on each player in turn, the dealer first, then clockwise."""
    current(match)["final_queue"] = match.seat_order_from(match.data["dealer"])
    next_candidate(match)


def next_candidate(match) -> None:
    state = current(match)
    if not state["final_queue"]:
        settle(match, winner=clock_winner(match), how="clock", convicted=None)
        return
    candidate = state["final_queue"].pop(0)
    state["final_candidate"] = candidate
    match.open_ballot(
        f"final:{candidate}",
        [p for p in match.players if p != candidate],
        [],
        rule="yesno",
        k=match.hook.spyfall_allowance(match=match),
        seconds=match.options["vote_seconds"],
        data={"accused": candidate},
    )
    match.set_phase("final_vote")


def convicted(match, accused: str, how: str) -> None:
    state = current(match)
    winner = "agents" if accused in state["spies"] else "spies"
    settle(match, winner=winner, how=how, convicted=accused)


def clock_winner(match) -> str:
    """Nobody was convicted when the votes ran out: the spies win (with no spy dealt, the table does)."""
    return "spies" if current(match)["spies"] else "agents"


def settle_reveal(match) -> None:
    state = current(match)
    right = [s for s, loc in state["guesses"].items() if loc == state["location"]]
    settle(match, winner="spies" if right else "agents", how="reveal", convicted=None)


def settle(match, *, winner: str, how: str, convicted: str | None) -> None:
    state = current(match)
    for name in (ROUND_TIMER, REVEAL_TIMER):
        match.stop_timer(name)
    outcome = {
        "winner": winner,
        "how": how,
        "convicted": convicted,
        "spies": list(state["spies"]),
        "location": state["location"],
        "guesses": {s: state["guesses"].get(s) for s in state["spies"] if s in state["guesses"] or how == "reveal"},
        "correct": [s for s, loc in state["guesses"].items() if loc == state["location"]],
    }
    state["outcome"] = outcome
    match.hook.spyfall_score(match=match, outcome=outcome)
    match.hook.spyfall_round_done(match=match, used=[state["location"]])
    match.end_round()
    match.set_phase("round_over")
    match.announce(f"spyfall.event.{winner}_win", how=how)


def score_round(match, outcome: dict[str, Any], *, other_spy_as_agent: bool = True) -> None:
    """The rulebook's scoring, ruled by NOTES.md (Spyfall 2, rule 9)."""
    state = current(match)
    spies = outcome["spies"]
    if outcome["winner"] == "spies":
        for spy in spies:
            match.award(spy, points(match, "spy_win"), "spyfall.reason.spy_win")
            if spy in outcome["correct"]:
                match.award(spy, points(match, "spy_guessed"), "spyfall.reason.spy_guessed")
            if outcome["convicted"] is not None:
                match.award(spy, points(match, "innocent_accused"), "spyfall.reason.innocent_accused")
        return
    agents = [p for p in match.players if p not in spies]
    early_spy = outcome["how"] == ACCUSATION and outcome["convicted"] in spies
    if early_spy and other_spy_as_agent:
        # the other, unrevealed spy scores as a non-spy
        agents += [s for s in spies if s != outcome["convicted"]]
    for agent in match.players:
        if agent in agents:
            match.award(agent, points(match, "agents_win"), "spyfall.reason.agents_win")
    if early_spy:
        first = state["first_accuser"].get(outcome["convicted"])
        if first in agents:
            match.award(first, points(match, "first_accuser"), "spyfall.reason.first_accuser")


# -- views ----------------------------------------------------------------------------------------------


def public_view(match) -> dict[str, Any]:
    data = match.data
    state = data.get("round")
    shown: dict[str, Any] = {
        "dealer": data["dealer"],
        "spy_count": data["spy_count"],
        "rounds": match.options["rounds"],
    }
    if state is None:
        return shown
    cards = {card["id"]: card for card in state["locations"]}
    shown.update(
        candidates=state["locations"],
        asker=state["asker"],
        asked_by=state["asked_by"],
        accused=sorted(state["accusations"]),
        accusation=state["accusation"],
        final_candidate=state["final_candidate"] if match.phase == "final_vote" else None,
        revealed={spy: cards[loc] for spy, loc in state["guesses"].items()},
        outcome=None,
    )
    if state["outcome"] is not None:
        outcome = dict(state["outcome"])
        outcome["location"] = state["location_card"]
        outcome["guesses"] = {s: cards[loc] if loc else None for s, loc in outcome["guesses"].items()}
        shown["outcome"] = outcome
    return shown


def seat_view(match, player: str) -> dict[str, Any]:
    state = match.data.get("round")
    if state is None:
        return {}
    if player in state["spies"]:
        card: dict[str, Any] = {"spy": True}
    else:
        card = {"spy": False, "location": state["location_card"], "role": state["roles"].get(player)}
    return {"card": card, "marks": match.data["marks"].get(player, [])}


# -- the game's hooks --------------------------------------------------------------------------------------


class Rules(packs.PackLocations):
    @hookimpl
    def options(self) -> dict[str, fields.Field]:
        return {
            "rounds": fields.Integer(
                load_default=5, validate=validate.Range(1, 50), metadata={"label": "spyfall.option.rounds"}
            ),
            "spies": fields.String(
                load_default="auto",
                validate=validate.OneOf(["auto", "1", "2"]),
                metadata={"label": "spyfall.option.spies"},
            ),
            "round_minutes": fields.Integer(
                load_default=0, validate=validate.Range(0, 30), metadata={"label": "spyfall.option.round_minutes"}
            ),
            "vote_seconds": fields.Integer(
                load_default=60, validate=validate.Range(10, 600), metadata={"label": "spyfall.option.vote_seconds"}
            ),
            "packs": packs.packs_option(),
        }

    @hookimpl
    def check_start(self, match) -> None:
        players = len(match.players)
        spies = spy_count_option(match)
        if spies == 1 and not 3 <= players <= 11:
            raise ActionError("spyfall.players_for_spies", spies=1, min=3, max=11, players=players)
        if spies == 2 and not 5 <= players <= 12:
            raise ActionError("spyfall.players_for_spies", spies=2, min=5, max=12, players=players)
        if "spyfall1" in match.options["packs"] and (spies != 1 or players > 8):
            # Spyfall 1 sets have 7 location cards and 1 spy: one spy, at most 8 players (NOTES.md 3)
            raise ActionError("spyfall.spyfall1_limits", max=8)
        if not match.hook.spyfall_locations(match=match):
            raise ActionError("spyfall.no_locations")

    @hookimpl
    def phases(self) -> list[Phase]:
        return PHASES

    @hookimpl
    def setup(self, match) -> None:
        match.data.update(dealer=match.players[0], used=[], marks={}, round=None, spy_count=spy_count_option(match))
        begin_round(match)

    @hookimpl
    def deal(self, match, forced) -> bool:
        deal(match, forced)
        return True

    @hookimpl
    def timer_expired(self, match, timer: str) -> None:
        if timer == ROUND_TIMER:
            clock_out(match)
        elif timer == REVEAL_TIMER:
            settle_reveal(match)  # the spy who did not name a location in time guessed wrong

    @hookimpl
    def ballot_closed(self, match, ballot) -> None:
        passed = ballot.result["passed"]
        if ballot.id == ACCUSATION:
            state = current(match)
            state["accusation"] = None
            if passed:
                convicted(match, ballot.data["accused"], ACCUSATION)
            else:
                match.release_timer(ROUND_TIMER, ACCUSATION)
                match.set_phase("play", turn=state["asker"])
                match.announce("spyfall.event.accusation_failed", accused=ballot.data["accused"])
        elif ballot.id.startswith("final:"):
            if passed:
                convicted(match, ballot.data["accused"], "final_vote")
            else:
                next_candidate(match)

    @hookimpl
    def view(self, match, player: str | None) -> dict[str, Any]:
        shown = public_view(match)
        if player is not None:
            shown.update(seat_view(match, player))
        return shown

    @hookimpl
    def player_left(self, match, player: str) -> None:
        state = current(match)
        if player in state["final_queue"]:
            state["final_queue"].remove(player)
        if state["asker"] == player and match.phase == "play":
            state["asker"] = match.next_player(player)
            match.set_phase("play", turn=state["asker"])

    # the defaults of the game's own hookspecs

    @hookimpl
    def spyfall_spy_count(self, match) -> int:
        return match.data["spy_count"]

    @hookimpl
    def spyfall_allowance(self, match) -> int:
        return 1 if match.data["spy_count"] == 2 else 0

    @hookimpl
    def spyfall_points(self, match, reason: str) -> int:
        return POINTS[reason]

    @hookimpl
    def spyfall_score(self, match, outcome: dict[str, Any]) -> bool:
        score_round(match, outcome)
        return True
