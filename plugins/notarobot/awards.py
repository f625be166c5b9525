"""I'm Not a Robot's awards for the night's recap: read from the points of its finished matches.

* the sharpest eye: checkmarks on a tile inside the drawing (``robot``), less those a bug report took back;
* the CAPTCHA master: drawings some but not all guessers got right (``captcha``), less those taken back;
* the full-pad artist: drawings that filled the pad and passed the vote (``full_pad``).
"""

from __future__ import annotations

from gamenight import hookimpl
from gamenight.awards import Award, Night, leaders

GAME = "notarobot"
EYE, MASTER, FULL = (f"{GAME}.award.{name}" for name in ("sharp_eye", "captcha_master", "full_pad"))
KEYS = (EYE, MASTER, FULL)


@hookimpl
def gamenight_awards(night: Night) -> list[Award]:
    players = night.players(GAME)
    return [
        *leaders(EYE, kept(night, "robot", "robot_lost"), players, game=GAME),
        *leaders(MASTER, kept(night, "captcha", "captcha_lost"), players, game=GAME),
        *leaders(FULL, night.tally(GAME, "full_pad"), players, game=GAME),
    ]


def kept(night: Night, won: str, lost: str) -> dict[str, int]:
    """Tokens won over the night less those a passed bug report took back."""
    counts = night.tally(GAME, won)
    for player, taken in night.tally(GAME, lost).items():
        counts[player] = counts.get(player, 0) - taken
    return counts
