"""gamenight: a self-hosted platform for hidden-role party games.

What a plugin author imports lives here: ``hookimpl`` to mark hook
implementations, and the declarations of games, variants, phases and moves.
"""

from gamenight.errors import ActionError, BadDeal
from gamenight.game import ANY_PHASE, Action, ClientAssets, Clock, Game, Move, Phase, Shelf, ShelfContext, Variant
from gamenight.hookspecs import hookimpl, hookspec
from gamenight.records import Keepsake, Stat, Tally

__all__ = [
    "ANY_PHASE",
    "Action",
    "ActionError",
    "BadDeal",
    "ClientAssets",
    "Clock",
    "Game",
    "Keepsake",
    "Move",
    "Phase",
    "Shelf",
    "ShelfContext",
    "Stat",
    "Tally",
    "Variant",
    "hookimpl",
    "hookspec",
]
__version__ = "0.1.0"
