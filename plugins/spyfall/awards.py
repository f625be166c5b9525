"""Spyfall's awards for the night's recap (``Game.awards``): read from the points of its finished matches.

* the sharpest spy: spies who named the location (``spy_guessed``);
* the spy hunter: first to accuse a spy who was then caught (``first_accuser``);
* the slipperiest spy: rounds won as a spy (``spy_win``).
"""

from __future__ import annotations

from gamenight.awards import Award, Night, leaders

GAME = "spyfall"
SHARPEST, HUNTER, SLIPPERY = (f"{GAME}.award.{name}" for name in ("sharpest_spy", "spy_hunter", "slippery_spy"))
KEYS = (SHARPEST, HUNTER, SLIPPERY)


def awards(night: Night) -> list[Award]:
    players = night.players(GAME)
    return [
        *leaders(SHARPEST, night.tally(GAME, "spy_guessed"), players, game=GAME),
        *leaders(HUNTER, night.tally(GAME, "first_accuser"), players, game=GAME),
        *leaders(SLIPPERY, night.tally(GAME, "spy_win"), players, game=GAME),
    ]
