"""Team Spyfall: two (or three) teams in their own locations, maybe spies, and a five-part end of round.

The variant's text is ../shared/rules/spyfall-team-and-eight-locations.ru.txt;
NOTES.md settles compositions and scoring.
"""

from __future__ import annotations

from typing import Any

from gamenight import ANY_PHASE, Action, ActionError, Move, Phase, hookimpl
from gamenight.plugins.spyfall import packs
from gamenight.plugins.spyfall.rules import location_card
from gamenight.plugins.spyfall.talk import ASKED, CROSS
from gamenight.plugins.spyfall_teams.compositions import allies_to_name, composition
from marshmallow import fields, validate

ROUND_TIMER, PICK_TIMER, SHOW_TIMER = "round", "picks", "show"
POINTS = {"ally": 1, "enemy_location": 3, "trusted": 1, "spy_first_location": 3, "spy_second_location": 4}


def current(match) -> dict[str, Any]:
    return match.data["round"]


def team_of(state: dict[str, Any], player: str) -> int | None:
    return next((i for i, team in enumerate(state["teams"]) if player in team["players"]), None)


# -- moves ---------------------------------------------------------------------------------------------


def end_round(match, action: Action) -> None:
    """No accusations, no reveals: the round runs until the host (or the optional clock) ends it."""
    start_picks(match)


def name_location(match, action: Action) -> None:
    """Each non-spy names one enemy location, a spy two, from every location in play."""
    state = current(match)
    if action.actor in state["location_picks"]:
        raise ActionError("spyfall_teams.already_picked")
    chosen = action.args["locations"]
    needed = 2 if action.actor in state["spies"] else 1
    if len(chosen) != needed or len(set(chosen)) != needed:
        raise ActionError("spyfall_teams.pick_count", count=needed)
    known = {c["id"] for c in state["locations"]}
    if not set(chosen) <= known:
        raise ActionError("spyfall.unknown_location", location=next(c for c in chosen if c not in known))
    state["location_picks"][action.actor] = list(chosen)
    if len(state["location_picks"]) == len(match.players):
        start_ally_picks(match)


def point(match, action: Action) -> None:
    """Each player points at allies: 1 in a team of 2, exactly 2 in a team of 3 or more; a spy at anyone or no one."""
    state = current(match)
    if action.actor in state["ally_picks"]:
        raise ActionError("spyfall_teams.already_picked")
    chosen = action.args["players"]
    if len(set(chosen)) != len(chosen) or action.actor in chosen or not set(chosen) <= set(match.players):
        raise ActionError("spyfall.bad_target", player=None)
    if action.actor not in state["spies"]:
        needed = allies_to_name(len(state["teams"][team_of(state, action.actor)]["players"]))
        if len(chosen) != needed:
            raise ActionError("spyfall_teams.pick_count", count=needed)
    state["ally_picks"][action.actor] = list(chosen)
    if len(state["ally_picks"]) == len(match.players):
        start_show(match)


def next_step(match, action: Action) -> None:
    advance_show(match)


def next_round(match, action: Action) -> None:
    if match.round >= match.options["rounds"]:
        match.finish()
        return
    match.hook.spyfall_check_next_round(match=match)
    begin_round(match)


PLAYER = {"player": fields.String(required=True, validate=validate.Length(1, 32))}
IDS = fields.List(fields.String(validate=validate.Length(1, 64)), required=True, validate=validate.Length(0, 16))
PHASES = [
    Phase("play", {"asked": ASKED, "end_round": Move(end_round, who="host")}),
    Phase("pick_locations", {"name_location": Move(name_location, args={"locations": IDS}, simultaneous=True)}),
    Phase("pick_allies", {"point": Move(point, args={"players": IDS}, simultaneous=True)}),
    Phase("reveal", {"next_step": Move(next_step, who="host")}),
    Phase("round_over", {"next": Move(next_round, who="host")}),
    Phase(ANY_PHASE, {"cross": CROSS}),
]


# -- the round --------------------------------------------------------------------------------------------


def begin_round(match) -> None:
    match.start_round()
    state = current(match)
    match.set_phase("play", turn=state["asker"])
    if match.options["round_minutes"]:
        match.start_timer(ROUND_TIMER, match.options["round_minutes"] * 60)


def deal(match, forced: dict[str, Any] | None) -> None:
    everything = match.hook.spyfall_locations(match=match)
    sizes, spy_count = match.data["composition"]
    pool = [loc for loc in everything if loc["id"] not in match.data["used"]]
    if len(pool) < len(sizes):
        match.data["used"] = []
        pool = everything
        match.announce("spyfall.event.reshuffled")
    if forced:
        by_id = {loc["id"]: loc for loc in everything}
        chosen = [by_id[loc] for loc in forced["teams"]]
        members = [[match.player_named(n) for n in names] for names in forced["teams"].values()]
        spies = [match.player_named(n) for n in forced.get("spies", [])]
    else:
        chosen = match.rng.sample(pool, len(sizes))
        seats = match.rng.sample(match.players, len(match.players))
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
    match.data["round"] = {
        "teams": teams,
        "spies": spies,
        "locations": [location_card(loc) for loc in everything],  # every location in play, not just the dealt ones
        "asker": dealer,
        "asked_by": None,
        "location_picks": {},
        "ally_picks": {},
        "show": [],
        "shown": 0,
        "result": None,
    }
    match.data["dealer"] = match.next_player(dealer)


def start_picks(match) -> None:
    match.stop_timer(ROUND_TIMER)
    match.set_phase("pick_locations")
    match.start_timer(PICK_TIMER, match.options["pick_seconds"])


def start_ally_picks(match) -> None:
    match.set_phase("pick_allies")
    match.start_timer(PICK_TIMER, match.options["pick_seconds"])


# -- the reveal: the variant's own scoring script, one step at a time ---------------------------------------


def start_show(match) -> None:
    state = current(match)
    match.stop_timer(PICK_TIMER)
    state["show"] = scoring_script(match)
    state["shown"] = 0
    match.set_phase("reveal")
    apply_step(match, state["show"][0])
    schedule_show(match)


def schedule_show(match) -> None:
    if match.options["show_seconds"]:
        match.start_timer(SHOW_TIMER, match.options["show_seconds"])


def advance_show(match) -> None:
    state = current(match)
    state["shown"] += 1
    if state["shown"] >= len(state["show"]):
        match.stop_timer(SHOW_TIMER)
        match.end_round()
        match.hook.spyfall_round_done(match=match, used=[t["location"] for t in state["teams"]])
        match.set_phase("round_over")
        return
    apply_step(match, state["show"][state["shown"]])
    schedule_show(match)


def apply_step(match, step: dict[str, Any]) -> None:
    """Award the points a step of the show announces, as it is shown."""
    for award in step.get("awards", []):
        match.award(award["player"], award["points"], award["reason"], **award.get("params", {}))
    if step["kind"] == "tally":
        state = current(match)
        state["result"] = {"teams": step["teams"], "winners": step["winners"]}
        for winner in step["winners"]:
            for player in step["teams"][winner]["players"]:
                match.data["rounds_won"][player] += 1


def scoring_script(match) -> list[dict[str, Any]]:
    """The variant's scoring script as steps (NOTES.md, Team Spyfall, rule 4)."""
    state = current(match)
    teams, spies = state["teams"], state["spies"]
    picks, allies = state["location_picks"], state["ally_picks"]
    locations_of = {i: team["location"] for i, team in enumerate(teams)}
    steps: list[dict[str, Any]] = [
        {"kind": "picks", "locations": picks, "allies": allies},
        {"kind": "teams", "teams": [{"card": t["card"], "players": t["players"]} for t in teams], "spies": spies},
    ]
    round_points = dict.fromkeys(match.players, 0)
    for index, team in enumerate(teams):
        members = team["players"]
        pointing = {p: allies.get(p, []) for p in members}
        kept = {p: [a for a in targets if a in members] for p, targets in pointing.items()}
        hands: list[dict[str, Any]] = []
        for target in members:
            count = sum(target in targets for targets in kept.values())
            if count:
                hands.append(
                    {
                        "player": target,
                        "points": count * POINTS["ally"],
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
                        "points": POINTS["enemy_location"],
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
    if spies:
        agents = [p for p in match.players if p not in spies]
        pointing = {p: allies.get(p, []) for p in agents}
        kept = {p: [s for s in targets if s in spies] for p, targets in pointing.items()}
        trusted, located = [], []
        for spy in spies:
            count = sum(spy in targets for targets in kept.values())
            if count:
                trusted.append(
                    {
                        "player": spy,
                        "points": count * POINTS["trusted"],
                        "reason": "spyfall_teams.reason.trusted",
                        "params": {"count": count},
                    }
                )
            right = [loc for loc in picks.get(spy, []) if loc in locations_of.values()]
            if right:
                located.append(
                    {
                        "player": spy,
                        "points": POINTS["spy_first_location"],
                        "reason": "spyfall_teams.reason.spy_location",
                    }
                )
            if len(right) >= 2:
                located.append(
                    {
                        "player": spy,
                        "points": POINTS["spy_second_location"],
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
        {"players": t["players"], "card": t["card"], "points": sum(round_points[p] for p in t["players"])}
        for t in teams
    ]
    tally += [{"players": [spy], "card": None, "points": round_points[spy]} for spy in spies]
    best = max(t["points"] for t in tally)
    steps.append({"kind": "tally", "teams": tally, "winners": [i for i, t in enumerate(tally) if t["points"] == best]})
    return steps


# -- views -----------------------------------------------------------------------------------------------------


def public_view(match) -> dict[str, Any]:
    data = match.data
    sizes, spies = data["composition"]
    shown: dict[str, Any] = {"composition": {"teams": list(sizes), "spies": spies}, "rounds": match.options["rounds"]}
    state = data.get("round")
    if state is None:
        return shown
    shown.update(
        locations=state["locations"],
        asker=state["asker"],
        asked_by=state["asked_by"],
        picked_locations=sorted(state["location_picks"]),
        picked_allies=sorted(state["ally_picks"]),
        show=state["show"][: state["shown"] + 1] if match.phase in ("reveal", "round_over") else [],
        result=state["result"],
        rounds_won=data["rounds_won"],
    )
    return shown


def seat_view(match, player: str) -> dict[str, Any]:
    state = match.data.get("round")
    if state is None:
        return {}
    index = team_of(state, player)
    if index is None:
        card: dict[str, Any] = {"spy": True}
        allies = None
    else:
        team = state["teams"][index]
        card = {"spy": False, "location": team["card"], "role": team["roles"].get(player)}
        allies = allies_to_name(len(team["players"]))
    return {
        "card": card,
        "allies_to_name": allies,
        "locations_to_name": 2 if index is None else 1,
        "marks": match.data["marks"].get(player, []),
        "my_location_pick": state["location_picks"].get(player),
        "my_ally_pick": state["ally_picks"].get(player),
    }


class Rules(packs.PackLocations):
    @hookimpl
    def options(self) -> dict[str, fields.Field]:
        def number(default: int, low: int, high: int, label: str) -> fields.Integer:
            return fields.Integer(load_default=default, validate=validate.Range(low, high), metadata={"label": label})

        return {
            "rounds": number(5, 1, 50, "spyfall_teams.option.rounds"),
            "composition": fields.String(
                load_default="table",
                validate=validate.OneOf(["table", "table_alt", "custom"]),
                metadata={"label": "spyfall_teams.option.composition"},
            ),
            "custom_teams": number(2, 2, 4, "spyfall_teams.option.custom_teams"),
            "custom_spies": number(0, 0, 4, "spyfall_teams.option.custom_spies"),
            "round_minutes": number(0, 0, 30, "spyfall_teams.option.round_minutes"),
            "pick_seconds": number(120, 15, 900, "spyfall_teams.option.pick_seconds"),
            "show_seconds": number(4, 0, 30, "spyfall_teams.option.show_seconds"),
            "packs": packs.packs_option(),
        }

    @hookimpl
    def check_start(self, match) -> None:
        options = match.options
        sizes, _ = composition(
            len(match.players), options["composition"], options["custom_teams"], options["custom_spies"]
        )
        if len(match.hook.spyfall_locations(match=match)) < len(sizes):
            raise ActionError("spyfall.no_locations")

    @hookimpl
    def phases(self) -> list[Phase]:
        return PHASES

    @hookimpl
    def setup(self, match) -> None:
        options = match.options
        sizes, spies = composition(
            len(match.players), options["composition"], options["custom_teams"], options["custom_spies"]
        )
        match.data.update(
            composition=[list(sizes), spies],
            dealer=match.players[0],
            used=[],
            marks={},
            round=None,
            rounds_won=dict.fromkeys(match.players, 0),
        )
        begin_round(match)

    @hookimpl
    def deal(self, match, forced) -> bool:
        deal(match, forced)
        return True

    @hookimpl
    def timer_expired(self, match, timer: str) -> None:
        state = current(match)
        if timer == ROUND_TIMER:
            start_picks(match)
        elif timer == PICK_TIMER and match.phase == "pick_locations":
            for player in match.players:
                state["location_picks"].setdefault(player, [])  # no pick: no points for it
            start_ally_picks(match)
        elif timer == PICK_TIMER and match.phase == "pick_allies":
            for player in match.players:
                state["ally_picks"].setdefault(player, [])
            start_show(match)
        elif timer == SHOW_TIMER:
            advance_show(match)

    @hookimpl
    def ranking_key(self, match, player: str) -> tuple:
        """Over a game: rounds won by one's team, then points."""
        return (match.data["rounds_won"][player], match.totals()[player])

    @hookimpl
    def view(self, match, player: str | None) -> dict[str, Any]:
        shown = public_view(match)
        if player is not None:
            shown.update(seat_view(match, player))
        return shown
