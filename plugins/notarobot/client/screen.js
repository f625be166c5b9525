// I'm Not a Robot: a CAPTCHA drawing game. A phone is a player's secret pad; the TV is the table.
// The shell calls render(root, view, api) on every state. The screen keeps one box of named slots in
// ``root`` and repaints a slot only when what it shows has changed; the pad being drawn on is kept as
// one node for the whole round (phone_draw.js), so a state arriving mid-stroke never breaks the line.
// Players' text goes through api.el / api.t only. The modules:
//   inside.js   the inside-tiles preview (even-odd, sampled), the crossing count
//   pad.js      the pad: SVG ink, the tile grid, masks, checkmarks
//   drawing.js  pointer input, simplification, the server's limits, undo
//   tap_draw.js drawing by tapping the pad's grid points (buttons named by row and column), said in words
//   phone.js    a player's phone (phone_draw.js the drawing, phone_parts.js what both share, fit.js the pad's
//               size and the scroll to what to do now)
//   table.js    the table screen (and anyone watching); votes.js the reveal's votes
//   cards.js    the lobby's word cards (renderSetup);  cues.js the moments' sounds
//   gallery.js  every drawing of a finished match (renderFinale: the table's scene; a phone steps through it,
//               drawing by drawing and line by line);  keepsake.js a drawing in a crew's hall of fame
//               (renderKeepsake)
// Styles: screen.css (the parts, the phone), table.css (the table screen's layout on a TV).

import { context } from "./common.js";
import { renderPhone } from "./phone.js";
import { renderTable } from "./table.js";
import { cueMoments } from "./cues.js";

export { renderSetup } from "./cards.js";
export { renderFinale } from "./gallery.js";
export { renderKeepsake } from "./keepsake.js";

const SLOTS = ["status", "words", "stage", "controls", "info", "votes", "tokens", "record"];
const screens = new WeakMap();

function screenOf(root, api) {
  let s = screens.get(root);
  if (s && s.box.parentNode === root) return s;
  const box = api.el("div", { class: "nr-root" });
  s = { box, slots: {}, keys: {}, ui: {}, turn: null, peeled: null };
  for (const name of SLOTS) {
    s.slots[name] = api.el("div", {
      class: `nr-slot nr-slot-${name}`,
      "data-slot": name,
      "aria-live": name === "status" ? "polite" : null,
      hidden: true,
    });
    box.appendChild(s.slots[name]);
  }
  /** Rebuild slot ``name`` with ``build()`` only when ``key`` has changed since its last build. */
  s.paint = (name, key, build) => {
    const text = JSON.stringify(key);
    if (s.keys[name] === text) return;
    s.keys[name] = text;
    const slot = s.slots[name];
    slot.replaceChildren(...[build()].flat(Infinity).filter(Boolean));
    slot.hidden = slot.childNodes.length === 0;
  };
  /** Put ``node`` alone in slot ``name``, leaving it where it is when it is there already. */
  s.place = (name, node) => {
    const slot = s.slots[name];
    s.keys[name] = null;
    if (slot.firstChild !== node || slot.childNodes.length !== 1) slot.replaceChildren(node);
    slot.hidden = false;
  };
  root.replaceChildren(box);
  screens.set(root, s);
  return s;
}

export function render(root, view, api) {
  const s = screenOf(root, api);
  const ctx = context(view, api);
  const turn = `${ctx.match.id}:${ctx.match.round}:${ctx.g.artist || ""}`;
  if (s.turn !== turn) {
    s.turn = turn;
    s.ui = {}; // a new turn: no pending tap, no message, no armed button
  }
  if (s.ui.stage !== ctx.stage) {
    s.ui = { stage: ctx.stage };
  }
  const mode = ctx.playing ? "phone" : ctx.table ? "table" : "watch";
  s.box.className = ["nr-root", `nr-${mode}`, `nr-phase-${ctx.stage}`].join(" ");
  s.box.dataset.phase = ctx.stage || "";
  if (s.mode !== mode) {
    s.mode = mode;
    s.keys = {}; // another layout: repaint every slot
  }
  if (ctx.playing) renderPhone(s, ctx);
  else renderTable(s, ctx);
  cueMoments(ctx);
}
