// Who the host kicked tonight and keeps out, with when, and the button that lets each back in.

import { el } from "./dom.js";
import { actionButton } from "./buttons.js";
import { t } from "./i18n.js";

function clockTime(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The host's list of the kept-out; null when nobody is. */
export function keptOutCard(view, { command }) {
  const kept = view.moderation?.kept_out || [];
  if (kept.length === 0) return null;
  return el(
    "div",
    { class: "stack", "data-testid": "kept-out" },
    el("h3", {}, t("kept_out.title")),
    el("p", { class: "muted small" }, t("kept_out.hint")),
    el(
      "ul",
      { class: "plain-list" },
      kept.map((entry) =>
        el(
          "li",
          { class: "row", "data-testid": "kept-out-entry" },
          el("span", {}, t("kept_out.entry", { name: entry.name, time: clockTime(entry.at) })),
          actionButton({ class: "btn small ghost", "data-testid": "let-back" }, t("kept_out.let_back"), () =>
            command("let_back", { entry: entry.id }),
          ),
        ),
      ),
    ),
  );
}
