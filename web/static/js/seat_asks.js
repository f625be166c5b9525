// A seat taken back on a new phone: the join form's offer to ask for it, and the card on which the host or
// the seat's own phone answers such an ask.

import { el } from "./dom.js";
import { actionButton } from "./buttons.js";
import { t } from "./i18n.js";
import { nameOf } from "./common.js";
import { who } from "./looks.js";

/** Under the join form, once the name typed is a seat's already: this phone may ask for that seat. */
export function askOffer(name, onAsk) {
  return el(
    "div",
    { class: "reclaim-offer", role: "status", "data-testid": "reclaim-offer" },
    el("p", {}, t("reclaim.offer", { name })),
    actionButton({ class: "btn primary", "data-testid": "reclaim-ask" }, t("reclaim.ask", { name }), onAsk),
  );
}

/**
 * The asks this viewer may answer: every ask for the host, an ask for their own seat for anyone else.
 * Null when there is none.
 */
export function seatAsksCard(view, { you, host, command }) {
  const asks = (view.lobby.seat_requests || []).filter((ask) => host || ask.player === you);
  if (asks.length === 0) return null;
  return el(
    "div",
    { class: "stack" },
    asks.map((ask) => {
      const own = ask.player === you;
      return el(
        "div",
        { class: "seat-ask", role: "alert", "data-testid": "seat-ask", "data-player": ask.player },
        el(
          "p",
          {},
          own
            ? t("reclaim.ask_own")
            : t("reclaim.ask_host", { name: nameOf(view, ask.player) }),
        ),
        own ? null : who(view, ask.player, { size: "s" }),
        el(
          "div",
          { class: "actions" },
          actionButton({ class: "btn primary", "data-testid": "seat-ask-give" }, t("reclaim.give"), () =>
            command("answer_seat_request", { request: ask.id, give: true }),
          ),
          actionButton({ class: "btn ghost", "data-testid": "seat-ask-refuse" }, t("reclaim.refuse"), () =>
            command("answer_seat_request", { request: ask.id, give: false }),
          ),
        ),
        el("p", { class: "muted small" }, own ? t("reclaim.ask_own_hint") : t("reclaim.ask_host_hint")),
      );
    }),
  );
}
