"""The test kit's screen runner: a game's screen.js rendered in a real browser for one recipient's view.

For plugin authors and gamenight's own tests (docs/plugins.md, "Testing your game"). Give it a Playwright page
(headless Chromium: ``playwright.chromium.launch(executable_path="/usr/bin/chromium")``; it never downloads a
browser) and a view::

    from gamenight.testing import Party
    from gamenight.web.testing import play_screen, show_screen

    screen = show_screen(page, party.view("Boris"), plugins=party.plugins)  # a fixed view
    screen = play_screen(page, party, "Boris")  # live: the screen's moves are made at the party

The real web app (``gamenight.web.app``) serves the shell's JavaScript and CSS, the strings and every plugin's
client assets from a loopback port; the page is the shell's own page (``base.html``) holding a game screen's
element, and the shell's ``screens.js`` loads the game's ``screen.js`` and each chosen variant's, and renders
them with the ``api`` every screen receives, as a phone or the table screen does. Playwright is imported only
by the caller: this module needs no more than the page object.
"""

from __future__ import annotations

import functools
import itertools
import json
import tempfile
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import render_template_string, request
from gamenight.clock import ManualClock
from gamenight.engine import Engine
from gamenight.registry import Plugins
from gamenight.store_sqlite import SQLiteStore
from gamenight.web.app import LANGUAGES, create_app
from gamenight.web.settings import Settings
from werkzeug.serving import WSGIRequestHandler, make_server

if TYPE_CHECKING:
    from gamenight.testing import Party

__all__ = ["ScreenPage", "ScreenServer", "play_screen", "screen_server", "show_screen"]

PAGE_PATH = "/testing/screen"

# The shell's page (base.html: its stylesheets, the language switch) with nothing in it but a game screen's element.
PAGE = """{% extends "base.html" %}
{% block title_key %}app.title{% endblock %}
{% block script %}page{% endblock %}
{% block body_class %}{{ "table-screen" if table else "" }}{% endblock %}
{% block main_class %}{{ "table-page" if table else "page" }}{% endblock %}
{% block main %}
<section class="card match" data-testid="match">
  <div class="game-screen{{ ' stage' if table else '' }}" data-testid="game-screen"></div>
</section>
{% endblock %}
"""

# Loads the game's screen and its variants' through the shell's screens.js and paints them as match.js does
# (the game's render, then each variant's extend, keeping the focus); ``window.gamenightScreen`` is the runner.
RUNNER = """async ({view, lang, binding}) => {
  const [screens, i18n, focus, ui, common, looks] = await Promise.all([
    import("/static/js/screens.js"), import("/static/js/i18n.js"), import("/static/js/focus.js"),
    import("/static/js/ui.js"), import("/static/js/common.js"), import("/static/js/looks.js"),
  ]);
  await i18n.setLang(lang, {persist: false});
  document.documentElement.classList.remove("pending");
  const root = document.querySelector('[data-testid="game-screen"]');
  const table = view.you === null;
  const runner = {view, pending: 0, module: null, extensions: []};
  runner.paint = () => {
    focus.keepingFocus(root, () => {
      runner.module.render(root, runner.view, api);
      for (const {module} of runner.extensions) module.extend(runner.view, root, api);
    });
    if (table) root.classList.add("stage");
  };
  runner.show = (next) => { runner.view = next; runner.paint(); };
  const command = table ? null : async (kind, args = {}, {quiet = false} = {}) => {
    runner.pending += 1;
    try {
      const {answer, view: next} = await window[binding](kind, args);
      if (!answer.ok && !quiet) {
        const error = answer.error;
        const text = i18n.t(error.key, common.readableParams(runner.view, error.params || {}));
        ui.toast(looks.withAvatars(runner.view, error.params, text), "error");
      }
      if (next) runner.show(next);
      return answer;
    } finally {
      runner.pending -= 1;
    }
  };
  const api = screens.screenApi({current: () => runner.view, command, table, root: () => root,
                                 refresh: () => runner.paint()});
  const match = view.match;
  [runner.module, runner.extensions] = await Promise.all([
    screens.loadScreen(match.game), screens.loadVariantScreens(match.game, match.variants || []),
  ]);
  i18n.onLangChange(() => runner.paint());
  window.gamenightScreen = runner;
  runner.paint();
}"""


class _Quiet(WSGIRequestHandler):
    def log_request(self, *args: Any) -> None:  # one line per file served: noise in a test's output
        pass


class ScreenServer:
    """The real web app for ``plugins`` on a loopback port (its pages, the shell's files, strings and plugin
    assets), with the screen runner's page at ``PAGE_PATH``; serves from a thread until ``close``."""

    def __init__(self, plugins: Plugins) -> None:
        self.plugins = plugins
        self._uploads = tempfile.TemporaryDirectory(prefix="gamenight-screens-")
        self._store = SQLiteStore(":memory:")  # the app needs an engine; a screen asks it nothing
        app, _ = create_app(
            Engine(self._store, plugins, ManualClock()),
            Settings(async_mode="threading", uploads=Path(self._uploads.name)),
        )
        app.add_url_rule(PAGE_PATH, "testing_screen", self._page)
        self._server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_Quiet)
        self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, name="gamenight-screens", daemon=True)
        self._thread.start()

    @staticmethod
    def _page() -> str:
        lang = request.args.get("lang", "en")
        return render_template_string(PAGE, lang=lang if lang in LANGUAGES else "en", table="table" in request.args)

    def close(self) -> None:
        """Stop serving."""
        self._server.shutdown()
        self._thread.join()
        self._server.server_close()
        self._store.close()
        self._uploads.cleanup()


_servers: dict[int, ScreenServer] = {}
_servers_lock = threading.Lock()
_bindings = itertools.count(1)


def screen_server(plugins: Plugins) -> ScreenServer:
    """The running ScreenServer for ``plugins``, started on first use and kept for the process."""
    with _servers_lock:
        server = _servers.get(id(plugins))
        if server is None or server.plugins is not plugins:
            server = _servers[id(plugins)] = ScreenServer(plugins)
        return server


@functools.cache
def _installed() -> Plugins:
    """Every installed plugin, loaded once (each set of plugins has a server of its own)."""
    return Plugins()


def _json(view: Mapping[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(view))


class ScreenPage:
    """A game's screen in a browser page, rendered for one recipient's view (``page``, ``root``, ``sent``)."""

    def __init__(
        self,
        page: Any,
        view: Mapping[str, Any],
        plugins: Plugins,
        *,
        lang: str = "en",
        answer: Callable[[str, dict[str, Any]], tuple[dict[str, Any], dict[str, Any] | None]] | None = None,
    ) -> None:
        """``answer(kind, args)`` answers each command the screen sends with ``(answer, new view or None)``;
        without it every command is answered ``{"ok": true}`` and the view stays."""
        if not view.get("match"):
            raise ValueError("the view holds no match: a game's screen shows a match")
        self.page = page
        self.sent: list[dict[str, Any]] = []  # every command the screen sent: {"kind", "args", "answer"}
        self.problems: list[str] = []  # uncaught errors, blocked content, missing strings, console errors
        self._answer = answer
        page.on("pageerror", lambda error: self.problems.append(f"error: {error}"))
        page.on("console", self._console)
        binding = f"gamenightScreenCommand{next(_bindings)}"
        page.expose_function(binding, self._command)
        server = screen_server(plugins)
        table = "&table=1" if view.get("you") is None else ""
        page.goto(f"{server.url}{PAGE_PATH}?lang={lang}{table}")
        page.evaluate(RUNNER, {"view": _json(view), "lang": lang, "binding": binding})
        self.root = page.get_by_test_id("game-screen")  # the element the screen renders into

    def _console(self, message: Any) -> None:
        if message.type == "error" or (message.type == "warning" and message.text.startswith("missing string")):
            self.problems.append(f"console {message.type}: {message.text}")

    def _command(self, kind: str, args: dict[str, Any]) -> dict[str, Any]:
        answer, view = self._answer(kind, args) if self._answer else ({"ok": True, "reply": {}}, None)
        self.sent.append({"kind": kind, "args": args, "answer": answer})
        return {"answer": answer, "view": _json(view) if view is not None else None}

    def show(self, view: Mapping[str, Any]) -> None:
        """Render a newer view, as a new state arriving does (a screen's error is raised here)."""
        self.page.evaluate("(view) => window.gamenightScreen.show(view)", _json(view))

    def settle(self) -> None:
        """Wait until every command the screen sent has been answered and its new view painted."""
        self.page.wait_for_function("() => window.gamenightScreen.pending === 0")


def show_screen(page: Any, view: Mapping[str, Any], *, plugins: Plugins | None = None, lang: str = "en") -> ScreenPage:
    """Render the screen of the view's game (and its variants') for ``view`` (``view["you"]`` None: the table
    screen) in ``page``, in ``lang``; a command the screen sends is recorded in ``sent`` and answered ok."""
    return ScreenPage(page, view, plugins if plugins is not None else _installed(), lang=lang)


def play_screen(page: Any, party: Party, name: str | None, *, lang: str = "en") -> ScreenPage:
    """The screen ``name`` sees at ``party`` (None: the table screen), live: a command the screen sends is made
    at the party as ``name`` (recorded by its recorder) and the page shows ``name``'s new view. After moves made
    elsewhere, ``screen.show(party.view(name))``."""

    def answer(kind: str, args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        outcome = party.command(name, kind, **args)
        reply = {"ok": True, "reply": outcome.reply} if outcome.ok else {"ok": False, "error": outcome.error}
        return reply, party.view(name)

    return ScreenPage(page, party.view(name), party.plugins, lang=lang, answer=answer)
