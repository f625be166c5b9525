"""Spyfall's questions to the audience: who the spy is, and whether a spy's guess is right.

Made from what the table sees: the round's players, the phase, a spy's named location once revealed, and the
round's outcome once it is over (its spies and whether a guess was right). A void round answers nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Choice, Prompt, player_choices, prompt_id

if TYPE_CHECKING:
    from gamenight.match import Match

YES_NO = (Choice("yes", key="audience.yes"), Choice("no", key="audience.no"))
SPY_POINTS = 2  # naming the spy is the harder call; a guess's fate is close to a coin's
GUESS_POINTS = 1


def audience_prompts(match: Match) -> list[Prompt]:
    state = match.round_state
    if "spies" not in state:
        return []
    outcome = state["outcome"]
    void = bool(state.get("void"))
    over = outcome is not None or void
    dealt = set(state["spies"]) | set(state["roles"])
    players = [p for p in match.players if p in dealt]
    spies = len(state["spies"])
    prompts = [
        Prompt(
            prompt_id(match, f"r{match.round}.spy"),
            "spyfall.audience.who_is_spy",
            player_choices(players),
            open=not over,
            answer=(() if void else tuple(outcome["spies"])) if over else None,
            points=SPY_POINTS,
            params={"count": spies},
        )
    ]
    if state["guesses"]:  # a spy has named a location: will a guess be right?
        prompts.append(
            Prompt(
                prompt_id(match, f"r{match.round}.guess"),
                "spyfall.audience.guess_right",
                YES_NO,
                open=not over,
                answer=(() if void else ("yes" if outcome["correct"] else "no",)) if over else None,
                points=GUESS_POINTS,
                params={"count": spies},
            )
        )
    return prompts
