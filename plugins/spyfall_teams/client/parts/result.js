// The round's result: who won it, the rounds won so far, and the host's next round.

import { breakNext, gone, section, voidNote } from "/plugins/spyfall/kit.js";
import { leftTag, winnersText } from "./teams.js";

export function resultSection(ctx) {
  const { api, match, game, host } = ctx;
  const { el, t } = api;
  const result = game.result;
  if (!result) return null;
  const won = game.rounds_won || {};
  const order = match.players.slice().sort((a, b) => (won[b] || 0) - (won[a] || 0));
  // the host's next round first on their phone (who won may take five lines: two teams tied, with their
  // locations), before the sixteen rows of rounds won; everyone else's "waiting" under who won
  const next = breakNext(api, ctx.view, {
    boardVariant: "teams_eight_locations",
    host,
    prefix: "st",
    keys: { next: "spyfall_teams.screen.next", finish: "spyfall_teams.screen.finish" },
  });
  const winners = result.void
    ? voidNote(api, result, "st-void")
    : el("p", { class: "sf-winner st-result-winners", "data-testid": "st-result-winners" }, winnersText(ctx, result));
  const parts = [
    ...(host ? [...next, winners] : [winners, ...next]),
    el("h4", {}, t("spyfall_teams.screen.rounds_won_title")),
    el(
      "ul",
      { class: "st-rounds-won", "data-testid": "st-rounds-won" },
      order.map((pid) =>
        el(
          "li",
          { "data-player": pid, class: gone(match, pid) ? "left" : null },
          el("span", { class: gone(match, pid) ? "gone" : null }, api.name(pid)),
          gone(match, pid) ? leftTag(api) : null,
          el("strong", {}, String(won[pid] || 0)),
        ),
      ),
    ),
    el("p", { class: "sf-muted" }, t("spyfall_teams.screen.ranking_hint")),
  ];
  const box = section(api, "sf-result", "st-result", el("h3", {}, t("spyfall_teams.screen.result_title")), ...parts);
  if (ctx.revealFresh) box.classList.add("reveal-in");
  return box;
}
