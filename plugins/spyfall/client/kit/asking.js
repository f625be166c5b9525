// The asking tracker: who asks now; the asker taps whom they asked (no asking back).

import { section } from "./controls.js";

/** ``players``: those who may be asked (the players still in the match). */
export function askingTracker(api, { players, me, playing, asker, askedBy, firstNote }) {
  const { el, t } = api;
  const mine = playing && !api.table && asker === me;
  const lines = [
    el(
      "p",
      { class: "sf-asker", "data-testid": "sf-asker" },
      mine ? t("spyfall.kit.you_ask") : t("spyfall.kit.asks_now", { name: api.name(asker) }),
    ),
    // the asker's own phone goes straight to whom they asked (the one they may not ask back says so itself)
    mine
      ? null
      : el(
          "p",
          { class: "sf-muted", "data-testid": "sf-asked-by" },
          askedBy ? t("spyfall.kit.asked_by", { name: api.name(asker), by: api.name(askedBy) }) : firstNote,
        ),
  ];
  if (mine) {
    lines.push(
      el("p", { class: "sf-prompt" }, t("spyfall.kit.whom_asked")),
      el(
        "div",
        { class: "sf-choices", "data-testid": "sf-ask-targets" },
        players
          .filter((pid) => pid !== me)
          .map((pid) => {
            const back = pid === askedBy;
            return api.actionButton({
                class: ["btn", "sf-choice"],
                disabled: back,
                "data-player": pid,
                "data-keep": `sf-asked-${pid}`,
                "data-testid": "sf-asked",
                // the prompt above says what a tap means: the button shows the name alone, whole on demand
                "aria-label": t("spyfall.kit.i_asked", { name: api.name(pid) }),
                title: back ? t("spyfall.kit.no_asking_back") : api.name(pid),
              },
              [
                el("span", { class: "sf-choice-name" }, api.who(pid, { size: "s" })),
                back ? el("small", { class: "sf-choice-note" }, t("spyfall.kit.no_asking_back")) : null,
              ],
              () => api.send("asked", { player: pid }),
            );
          }),
      ),
    );
  }
  return section(api, "sf-asking", "sf-asking", ...lines);
}
