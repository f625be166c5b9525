"""I'm Not a Human's stats in a crew's record book (``gamenight.records``): rounds as the Human and as a
Robot, a Human who survived the vote or guessed the answer, Robots who voted for the Human (head to head),
and the Humans' associations, which the crew may keep in its hall of fame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Keepsake, Stat, Tally

if TYPE_CHECKING:
    from gamenight.match import Match

STATS = {
    "human_rounds": Stat(),
    "human_survived": Stat(),  # the vote did not find them
    "human_guessed": Stat(),  # revealed themselves and named the answer
    "human_found": Stat(),
    "robot_rounds": Stat(),
    "robot_won": Stat(),
    "spotted_human": Stat(),  # voted for the Human's association: head to head, against that Human
}


def round_tallies(match: Match) -> list[Tally]:
    outcome = match.round_state.get("outcome")
    if not outcome or not match.data["sheet"]:
        return []
    sheet = match.data["sheet"][-1]
    humans = [h for h in outcome["humans"] if h in match.players]
    robots = [p for p in outcome["roles"] if p not in outcome["humans"] and match.is_present(p)]
    found: list[Tally] = []
    for human in humans:
        found.append(Tally(human, "human_rounds"))
        if outcome["how"] == "guess":
            if outcome["human_wins"]:
                found.append(Tally(human, "human_guessed"))
        elif outcome["human_wins"]:
            found.append(Tally(human, "human_survived"))
        else:
            found.append(Tally(human, "human_found"))
    for robot in robots:
        found.append(Tally(robot, "robot_rounds"))
        if not outcome["human_wins"]:
            found.append(Tally(robot, "robot_won"))
    authors = {str(n): a["player"] for n, a in enumerate(sheet["associations"], 1)}
    for voter, number in sheet["votes"].items():
        if voter in robots and authors.get(number) in humans:
            found.append(Tally(voter, "spotted_human", against=authors[number]))
    return found


def keepsakes(match: Match) -> list[Keepsake]:
    """Each round's association by its Human: the bluff the crew may remember."""
    kept = []
    for sheet in match.data["sheet"]:
        for association in sheet["associations"]:
            if association["player"] in sheet["humans"]:
                kept.append(
                    Keepsake(
                        kind="association",
                        by=association["player"],
                        label="notahuman.keepsake.association",
                        params={"round": sheet["round"]},
                        content={"text": association["word"]},
                    )
                )
    return kept
