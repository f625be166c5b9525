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
  // No name of its own: a reader says what the card shows, the hint on its back or, while held, its face (and the
  // face's slot, a live region, says it as it turns over).
  const back = api.el("span", { class: "nah-card-back" });
  const face = api.el("span", { class: "nah-card-face-slot", "aria-live": "polite" });
  const card = api.el("button", { type: "button", class: "nah-card", "data-testid": "nah-card", "aria-pressed": "false" }, back, face);
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
  const [back, slot] = card.children;
  const shown = screen.held;
  card.classList.toggle("held", shown);
  card.classList.toggle("robot", shown && info.role === "robot");
  card.classList.toggle("human", shown && info.role === "human");
  card.setAttribute("aria-pressed", String(shown));
  back.hidden = shown;
  put(back, el("span", { class: "nah-card-logo", "aria-hidden": "true" }, "?"), el("span", { class: "nah-card-hint" }, t("notahuman.screen.card_hold")));
  if (!shown) {
    slot.replaceChildren();
    return;
  }
  // the sign (the answer's number, the Human's eyes) is for the eye: the note under it says it in words
  if (info.role === "human") {
    put(
      slot,
      el(
        "span",
        { class: "nah-card-face human", "data-testid": "nah-card-face", "data-role": "human" },
        el("span", { class: "nah-card-kind" }, el("span", { class: "nah-card-icon", "aria-hidden": "true" }), t("notahuman.screen.card_human")),
        el("span", { class: "nah-card-sign nah-card-eyes", "data-testid": "nah-card-sign", "aria-hidden": "true" }, "0_0"),
        el("span", { class: "nah-card-note" }, t("notahuman.screen.card_human_note")),
      ),
    );
  } else {
    put(
      slot,
      el(
        "span",
        { class: "nah-card-face robot", "data-testid": "nah-card-face", "data-role": "robot", "data-answer": String(info.answer) },
        el("span", { class: "nah-card-kind" }, el("img", { src: `${ART}/robot.svg`, alt: "", class: "nah-card-icon" }), t("notahuman.screen.card_robot")),
        el("span", { class: "nah-card-sign nah-card-number", "data-testid": "nah-card-sign", "aria-hidden": "true" }, String(info.answer)),
        el("span", { class: "nah-card-note" }, t("notahuman.screen.card_robot_note", { number: info.answer })),
      ),
    );
  }
}
