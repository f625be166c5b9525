// I'm Not a Robot's keepsake in a crew's hall of fame (the shell calls renderKeepsake): the drawing replayed
// line by line as the gallery does; with less motion, its lines shown one at a time with a step control.

import { drawingInk, lineCount } from "./gallery.js";

function lessMotion() {
  return (
    document.documentElement.classList.contains("reduce-motion") ||
    Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches)
  );
}

/** A drawing keepsake (content: {figure, decorations}) as a node; null for a keepsake of another kind. */
export function renderKeepsake(keepsake, api) {
  const { el, t } = api;
  const entry = keepsake.content;
  if (keepsake.kind !== "drawing" || !entry?.figure) return null;
  const pad = el("div", { class: "nr-gallery-pad nr-keepsake-pad", "data-testid": "nr-keepsake-pad" });
  const root = el("div", { class: "nr-keepsake", "data-testid": "nr-keepsake" }, pad);
  if (!lessMotion() || api.table) {
    pad.append(drawingInk(entry, { replay: true }));
    return root;
  }
  const count = lineCount(entry);
  let upTo = 1;
  const said = el("p", { class: "nr-gallery-step-said", role: "status" });
  const back = el("button", { type: "button", class: "btn", "data-testid": "nr-keepsake-back" }, t("notarobot.gallery.step_back"));
  const forward = el("button", { type: "button", class: "btn", "data-testid": "nr-keepsake-forward" }, t("notarobot.gallery.step_forward"));
  const paint = () => {
    pad.replaceChildren(drawingInk(entry, { upTo }));
    said.textContent = t(upTo === 1 ? "notarobot.gallery.step_figure" : "notarobot.gallery.step_decoration", { number: upTo, count });
    back.disabled = upTo <= 1;
    forward.disabled = upTo >= count;
  };
  back.addEventListener("click", () => {
    upTo = Math.max(1, upTo - 1);
    paint();
  });
  forward.addEventListener("click", () => {
    upTo = Math.min(count, upTo + 1);
    paint();
  });
  paint();
  root.append(el("div", { class: "nr-gallery-steps", role: "group", "aria-label": t("notarobot.gallery.steps") }, back, forward, said));
  return root;
}
