"""Team Spyfall's awards for the night's recap (``GAME.awards``): read from the points of its finished matches.

* the most trusted ally: how many teammates named the player as an ally (the ``ally`` points' count);
* the location sleuth: the other team's location named right (``enemy_location``);
* the smoothest spy: how many players took a spy for an ally (the ``trusted`` points' count).
"""

from __future__ import annotations

from gamenight.awards import Award, Night, leaders

GAME = "spyfall_teams"
TRUSTED, SLEUTH, SMOOTH = (f"{GAME}.award.{name}" for name in ("trusted_ally", "sleuth", "smooth_spy"))
KEYS = (TRUSTED, SLEUTH, SMOOTH)


def night_awards(night: Night) -> list[Award]:
    players = night.players(GAME)
    return [
        *leaders(TRUSTED, night.tally(GAME, "ally", weight="count"), players, game=GAME),
        *leaders(SLEUTH, night.tally(GAME, "enemy_location"), players, game=GAME),
        *leaders(SMOOTH, night.tally(GAME, "trusted", weight="count"), players, game=GAME),
    ]
