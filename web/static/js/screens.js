// Games' own screens: loading a game's screen.js (and screen.css) once, and the api every screen receives.
// A screen module exports render(root, view, api) for the match, and may export
// renderSetup(root, view, api) for the lobby's setup card (editors for the game's shelves), and
// renderKeepsake(keepsake, api) for its keepsakes in a crew's hall of fame (crew_parts/fame.js).
// A variant's screen.js exports extend(view, root, api), called after its game's render (docs/screens.md).

import { el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { lastRound, nameOf } from "./common.js";
import { findGame, loadCatalogue, phasesOf } from "./catalogue.js";
import { getSeat } from "./store.js";
import { toLobbyNode } from "./socket.js";
import { holdToReveal } from "./hold.js";
import { findControl } from "./focus.js";
import { cue } from "./cues.js";
import { COLOURS, avatar, lookOf, who } from "./looks.js";
import { firstState } from "./moments.js";
import { actionButton, confirmButton } from "./buttons.js";
import { grid } from "./grid.js";
import { isOffline, offlineMark } from "./presence.js";

const modules = new Map();

const styles = new Map();
const arriving = new Set(); // the promises of the sheets still on their way
const STYLES_WAIT_MS = 8000; // a sheet whose request hangs (a phone losing its signal) hides no screen for longer

/**
 * Load ``game``'s screen.css once per page. The promise settles when the sheet and every sheet it imports
 * have arrived (the link's load event waits for its imports) or failed to, or after STYLES_WAIT_MS: a screen
 * drawn before that is drawn unstyled, and on a slow TV the table would show a page-long list for a moment.
 */
export function ensureStyles(game) {
  if (!styles.has(game)) {
    const link = el("link", {
      rel: "stylesheet",
      href: `/plugins/${encodeURIComponent(game)}/screen.css`,
      "data-screen": game,
    });
    const loaded = new Promise((settled) => {
      link.addEventListener("load", settled, { once: true });
      link.addEventListener("error", settled, { once: true });
      setTimeout(settled, STYLES_WAIT_MS);
    });
    arriving.add(loaded);
    loaded.then(() => arriving.delete(loaded));
    styles.set(game, loaded);
    document.head.appendChild(link);
  }
  return styles.get(game);
}

/**
 * Keep ``root`` hidden while a screen.css asked for (by the shell, or by a screen through api.useStyles
 * as it rendered) is on its way; once every one has come, show it and ``repaint()`` (a screen that measures
 * itself measures again, styled).
 */
export function showWhenStyled(root, repaint) {
  if (!arriving.size || root.hasAttribute("data-styling")) return;
  root.setAttribute("data-styling", ""); // an attribute: a screen may set its root's className
  const waitForAll = () =>
    Promise.all(arriving).then(() => {
      if (arriving.size) return waitForAll();
      root.removeAttribute("data-styling");
      repaint();
    });
  waitForAll();
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
        const styled = game.styles ? ensureStyles(game.id) : null;
        try {
          const module = await import(`/plugins/${encodeURIComponent(game.id)}/screen.js`);
          await styled;
          return module;
        } catch (error) {
          console.error(error);
          return failedScreen;
        }
      })(),
    );
  }
  return modules.get(gameId);
}

const variantModules = new Map();

/**
 * The screen module of variant ``variantId`` of ``gameId`` (loaded once per page), or null when it has
 * none. The catalogue says which variants ship a screen.js (``screen``); a server that does not say is
 * asked for the file, and a variant without one simply adds nothing.
 */
export function loadVariantScreen(gameId, variantId) {
  const key = `${gameId}/${variantId}`;
  if (!variantModules.has(key)) {
    variantModules.set(
      key,
      (async () => {
        const game = findGame(await loadCatalogue(), gameId);
        const variant = game?.variants?.find((v) => v.id === variantId);
        if (!variant || variant.screen === false) return null;
        const styled = variant.styles ? ensureStyles(variant.id) : null;
        try {
          const module = await import(`/plugins/${encodeURIComponent(variant.id)}/screen.js`);
          await styled;
          return typeof module.extend === "function" ? module : null;
        } catch (error) {
          if (variant.screen) console.error(error);
          return null;
        }
      })(),
    );
  }
  return variantModules.get(key);
}

/** The screen modules of the chosen variants that have one, in the order the match lists them. */
export async function loadVariantScreens(gameId, variantIds) {
  const modules = await Promise.all((variantIds || []).map((id) => loadVariantScreen(gameId, id)));
  return modules.map((module, index) => (module ? { id: variantIds[index], module } : null)).filter(Boolean);
}

const notAttached = { ok: false, error: { code: "not_attached", key: "error.not_attached", params: {} } };

/** The event a screen's api.announce dispatches (its text in ``detail``); the phone's announcer says it. */
export const ANNOUNCE_EVENT = "gamenight:announce";

/**
 * The api a screen receives. ``current()`` returns the newest view; ``command(kind, args)`` sends
 * a lobby command (null on the table screen, where nothing can be sent); ``root()`` is the element
 * the screen renders into and ``refresh()`` renders it again with the newest view.
 */
export function screenApi({ current, command, table, root = () => null, refresh = () => {} }) {
  const seen = new Set(); // the moments this screen has marked (api.once), for the whole night
  const once = (key) => !seen.has(key) && Boolean(seen.add(key));
  return {
    t,
    el,
    table,
    get lang() {
      return lang();
    },
    /**
     * The current game's phase ids from the server's catalogue, each key its own value: test a phase as
     * ``match.phase === api.phases.play``. An id the game does not declare throws (docs/screens.md).
     */
    get phases() {
      return phasesOf(current()?.match?.game || current()?.lobby?.setup?.game);
    },
    /** True when the viewer is the lobby's host. */
    get host() {
      const view = current();
      return Boolean(view && !table && view.you && view.lobby.host === view.you);
    },
    /**
     * True when the viewer plays the current match: seated and still in it. False on the table, for a
     * late arrival and for a player who left and came back: they get the public view, like the table.
     */
    get playing() {
      const match = current()?.match;
      if (table || !match) return false;
      const you = current().you;
      return Boolean(you && this.present.includes(you));
    },
    /** The players still in the match (everyone who started it but those who left), in seat order. */
    get present() {
      const match = current()?.match;
      if (!match) return [];
      return match.present || match.players.filter((pid) => !(match.left || []).includes(pid));
    },
    /** True in the match's last round (its game view's ``rounds``, else the ``rounds`` option, is reached). */
    get lastRound() {
      return lastRound(current()?.match);
    },
    /** Render the screen again with the newest view (after a change of its own: a picker opened). */
    refresh: () => refresh(),

    /** The field with this key (data-keep, id or name) as it is in the page now, or null. */
    field: (key) => findControl(root(), key, { field: true }),
    name: (pid) => nameOf(current(), pid),
    /**
     * A player as the shell shows one (docs/screens.md): a node with their avatar (a shape on a disc of
     * their colour) and their name, cut with an ellipsis (the whole name in its title) when space runs
     * short. who(pid, {size: "s" | "m" | "l", name}): ``name`` overrides the name from the view.
     */
    who: (pid, { size = "m", name = null } = {}) => who(current(), pid, { size, name }),
    /** True while ``pid``'s phone has lost its connection (the shell marks it in its points and names it). */
    offline: (pid) => isOffline(current(), pid),
    /** The shell's "offline" mark (a picture and the word) for beside a player's name, or null when connected. */
    offlineMark: (pid) => offlineMark(current(), pid),
    /** A seat's look, {colour, avatar} (ids), or null for a player no longer seated. */
    look: (pid) => lookOf(current(), pid),
    /** A player's avatar alone (their shape on a disc of their colour): avatar(pid, {size}), a new node each call. */
    avatar: (pid, { size = "m" } = {}) => avatar(lookOf(current(), pid), { size }),
    /** A player's colour as a CSS colour (for a game's own marks in it), or null for a player no longer seated. */
    colour: (pid) => COLOURS[lookOf(current(), pid)?.colour] || null,
    /** A secret card: holdToReveal(button, onChange(held)) shows it only while it is held. */
    holdToReveal,
    /**
     * Sound (and on a phone vibrate) a cue for a moment of the game, once per moment (cues.js lists the
     * names): "round_start", "vote_open", "vote_close", "reveal" play on the table, "your_turn" and
     * "reveal_window" on a player's phone; asked for on the other surface, a cue is ignored.
     */
    cue: (name) => cue(name),
    /**
     * True the first time this screen asks about ``key``, false ever after (the screen's memory outlives
     * rounds and matches: put the match and round in the key). For an entrance (.reveal-in) played once.
     */
    once,
    /**
     * Sound cue ``name`` once for the moment ``key`` (however often the screen renders it). A moment that was
     * already under way when the page opened (its first state) is marked without a sound.
     */
    cueOnce: (key, name) => {
      if (once(`cue:${key}`) && !firstState()) cue(name);
    },
    /**
     * Say ``text`` (a string, or a function making it) in this phone's spoken news, which a screen reader reads
     * out, once for the moment ``key``; a moment under way when the page opened is not said, and nothing is on
     * the table. The shell already says phases, turns, votes, clocks and results: this is for a game's own.
     */
    announceOnce: (key, text) => {
      if (table || !once(`say:${key}`) || firstState()) return;
      const words = typeof text === "function" ? text() : text;
      if (words) document.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: words }));
    },
    /** A button for a move, disabled while the move is on its way: actionButton(attrs, label, onPress). */
    actionButton,
    /**
     * A button that acts on a second tap within a few seconds, for what cannot be taken back:
     * confirmButton({id, label, confirmLabel, onConfirm, attrs}); ``id`` keeps it armed across renders.
     */
    confirmButton,
    /**
     * A grid with a row per item (an HTML table): grid({columns: [{label, num, title}], rows, cells(row) → [cell...],
     * rowAttrs(row), caption, attrs}); a cell is a string, a node, or {value, attrs}; the first names the row.
     */
    grid,
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
        request.open("POST", toLobbyNode(path)); // a cluster: to the lobby's own server
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
