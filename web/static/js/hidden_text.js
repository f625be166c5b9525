// What the host hid arrives as a marker in place of the text (docs/protocol.md, "Moderation"): every screen,
// the games' included, shows it as "hidden by the host" in the reader's language.

import { t } from "./i18n.js";

export const HIDDEN_TEXT = "\u2298hidden\u2298";

let seen = new WeakMap(); // a part of a view already shown: patches share the parts they did not change

function shown(value) {
  if (value === HIDDEN_TEXT) return t("moderation.hidden");
  if (value === null || typeof value !== "object") return value;
  const known = seen.get(value);
  if (known) return known;
  let changed = false;
  const copy = Array.isArray(value) ? [] : {};
  for (const [key, part] of Object.entries(value)) {
    const next = shown(part);
    if (next !== part) changed = true;
    copy[key] = next;
  }
  const result = changed ? copy : value;
  seen.set(value, result);
  return result;
}

/** The view with each hidden text replaced by its label (the view itself when nothing is hidden). */
export function withHiddenShown(view) {
  return shown(view);
}

/** After a language switch: show the labels again in the new language. */
export function forgetShown() {
  seen = new WeakMap();
}
