"""The test kit's pytest plugin (entry point ``pytest11``), in every pytest session where gamenight is installed.

* ``gamenight_plugins``: every installed plugin (session-scoped);
* ``gamenight_party``: a factory, ``gamenight_party(names, plugins=None)`` seats a new
  ``gamenight.testing.Party`` (closed after the test);
* ``gamenight_browser`` and ``gamenight_page``: headless Chromium through Playwright, and a fresh page in it,
  for ``gamenight.web.testing``'s screens. The browser is the one ``GAMENIGHT_CHROMIUM`` names, else the
  system's ``/usr/bin/chromium`` when there is one, else the Chromium Playwright installed
  (``playwright install chromium``); it is never downloaded here. Without Playwright, or without any of these
  browsers, the test is skipped, saying which is missing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from gamenight.engine import Engine
from gamenight.registry import Plugins
from gamenight.testing import Party

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    """Every engine of a test session checks that no command changes the lobby it copied (a game that changes a
    shared part in place would change the lobby a refused move must leave as it was)."""
    Engine.check_copies = True


@pytest.fixture(scope="session")
def gamenight_plugins() -> Plugins:
    """Every installed plugin, found through the entry points as a server finds them (once per session)."""
    return Plugins()


@pytest.fixture
def gamenight_party(gamenight_plugins: Plugins) -> Iterator[Callable[..., Party]]:
    """A factory: ``gamenight_party(names, plugins=None)`` seats ``names`` at a new Party (every installed
    plugin unless ``plugins`` says otherwise)."""
    parties: list[Party] = []

    def seat(names: Sequence[str], plugins: Plugins | None = None) -> Party:
        party = Party(names, plugins=plugins if plugins is not None else gamenight_plugins)
        parties.append(party)
        return party

    yield seat
    for party in parties:
        party.close()


def system_chromium() -> str | None:
    """The Chromium to launch by path: the one ``GAMENIGHT_CHROMIUM`` names, else ``/usr/bin/chromium`` when it is
    there; None: launch the Chromium Playwright installed."""
    named = os.environ.get("GAMENIGHT_CHROMIUM")
    if named:
        return named
    return CHROMIUM if Path(CHROMIUM).exists() else None


@pytest.fixture(scope="session")
def gamenight_browser() -> Iterator[Any]:
    """Headless Chromium (a Playwright ``Browser``), once per session; skipped without Chromium or Playwright."""
    path = system_chromium()
    if path is not None and not Path(path).exists():
        pytest.skip(f"no Chromium at {path}, which GAMENIGHT_CHROMIUM names")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason='Playwright, which drives Chromium, is not installed: pip install -e ".[test]"'
    )
    with sync_api.sync_playwright() as playwright:
        try:
            if path is not None:
                browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
            else:
                browser = playwright.chromium.launch(headless=True, args=CHROMIUM_ARGS)
        except sync_api.Error as exc:
            if path is not None:  # a Chromium that is there and will not start is a broken machine: say so
                raise
            pytest.skip(f"Playwright's own Chromium would not start (run: playwright install chromium): {exc}")
        yield browser
        browser.close()


@pytest.fixture
def gamenight_page(gamenight_browser: Any) -> Iterator[Any]:
    """A new page in a context of its own (a phone of its own: 430 by 900 pixels, English), closed after."""
    context = gamenight_browser.new_context(locale="en-US", viewport={"width": 430, "height": 900})
    yield context.new_page()
    context.close()
