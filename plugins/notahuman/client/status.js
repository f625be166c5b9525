// I'm Not a Human: the status line above the screen: what happens now, and what to do.

import { OVER, paint, who, el } from "./common.js";

function statusText(ctx) {
  const { api, gameView, stage, match } = ctx;
  const phases = api.phases;
  const t = api.t;
  const total = ctx.expected;
  const said = ctx.associations.length;
  switch (stage) {
    case phases.associations:
      return [
        t("notahuman.screen.status.associations", { count: said, total }),
        t("notahuman.screen.status.associations_hint"),
      ];
    case phases.reveal_window: {
      // the same words on every seat's phone, whatever its card
      const detail = ctx.seated ? t("notahuman.screen.status.reveal_seat") : t("notahuman.screen.status.reveal_table");
      return [t("notahuman.screen.status.reveal", { name: who(ctx, gameView.asker) }), detail];
    }
    case phases.guess:
      if (ctx.seated && match.turn === ctx.me) return [t("notahuman.screen.status.guess_mine"), t("notahuman.screen.status.guess_mine_hint")];
      return [t("notahuman.screen.status.guess", { name: api.name(match.turn) }), t("notahuman.screen.status.guess_hint")];
    case phases.explanations: {
      const entry = ctx.associations.find((a) => a.player === gameView.speaker);
      const word = entry ? entry.word : "";
      if (ctx.seated && gameView.speaker === ctx.me) return [t("notahuman.screen.status.explain_mine", { word }), t("notahuman.screen.status.explain_hint", { number: gameView.answer })];
      return [t("notahuman.screen.status.explain", { name: api.name(gameView.speaker), word }), t("notahuman.screen.status.explain_hint", { number: gameView.answer })];
    }
    case phases.discussion:
      return [t("notahuman.screen.status.discussion"), t("notahuman.screen.status.discussion_hint", { number: gameView.answer })];
    case phases.voting:
      return [t("notahuman.screen.status.voting"), t("notahuman.screen.status.voting_hint")];
    case phases.round_over:
      return [t("notahuman.screen.status.round_over", { round: match.round, rounds: gameView.rounds }), null];
    case OVER:
      return [t("notahuman.screen.status.over"), null];
    default:
      return [null, null];
  }
}

export function renderStatus(screen, ctx) {
  const [title, detail] = statusText(ctx);
  paint(screen, "status", screen.status, [ctx.lang, title, detail, ctx.match.round, ctx.gameView.rounds], () => [
    el(ctx, "div", { class: "nah-round" }, ctx.api.t("notahuman.screen.round_of", { round: ctx.match.round, rounds: ctx.gameView.rounds })),
    title ? el(ctx, "p", { class: "nah-status-title", "data-testid": "nah-status-title" }, title) : null,
    detail ? el(ctx, "p", { class: "nah-status-detail" }, detail) : null,
  ]);
}
