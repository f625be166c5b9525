"""The package's own fixture, on top of gamenight's test kit: ``seat(names)``, a Party of ``names`` (Ann, Boris,
Chen, Dina and Emil by default; the first is the host) with every installed plugin.

An outside package tests itself the way a group plays it: installed with pip (so it is found through the
``gamenight.plugins`` entry point, next to the game it changes), then matches played through gamenight's
engine, in memory, on a clock that moves only when told to. ``gamenight_party`` and ``gamenight_plugins``
come from gamenight's pytest plugin (``gamenight.testing_plugin``), loaded wherever gamenight is installed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from double_human_party import PLAYERS
from gamenight.testing import Party


@pytest.fixture
def seat(gamenight_party) -> Callable[..., Party]:
    """``seat(names=PLAYERS)``: a new lobby with those players seated."""
    return lambda names=PLAYERS: gamenight_party(list(names))
