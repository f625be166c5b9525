"""The package's own fixtures: an engine with every installed plugin, and a table of players that drives it.

An outside package tests itself the way a group plays it: installed with pip (so it is found through the
``gamenight.plugins`` entry point, next to the game it changes), then matches played through gamenight's
engine, in memory, on a clock that moves only when told to. Nothing here comes from gamenight's own tests.
"""

from __future__ import annotations

import pytest
from double_human_table import PLAYERS, Table
from gamenight.clock import ManualClock
from gamenight.engine import Engine
from gamenight.registry import Plugins
from gamenight.store_sqlite import SQLiteStore


@pytest.fixture(scope="session")
def plugins() -> Plugins:
    """Every installed plugin, found through the entry-point group as a server finds them."""
    return Plugins()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def engine(plugins: Plugins, clock: ManualClock) -> Engine:
    return Engine(SQLiteStore(":memory:"), plugins, clock)


@pytest.fixture
def seat(engine: Engine, clock: ManualClock):
    """``seat(names)``: a new lobby with those players seated (the first is the host)."""
    return lambda names=PLAYERS: Table(engine, clock, list(names))
