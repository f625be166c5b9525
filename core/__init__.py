"""gamenight: a self-hosted platform for hidden-role party games.

What a plugin author imports lives here: ``hookimpl`` to mark hook
implementations, and the declarations of games, variants, phases and moves.
"""

from gamenight.audience import Choice, Prompt, player_choices, prompt_id
from gamenight.errors import ActionError, BadDeal
from gamenight.game import ANY_PHASE, Action, ClientAssets, Clock, Game, Move, Phase, Shelf, ShelfContext, Variant
from gamenight.hookspecs import hookimpl, hookspec
from gamenight.records import Keepsake, Stat, Tally

__all__ = [
    "ANY_PHASE",
    "Action",
    "ActionError",
    "BadDeal",
    "Choice",
    "ClientAssets",
    "Clock",
    "Game",
    "Keepsake",
    "Move",
    "Phase",
    "Prompt",
    "Shelf",
    "ShelfContext",
    "Stat",
    "Tally",
    "Variant",
    "hookimpl",
    "hookspec",
    "player_choices",
    "prompt_id",
]
__version__ = "0.1.0"
