// I'm Not a Human: the role card, held to peek at (kept between renders: it may be held right now).

import { ART, put } from "./common.js";

export function renderCard(s, ctx) {
  const card = ctx.seated && ctx.phase !== "over" ? ctx.g.card : null;
  s.top.classList.toggle("with-card", Boolean(card));
  if (!card) {
    s.cardSlot.replaceChildren();
    s.cardInfo = null;
    s.held = false;
    return;
  }
  if (!s.card) s.card = makeCard(s, ctx.api);
  if (s.card.parentNode !== s.cardSlot) s.cardSlot.replaceChildren(s.card);
  if (s.cardDealt !== s.round) {
    // a new card is dealt: it turns over onto the phone (the shell's .flip-in, still under reduced motion)
    s.cardDealt = s.round;
    s.card.classList.remove("flip-in");
    void s.card.offsetWidth; // restart the animation
    s.card.classList.add("flip-in");
  }
  s.cardInfo = { role: card.role, answer: card.answer ?? null, lang: ctx.lang };
  paintCard(s);
}

function makeCard(s, api) {
  const card = api.el("button", {
    type: "button",
    class: "nah-card",
    "data-testid": "nah-card",
    "aria-pressed": "false",
  });
  api.holdToReveal(card, (on) => {
    s.held = on;
    paintCard(s);
  });
  return card;
}

function paintCard(s) {
  const card = s.card;
  const info = s.cardInfo;
  if (!card || !info) return;
  const api = s.ctx.api;
  const { el, t } = api;
  const shown = s.held;
  card.classList.toggle("held", shown);
  card.classList.toggle("robot", shown && info.role === "robot");
  card.classList.toggle("human", shown && info.role === "human");
  card.setAttribute("aria-pressed", String(shown));
  card.setAttribute("aria-label", t("notahuman.screen.card_hold"));
  if (!shown) {
    put(
      card,
      el(
        "span",
        { class: "nah-card-back" },
        el("span", { class: "nah-card-logo", "aria-hidden": "true" }, "?"),
        el("span", { class: "nah-card-hint" }, t("notahuman.screen.card_hold")),
      ),
    );
    return;
  }
  if (info.role === "human") {
    put(
      card,
      el(
        "span",
        { class: "nah-card-face human", "data-testid": "nah-card-face", "data-role": "human" },
        el("span", { class: "nah-card-kind" }, el("span", { class: "nah-card-icon", "aria-hidden": "true" }), t("notahuman.screen.card_human")),
        el("span", { class: "nah-card-sign nah-card-eyes", "data-testid": "nah-card-sign" }, "0_0"),
        el("span", { class: "nah-card-note" }, t("notahuman.screen.card_human_note")),
      ),
    );
  } else {
    put(
      card,
      el(
        "span",
        { class: "nah-card-face robot", "data-testid": "nah-card-face", "data-role": "robot", "data-answer": String(info.answer) },
        el("span", { class: "nah-card-kind" }, el("img", { src: `${ART}/robot.svg`, alt: "", class: "nah-card-icon" }), t("notahuman.screen.card_robot")),
        el("span", { class: "nah-card-sign nah-card-number", "data-testid": "nah-card-sign" }, String(info.answer)),
        el("span", { class: "nah-card-note" }, t("notahuman.screen.card_robot_note", { number: info.answer })),
      ),
    );
  }
}
