// The host's say over the audience (lobby page, host tools): open or closed, a cap, letting people in one
// by one; and those waiting at the audience's door, each let in or turned away (like knock.js's knocks).

import { el } from "../dom.js";
import { actionButton } from "../buttons.js";
import { t } from "../i18n.js";

/** The cap as the command takes it: a whole number of at least 1, or null (no cap) for an empty field. */
function capOf(text) {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const n = Number.parseInt(trimmed, 10);
  return Number.isFinite(n) && n >= 1 ? n : undefined;
}

function check(testid, checked, label, onchange) {
  return el(
    "label",
    { class: "check" },
    el("input", { type: "checkbox", checked, "data-testid": testid, onchange }),
    el("span", {}, label),
  );
}

/** The host's audience settings, with how many watch and wait. */
export function audienceSettings(view, { command }) {
  const audience = view.lobby.audience;
  if (!audience) return null;
  return el(
    "fieldset",
    { class: "audience-settings", "data-testid": "audience-settings" },
    el("legend", {}, t("audience.host.title")),
    el(
      "p",
      { class: "muted small", "data-testid": "audience-status" },
      t("audience.host.status", { count: audience.watching, waiting: audience.waiting }),
    ),
    check("audience-open", audience.open, t("audience.host.open"), (event) => command("audience", { open: event.target.checked })),
    el(
      "label",
      { class: "field" },
      el("span", { class: "field-label" }, t("audience.host.cap")),
      el("input", {
        type: "number",
        min: "1",
        inputmode: "numeric",
        value: audience.cap === null || audience.cap === undefined ? "" : String(audience.cap),
        "data-testid": "audience-cap",
        onchange: (event) => {
          const cap = capOf(event.target.value);
          if (cap !== undefined) command("audience", { cap });
        },
      }),
    ),
    check("audience-by-host", audience.by_host, t("audience.host.by_host"), (event) =>
      command("audience", { by_host: event.target.checked }),
    ),
  );
}

/** Those waiting at the audience's door on the host's phone, oldest first; null when nobody waits. */
export function audienceDoorCard(view, { command }) {
  const waiting = view.audience_waiting || [];
  if (!waiting.length) return null;
  return el(
    "div",
    { class: "stack" },
    waiting.map((member) =>
      el(
        "div",
        { class: "seat-ask", role: "alert", "data-testid": "audience-waiting", "data-member": member.id },
        el("p", {}, t("audience.host.waiting", { name: member.name })),
        el(
          "div",
          { class: "actions" },
          actionButton({ class: "btn primary", "data-testid": "audience-admit" }, t("door.admit"), () =>
            command("answer_audience", { member: member.id, admit: true }),
          ),
          actionButton({ class: "btn ghost", "data-testid": "audience-refuse" }, t("door.refuse"), () =>
            command("answer_audience", { member: member.id, admit: false }),
          ),
        ),
      ),
    ),
  );
}
