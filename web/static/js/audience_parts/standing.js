// The top of an audience phone: the member's name, how many watch, their points and place in the crowd.

import { el } from "../dom.js";
import { has, lang, t } from "../i18n.js";

/** "3rd" / "3-е": the place as the language writes an ordinal. */
export function ordinal(n) {
  const form = new Intl.PluralRules(lang(), { type: "ordinal" }).select(n);
  return t(has(`audience.ordinal.${form}`) ? `audience.ordinal.${form}` : "audience.ordinal.other", { n });
}

/** The standing card's content; ``me`` is the member's latest ``audience_you``. */
export function standingParts(view, me) {
  const watching = view.lobby.audience?.watching || 0;
  const placed = typeof me.place === "number" && typeof me.of === "number";
  return [
    el("h2", { class: "audience-you", "data-testid": "audience-you" }, t("audience.you", { name: me.name || "" })),
    el(
      "p",
      { class: "audience-figures", "data-testid": "audience-figures" },
      watching > 0 ? el("span", { class: "badge", "data-testid": "audience-watching" }, t("audience.watching", { count: watching })) : null,
      el("span", { class: "chip", "data-testid": "audience-points", "data-points": me.points || 0 }, t("audience.points", { count: me.points || 0 })),
      placed
        ? el("span", { class: "chip", "data-testid": "audience-place", "data-place": me.place }, t("audience.place", { ordinal: ordinal(me.place), of: me.of }))
        : null,
    ),
  ];
}
