"""Team Spyfall's questions to the audience: where the teams play, and whose side wins the round.

A team is known by its location, which is its secret until the round's show: the crowd names the locations
the teams play in (either is right), and whose side wins (a team's location, or the spy). Open until the show
begins; answered when it ends with the round's tally. A void round answers nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Choice, Prompt, prompt_id

if TYPE_CHECKING:
    from gamenight.match import Match

SPY = "spy"
LOCATION_POINTS = 1
WINNER_POINTS = 2


def audience_prompts(match: Match) -> list[Prompt]:
    state = match.round_state
    if "teams" not in state:
        return []
    result, void = state["result"], bool(state.get("void"))
    over = result is not None or void
    open_ = not over and not state["show"]
    locations = tuple(Choice(card["id"], names=card["names"]) for card in state["locations"])
    sides = locations + ((Choice(SPY, key="spyfall_teams.audience.the_spy"),) if state["spies"] else ())
    where = winners = None
    if void:
        where = winners = ()
    elif result is not None:
        where = tuple(team["location"] for team in state["teams"])
        winners = tuple(
            result["teams"][i]["card"]["id"] if result["teams"][i]["card"] else SPY for i in result["winners"]
        )
    round_ = f"r{match.round}"
    return [
        Prompt(
            prompt_id(match, f"{round_}.location"),
            "spyfall_teams.audience.where",
            locations,
            open=open_,
            answer=where,
            points=LOCATION_POINTS,
        ),
        Prompt(
            prompt_id(match, f"{round_}.winner"),
            "spyfall_teams.audience.who_wins",
            sides,
            open=open_,
            answer=winners,
            points=WINNER_POINTS,
        ),
    ]
