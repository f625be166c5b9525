// The secret card: shown only while pressed and held.

import { locationPicture, spyPicture } from "../art.js";
import { locationName, names, roleName } from "./words.js";

const SMALLEST_WORDS = 60; // percent: a row's words shrink this far to stay in their row

/**
 * Each row of a held face keeps its height whatever it says (a neighbour's glance learns nothing from a
 * taller card): words that do not fit their row (a group's own long location, a role in larger text), in
 * height or a word in width, are made smaller, 5% at a time; a word still too long then is cut. Measured in
 * layout sizes: the face may be turning over.
 */
function shrinkToFit(face) {
  for (const words of face.querySelectorAll(".sf-card-words")) {
    const row = words.parentElement;
    const spills = () => words.offsetHeight > row.clientHeight + 1 || words.scrollWidth > words.clientWidth + 1;
    words.style.removeProperty("font-size");
    words.classList.remove("sf-break");
    for (let size = 100; size > SMALLEST_WORDS && spills(); ) {
      size -= 5;
      words.style.fontSize = `${size}%`;
    }
    if (spills()) words.classList.add("sf-break");
  }
}

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
    this.compact = compact;
    this.repaint();
  }

  repaint() {
    const api = this.api;
    const { el, t } = api;
    const { node: card, back, face } = this;
    const secret = this.secret;
    card.classList.toggle("held", this.held);
    // No name of its own: a reader says what the card shows, the hint on its back or, while held, its face.
    back.replaceChildren(
      el("span", { class: "sf-card-emblem", "aria-hidden": "true" }, "?"),
      el("span", { class: "sf-card-hint" }, t(this.compact ? "spyfall.kit.card_hold_short" : "spyfall.kit.card_hold")),
      el("span", { class: "sf-card-sub" }, t("spyfall.kit.card_release")),
    );
    back.hidden = this.held;
    face.hidden = !this.held;
    if (!this.held || !secret) {
      face.replaceChildren();
      face.classList.remove("flip-in");
      return;
    }
    face.classList.toggle("spy", Boolean(secret.spy));
    // The face turns over (.flip-in) the first time this secret is held, not at every hold or state after it.
    const key = secret.spy ? "spy" : `${secret.location?.id}:${roleName(api, secret.role) || ""}`;
    if (this.flipped !== key) {
      this.flipped = key;
      face.classList.add("flip-in");
    }
    // A spy's face and an agent's have the same rows (picture, kicker, title, detail, note) in boxes of the
    // same size, so that a held card's shape says nothing to a neighbour's glance.
    const words = (...parts) => el("span", { class: "sf-card-words" }, ...parts.filter(Boolean));
    const rows = (picture, kicker, title, detail, note) => {
      face.replaceChildren(
        picture,
        el("span", { class: "sf-card-kicker" }, kicker),
        title,
        el("span", { class: "sf-card-detail" }, words(...detail)),
        el("span", { class: "sf-card-note" }, words(note || "")),
      );
      shrinkToFit(face);
    };
    if (secret.spy) {
      const partners = secret.partners || [];
      rows(
        spyPicture(api),
        t("spyfall.kit.card_title"),
        el("strong", { class: "sf-card-title sf-card-spy", "data-testid": "sf-card-spy" }, words(t("spyfall.kit.you_are_spy"))),
        [
          partners.length
            ? el(
                "span",
                { class: "sf-card-partners", "data-testid": "sf-card-partners" },
                t("spyfall.kit.partners", { names: names(api, partners), count: partners.length }),
              )
            : null,
        ],
        this.texts.spyGoal,
      );
      return;
    }
    const role = roleName(api, secret.role);
    rows(
      locationPicture(api, secret.location),
      t("spyfall.kit.location"),
      el(
        "strong",
        { class: "sf-card-title sf-card-location", "data-testid": "sf-card-location" },
        words(locationName(api, secret.location)),
      ),
      [
        role ? el("span", { class: "sf-card-kicker" }, t("spyfall.kit.role")) : null,
        role ? el("span", { class: "sf-card-role", "data-testid": "sf-card-role" }, role) : null,
      ],
      this.texts.agentGoal,
    );
  }
}
