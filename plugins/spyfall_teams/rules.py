"""Team Spyfall: two (or three) teams in their own locations, maybe spies, and a five-part end of round.

The variant's text and the rulings it follows are in docs/rules/spyfall_teams.md.
A round reads top to bottom in ``GAME.phases``: the play (the host or the clock
ends it), the secret location picks, the secret ally picks, the scoring show,
and the break between rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamenight import ANY_PHASE, Action, ActionError, BadDeal, Clock, Game, Move, Phase
from gamenight.options import integer
from gamenight.plugins.spyfall import packs
from gamenight.plugins.spyfall.packs import PackLocations
from gamenight.plugins.spyfall.rules import break_seconds, first_dealer, last_round, location_card, remember_next_dealer
from gamenight.plugins.spyfall.talk import ASKED, CROSS, hand_on_the_question
from gamenight.plugins.spyfall_teams.audience import audience_prompts
from gamenight.plugins.spyfall_teams.awards import night_awards
from gamenight.plugins.spyfall_teams.compositions import allies_to_name, composition
from gamenight.plugins.spyfall_teams.hookspecs import TeamHooks
from gamenight.plugins.spyfall_teams.records import STATS, round_tallies
from marshmallow import fields, validate

if TYPE_CHECKING:
    from gamenight.match import Match

NAMES = {"en": "Team Spyfall", "ru": "Командная «Находка для шпиона»"}
MIN_PLAYERS, MAX_PLAYERS = 4, 16
POINTS = {"ally": 1, "enemy_location": 3, "trusted": 1, "spy_location": 3, "spy_second_location": 4}
DEALT = ("teams", "spies", "locations")  # set by ``deal`` alone, never changed
ROUND_TIMER, PICK_TIMER, SHOW_TIMER, BREAK_TIMER = "round", "picks", "show", "break"
HAND_SHOW_FALLBACK = 60  # a show run by hand still moves on by itself after this long
OPTIONS = {
    "rounds": integer(5, 1, 50, "spyfall_teams.option.rounds"),
    "composition": fields.String(
        load_default="table",
        validate=validate.OneOf(["table", "table_alt", "custom"]),
        metadata={"label": "spyfall_teams.option.composition"},
    ),
    "custom_teams": integer(2, 2, 4, "spyfall_teams.option.custom_teams"),
    "custom_spies": integer(0, 0, 4, "spyfall_teams.option.custom_spies"),
    "round_minutes": integer(10, 1, 30, "spyfall_teams.option.round_minutes"),
    "pick_seconds": integer(120, 15, 900, "spyfall_teams.option.pick_seconds"),
    "show_seconds": integer(4, 0, 30, "spyfall_teams.option.show_seconds"),
    "break_seconds": integer(300, 30, 1800, "spyfall_teams.option.break_seconds"),
    "packs": packs.packs_option(),
}
IDS = fields.List(fields.String(validate=validate.Length(1, 64)), required=True, validate=validate.Length(0, 16))


def round_seconds(match: Match) -> float:
    return 60 * match.options["round_minutes"]


def show_seconds(match: Match) -> float:
    """Each step of the show; 0 (the host steps it by hand) still moves on by itself after a while."""
    return match.options["show_seconds"] or HAND_SHOW_FALLBACK


def team_of(state: dict[str, Any], player: str) -> int | None:
    return next((i for i, team in enumerate(state["teams"]) if player in team["players"]), None)


def teammates_in_play(match: Match, state: dict[str, Any], index: int) -> list[str]:
    return [p for p in state["teams"][index]["players"] if match.is_present(p)]


# -- the play and the picks ------------------------------------------------------------------------------


def asker(match: Match) -> str:
    """Who asks first: the round's dealer, who holds the turn as the play begins."""
    return match.round_state["asker"]


def end_play(match: Match, action: Action) -> str:
    """The host ends the play: on to the picks."""
    return "pick_locations"


def name_location(match: Match, action: Action) -> None:
    """Each non-spy names one enemy location, a spy two, from this round's list (docs/rules: Team Spyfall, 3
    and 6). Every phone offers two slots, so that the form gives no spy away: a non-spy may name a second
    location too, which is shown with the picks and never scores (only a non-spy's first counts)."""
    state = match.round_state
    if action.actor in state["location_picks"]:
        raise ActionError("spyfall_teams.already_picked")
    chosen = action.args["locations"]
    allowed = (2,) if action.actor in state["spies"] else (1, 2)
    if len(chosen) not in allowed or len(set(chosen)) != len(chosen):
        raise ActionError("spyfall_teams.pick_count", count=allowed[-1])
    known = {c["id"] for c in state["locations"]}
    if not set(chosen) <= known:
        raise ActionError("spyfall.unknown_location", location=next(c for c in chosen if c not in known))
    state["location_picks"][action.actor] = list(chosen)


def point(match: Match, action: Action) -> None:
    """Each player points at allies: 1 in a team of 2, exactly 2 in a team of 3 or more (as the round was
    dealt, whoever has left since), or at no one (as when the pick clock runs out); a spy at anyone or no one."""
    state = match.round_state
    if action.actor in state["ally_picks"]:
        raise ActionError("spyfall_teams.already_picked")
    chosen = action.args["players"]
    if len(set(chosen)) != len(chosen) or action.actor in chosen or not set(chosen) <= set(match.present):
        raise ActionError("spyfall.bad_target", player=None)
    needed = allies_needed(match, action.actor)
    if needed is not None and chosen and len(chosen) != needed:
        raise ActionError("spyfall_teams.pick_count", count=needed)
    state["ally_picks"][action.actor] = list(chosen)


def allies_needed(match: Match, player: str) -> int | None:
    """How many allies ``player`` names (``None``: a spy, who names any number). The team's size as dealt: a
    form that shrank when a member left would tell the rest of the team who they are (docs/rules)."""
    state = match.round_state
    index = team_of(state, player)
    if index is None:
        return None
    return allies_to_name(len(state["teams"][index]["players"]))


def all_locations_named(match: Match) -> bool:
    return everyone_picked(match, "location_picks")


def all_allies_named(match: Match) -> bool:
    return everyone_picked(match, "ally_picks")


def location_picks_closed(match: Match) -> str:
    close_picks(match, "location_picks")
    return "pick_allies"


def ally_picks_closed(match: Match) -> str:
    close_picks(match, "ally_picks")
    return "reveal"


def everyone_picked(match: Match, key: str) -> bool:
    return all(p in match.round_state[key] for p in match.present)


def close_picks(match: Match, key: str) -> None:
    """The pick clock ran out: a pick not made is an empty one and scores nothing."""
    for player in match.present:
        match.round_state[key].setdefault(player, [])


def left_mid_round(match: Match, player: str) -> str | None:
    """A whole location team gone voids the round (docs/rules: coming and going, 2); anyone else's departure
    lets it go on, with their picks not awaited."""
    state = match.round_state
    index = team_of(state, player)
    if index is not None and not teammates_in_play(match, state, index):
        match.void_round(player)
        match.hook.spyfall_round_done(match=match, used=[t["location"] for t in state["teams"]])
        return "round_over"
    hand_on_the_question(match, player)
    return None


# -- the reveal: the variant's own scoring script, one step at a time ---------------------------------------


def start_show(match: Match) -> None:
    """The show begins: its steps are laid out and the first is shown."""
    state = match.round_state
    state["show"] = scoring_script(match)
    state["shown"] = 0
    apply_step(match, state["show"][0])


def advance_show(match: Match, action: Action | None = None) -> str | None:
    """The host's next step, or the pace clock: the show's next step, or after its last, the break."""
    state = match.round_state
    state["shown"] += 1
    if state["shown"] >= len(state["show"]):
        match.hook.spyfall_round_done(match=match, used=[t["location"] for t in state["teams"]])
        return "round_over"
    apply_step(match, state["show"][state["shown"]])
    match.restart_clock()
    return None


def apply_step(match: Match, step: dict[str, Any]) -> None:
    """Award the points a step of the show announces, as it is shown."""
    for award in step.get("awards", []):
        match.award(award["player"], award["points"], award["reason"], **award.get("params", {}))
    if step["kind"] == "tally":
        state = match.round_state
        state["result"] = {"teams": step["teams"], "winners": step["winners"]}
        for winner in step["winners"]:  # every member of a winning team wins the round (docs/rules: Team Spyfall, 4)
            for player in step["teams"][winner]["players"]:
                if match.is_present(player):
                    match.data["rounds_won"][player] += 1
        match.end_round()


def scoring_script(match: Match) -> list[dict[str, Any]]:
    """The variant's scoring script as steps (docs/rules, Team Spyfall, rule 4); only players still in score."""
    state = match.round_state
    teams, spies = state["teams"], state["spies"]
    picks, allies = state["location_picks"], state["ally_picks"]
    locations_of = {i: team["location"] for i, team in enumerate(teams)}
    steps: list[dict[str, Any]] = [
        {"kind": "picks", "locations": picks, "allies": allies},
        {"kind": "teams", "teams": [{"card": t["card"], "players": t["players"]} for t in teams], "spies": spies},
    ]
    round_points = dict.fromkeys(match.present, 0)
    for index, team in enumerate(teams):
        members = [p for p in team["players"] if match.is_present(p)]
        pointing = {p: allies.get(p, []) for p in members}
        kept = {p: [a for a in targets if a in members] for p, targets in pointing.items()}
        hands: list[dict[str, Any]] = []
        for target in members:
            count = sum(target in targets for targets in kept.values())
            if count:
                hands.append(
                    {
                        "player": target,
                        "points": count * match.points("ally"),
                        "reason": "spyfall_teams.reason.ally",
                        "params": {"count": count},
                    }
                )
        guessed = []
        for member in members:
            named = (picks.get(member) or [None])[0]
            if named is not None and named in locations_of.values() and named != team["location"]:
                guessed.append(
                    {
                        "player": member,
                        "points": match.points("enemy_location"),
                        "reason": "spyfall_teams.reason.enemy_location",
                    }
                )
        steps += [
            {"kind": "point", "team": index, "pointing": pointing},
            {"kind": "drop", "team": index, "kept": kept},
            {"kind": "hands", "team": index, "awards": hands},
            {"kind": "locations", "team": index, "awards": guessed},
        ]
        for award in hands + guessed:
            round_points[award["player"]] += award["points"]
    spies = [s for s in spies if match.is_present(s)]
    if spies:
        agents = [p for p in match.present if p not in spies]
        pointing = {p: allies.get(p, []) for p in agents}
        kept = {p: [s for s in targets if s in spies] for p, targets in pointing.items()}
        trusted, located = [], []
        for spy in spies:
            count = sum(spy in targets for targets in kept.values())
            if count:
                trusted.append(
                    {
                        "player": spy,
                        "points": count * match.points("trusted"),
                        "reason": "spyfall_teams.reason.trusted",
                        "params": {"count": count},
                    }
                )
            right = [loc for loc in picks.get(spy, []) if loc in locations_of.values()]
            if right:
                located.append(
                    {
                        "player": spy,
                        "points": match.points("spy_location"),
                        "reason": "spyfall_teams.reason.spy_location",
                    }
                )
            if len(right) >= 2:
                located.append(
                    {
                        "player": spy,
                        "points": match.points("spy_second_location"),
                        "reason": "spyfall_teams.reason.spy_second_location",
                    }
                )
        steps += [
            {"kind": "spy_point", "pointing": pointing},
            {"kind": "spy_drop", "kept": kept},
            {"kind": "spy_hands", "awards": trusted},
            {"kind": "spy_locations", "awards": located},
        ]
        for award in trusted + located:
            round_points[award["player"]] += award["points"]
    # A team's score is the sum of its members'; each spy is a team of one. The highest wins; ties share.
    tally = [
        {"players": t["players"], "card": t["card"], "points": sum(round_points.get(p, 0) for p in t["players"])}
        for t in teams
    ]
    tally += [{"players": [spy], "card": None, "points": round_points[spy]} for spy in spies]
    best = max(t["points"] for t in tally)
    steps.append({"kind": "tally", "teams": tally, "winners": [i for i, t in enumerate(tally) if t["points"] == best]})
    return steps


# -- between rounds ------------------------------------------------------------------------------------------


def next_round(match: Match, action: Action | None = None) -> str | None:
    """The host moves on after the break (or its clock runs out): the next round, or the end of the match."""
    if last_round(match):
        match.finish()
        return None
    match.hook.spyfall_check_next_round(match=match)
    match.start_round()
    return "play"


# -- setting up and dealing ----------------------------------------------------------------------------


def check_start(match: Match) -> None:
    options = match.options
    sizes, _ = composition(len(match.players), options["composition"], options["custom_teams"], options["custom_spies"])
    if len(match.hook.spyfall_locations(match=match)) < len(sizes):
        raise ActionError("spyfall.no_locations")


def setup(match: Match) -> None:
    options = match.options
    sizes, spies = composition(
        len(match.players), options["composition"], options["custom_teams"], options["custom_spies"]
    )
    match.data.update(
        composition=[list(sizes), spies],
        dealer=first_dealer(match),
        used=[],
        marks={},
        rounds_won=dict.fromkeys(match.players, 0),
    )
    match.start_round()


def round_composition(match: Match) -> tuple[tuple[int, ...], int]:
    """The composition for the players still in the match (the chosen one while everyone is here)."""
    options, players = match.options, len(match.present)
    try:
        return composition(players, options["composition"], options["custom_teams"], options["custom_spies"])
    except ActionError:  # someone left and the chosen composition has no row for the players left
        return composition(players, "custom", 2, 0)


def forced_deal(
    match: Match,
    forced: dict[str, Any],
    everything: list[dict[str, Any]],
    sizes: tuple[int, ...],
    spy_count: int,
) -> tuple[list[dict[str, Any]], list[list[str]], list[str]]:
    """A script's deal: ``teams`` ({location id: [names]}) and ``spies`` ([names]), as the composition has them."""
    by_id = {loc["id"]: loc for loc in everything}
    unknown = [loc for loc in forced.get("teams", {}) if loc not in by_id]
    if unknown:
        raise BadDeal(f"forced location {unknown[0]!r} is not in play")
    chosen = [by_id[loc] for loc in forced["teams"]]
    members = [[match.player_named(n) for n in names] for names in forced["teams"].values()]
    spies = [match.player_named(n) for n in forced.get("spies", [])]
    if sorted(len(m) for m in members) != sorted(sizes) or len(spies) != spy_count:
        raise BadDeal(f"the composition is teams of {list(sizes)} and {spy_count} spies; the deal differs")
    everyone = [p for team in members for p in team] + spies
    if len(set(everyone)) != len(everyone):
        raise BadDeal("a player is dealt twice")
    return chosen, members, spies


def deal(match: Match, forced: dict[str, Any] | None) -> None:
    everything = match.hook.spyfall_locations(match=match)
    sizes, spy_count = round_composition(match)
    pool = [loc for loc in everything if loc["id"] not in match.data["used"]]
    if len(pool) < len(sizes):
        match.data["used"] = []
        pool = everything
        match.announce("spyfall.event.reshuffled")
    if forced:
        chosen, members, spies = forced_deal(match, forced, everything, sizes, spy_count)
    else:
        chosen = match.rng.sample(pool, len(sizes))
        seats = match.rng.sample(match.present, len(match.present))
        members, start = [], 0
        for size in sizes:
            members.append(seats[start : start + size])
            start += size
        spies = seats[start:]
    teams = []
    for location, players in zip(chosen, members, strict=True):
        roles = list(location.get("roles", []))
        match.rng.shuffle(roles)
        teams.append(
            {
                "location": location["id"],
                "card": location_card(location),
                "players": players,
                "roles": {p: (roles[i % len(roles)] if roles else None) for i, p in enumerate(players)},
            }
        )
        match.data["used"].append(location["id"])
    dealer = match.data["dealer"]
    match.data["marks"] = {}
    match.round_state.update(
        teams=teams,
        spies=spies,
        locations=[location_card(loc) for loc in pool],  # this round's list: the pool it was dealt from
        asker=dealer,
        asked_by=None,
        location_picks={},
        ally_picks={},
        show=[],
        shown=0,
        result=None,
    )
    match.data["dealer"] = match.next_player(dealer)
    remember_next_dealer(match, match.data["dealer"])


# -- views -----------------------------------------------------------------------------------------------------


def public_view(match: Match) -> dict[str, Any]:
    data = match.data
    sizes, spies = data["composition"]
    shown: dict[str, Any] = {
        "composition": {"teams": list(sizes), "spies": spies},
        "rounds": match.options["rounds"],
        # the match is ranked on rounds won, not points (docs/rules: Team Spyfall, 5): the results say so
        "ranking_basis": {
            "title": "spyfall_teams.result.ranked_by",
            "key": "spyfall_teams.result.rounds_won",
            "figures": dict(data["rounds_won"]),
        },
    }
    state = match.round_state
    if "teams" not in state:
        return shown
    void = state.get("void")
    shown.update(
        locations=state["locations"],
        asker=state["asker"],
        asked_by=state["asked_by"],
        picked_locations=sorted(state["location_picks"]),
        picked_allies=sorted(state["ally_picks"]),
        show=state["show"][: state["shown"] + 1],  # empty until the reveal lays the show out
        result={"void": True, **void} if void else state["result"],
        rounds_won=data["rounds_won"],
    )
    return shown


def seat_view(match: Match, player: str) -> dict[str, Any]:
    state = match.round_state
    if "teams" not in state:
        return {}
    index = team_of(state, player)
    if index is None and player not in state["spies"]:
        return {}
    if index is None:
        card: dict[str, Any] = {"spy": True}
    else:
        team = state["teams"][index]
        card = {"spy": False, "location": team["card"], "role": team["roles"].get(player)}
    return {
        "card": card,
        "allies_to_name": allies_needed(match, player),
        "locations_to_name": 2 if index is None else 1,
        "marks": match.data["marks"].get(player, []),
        "my_location_pick": state["location_picks"].get(player),
        "my_ally_pick": state["ally_picks"].get(player),
    }


def unfinished_round(match: Match) -> list[dict[str, Any]]:
    """A match ended mid-round: each team and its location, and the spies."""
    state = match.round_state
    told = [
        {"key": "spyfall_teams.unfinished.team", "params": {"players": team["players"], "location": team["card"]}}
        for team in state.get("teams", [])
    ]
    spies = state.get("spies") or []
    if told and spies:
        told.append({"key": "spyfall_teams.unfinished.spies", "params": {"players": spies, "count": len(spies)}})
    return told


def ranking_key(match: Match, player: str) -> tuple[int]:
    """The players whose teams won the most rounds win; ties are shared (docs/rules: Team Spyfall, 5).

    Individual points never break that tie: they are shown, not ranked on.
    """
    return (match.data["rounds_won"][player],)


GAME = Game(
    id="spyfall_teams",
    names=NAMES,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    phases=[
        # No accusations, no reveals: the round runs until the host (or the clock) ends it.
        Phase(
            "play",
            {"asked": ASKED, "end_round": Move(end_play, who="host")},
            clock=Clock(round_seconds, timer=ROUND_TIMER),
            turn=asker,
            on_leave=left_mid_round,
            next="pick_locations",
        ),
        Phase(
            "pick_locations",
            {"name_location": Move(name_location, args={"locations": IDS}, simultaneous=True)},
            clock=Clock("pick_seconds", timer=PICK_TIMER),
            end_if=all_locations_named,
            on_clock=location_picks_closed,
            on_leave=left_mid_round,
            next="pick_allies",
        ),
        Phase(
            "pick_allies",
            {"point": Move(point, args={"players": IDS}, simultaneous=True)},
            clock=Clock("pick_seconds", timer=PICK_TIMER),
            end_if=all_allies_named,
            on_clock=ally_picks_closed,
            on_leave=left_mid_round,
            next="reveal",
        ),
        # The show: the host's next step, or its pace clock, shows the next step; after the last, the break.
        Phase(
            "reveal",
            {"next_step": Move(advance_show, who="host")},
            clock=Clock(show_seconds, timer=SHOW_TIMER, pace=True),
            on_enter=start_show,
            on_clock=advance_show,
            next="round_over",
            playing=False,
        ),
        Phase(
            "round_over",
            {"next": Move(next_round, who="host")},
            clock=Clock(break_seconds, timer=BREAK_TIMER),
            on_clock=next_round,
            next="play",
            playing=False,
        ),
        # A whole location team that leaves while a round is played voids it: on to the break (``left_mid_round``).
        Phase(ANY_PHASE, {"cross": CROSS}, next="round_over"),
    ],
    check_start=check_start,
    setup=setup,
    deal=deal,
    public_view=public_view,
    seat_view=seat_view,
    unfinished_round=unfinished_round,
    ranking_key=ranking_key,
    points=POINTS,
    dealt=DEALT,
    awards=night_awards,
    stats=STATS,
    round_tallies=round_tallies,
    audience_prompts=audience_prompts,
    hookspecs=TeamHooks,
    hooks=PackLocations(),
)
