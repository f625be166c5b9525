// The lobby's door: the host's switch "I let new players in", the knocks the host admits or refuses, and the
// notice of a phone that knocked and waits (docs/protocol.md, "Moderation").

import { el } from "./dom.js";
import { actionButton } from "./buttons.js";
import { t } from "./i18n.js";

/** The host's switch: a newcomer's join becomes a knock the host answers. */
export function doorSwitch(view, { command }) {
  const asking = Boolean(view.lobby.door);
  return el(
    "label",
    { class: "check", "data-testid": "door-switch" },
    el("input", {
      type: "checkbox",
      checked: asking,
      "data-testid": "door",
      onchange: (event) => command("door", { ask: event.target.checked }),
    }),
    el("span", {}, t("door.switch")),
  );
}

/** The knocks on the host's phone, newest last; null when nobody knocks. */
export function knocksCard(view, { command }) {
  const knocks = view.moderation?.knocks || [];
  if (knocks.length === 0) return null;
  return el(
    "div",
    { class: "stack" },
    knocks.map((knock) =>
      el(
        "div",
        { class: "seat-ask", role: "alert", "data-testid": "knock", "data-knock": knock.id },
        el("p", {}, t("door.knock", { name: knock.name })),
        el(
          "div",
          { class: "actions" },
          actionButton({ class: "btn primary", "data-testid": "knock-admit" }, t("door.admit"), () =>
            command("answer_knock", { knock: knock.id, admit: true }),
          ),
          actionButton({ class: "btn ghost", "data-testid": "knock-refuse" }, t("door.refuse"), () =>
            command("answer_knock", { knock: knock.id, admit: false }),
          ),
        ),
      ),
    ),
  );
}
