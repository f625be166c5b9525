"""I'm Not a Robot's questions to the audience, for each drawing on show: which of the round's words it
shows, and a crowd checkmark on a tile inside it.

Open while the drawing is uncovered and guessed at; answered at its reveal (the word drawn, the tiles inside
the closed line), which every player sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamenight import Choice, Prompt, prompt_id
from gamenight.plugins.notarobot.geometry import TILES

if TYPE_CHECKING:
    from gamenight.match import Match

ON_SHOW = ("uncover", "guessing", "reveal")
WORD_POINTS = 1
TILE_POINTS = 1
TILE_CHOICES = tuple(Choice(str(tile), text=str(tile + 1)) for tile in range(TILES))


def audience_prompts(match: Match) -> list[Prompt]:
    state = match.round_state
    drawer = state.get("artist")
    if "words" not in state or drawer is None or match.phase not in ON_SHOW:
        return []
    shown = state["reveal"] if match.phase == "reveal" else None
    turn = f"r{match.round}.{drawer}"
    words = tuple(Choice(str(number), names=names) for number, names in enumerate(state["words"]))
    return [
        Prompt(
            prompt_id(match, f"{turn}.word"),
            "notarobot.audience.which_word",
            words,
            open=shown is None,
            answer=(str(shown["word"]),) if shown else None,
            points=WORD_POINTS,
            params={"player": drawer},
        ),
        Prompt(
            prompt_id(match, f"{turn}.tile"),
            "notarobot.audience.mark_a_tile",
            TILE_CHOICES,
            open=shown is None,
            answer=tuple(str(tile) for tile in shown["inside"]) if shown else None,
            points=TILE_POINTS,
            params={"player": drawer},
        ),
    ]
