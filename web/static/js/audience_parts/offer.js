// The lobby page's offer under its join form: watch and play along from the audience's page; made prominent
// while a match is under way (a newcomer joins the audience until the next one).

import { el } from "../dom.js";
import { t } from "../i18n.js";

/** The offer for the lobby ``code`` (``view``: the public view the join form watches, or null). */
export function audienceOffer(view, code) {
  if (view?.lobby?.audience && !view.lobby.audience.open) return null;
  const live = Boolean(view?.match && !view.match.over);
  return [
    el("p", { class: live ? "audience-offer-live" : "muted", "data-testid": "audience-offer-line" }, live ? t("audience.offer_live") : t("audience.offer_hint")),
    el("a", { class: ["btn", live ? "primary" : "ghost", live ? "big" : null], href: `/l/${code}/audience`, "data-testid": "audience-offer-link" }, t("audience.offer")),
  ];
}
