"""Browser tests: the real server (`gamenight serve`, eventlet) driven by headless Chromium through Playwright.

Screenshots are for a human to look at (no test reads one) and cost time, so they are taken only when asked:
``pytest tests/browser --shots`` (or ``GAMENIGHT_SHOTS=1`` in the environment, e.g. through scripts/test.sh)
saves them in the run's screenshots folder (the ``shots`` fixture); without it ``Browsers.shot`` does nothing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from server import running_server

    with running_server(tmp_path_factory.mktemp("browser") / "gamenight.sqlite") as url:
        yield url


@pytest.fixture(scope="session")
def browser(gamenight_browser):
    """The test kit's headless Chromium (gamenight.testing_plugin: the system's, skipped without it)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    return gamenight_browser


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder of screenshots for the run, in the run's temporary directory (pytest keeps the last few
    runs' under its basetemp: ``--basetemp DIR`` puts them where you want to look). It stays empty without
    ``--shots`` (see ``take_shots``)."""
    return tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="session")
def take_shots(request: pytest.FixtureRequest) -> bool:
    """Whether ``Browsers.shot`` saves its screenshots: ``--shots``, or ``GAMENIGHT_SHOTS=1`` in the environment."""
    return bool(request.config.getoption("--shots", default=False)) or os.environ.get("GAMENIGHT_SHOTS") == "1"


class Browsers:
    """Opens pages, each in its own browser context (its own storage: another phone), and checks them afterwards."""

    def __init__(self, browser, server: str, shots: Path, take_shots: bool = False) -> None:
        self.browser = browser
        self.server = server
        self.shots = shots
        self.take_shots = take_shots
        self.contexts = []
        self.problems: list[str] = []

    def context(self, **options):
        options.setdefault("locale", "en-US")
        options.setdefault("viewport", {"width": 430, "height": 900})
        context = self.browser.new_context(**options)
        self.contexts.append(context)
        return context

    def watch(self, page):
        """Record uncaught errors, CSP violations and untranslated strings of ``page``."""
        page.on("pageerror", lambda error: self.problems.append(f"{page.url}: {error}"))

        def console(message):
            if message.type == "error" and "Content Security Policy" in message.text:
                self.problems.append(f"{page.url}: {message.text}")
            if message.type == "warning" and message.text.startswith("missing string"):
                self.problems.append(f"{page.url}: {message.text}")  # a raw i18n key on screen

        page.on("console", console)
        return page

    def page(self, path: str = "/", context=None, **options):
        context = context or self.context(**options)
        page = self.watch(context.new_page())
        page.goto(self.server + path)
        return page

    def shot(self, target, name: str, full_page: bool = True, **options) -> None:
        """The suite's one way to take a screenshot: ``target`` (a Page, or a Locator: one element's box) saved as
        ``<name>.png`` in the shots folder, and only with ``--shots`` (otherwise nothing happens, so what the page
        must have settled to before it, such as its animations' end, is waited for before this call). ``full_page``
        applies to a Page only; other ``options`` (``animations="disabled"``) pass through to Playwright."""
        if not self.take_shots:
            return
        from playwright.sync_api import Page

        if isinstance(target, Page):
            options["full_page"] = full_page
        target.screenshot(path=str(self.shots / f"{name}.png"), **options)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser, server: str, shots: Path, take_shots: bool) -> Iterator[Browsers]:
    opened = Browsers(browser, server, shots, take_shots)
    yield opened
    opened.close()
    assert not opened.problems, "\n".join(opened.problems)


@pytest.fixture
def disconnect():
    """A list the test puts its Socket.IO clients in (seats played over the wire): each is disconnected after."""
    clients = []
    yield clients
    for client in clients:
        client.sio.disconnect()
