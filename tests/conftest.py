"""Shared fixtures: the test game's plugins, a hand-moved clock, an engine on a real SQLite file, and a store's
location for each of the two stores (``store_at``: a SQLite file, or a fresh database of a real PostgreSQL)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from gamenight.clock import ManualClock  # noqa: E402
from gamenight.engine import Engine  # noqa: E402
from gamenight.registry import Plugins  # noqa: E402
from gamenight.store_sqlite import SQLiteStore  # noqa: E402
from helpers import Night  # noqa: E402
from stores import STORES  # noqa: E402

pytest_plugins = ["services"]  # real PostgreSQL, Redis and HAProxy, started by the tests that need them


def subprocess_env() -> dict[str, str]:
    """Environment for a child process that must load the test game."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(TESTS), env.get("PYTHONPATH", "")] if p)
    env["GAMENIGHT_PLUGINS"] = "testgame"
    return env


def pytest_addoption(parser: pytest.Parser) -> None:
    # Here, not in tests/browser/conftest.py: the option is known however the run names its tests.
    parser.addoption(
        "--shots", action="store_true", default=False, help="save the browser tests' screenshots (tests/browser)"
    )


# The tiers (pyproject.toml's markers): `pytest -m "not browser and not services"` is the fast loop, with no
# Chromium, PostgreSQL, Redis or HAProxy; CI runs every tier.
SERVICE_FIXTURES = {
    "postgres_server",
    "postgres_url",
    "fresh_postgres_url",
    "redis_server",
    "redis_url",
    "fresh_redis_url",
}
# Modules that start PostgreSQL, Redis or HAProxy themselves (a cluster, a proxy, a store of their own).
SERVICE_MODULES = {
    "test_balance",
    "test_cluster",
    "test_cluster_balance",
    "test_cluster_limits",
    "test_leases",
    "test_proxy",
    "test_serve_stores",
    "test_services",
}
SLOW_MODULES = {"test_soak"}
FIRST_MODULES = ("test_soak",)  # the longest file, started first when the files are shared among workers


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.fspath))
        if "browser" in path.relative_to(TESTS).parts[:-1]:
            item.add_marker(pytest.mark.browser)
        on_postgres = "postgres" in getattr(getattr(item, "callspec", None), "params", {}).values()  # store_at
        if on_postgres or path.stem in SERVICE_MODULES or SERVICE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.services)
        if path.stem in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: Path(str(item.fspath)).stem not in FIRST_MODULES)


@pytest.fixture(scope="session")
def plugins() -> Plugins:
    return Plugins(["testgame"])


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "gamenight.sqlite")


@pytest.fixture(params=STORES)
def store_at(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store lives: a SQLite file, or an empty PostgreSQL database (the store suite runs on both)."""
    if request.param == "sqlite":
        return str(tmp_path / "gamenight.sqlite")
    return request.getfixturevalue("fresh_postgres_url")


@pytest.fixture
def engine(db_path: str, plugins: Plugins, clock: ManualClock) -> Engine:
    return Engine(SQLiteStore(db_path), plugins, clock)


@pytest.fixture
def night(engine: Engine, clock: ManualClock) -> Night:
    """A lobby with Ann (host), Boris and Chen seated: the test kit's Party (gamenight.testing) on ``engine``."""
    return Night(engine, clock, ["Ann", "Boris", "Chen"])
