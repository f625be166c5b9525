// I'm Not a Human: the role card, held to peek at (kept between renders: it may be held right now).

import { ART, OVER, put } from "./common.js";

export function renderCard(screen, ctx) {
  const card = ctx.seated && ctx.stage !== OVER ? ctx.gameView.card : null;
  screen.top.classList.toggle("with-card", Boolean(card));
  if (!card) {
    screen.cardSlot.replaceChildren();
    screen.cardInfo = null;
    screen.held = false;
    return;
  }
  if (!screen.card) screen.card = makeCard(screen, ctx.api);
  if (screen.card.parentNode !== screen.cardSlot) screen.cardSlot.replaceChildren(screen.card);
  if (screen.cardDealt !== screen.round) {
    // a new card is dealt: it turns over onto the phone (the shell's .flip-in, still under reduced motion)
    screen.cardDealt = screen.round;
    screen.card.classList.remove("flip-in");
    void screen.card.offsetWidth; // restart the animation
    screen.card.classList.add("flip-in");
  }
  screen.cardInfo = { role: card.role, answer: card.answer ?? null, lang: ctx.lang };
  paintCard(screen);
}

function makeCard(screen, api) {
  const card = api.el("button", {
    type: "button",
    class: "nah-card",
    "data-testid": "nah-card",
    "aria-pressed": "false",
  });
  api.holdToReveal(card, (on) => {
    screen.held = on;
    paintCard(screen);
  });
  return card;
}

function paintCard(screen) {
  const card = screen.card;
  const info = screen.cardInfo;
  if (!card || !info) return;
  const api = screen.ctx.api;
  const { el, t } = api;
  const shown = screen.held;
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
