// I'm Not a Human: the record sheet: every round's words, Human, votes and stars.

import { SERVER, SERVER_SLOT, paint, token, leftBadge, el } from "./common.js";

export function renderSheet(screen, ctx) {
  const { api, gameView, match } = ctx;
  const sheet = gameView.sheet || [];
  screen.sheet.hidden = sheet.length === 0;
  const withServer = !match.variants.includes("human_factor");
  paint(screen, "sheet", screen.sheet, [ctx.lang, sheet, gameView.rounds, withServer, ctx.me, [...ctx.left]], () => {
    if (!sheet.length) return null;
    const { t } = api;
    const rounds = Math.max(gameView.rounds || 0, sheet.length);
    const columns = Array.from({ length: rounds }, (_, i) => sheet.find((r) => r.round === i + 1) || null);
    const latest = sheet[sheet.length - 1]; // the round just played: the table shows its words, the others' stars
    const total = (pid) => sheet.reduce((sum, r) => sum + (r.stars?.[pid] || 0), 0);
    const twos = (pid) => sheet.filter((r) => r.stars?.[pid] === 2).length; // the tie-break
    const cell = (round, pid) => {
      if (!round) return el(ctx, "td", { class: "nah-cell empty" }, "");
      const index = round.associations.findIndex((a) => a.player === pid);
      const entry = round.associations[index];
      const human = round.human === pid;
      const revealed = round.revealed === pid;
      const vote = round.votes?.[pid];
      return el(ctx, "td", { class: ["nah-cell", round === latest ? "latest" : null, human ? "human" : null, revealed ? "revealed" : null] },
        entry ? el(ctx, "span", { class: "nah-cell-word" }, el(ctx, "span", { class: "nah-cell-num" }, `${index + 1}`), entry.word) : null,
        el(ctx, "span", { class: "nah-cell-meta" },
          human ? el(ctx, "span", { class: "nah-cell-human" }, "0_0") : null,
          vote ? el(ctx, "span", { class: "nah-cell-vote", title: t("notahuman.screen.col_vote") }, `→${vote === SERVER ? SERVER_SLOT : vote}`) : null,
          el(ctx, "span", { class: "nah-cell-stars" }, round.stars?.[pid] ? "★".repeat(round.stars[pid]) : "·"),
        ),
      );
    };
    return [
      el(ctx, "div", { class: "nah-list-head" }, el(ctx, "h3", {}, t("notahuman.screen.sheet_title"))),
      el(ctx, "div", { class: "nah-scroll" },
        el(ctx, "table", { class: "nah-sheet-table", "data-testid": "nah-sheet-table", style: { "--nah-rows": match.players.length + (withServer ? 2 : 1) } },
          el(ctx, "thead", {},
            el(ctx, "tr", {},
              el(ctx, "th", { scope: "col" }, ""),
              columns.map((round, i) =>
                el(ctx, "th", { scope: "col", class: round ? (round === latest ? "latest" : null) : "future" },
                  el(ctx, "span", { class: "nah-sheet-round" }, t("notahuman.screen.round_short", { round: i + 1 })),
                  round ? token(api, round.answer, { class: "gold small" }) : null,
                ),
              ),
              el(ctx, "th", { scope: "col", class: "num", title: t("notahuman.screen.total_stars") }, "★"),
              el(ctx, "th", { scope: "col", class: "num nah-twos", title: t("notahuman.screen.two_star_rounds") }, "2★"),
            ),
          ),
          el(ctx, "tbody", {},
            match.players.map((pid) =>
              el(ctx, "tr", { class: [pid === ctx.me && ctx.seated ? "me" : null, ctx.left.has(pid) ? "left" : null], "data-player": pid },
                el(ctx, "th", { scope: "row" }, el(ctx, "span", { class: "nah-sheet-name" }, api.name(pid)), ctx.left.has(pid) ? leftBadge(ctx) : null),
                columns.map((round) => cell(round, pid)),
                el(ctx, "td", { class: "num nah-total", "data-testid": "nah-sheet-total" }, String(total(pid))),
                el(ctx, "td", { class: "num nah-twos" }, String(twos(pid))),
              ),
            ),
            withServer
              ? el(ctx, "tr", { class: "server" },
                  el(ctx, "th", { scope: "row" }, t("notahuman.screen.server_row", { number: SERVER_SLOT })),
                  columns.map((round) =>
                    round
                      ? el(ctx, "td", { class: ["nah-cell", round === latest ? "latest" : null, round.human === SERVER ? "human" : null, round.revealed === SERVER ? "revealed" : null] },
                          el(ctx, "span", { class: "nah-cell-meta" },
                            round.human === SERVER ? el(ctx, "span", { class: "nah-cell-human" }, "0_0") : "·",
                          ),
                        )
                      : el(ctx, "td", { class: "nah-cell empty" }, ""),
                  ),
                  el(ctx, "td", {}, ""),
                  el(ctx, "td", {}, ""),
                )
              : null,
          ),
        ),
      ),
      el(ctx, "p", { class: "nah-legend" }, t("notahuman.screen.sheet_legend")),
    ];
  });
}
