"""I'm Not a Human's awards for the night's recap (``Game.awards``): read from the points of its finished matches.

* the Human who stayed hidden most: rounds a Human was not found by the vote (``undisclosed``);
* the boldest Human: reveals that found the answer picture (``guessed``);
* the Human hunter: votes for the Human (``voted_human``).
"""

from __future__ import annotations

from gamenight.awards import Award, Night, leaders

GAME = "notahuman"
HIDDEN, BOLD, HUNTER = (f"{GAME}.award.{name}" for name in ("hidden_human", "bold_human", "human_hunter"))
KEYS = (HIDDEN, BOLD, HUNTER)


def night_awards(night: Night) -> list[Award]:
    players = night.players(GAME)
    return [
        *leaders(HIDDEN, night.tally(GAME, "undisclosed"), players, game=GAME),
        *leaders(BOLD, night.tally(GAME, "guessed"), players, game=GAME),
        *leaders(HUNTER, night.tally(GAME, "voted_human"), players, game=GAME),
    ]
