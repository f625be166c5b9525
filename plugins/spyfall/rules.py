"""Spyfall 2: the round as phases, dealing, scoring and views.

The rulebook is summarised, with the rulings the game follows, in
docs/rules/spyfall.md. A round reads top to bottom in ``PHASES``: the play
with its round clock, an accusation vote, the spies' reveal, the clock-out
votes, and the break between rounds.
"""

from __future__ import annotations

from typing import Any

from gamenight import ANY_PHASE, Action, ActionError, BadDeal, Clock, Move, Phase, hookimpl
from gamenight.options import integer
from gamenight.plugins.spyfall import packs
from gamenight.plugins.spyfall.talk import ASKED, CROSS, hand_on_the_question, location_ids
from marshmallow import fields, validate

ROUND_TIMER = "round"
REVEAL_TIMER = "reveal"
ACCUSATION = "accusation"
REVEAL_SECONDS = 90
POINTS = {"spy_win": 2, "spy_guessed": 2, "innocent_accused": 2, "agents_win": 1, "first_accuser": 1}
PLAYING = ("play", ACCUSATION, "spy_reveal", "final_vote")


def round_minutes(players: int) -> int:
    """The rulebook's clock: 3-4 players 6 min, 5-6: 7, 7-8: 8, 9-10: 9, 11-12: 10."""
    return 6 + max(0, (players - 3) // 2)


def round_seconds(match) -> float:
    return 60 * (match.options["round_minutes"] or round_minutes(len(match.present)))


def default_spies(players: int) -> int:
    """One spy up to 8 players, two from 9 (the rulebook recommends 1 up to 6 and 2 from 9; 12 needs 2)."""
    return 2 if players >= 9 else 1


def spy_count_option(match) -> int:
    chosen = match.options["spies"]
    return default_spies(len(match.players)) if chosen == "auto" else int(chosen)


def spies_in_play(match) -> list[str]:
    """The spies dealt this round who are still in the match."""
    return [s for s in match.round_state["spies"] if match.is_present(s)]


def allowance(match) -> int:
    return match.hook.spyfall_allowance(match=match)


# -- moves -------------------------------------------------------------------------------------------


def accuse(match, action: Action) -> None:
    """Once per round per player, while the clock runs: stop the clock and vote on the accused."""
    state = match.round_state
    accused = action.args["player"]
    if match.paused:
        raise ActionError("spyfall.clock_stopped")
    if action.actor in state["accusations"]:
        raise ActionError("spyfall.already_accused")
    if not match.is_present(accused) or accused == action.actor:
        raise ActionError("spyfall.bad_target", player=accused)
    state["accusations"][action.actor] = accused
    state["first_accuser"].setdefault(accused, action.actor)
    state["accusation"] = {"accuser": action.actor, "accused": accused}
    match.hold_timer(ROUND_TIMER, ACCUSATION)
    match.set_phase(ACCUSATION)
    match.open_ballot(
        ACCUSATION,
        [p for p in match.present if p != accused],
        [],
        rule="yesno",
        k=allowance(match),
        seconds=match.options["vote_seconds"],
        data={"accused": accused, "accuser": action.actor},
    )
    match.announce("spyfall.event.accused", accuser=action.actor, accused=accused)
    match.cast(ACCUSATION, action.actor, "yes")


def accusation_closed(match, ballot) -> None:
    state = match.round_state
    state["accusation"] = None
    if ballot.result["passed"]:
        convicted(match, ballot.data["accused"], ACCUSATION)
        return
    back_to_play(match)
    match.announce("spyfall.event.accusation_failed", accused=ballot.data["accused"])


def back_to_play(match) -> None:
    match.release_timer(ROUND_TIMER, ACCUSATION)
    match.set_phase("play", turn=match.round_state["asker"])


def reveal(match, action: Action) -> None:
    """A spy stops the game and names the location; with two spies the other must then name one too."""
    state = match.round_state
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
    waiting = [s for s in spies_in_play(match) if s not in state["guesses"]]
    if waiting:
        match.stop_timer(REVEAL_TIMER)
        match.set_phase("spy_reveal", turn=waiting[0])
    else:
        settle_reveal(match)


def next_round(match, action: Action | None = None) -> None:
    if match.round >= match.options["rounds"]:
        match.finish()
        return
    match.hook.spyfall_check_next_round(match=match)
    match.data["dealer"] = match.next_player(match.data["dealer"])
    begin_round(match)


def when_the_break_runs_out(next_round):
    """The break's clock handler for both Spyfall games: nobody moved on between rounds, so the next
    round starts, or the match ends, scored, if it cannot (the sticker board still has gaps)."""

    def break_over(match) -> None:
        try:
            next_round(match)
        except ActionError:
            match.finish(early=True)

    return break_over


def reshuffle(match, action: Action) -> None:
    """Played locations go back into the pool (rulebook tip: after 8-10 rounds)."""
    match.data["used"] = []
    match.announce("spyfall.event.reshuffled")


PLAYER = {"player": fields.String(required=True, validate=validate.Length(1, 32))}
LOCATION = {"location": fields.String(required=True, validate=validate.Length(1, 64))}

PHASES = [
    Phase(
        "play",
        {"asked": ASKED, "accuse": Move(accuse, args=PLAYER), "reveal": Move(reveal, args=LOCATION)},
        # The round clock stops during a vote or a reveal and goes on after a failed accusation.
        clock=Clock(round_seconds, timer=ROUND_TIMER, spans=True),
        on_clock=lambda match: clock_out(match),
    ),
    Phase(ACCUSATION, on_ballot=accusation_closed),
    Phase(
        "spy_reveal",
        {"reveal": Move(reveal, args=LOCATION, who="turn")},
        clock=Clock(REVEAL_SECONDS, timer=REVEAL_TIMER),
        on_clock=lambda match: settle_reveal(match),  # the spy who did not name a location in time guessed wrong
    ),
    Phase("final_vote", on_ballot=lambda match, ballot: final_vote_closed(match, ballot)),
    Phase(
        "round_over",
        {"next": Move(next_round, who="host"), "reshuffle": Move(reshuffle, who="host")},
        clock=Clock("break_seconds", timer="break"),
        on_clock=when_the_break_runs_out(next_round),
    ),
    Phase(ANY_PHASE, {"cross": CROSS}),
]


# -- the round -----------------------------------------------------------------------------------------


ROTATION = "spyfall.rotation"


def first_dealer(match) -> str:
    """The lobby's rotation goes on across matches ("Play again"): the last match's next dealer, if still seated."""
    following = match.shelf(ROTATION).get("next")
    return following if following in match.players else match.players[0]


def remember_next_dealer(match, dealer: str) -> None:
    match.shelf(ROTATION)["next"] = dealer


def begin_round(match) -> None:
    remember_next_dealer(match, match.next_player(match.data["dealer"]))
    match.start_round()
    match.set_phase("play", turn=match.data["dealer"])


DEALT = ("location", "spies", "roles", "locations", "location_card")  # set by ``deal`` alone, never changed


def location_card(location: dict[str, Any]) -> dict[str, Any]:
    """What a view shows of a location: its id and names (roles stay in the deal)."""
    return {"id": location["id"], "names": dict(location["names"])}


@hookimpl
def deal(match, forced: dict[str, Any] | None) -> None:
    everything = match.hook.spyfall_locations(match=match)
    pool = [loc for loc in everything if loc["id"] not in match.data["used"]]
    if not pool:  # every location was played: shuffle them all back
        match.data["used"] = []
        pool = everything
        match.announce("spyfall.event.reshuffled")
    if forced:
        location = next((loc for loc in everything if loc["id"] == forced.get("location")), None)
        if location is None:
            raise BadDeal(f"forced location {forced.get('location')!r} is not in the chosen packs")
        spies = [match.player_named(name) for name in forced.get("spies", [])]
        possible = match.hook.spyfall_spy_counts(match=match)
        if len(set(spies)) not in possible:
            raise BadDeal(f"this match deals {' or '.join(map(str, possible))} spies, the deal names {len(spies)}")
    else:
        location = match.rng.choice(pool)
        spies = match.rng.sample(match.present, match.hook.spyfall_spy_count(match=match))
    agents = [p for p in match.present if p not in spies]
    roles = list(location.get("roles", []))
    match.rng.shuffle(roles)
    match.data["used"].append(location["id"])
    match.data["marks"] = {}
    match.round_state.update(
        location=location["id"],
        spies=spies,
        roles={p: (roles[i % len(roles)] if roles else None) for i, p in enumerate(agents)},
        locations=[location_card(loc) for loc in everything if loc in pool],
        location_card=location_card(location),
        asker=match.data["dealer"],
        asked_by=None,
        accusations={},
        first_accuser={},
        accusation=None,
        guesses={},
        final_queue=[],
        final_candidate=None,
        outcome=None,
    )


def clock_out(match) -> None:
    """The clock ran out: vote on each player in turn, the dealer first, then clockwise."""
    match.round_state["final_queue"] = match.seat_order_from(match.data["dealer"])
    next_candidate(match)


def next_candidate(match) -> None:
    state = match.round_state
    queue = [p for p in state["final_queue"] if match.is_present(p)]
    if not queue:
        settle(match, winner=clock_winner(match), how="clock", convicted=None)
        return
    candidate = queue.pop(0)
    state["final_queue"] = queue
    state["final_candidate"] = candidate
    match.set_phase("final_vote")
    match.open_ballot(
        f"final:{candidate}",
        [p for p in match.present if p != candidate],
        [],
        rule="yesno",
        k=allowance(match),
        seconds=match.options["vote_seconds"],
        data={"accused": candidate},
    )


def final_vote_closed(match, ballot) -> None:
    if ballot.result["passed"]:
        convicted(match, ballot.data["accused"], "final_vote")
    else:
        next_candidate(match)


def convicted(match, accused: str, how: str) -> None:
    winner = "agents" if accused in match.round_state["spies"] else "spies"
    settle(match, winner=winner, how=how, convicted=accused)


def clock_winner(match) -> str:
    """Nobody was convicted when the votes ran out: the spies win (with no spy dealt, the table does)."""
    return "spies" if match.round_state["spies"] else "agents"


def settle_reveal(match) -> None:
    state = match.round_state
    right = [s for s, loc in state["guesses"].items() if loc == state["location"]]
    settle(match, winner="spies" if right else "agents", how="reveal", convicted=None)


def settle(match, *, winner: str, how: str, convicted: str | None) -> None:
    state = match.round_state
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
    """The rulebook's scoring, ruled by docs/rules (Spyfall 2, rule 9); only players still in the match score."""
    state = match.round_state
    spies = [s for s in outcome["spies"] if match.is_present(s)]
    if outcome["winner"] == "spies":
        for spy in spies:
            match.score(spy, "spy_win")
            if spy in outcome["correct"]:
                match.score(spy, "spy_guessed")
            if outcome["convicted"] is not None:
                match.score(spy, "innocent_accused")
        return
    agents = [p for p in match.present if p not in outcome["spies"]]
    early_spy = outcome["how"] == ACCUSATION and outcome["convicted"] in spies
    if early_spy and other_spy_as_agent:
        # the other, unrevealed spy scores as a non-spy
        agents += [s for s in spies if s != outcome["convicted"]]
    for agent in match.present:
        if agent in agents:
            match.score(agent, "agents_win")
    if early_spy:
        first = state["first_accuser"].get(outcome["convicted"])
        if first in agents:
            match.score(first, "first_accuser")


# -- players who leave ------------------------------------------------------------------------------------


@hookimpl
def unfinished_round(match) -> list[dict[str, Any]]:
    """A match ended mid-round: the location and the spies."""
    state = match.round_state
    if "location_card" not in state:
        return []
    spies = state["spies"]
    return [
        {"key": "spyfall.unfinished.location", "params": {"location": state["location_card"]}},
        {"key": "spyfall.unfinished.spies", "params": {"players": spies, "count": len(spies)}},
    ]


@hookimpl
def player_left(match, player: str) -> None:
    """docs/rules: coming and going. The only spy (or both) leaving voids the round; otherwise it goes on."""
    state = match.round_state
    if match.phase not in PLAYING:
        return
    if player in state["spies"] and not spies_in_play(match):
        match.void_round(player)
        match.hook.spyfall_round_done(match=match, used=[state["location"]])
        match.set_phase("round_over")
        return
    for ballot in match.ballots.values():  # two spies and one gone: one-spy thresholds from now on
        if not ballot.closed and ballot.rule == "yesno":
            ballot.k = allowance(match)
    hand_on_the_question(match, player)
    if match.phase == ACCUSATION and state["accusation"]["accused"] == player:
        match.cancel_ballot(ACCUSATION)  # the accusation falls with the accused gone
        state["accusation"] = None
        back_to_play(match)
    elif match.phase == "final_vote" and state["final_candidate"] == player:
        match.cancel_ballot(f"final:{player}")
        next_candidate(match)
    elif match.phase == "spy_reveal" and match.turn == player:
        settle_reveal(match)


# -- views ----------------------------------------------------------------------------------------------


@hookimpl
def public_view(match) -> dict[str, Any]:
    data = match.data
    state = match.round_state
    shown: dict[str, Any] = {
        "dealer": data["dealer"],
        "spy_count": data["spy_count"],
        "rounds": match.options["rounds"],
    }
    if "location" not in state:
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
    if state.get("void"):
        shown["outcome"] = {"void": True, **state["void"]}
    elif state["outcome"] is not None:
        outcome = dict(state["outcome"])
        outcome["location"] = state["location_card"]
        outcome["guesses"] = {s: cards[loc] if loc else None for s, loc in outcome["guesses"].items()}
        shown["outcome"] = outcome
    return shown


@hookimpl
def seat_view(match, player: str) -> dict[str, Any]:
    state = match.round_state
    if "location" not in state:
        return {}
    if player in state["spies"]:
        card: dict[str, Any] = {"spy": True}
    elif player in state["roles"]:
        card = {"spy": False, "location": state["location_card"], "role": state["roles"][player]}
    else:
        return {}
    return {"card": card, "marks": match.data["marks"].get(player, [])}


# -- the game's hooks --------------------------------------------------------------------------------------


@hookimpl
def options() -> dict[str, fields.Field]:
    return {
        "rounds": integer(5, 1, 50, "spyfall.option.rounds"),
        "spies": fields.String(
            load_default="auto",
            validate=validate.OneOf(["auto", "1", "2"]),
            metadata={"label": "spyfall.option.spies"},
        ),
        "round_minutes": integer(0, 0, 30, "spyfall.option.round_minutes"),
        "vote_seconds": integer(60, 10, 600, "spyfall.option.vote_seconds"),
        "break_seconds": integer(300, 30, 1800, "spyfall.option.break_seconds"),
        "packs": packs.packs_option(),
    }


@hookimpl
def check_start(match) -> None:
    players = len(match.players)
    spies = spy_count_option(match)
    if spies == 1 and not 3 <= players <= 11:
        raise ActionError("spyfall.players_for_spies", spies=1, min=3, max=11, players=players)
    if spies == 2 and not 5 <= players <= 12:
        raise ActionError("spyfall.players_for_spies", spies=2, min=5, max=12, players=players)
    if "spyfall1" in match.options["packs"] and (spies != 1 or players > 8):
        # Spyfall 1 sets have 7 location cards and 1 spy: one spy, at most 8 players (docs/rules 3)
        raise ActionError("spyfall.spyfall1_limits", max=8)
    if not match.hook.spyfall_locations(match=match):
        raise ActionError("spyfall.no_locations")


@hookimpl
def phases() -> list[Phase]:
    return PHASES


@hookimpl
def setup(match) -> None:
    match.data.update(dealer=first_dealer(match), used=[], marks={}, spy_count=spy_count_option(match))
    begin_round(match)


# the defaults of the game's own hookspecs


@hookimpl
def spyfall_spy_count(match) -> int:
    return match.data["spy_count"]


@hookimpl
def spyfall_spy_counts(match) -> list[int]:
    return [match.data["spy_count"]]


@hookimpl
def spyfall_allowance(match) -> int:
    return 1 if len(spies_in_play(match)) == 2 else 0


@hookimpl
def spyfall_score(match, outcome: dict[str, Any]) -> bool:
    score_round(match, outcome)
    return True
