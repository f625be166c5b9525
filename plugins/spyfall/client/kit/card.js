// The secret card: shown only while pressed and held.

import { locationPicture, spyPicture } from "../art.js";
import { locationName, names, roleName } from "./words.js";

/**
 * The held card. Its node is built once and never replaced, so that a state arriving while it is held
 * does not let it go. ``paint(api, secret, texts)``: secret is {spy: true, partners?} or
 * {spy: false, location, role}; texts.agentGoal / texts.spyGoal are the game's own lines.
 */
export class HeldCard {
  constructor() {
    this.held = false;
    this.secret = null;
    this.api = null;
    this.texts = {};
    this.node = null;
  }

  build(api) {
    const { el } = api;
    this.back = el("span", { class: "sf-card-back" });
    this.face = el("span", { class: "sf-card-face", "data-testid": "sf-card-face", "aria-live": "polite", hidden: true });
    this.node = el("button", { type: "button", class: "sf-card", "data-testid": "sf-card" }, this.back, this.face);
    api.holdToReveal(this.node, (on) => {
      this.held = on;
      this.repaint();
    });
  }

  /** Show ``secret`` in ``wrap`` (or hide the slot when there is none). */
  paint(wrap, api, secret, { compact = false, ...texts } = {}) {
    this.api = api;
    wrap.hidden = !secret;
    if (!secret) {
      this.held = false;
      this.secret = null;
      if (this.node) this.repaint();
      return;
    }
    if (!this.node) {
      this.build(api);
      wrap.replaceChildren(this.node);
    }
    this.secret = secret;
    this.texts = texts;
    this.node.classList.toggle("compact", compact);
    this.repaint();
  }

  repaint() {
    const api = this.api;
    const { el, t } = api;
    const { node: card, back, face } = this;
    const secret = this.secret;
    card.classList.toggle("held", this.held);
    card.setAttribute("aria-label", this.held ? t("spyfall.kit.card_label") : t("spyfall.kit.card_hold"));
    back.replaceChildren(
      el("span", { class: "sf-card-emblem", "aria-hidden": "true" }, "?"),
      el("span", { class: "sf-card-hint" }, t("spyfall.kit.card_hold")),
      el("span", { class: "sf-card-sub" }, t("spyfall.kit.card_release")),
    );
    back.hidden = this.held;
    face.hidden = !this.held;
    if (!this.held || !secret) {
      face.replaceChildren();
      return;
    }
    face.classList.toggle("spy", Boolean(secret.spy));
    const put = (...children) => face.replaceChildren(...children.filter(Boolean)); // (null would become "null")
    if (secret.spy) {
      const partners = secret.partners || [];
      put(
        spyPicture(api),
        el("span", { class: "sf-card-kicker" }, t("spyfall.kit.card_title")),
        el("strong", { class: "sf-card-spy", "data-testid": "sf-card-spy" }, t("spyfall.kit.you_are_spy")),
        this.texts.spyGoal ? el("span", { class: "sf-card-note" }, this.texts.spyGoal) : null,
        partners.length
          ? el(
              "span",
              { class: "sf-card-partners", "data-testid": "sf-card-partners" },
              t("spyfall.kit.partners", { names: names(api, partners), count: partners.length }),
            )
          : null,
      );
      return;
    }
    const role = roleName(api, secret.role);
    put(
      locationPicture(api, secret.location),
      el("span", { class: "sf-card-kicker" }, t("spyfall.kit.location")),
      el("strong", { class: "sf-card-location", "data-testid": "sf-card-location" }, locationName(api, secret.location)),
      role ? el("span", { class: "sf-card-kicker" }, t("spyfall.kit.role")) : null,
      role ? el("span", { class: "sf-card-role", "data-testid": "sf-card-role" }, role) : null,
      this.texts.agentGoal ? el("span", { class: "sf-card-note" }, this.texts.agentGoal) : null,
    );
  }
}
