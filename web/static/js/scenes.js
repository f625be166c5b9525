// The table screen's scenes: it shows one at a time, never a stacked dashboard.
//
//   match    a match under way: its stage (the only scene while it runs)
//   results  the match that just ended: winners, ranking, each round's points
//   finale   the game's own look back at the match that just ended, when its view offers one
//            (game_view.finale; the screen's renderFinale draws it: I'm Not a Robot's gallery of drawings)
//   lobby    the join code and QR (while seats are open), the seats, the chosen game's setup
//   night    the night's scoreboard and the matches played
//   opener, crew, nights, fame   a crew's story (crew_scenes.js): "previously on", the standings and records,
//            the past nights, the hall of fame; the opener is the scene of the moment from a new night's start
//
// Between matches several scenes are available; the table opens the one of the moment (the results when a
// match ends, the lobby when the host picks the next game or before any match) and then goes round them
// every ROTATE_SECONDS (not with ?rotate=0 in the page's address). A tab picked on the table itself (a click,
// or the arrow keys: a TV's remote) stays until the moment changes.

import { el, fill } from "./dom.js";
import { has, t } from "./i18n.js";

export const ROTATE_SECONDS = 20;

/** The lobby's setup is still the one the match was started with (the match's options add the defaults). */
function sameSetup(setup, match) {
  if (!setup || !match) return false;
  const options = match.options || {};
  return (
    setup.game === match.game &&
    JSON.stringify(setup.variants || []) === JSON.stringify(match.variants || []) &&
    Object.entries(setup.options || {}).every(([name, value]) => JSON.stringify(options[name]) === JSON.stringify(value))
  );
}

/** The scenes this state offers, in the tabs' order, and the one of the moment (``lead``). */
export function scenesOf(view) {
  const { lobby, match } = view;
  if (match && !match.over) return { scenes: ["match"], lead: "match" };
  const results = match?.over && match.result ? "results" : null;
  const finale = results && match.game_view?.finale ? "finale" : null;
  const night = lobby.scoreboard?.length || lobby.history?.length ? "night" : null;
  const crew = lobby.crew;
  const opener = crew?.opener ? "opener" : null;
  const story = crew ? ["crew", crew.nights.length ? "nights" : null, crew.fame.length ? "fame" : null] : [];
  const scenes = [results, finale, opener, "lobby", night, ...story].filter(Boolean);
  // the host chose a game (or other settings) since the match ended: the next game is the moment
  const picked = Boolean(lobby.setup) && !sameSetup(lobby.setup, match);
  return { scenes, lead: results && !picked ? "results" : (opener ?? "lobby") };
}

/** A scene's tab: the game names its own finale (``<game>.scene.finale``), else the shell's word. */
function sceneLabel(name, game) {
  const own = `${game}.scene.${name}`;
  return game && name === "finale" && has(own) ? t(own) : t(`scene.${name}`);
}

export class SceneDirector {
  /**
   * ``tabs``: the element for the scene tabs; ``changed()`` renders the table again; without ``rotate``
   * a scene stays until the moment changes or a tab is picked.
   */
  constructor(tabs, changed, { rotate = true } = {}) {
    this.tabs = tabs;
    this.changed = changed;
    this.game = null;
    this.rotate = rotate;
    this.scenes = [];
    this.current = null;
    this.moment = null;
    this.held = false;
    this.timer = null;
    tabs.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (step) this.pick(this.neighbour(step), { focus: true });
    });
  }

  /** The scene to show for ``view``; a new moment brings its lead scene and restarts the round. */
  update(view) {
    const { scenes, lead } = scenesOf(view);
    const match = view.match;
    this.game = match?.game ?? null;
    const moment = JSON.stringify([scenes, lead, match?.id ?? null, Boolean(match?.over), view.lobby.setup ?? null]);
    this.scenes = scenes;
    if (moment !== this.moment) {
      this.moment = moment;
      this.current = lead;
      this.held = false;
      this.schedule();
    } else if (!scenes.includes(this.current)) {
      this.current = lead;
    }
    this.paintTabs();
    return this.current;
  }

  neighbour(step) {
    const index = this.scenes.indexOf(this.current);
    return this.scenes[(index + step + this.scenes.length) % this.scenes.length];
  }

  schedule() {
    clearTimeout(this.timer);
    if (!this.rotate || this.held || this.scenes.length < 2) return;
    this.timer = setTimeout(() => {
      this.current = this.neighbour(1);
      this.schedule();
      this.changed();
    }, ROTATE_SECONDS * 1000);
  }

  /** Show ``name`` and stay on it until the moment changes. */
  pick(name, { focus = false } = {}) {
    if (!this.scenes.includes(name)) return;
    this.current = name;
    this.held = true;
    clearTimeout(this.timer);
    this.changed();
    if (focus) this.tabs.querySelector(`[data-scene="${name}"]`)?.focus();
  }

  paintTabs() {
    const show = this.scenes.length > 1;
    this.tabs.hidden = !show;
    if (!show) {
      this.tabs.replaceChildren();
      return;
    }
    this.tabs.setAttribute("role", "tablist");
    fill(
      this.tabs,
      this.scenes.map((name) =>
        el(
          "button",
          {
            type: "button",
            role: "tab",
            class: "scene-tab",
            "aria-selected": String(name === this.current),
            tabindex: name === this.current ? "0" : "-1",
            "data-scene": name,
            "data-testid": `scene-tab-${name}`,
            onclick: () => this.pick(name),
          },
          sceneLabel(name, this.game),
        ),
      ),
    );
  }
}
