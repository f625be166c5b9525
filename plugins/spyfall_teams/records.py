"""Team Spyfall's stats in a crew's record book (``gamenight.records``): rounds in a team and as the spy,
rounds won, allies found (head to head, against the ally), enemy locations named, and locations a spy named."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Stat, Tally

if TYPE_CHECKING:
    from gamenight.match import Match

STATS = {
    "team_rounds": Stat(),
    "team_won": Stat(),
    "spy_rounds": Stat(),
    "spy_won": Stat(),
    "found_ally": Stat(),  # named a teammate as an ally: head to head, against that teammate
    "enemy_location": Stat(),
    "spy_located": Stat(),  # a spy named at least one of the round's locations
}


def round_tallies(match: Match) -> list[Tally]:
    state = match.round_state
    result = state.get("result")
    if not result:
        return []
    winners = {player for index in result["winners"] for player in result["teams"][index]["players"]}
    locations = {team["location"] for team in state["teams"]}
    found: list[Tally] = []
    for team in state["teams"]:
        members = [p for p in team["players"] if match.is_present(p)]
        for member in members:
            found.append(Tally(member, "team_rounds"))
            if member in winners:
                found.append(Tally(member, "team_won"))
            found += [
                Tally(member, "found_ally", against=ally)
                for ally in state["ally_picks"].get(member, [])
                if ally in members and ally != member
            ]
            named = (state["location_picks"].get(member) or [None])[0]
            if named is not None and named in locations and named != team["location"]:
                found.append(Tally(member, "enemy_location"))
    for spy in state["spies"]:
        if not match.is_present(spy):
            continue
        found.append(Tally(spy, "spy_rounds"))
        if spy in winners:
            found.append(Tally(spy, "spy_won"))
        if any(named in locations for named in state["location_picks"].get(spy, [])):
            found.append(Tally(spy, "spy_located"))
    return found
