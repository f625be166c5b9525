// The player's page when it is not in the room: its seat taken over, left or kicked, asking for its seat on a
// new phone, or a lobby that does not exist. Each notice says what happened and what the player can do.

import { el } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The notice for ``mode`` (replaced | removed | asking | knocking | missing), or null for the other modes.
 * ``handlers``: {code, leaving (the player left on purpose), askedFor (the seat's name being asked for),
 * takeBack, joinAgain, cancelAsking}.
 */
export function noticeCard(mode, { code, leaving, askedFor, takeBack, joinAgain, cancelAsking, cancelKnocking }) {
  const button = (testid, label, onclick, kind = "primary big") =>
    el("button", { type: "button", class: `btn ${kind}`, "data-testid": testid, onclick }, label);
  const messages = {
    replaced: () => ({
      title: t("notice.replaced.title"),
      text: t("notice.replaced.text"),
      actions: [button("take-back", t("notice.replaced.take_back"), takeBack)],
    }),
    removed: () => ({
      title: leaving ? t("notice.left.title") : t("notice.removed.title"),
      text: leaving ? t("notice.left.text") : t("notice.removed.text"),
      actions: [
        button("join-again", t("notice.join_again"), joinAgain),
        el("a", { href: "/", class: "btn ghost" }, t("nav.home")),
      ],
    }),
    asking: () => ({
      title: t("reclaim.waiting.title"),
      text: t("reclaim.waiting.text", { name: askedFor }),
      actions: [button("reclaim-cancel", t("reclaim.cancel"), cancelAsking, "ghost")],
    }),
    knocking: () => ({
      title: t("door.waiting.title"),
      text: t("door.waiting.text"),
      actions: [button("knock-cancel", t("reclaim.cancel"), cancelKnocking, "ghost")],
    }),
    missing: () => ({
      title: t("notice.missing.title"),
      text: t("notice.missing.text", { code }),
      actions: [el("a", { href: "/", class: "btn primary big" }, t("nav.home"))],
    }),
  };
  const message = messages[mode]?.();
  if (!message) return null;
  return el(
    "div",
    { "data-testid": mode },
    el("h2", {}, message.title),
    el("p", {}, message.text),
    el("div", { class: "actions" }, message.actions),
  );
}
