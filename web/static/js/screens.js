// Games' own screens: loading a game's screen.js (and screen.css) once, and the api every screen receives.
// A screen module exports render(root, view, api) for the match, and may export
// renderSetup(root, view, api) for the lobby's setup card (editors for the game's shelves).

import { el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { nameOf } from "./common.js";
import { findGame, loadCatalogue } from "./catalogue.js";
import { getSeat } from "./store.js";
import { holdToReveal } from "./hold.js";

const modules = new Map();

export function ensureStyles(game) {
  if (document.head.querySelector(`link[data-screen="${CSS.escape(game)}"]`)) return;
  document.head.appendChild(
    el("link", { rel: "stylesheet", href: `/plugins/${encodeURIComponent(game)}/screen.css`, "data-screen": game }),
  );
}

const noScreen = { render: (root) => fill(root, el("p", { class: "muted" }, t("match.no_screen"))) };
const failedScreen = { render: (root) => fill(root, el("p", { class: "error" }, t("match.screen_failed"))) };

/** The game's screen module (loaded once per page), or a stand-in that says there is none. */
export function loadScreen(gameId) {
  if (!modules.has(gameId)) {
    modules.set(
      gameId,
      (async () => {
        const game = findGame(await loadCatalogue(), gameId);
        if (!game || !game.screen) return noScreen;
        if (game.styles) ensureStyles(game.id);
        try {
          return await import(`/plugins/${encodeURIComponent(game.id)}/screen.js`);
        } catch (error) {
          console.error(error);
          return failedScreen;
        }
      })(),
    );
  }
  return modules.get(gameId);
}

const notAttached = { ok: false, error: { code: "not_attached", key: "error.not_attached", params: {} } };

/**
 * The api a screen receives. ``current()`` returns the newest view; ``command(kind, args)`` sends
 * a lobby command (null on the table screen, where nothing can be sent).
 */
export function screenApi({ current, command, table }) {
  return {
    t,
    el,
    table,
    get lang() {
      return lang();
    },
    /** True when the viewer is the lobby's host. */
    get host() {
      const view = current();
      return Boolean(view && !table && view.you && view.lobby.host === view.you);
    },
    name: (pid) => nameOf(current(), pid),
    /** A secret card: holdToReveal(button, onChange(held)) shows it only while it is held. */
    holdToReveal,
    /** Load another game's or variant's screen.css too (a screen that shares another plugin's parts). */
    useStyles: (id) => ensureStyles(id),
    /**
     * A move in the current match: send(action, args, {quiet}) → Promise of the server's answer.
     * With quiet, a refusal is not shown as a toast: the screen shows it itself.
     */
    send: (action, args = {}, { quiet = false } = {}) => {
      const view = current();
      if (!command || !view?.match) return Promise.resolve(notAttached);
      return command("act", { action, args, version: view.match.version }, { quiet });
    },
    /**
     * POST a form (files) to ``path`` as this seat: upload(path, formData, onProgress(fraction)) →
     * Promise of the server's JSON answer ({ok, ...} or {ok: false, error}).
     */
    upload: (path, formData, onProgress = null) => {
      const view = current();
      const seat = view && getSeat(view.lobby.code);
      if (table || !seat) return Promise.resolve(notAttached);
      return new Promise((resolve) => {
        const request = new XMLHttpRequest(); // not fetch: it reports an upload's progress
        request.open("POST", path);
        request.setRequestHeader("X-Seat-Token", seat.token);
        request.responseType = "json";
        request.upload.addEventListener("progress", (event) => {
          if (event.lengthComputable) onProgress?.(event.loaded / event.total);
        });
        const failed = { ok: false, error: { code: "upload_failed", key: "error.upload_failed", params: {} } };
        request.addEventListener("load", () => resolve(request.response || failed));
        request.addEventListener("error", () => resolve(failed));
        request.send(formData);
      });
    },
    /** A move on a lobby shelf (data that outlives matches): shelf(shelfId, action, args). */
    shelf: (shelf, action, args = {}) => {
      if (!command) return Promise.resolve(notAttached);
      return command("shelf", { shelf, action, args });
    },
  };
}
