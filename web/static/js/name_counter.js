// A name field says its limit while the name is typed: "12 / 20" under it, and a plain sentence once the
// limit is reached (the field takes no more letters: a name is never cut without the player knowing).
// Each <input data-counter> of the page gets one; the limit is the field's maxlength (core/names.py).

import { el } from "./dom.js";
import { t } from "./i18n.js";

const counters = new Map(); // input → its counter node

function paint(input, counter) {
  const max = Number(input.getAttribute("maxlength")) || 0;
  const count = [...input.value].length;
  const full = max > 0 && count >= max;
  counter.textContent = full ? t("form.name_full", { max }) : t("form.name_counter", { count, max });
  counter.classList.toggle("full", full);
}

/** Give each name field of the page (``input[data-counter]``) its counter, and paint them all again. */
export function nameCounters(root = document) {
  for (const input of root.querySelectorAll("input[data-counter]")) {
    let counter = counters.get(input);
    if (!counter) {
      // inside the field's label, but not part of its name: the field is described by it instead
      const id = `${input.closest("form")?.id || "form"}-${input.name}-counter`;
      counter = el("small", { id, class: "name-counter", "data-testid": "name-counter", "aria-hidden": "true" });
      input.setAttribute("aria-describedby", id);
      input.insertAdjacentElement("afterend", counter);
      counters.set(input, counter);
      input.addEventListener("input", () => paint(input, counter));
      input.addEventListener("change", () => paint(input, counter));
    }
    paint(input, counter);
  }
}
