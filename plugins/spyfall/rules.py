"""Spyfall 2: the round as phases, dealing, scoring and views.

The rulebook is summarised, with the rulings the game follows, in
docs/rules/spyfall.md. A round reads top to bottom in ``GAME``'s phases, at
the end of this module: the play with its round clock, an accusation vote, the
spies' reveal, the clock-out votes, and the break between rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight import ANY_PHASE, Action, ActionError, BadDeal, Clock, Game, Move, Phase, hookimpl
from gamenight.options import integer
from gamenight.plugins.spyfall import packs
from gamenight.plugins.spyfall.audience import audience_prompts
from gamenight.plugins.spyfall.awards import awards
from gamenight.plugins.spyfall.hookspecs import SpyfallHooks
from gamenight.plugins.spyfall.packs import PackLocations
from gamenight.plugins.spyfall.records import STATS, round_tallies
from gamenight.plugins.spyfall.talk import CROSS, TARGET, asked, hand_on_the_question, location_ids
from marshmallow import fields, validate

if TYPE_CHECKING:
    from gamenight.ballots import Ballot
    from gamenight.game import Next
    from gamenight.match import Match

MIN_PLAYERS, MAX_PLAYERS = 3, 12
PLAYERS_FOR_SPIES = {1: (3, 11), 2: (5, 12)}  # docs/rules 1: the seats each spy count plays with
POINTS = {"spy_win": 2, "spy_guessed": 2, "innocent_accused": 2, "agents_win": 1, "first_accuser": 1}
DEALT = ("location", "spies", "roles", "locations", "location_card")  # set by ``deal`` alone, never changed

ROUND_TIMER = "round"
REVEAL_TIMER = "reveal"
ACCUSATION = "accusation"
REVEAL_SECONDS = 90  # for each spy after the first to name a location
FINAL_BREAK_SECONDS = 30  # after the last round: a look at its result, then the match's results

OPTIONS = {
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
PLAYER = {"player": fields.String(required=True, validate=validate.Length(1, 32))}
LOCATION = {"location": fields.String(required=True, validate=validate.Length(1, 64))}


def round_minutes(players: int) -> int:
    """The rulebook's clock: 3-4 players 6 min, 5-6: 7, 7-8: 8, 9-10: 9, 11-12: 10."""
    return 6 + max(0, (players - 3) // 2)


def round_seconds(match: Match) -> float:
    return 60 * (match.options["round_minutes"] or round_minutes(len(match.present)))


def last_round(match: Match) -> bool:
    return match.round >= match.options["rounds"]


def break_seconds(match: Match) -> float:
    """The break between rounds (an option); after the last round, only a short look before the results."""
    chosen = match.options["break_seconds"]
    return min(chosen, FINAL_BREAK_SECONDS) if last_round(match) else chosen


# -- who does what ---------------------------------------------------------------------------------


def default_spies(players: int) -> int:
    """One spy up to 8 players, two from 9 (the rulebook recommends 1 up to 6 and 2 from 9; 12 needs 2)."""
    return 2 if players >= 9 else 1


def spy_count_option(match: Match) -> int:
    chosen = match.options["spies"]
    return default_spies(len(match.players)) if chosen == "auto" else int(chosen)


def most_spies(players: int) -> int:
    """The most spies a round can deal: at least two agents know the location, to ask and to answer."""
    return max(0, players - 2)


def check_spy_count(match: Match, spies: int) -> None:
    """Refuse a spy count (a variant's ``spyfall_spy_count``) that the players in the match cannot be dealt."""
    players = len(match.present)
    if not 0 <= spies <= most_spies(players):
        raise ActionError("spyfall.spy_count_impossible", spies=spies, players=players, max=most_spies(players))


def spies_in_play(match: Match) -> list[str]:
    """The spies dealt this round who are still in the match."""
    return [s for s in match.round_state["spies"] if match.is_present(s)]


def allowance(match: Match) -> int:
    return match.hook.spyfall_allowance(match=match)


def asker(match: Match) -> str:
    """Who asks next: the play's turn (the dealer at the start of a round)."""
    return match.round_state["asker"]


def spies_to_reveal(match: Match) -> list[str]:
    """The spies still in the match who have not named a location yet, in the order they were dealt."""
    return [s for s in spies_in_play(match) if s not in match.round_state["guesses"]]


def waiting_spy(match: Match) -> str:
    """The spy whose turn it is to name a location after another revealed."""
    return spies_to_reveal(match)[0]


# -- the play ----------------------------------------------------------------------------------------


def ask(match: Match, action: Action) -> None:
    """The asker names whom they asked (the table talk's tracker); the variants hear of it."""
    asked(match, action)
    match.hook.spyfall_question_asked(match=match, asker=action.actor, target=action.args["player"])


def accuse(match: Match, action: Action) -> str:
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
    return ACCUSATION


def open_accusation(match: Match) -> None:
    """Everyone but the accused votes; the accuser's yes is cast at once."""
    accuser, accused = match.round_state["accusation"]["accuser"], match.round_state["accusation"]["accused"]
    match.open_ballot(
        ACCUSATION,
        [p for p in match.present if p != accused],
        [],
        rule="yesno",
        k=allowance(match),
        seconds=match.options["vote_seconds"],
        data={"accused": accused, "accuser": accuser},
    )
    match.announce("spyfall.event.accused", accuser=accuser, accused=accused)
    match.cast(ACCUSATION, accuser, "yes")


def accusation_closed(match: Match, ballot: Ballot) -> str:
    match.round_state["accusation"] = None
    if ballot.result["passed"]:
        return convicted(match, ballot.data["accused"], ACCUSATION)
    match.announce("spyfall.event.accusation_failed", accused=ballot.data["accused"])
    return back_to_play(match)


def back_to_play(match: Match) -> str:
    match.release_timer(ROUND_TIMER, ACCUSATION)
    return "play"


def may_reveal(match: Match, action: Action) -> None:
    """Only a spy who has not named a location yet may name one."""
    state = match.round_state
    if action.actor not in state["spies"]:
        raise ActionError("spyfall.not_a_spy")
    if action.actor in state["guesses"]:
        raise ActionError("spyfall.already_revealed")


def name_location(match: Match, action: Action) -> None:
    """The spy's guess is recorded and announced; the round clock waits for the reveal."""
    state = match.round_state
    location = action.args["location"]
    if location not in location_ids(state):
        raise ActionError("spyfall.unknown_location", location=location)
    state["guesses"][action.actor] = location
    card = next(c for c in state["locations"] if c["id"] == location)
    match.announce("spyfall.event.revealed", spy=action.actor, location=card)
    match.hold_timer(ROUND_TIMER, "reveal")


def reveal(match: Match, action: Action) -> str:
    """A spy stops the game and names the location; every other spy must then name one too, in turn."""
    may_reveal(match, action)
    if match.paused:
        raise ActionError("spyfall.clock_stopped")
    name_location(match, action)
    if not spies_to_reveal(match):
        return settle_reveal(match)
    match.stop_timer(REVEAL_TIMER)
    return "spy_reveal"  # entering it gives the turn and the clock to the first spy waiting


def reveal_in_turn(match: Match, action: Action) -> Next:
    """A spy whose turn it is after another revealed names a location."""
    may_reveal(match, action)
    name_location(match, action)
    return next_reveal(match)


def next_reveal(match: Match) -> Next:
    """The next spy waiting names a location, on a full reveal clock; when none is left, the round is settled."""
    if not spies_to_reveal(match):
        return settle_reveal(match)
    match.pass_turn(waiting_spy(match))
    match.restart_clock()
    return None


# -- the clock out ---------------------------------------------------------------------------------------


def clock_out(match: Match) -> Next:
    """The clock ran out: unless a variant takes over, vote on each player in turn, the dealer first, then
    clockwise."""
    taken = match.hook.spyfall_clock_ran_out(match=match)
    if taken is not None:
        return taken if isinstance(taken, str) else None
    match.round_state["final_queue"] = match.seat_order_from(match.data["dealer"])
    return next_candidate(match)


def next_candidate(match: Match) -> str:
    state = match.round_state
    queue = [p for p in state["final_queue"] if match.is_present(p)]
    if not queue:
        return settle(match, winner=clock_winner(match), how="clock", convicted=None)
    candidate = queue.pop(0)
    state["final_queue"] = queue
    state["final_candidate"] = candidate
    match.open_ballot(
        f"final:{candidate}",
        [p for p in match.present if p != candidate],
        [],
        rule="yesno",
        k=allowance(match),
        seconds=match.options["vote_seconds"],
        data={"accused": candidate},
    )
    return "final_vote"


def final_vote_closed(match: Match, ballot: Ballot) -> str:
    if ballot.result["passed"]:
        return convicted(match, ballot.data["accused"], "final_vote")
    return next_candidate(match)


def clock_winner(match: Match) -> str:
    """Nobody was convicted when the votes ran out: the spies win (with no spy dealt, the table does)."""
    return "spies" if match.round_state["spies"] else "agents"


# -- the round's end ----------------------------------------------------------------------------------------


def convicted(match: Match, accused: str, how: str) -> str:
    winner = "agents" if accused in match.round_state["spies"] else "spies"
    return settle(match, winner=winner, how=how, convicted=accused)


def settle_reveal(match: Match) -> str:
    state = match.round_state
    right = [s for s, loc in state["guesses"].items() if loc == state["location"]]
    return settle(match, winner="spies" if right else "agents", how="reveal", convicted=None)


def settle(match: Match, *, winner: str, how: str, convicted: str | None) -> str:
    """End the round: its outcome, scored through ``spyfall_score``; the break between rounds follows."""
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
    match.announce(f"spyfall.event.{winner}_win", how=how)
    return "round_over"


def score_round(match: Match, outcome: dict[str, Any], *, other_spy_as_agent: bool = True) -> None:
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


# -- who leaves mid-round (docs/rules: coming and going) -----------------------------------------------------


def left_mid_round(match: Match, player: str) -> Next:
    """A departure in any phase (the game's ``on_leave``), and first in each phase's own: the last spy in play
    leaving voids the round; otherwise it goes on, the votes' thresholds follow the spies left and the question
    passes on. Between rounds nobody holds anything."""
    state = match.round_state
    if not match.playing:
        return None
    if player in state["spies"] and not spies_in_play(match):
        match.void_round(player)
        match.hook.spyfall_round_done(match=match, used=[state["location"]])
        return "round_over"
    for ballot in match.ballots.values():  # a spy gone: the thresholds of the spies left from now on
        if not ballot.closed and ballot.rule == "yesno":
            ballot.k = allowance(match)
    hand_on_the_question(match, player)
    return None


def accused_left(match: Match, player: str) -> Next:
    """The accusation falls with the accused gone: the play goes on."""
    voided = left_mid_round(match, player)
    if voided is not None or match.round_state["accusation"]["accused"] != player:
        return voided
    match.cancel_ballot(ACCUSATION)
    match.round_state["accusation"] = None
    return back_to_play(match)


def candidate_left(match: Match, player: str) -> Next:
    """The clock-out vote on a player who left is dropped: the next candidate's follows."""
    voided = left_mid_round(match, player)
    if voided is not None or match.round_state["final_candidate"] != player:
        return voided
    match.cancel_ballot(f"final:{player}")
    return next_candidate(match)


def revealer_left(match: Match, player: str) -> Next:
    """A spy who leaves while it is their turn to name a location hands the reveal to the next spy waiting."""
    held_the_reveal = match.turn == player  # before the question, which may pass the turn, is handed on
    voided = left_mid_round(match, player)
    if voided is not None or not held_the_reveal:
        return voided
    return next_reveal(match)


# -- between rounds ------------------------------------------------------------------------------------------


ROTATION = "spyfall.rotation"


def first_dealer(match: Match) -> str:
    """The lobby's rotation goes on across matches ("Play again"): the last match's next dealer, if still seated."""
    following = match.shelf(ROTATION).get("next")
    return following if following in match.players else match.players[0]


def remember_next_dealer(match: Match, dealer: str) -> None:
    match.shelf(ROTATION)["next"] = dealer


def begin_round(match: Match) -> str:
    """Deal a round (the next dealer is remembered for this match and the next); its play follows."""
    remember_next_dealer(match, match.next_player(match.data["dealer"]))
    match.start_round()
    return "play"


def next_round(match: Match, action: Action | None = None) -> str | None:
    """The host moves on after the break (or its clock runs out): the next round, or the end of the match."""
    if last_round(match):
        match.finish()
        return None
    match.hook.spyfall_check_next_round(match=match)
    match.data["dealer"] = match.next_player(match.data["dealer"])
    return begin_round(match)


def reshuffle(match: Match, action: Action) -> None:
    """Played locations go back into the pool (rulebook tip: after 8-10 rounds)."""
    match.data["used"] = []
    match.announce("spyfall.event.reshuffled")


# -- the match's start, the deal and the views -------------------------------------------------------------


def check_start(match: Match) -> None:
    players = len(match.players)
    spies = spy_count_option(match)
    least, most = PLAYERS_FOR_SPIES[spies]
    if not least <= players <= most:
        raise ActionError("spyfall.players_for_spies", spies=spies, min=least, max=most, players=players)
    if "spyfall1" in match.options["packs"] and (spies != 1 or players > 8):
        # Spyfall 1 sets have 7 location cards and 1 spy: one spy, at most 8 players (docs/rules 3)
        raise ActionError("spyfall.spyfall1_limits", max=8)
    if not match.hook.spyfall_locations(match=match):
        raise ActionError("spyfall.no_locations")


def setup(match: Match) -> None:
    match.data.update(dealer=first_dealer(match), used=[], marks={}, spy_count=spy_count_option(match))
    begin_round(match)  # the match then enters its first phase, the play


def location_card(location: dict[str, Any]) -> dict[str, Any]:
    """What a view shows of a location: its id and names (roles stay in the deal)."""
    return {"id": location["id"], "names": dict(location["names"])}


def deal(match: Match, forced: dict[str, Any] | None) -> None:
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
        check_spy_count(match, len(set(spies)))
    else:
        location = match.rng.choice(pool)
        count = match.hook.spyfall_spy_count(match=match)
        check_spy_count(match, count)
        spies = match.rng.sample(match.present, count)
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
        dealt_at=match.now,  # for the crew's fastest spy win (records.py)
    )


def unfinished_round(match: Match) -> list[dict[str, Any]]:
    """A match ended mid-round: the location and the spies."""
    state = match.round_state
    if "location_card" not in state:
        return []
    spies = state["spies"]
    return [
        {"key": "spyfall.unfinished.location", "params": {"location": state["location_card"]}},
        {"key": "spyfall.unfinished.spies", "params": {"players": spies, "count": len(spies)}},
    ]


def public_view(match: Match) -> dict[str, Any]:
    data = match.data
    state = match.round_state
    shown: dict[str, Any] = {
        "dealer": data["dealer"],
        "spy_count": len(state["spies"]) if "spies" in state else data["spy_count"],
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


def seat_view(match: Match, player: str) -> dict[str, Any]:
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


class Defaults(PackLocations):
    """Every default of Spyfall's own hooks (``hookspecs.SpyfallHooks``), in one layer under the variants:
    the location hooks' (the chosen packs, shared with Team Spyfall) and the game's own."""

    @hookimpl
    def spyfall_spy_count(self, match: Match) -> int:
        return match.data["spy_count"]

    @hookimpl
    def spyfall_spy_counts(self, match: Match) -> list[int]:
        return [match.hook.spyfall_spy_count(match=match)]

    @hookimpl
    def spyfall_allowance(self, match: Match) -> int:
        return max(0, len(spies_in_play(match)) - 1)

    @hookimpl
    def spyfall_score(self, match: Match, outcome: dict[str, Any]) -> bool:
        score_round(match, outcome)
        return True


GAME = Game(
    id="spyfall",
    names={"en": "Spyfall 2", "ru": "Находка для шпиона 2"},
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    phases=[
        Phase(
            "play",
            {
                "asked": Move(ask, args=TARGET, who="turn"),
                "accuse": Move(accuse, args=PLAYER),
                "reveal": Move(reveal, args=LOCATION),
            },
            # The round clock stops during a vote or a reveal and goes on after a failed accusation.
            clock=Clock(round_seconds, timer=ROUND_TIMER, spans=True),
            turn=asker,
            on_clock=clock_out,
            next=(ACCUSATION, "spy_reveal", "final_vote", "round_over"),
        ),
        Phase(
            ACCUSATION,
            on_enter=open_accusation,
            on_ballot=accusation_closed,
            on_leave=accused_left,
            next=("play", "round_over"),
        ),
        Phase(
            "spy_reveal",
            {"reveal": Move(reveal_in_turn, args=LOCATION, who="turn")},
            clock=Clock(REVEAL_SECONDS, timer=REVEAL_TIMER),
            turn=waiting_spy,
            on_clock=settle_reveal,  # the spy who did not name a location in time guessed wrong
            on_leave=revealer_left,
            next="round_over",
        ),
        Phase("final_vote", on_ballot=final_vote_closed, on_leave=candidate_left, next="round_over"),
        Phase(
            "round_over",
            {"next": Move(next_round, who="host"), "reshuffle": Move(reshuffle, who="host")},
            clock=Clock(break_seconds, timer="break"),
            on_clock=next_round,
            next="play",
            playing=False,
        ),
        Phase(ANY_PHASE, {"cross": CROSS}),
    ],
    check_start=check_start,
    setup=setup,
    deal=deal,
    public_view=public_view,
    seat_view=seat_view,
    on_leave=left_mid_round,
    unfinished_round=unfinished_round,
    points=POINTS,
    dealt=DEALT,
    awards=awards,
    stats=STATS,
    round_tallies=round_tallies,
    audience_prompts=audience_prompts,
    hookspecs=SpyfallHooks,
    hooks=Defaults(),
)
