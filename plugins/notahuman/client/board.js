// I'm Not a Human: the nine pictures.

import { paint, token, el, boardMode } from "./common.js";
import { openZoom } from "./zoom.js";
import { describe, tagsReady } from "./pictures.js";

function boardTitle(ctx) {
  const { api, gameView, stage, match } = ctx;
  const phases = api.phases;
  const { t } = api;
  // the public view carries the answer only once it is public (rules.py, ANSWER_PUBLIC)
  if (gameView.answer) return t("notahuman.screen.board_answer", { number: gameView.answer });
  if (stage === phases.guess && !api.table) return match.turn === ctx.me && ctx.seated ? t("notahuman.screen.board_pick") : t("notahuman.screen.board_guessing", { name: api.name(match.turn) });
  return t("notahuman.screen.board_title");
}

export function renderBoard(screen, ctx) {
  const { api, gameView } = ctx;
  const mode = boardMode(ctx);
  const outcome = gameView.outcome;
  const guess = outcome?.guess ?? null;
  const key = [ctx.lang, ctx.images, gameView.answer, mode, guess, boardTitle(ctx), ctx.match.round, tagsReady()];
  paint(screen, "board", screen.board, key, () => [
    el(ctx, "div", { class: "nah-board-head" },
      el(ctx, "span", { class: "nah-board-check", "aria-hidden": "true" }),
      el(ctx, "span", { class: "nah-board-title", "data-testid": "nah-board-title" }, boardTitle(ctx)),
    ),
    el(ctx, "div", { class: ["nah-grid", mode === "pick" ? "picking" : null], "data-testid": "nah-grid", "data-now": mode === "pick" ? "guess" : null },
      ctx.images.map((src, i) => {
        const n = i + 1;
        const answer = gameView.answer === n;
        const guessed = guess === n;
        return el(ctx, "button", {
          type: "button",
          class: ["nah-tile", answer ? "answer reveal-in" : null, guessed ? (answer ? "guess right" : "guess wrong") : null],
          "data-testid": `nah-tile-${n}`,
          "data-keep": `nah-tile-${n}`,
          "data-number": String(n),
          // the name holds the tag the tile shows, as a reader that sees the screen says it
          "aria-label": guessed ? api.t("notahuman.screen.picture_guessed", { picture: describe(ctx, n, { answer }) }) : describe(ctx, n, { answer }),
          onclick: () => openZoom(screen, n),
        },
          el(ctx, "img", { src, alt: "", loading: "eager", draggable: "false" }),  // the button's name describes it
          token(api, n, { class: answer ? "gold" : null }),
          guessed ? el(ctx, "span", { class: "nah-tile-tag" }, api.t("notahuman.screen.guess_tag")) : null,
        );
      }),
    ),
  ]);
}
