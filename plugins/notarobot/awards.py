"""I'm Not a Robot's awards for the night's recap: read from the points of its finished matches.

* the sharpest eye: checkmarks on a tile inside the drawing (``robot``), less those a bug report took back;
* the CAPTCHA master: drawings some but not all guessers got right (``captcha``), less those taken back;
* the full-pad artist: drawings that filled the pad and passed the vote (``full_pad``).

Each goes to the leaders only: a figure that more than half of the players share (every artist of a long night
has a CAPTCHA token or two) singles nobody out, and gives no award.
"""

from __future__ import annotations

from collections.abc import Mapping

from gamenight.awards import Award, Night, leaders

GAME = "notarobot"
EYE, MASTER, FULL = (f"{GAME}.award.{name}" for name in ("sharp_eye", "captcha_master", "full_pad"))
KEYS = (EYE, MASTER, FULL)
MOST_SHARE = 0.5  # the largest share of the players one award may go to


def night_awards(night: Night) -> list[Award]:
    """The game's awards among the night's players (``Game.awards``)."""
    players = night.players(GAME)
    return [
        *true_leaders(EYE, kept(night, "robot", "robot_lost"), players),
        *true_leaders(MASTER, kept(night, "captcha", "captcha_lost"), players),
        *true_leaders(FULL, night.tally(GAME, "full_pad"), players),
    ]


def true_leaders(key: str, figures: Mapping[str, int], players: list[str]) -> list[Award]:
    """The award ``key`` for the players with the highest figure, unless more than half of ``players`` share it."""
    return [
        award for award in leaders(key, figures, players, game=GAME) if len(award.players) <= MOST_SHARE * len(players)
    ]


def kept(night: Night, won: str, lost: str) -> dict[str, int]:
    """Tokens won over the night less those a passed bug report took back."""
    counts = night.tally(GAME, won)
    for player, taken in night.tally(GAME, lost).items():
        counts[player] = counts.get(player, 0) - taken
    return counts
