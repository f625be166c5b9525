// I'm Not a Robot: the gallery of a finished match (game_view.gallery: every drawing, in the order drawn,
// with its round, artist and word). The table shows it as a scene of its own (the shell calls renderFinale):
// one drawing at a time, large, replayed stroke by stroke, then the next, with every drawing small beside it.
// A phone steps through it by hand, each drawing replayed as it comes, or its lines shown one at a time with a
// step control (the figure first, then each decoration), for whoever wants no motion or time to look.

import { inkBase, inkPaths } from "./pad.js";
import { wordText } from "./common.js";
import { refocus } from "./phone_parts.js";

const STROKE_MS = 1400; // one line drawn
const HOLD_MS = 1800; // the whole drawing held before the next one

/** How many lines ``entry`` has: its figure and its decorations. */
export function lineCount(entry) {
  return 1 + (entry.decorations || []).length;
}

/**
 * The ink of one drawing; ``replay``: its lines are drawn one after another (the figure first); ``upTo``: only
 * its first that many lines, still.
 */
export function drawingInk(entry, { replay = false, className = null, upTo = null } = {}) {
  const base = inkBase(className);
  const decorations = inkPaths({ decorations: entry.decorations });
  let ordered = [...inkPaths({ figure: entry.figure }), ...decorations]; // the figure first, as it was drawn
  if (upTo !== null) {
    ordered = ordered.slice(0, upTo);
    replay = false;
  }
  ordered.forEach((path, index) => {
    if (!replay) return;
    path.setAttribute("pathLength", "1");
    path.classList.add("nr-replay");
    path.style.setProperty("--nr-stroke-delay", `${index * STROKE_MS}ms`);
    path.style.setProperty("--nr-stroke-ms", `${STROKE_MS}ms`);
  });
  base.ink.append(...ordered);
  return base.root;
}

/** How long ``entry`` takes to replay and be looked at. */
function showing(entry) {
  return (1 + (entry.decorations || []).length) * STROKE_MS + HOLD_MS;
}

function caption(api, entry, index, count) {
  const { el, t } = api;
  return el(
    "figcaption",
    { class: "nr-gallery-caption", "data-testid": "nr-gallery-caption" },
    el("strong", { class: "nr-gallery-word", "data-testid": "nr-gallery-word" }, wordText(api, entry.word)),
    el("span", { class: "nr-gallery-artist" }, api.name(entry.artist)),
    el("span", { class: "nr-gallery-count" }, t("notarobot.gallery.position", { round: entry.round, number: index + 1, count })),
  );
}

const tables = new WeakMap(); // root -> {index, timer, key}

/** The table's gallery scene: the current drawing replayed large; every drawing small, the current one marked. */
export function renderFinale(root, view, api) {
  const gallery = view.match?.game_view?.gallery || [];
  let state = tables.get(root);
  const key = `${view.match?.id}:${gallery.length}:${api.lang}`;
  if (state && state.key === key && root.firstChild) return; // already going round: a new state changes nothing
  if (state) clearTimeout(state.timer);
  state = { index: state?.key === key ? state.index : 0, timer: null, key };
  tables.set(root, state);
  const paint = () => {
    if (root.hidden || !root.isConnected) return; // the scene was left: coming back starts it again
    const entry = gallery[state.index];
    root.replaceChildren(galleryBody(api, gallery, state.index, { replay: true, table: true }));
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.index = (state.index + 1) % gallery.length;
      paint();
    }, showing(entry));
  };
  if (gallery.length) paint();
}

function galleryBody(api, gallery, index, { replay, table, upTo = null }) {
  const { el, t } = api;
  const entry = gallery[index];
  return el(
    "div",
    { class: ["nr-gallery", table ? "nr-gallery-table" : "nr-gallery-phone"], "data-testid": "nr-gallery", "data-index": String(index) },
    el("h2", { class: "nr-gallery-title" }, t("notarobot.gallery.title")),
    el(
      "figure",
      { class: "nr-gallery-main", "data-testid": "nr-gallery-main" },
      el("div", { class: "nr-gallery-pad", "data-testid": "nr-gallery-pad" }, drawingInk(entry, { replay, upTo })),
      caption(api, entry, index, gallery.length),
    ),
    table
      ? el(
          "ol",
          // as many columns as keep every drawing in a strip about 1.4 times as wide as it is tall (60 at most)
          { class: "nr-gallery-strip", "data-testid": "nr-gallery-strip", style: { "--nr-columns": Math.ceil(Math.sqrt(gallery.length * 1.4)) } },
          gallery.map((item, n) =>
            el(
              "li",
              { class: ["nr-gallery-thumb", n === index ? "current" : null], "data-testid": "nr-gallery-item" },
              drawingInk(item),
            ),
          ),
        )
      : null,
  );
}

/** A phone's gallery: one drawing at a time, replayed, with buttons to the previous and the next, and a step control. */
export function phoneGallery(s, api, gallery) {
  const { el, t } = api;
  const index = Math.min(s.ui.galleryIndex ?? 0, gallery.length - 1);
  const go = (step) => {
    s.ui.galleryIndex = (index + step + gallery.length) % gallery.length;
    s.ui.galleryStep = null; // the next drawing replays from its start
    api.refresh();
  };
  const upTo = s.ui.galleryStep ?? null;
  return [
    galleryBody(api, gallery, index, { replay: true, table: false, upTo }),
    stepControl(s, api, gallery[index], upTo),
    el(
      "div",
      { class: "nr-gallery-nav" },
      el("button", { type: "button", class: "btn", "data-testid": "nr-gallery-prev", onclick: () => go(-1) }, t("notarobot.gallery.previous")),
      el("button", { type: "button", class: "btn", "data-testid": "nr-gallery-next", onclick: () => go(1) }, t("notarobot.gallery.next")),
    ),
  ];
}

/** The drawing's lines one at a time: back and forth, and which line is shown, in words. */
function stepControl(s, api, entry, upTo) {
  const { el, t } = api;
  const count = lineCount(entry);
  const step = (by) => {
    s.ui.galleryStep = Math.min(count, Math.max(1, (upTo ?? 0) + by));
    api.refresh();
    refocus(by > 0 ? "nr-step-forward" : "nr-step-back", by > 0 ? "nr-step-back" : "nr-step-forward");
  };
  const said =
    upTo === null
      ? t("notarobot.gallery.step_hint", { count })
      : t(upTo === 1 ? "notarobot.gallery.step_figure" : "notarobot.gallery.step_decoration", { number: upTo, count });
  return el(
    "div",
    { class: "nr-gallery-steps", role: "group", "aria-label": t("notarobot.gallery.steps") },
    el("button", { type: "button", class: "btn", "data-testid": "nr-step-back", disabled: upTo === null || upTo <= 1, onclick: () => step(-1) }, t("notarobot.gallery.step_back")),
    el("button", { type: "button", class: "btn", "data-testid": "nr-step-forward", disabled: upTo !== null && upTo >= count, onclick: () => step(1) }, t("notarobot.gallery.step_forward")),
    el("p", { class: "nr-gallery-step-said", "data-testid": "nr-step-said", role: "status" }, said),
  );
}
