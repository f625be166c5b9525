"""I'm Not a Human's question to the audience: who is the Human?

Open until the players' vote closes (or the Human shows themselves by revealing); answered when the round's
outcome shows who held the Human card. Its choices are the round's players, and the server's card when it is
dealt one (the Human may be no one at the table). A void round answers nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Choice, Prompt, player_choices, prompt_id

if TYPE_CHECKING:
    from gamenight.match import Match

HUMAN_POINTS = 2
SERVER = "server"  # the server's card, as the rules name it (rules.SERVER)


def audience_prompts(match: Match) -> list[Prompt]:
    state = match.round_state
    if "roles" not in state:
        return []
    outcome, void = state["outcome"], bool(state.get("void"))
    over = outcome is not None or void
    choices = player_choices(p for p in match.players if p in state["roles"])
    if state["server"] is not None:
        choices += (Choice(SERVER, key="notahuman.audience.server"),)
    return [
        Prompt(
            prompt_id(match, f"r{match.round}.human"),
            "notahuman.audience.who_is_human",
            choices,
            open=not over and state["revealed_human"] is None,
            answer=(() if void else tuple(outcome["humans"])) if over else None,
            points=HUMAN_POINTS,
        )
    ]
