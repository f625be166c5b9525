"""gamenight: a self-hosted platform for hidden-role party games.

What a plugin author imports lives here: ``hookimpl`` to mark hook
implementations, and the declarations of games, variants, phases and moves.
"""

from gamenight.errors import ActionError
from gamenight.game import ANY_PHASE, Action, ClientAssets, Game, Move, Phase, Shelf, ShelfContext, Variant
from gamenight.hookspecs import hookimpl, hookspec

__all__ = [
    "ANY_PHASE",
    "Action",
    "ActionError",
    "ClientAssets",
    "Game",
    "Move",
    "Phase",
    "Shelf",
    "ShelfContext",
    "Variant",
    "hookimpl",
    "hookspec",
]
__version__ = "0.1.0"
