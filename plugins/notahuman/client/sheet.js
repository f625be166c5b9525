// I'm Not a Human: the record sheet: every round's words, Human, votes and stars, and a legend of its signs.
// On the table the sheet fits the screen however many rounds Defragmentation plays: the latest rounds have a
// column each, the earlier ones share one column of their stars.

import { SERVER, SERVER_SLOT, paint, token, leftBadge, el } from "./common.js";

const TABLE_ROUNDS = 5; // the round columns on the table: the latest rounds', and the first for all the earlier

/** The round columns to show, each {rounds: [a sheet entry, or null for a round not played], first, last}: one per
 * round, except on the table past TABLE_ROUNDS rounds, where the earlier rounds share the first. */
function columnsOf(ctx, sheet) {
  const total = Math.max(ctx.gameView.rounds || 0, sheet.length);
  const rounds = Array.from({ length: total }, (_, i) => sheet.find((r) => r.round === i + 1) || null);
  const columns = rounds.map((round, i) => ({ rounds: [round], first: i + 1, last: i + 1 }));
  if (!ctx.api.table) return columns;
  const played = Math.max(...sheet.map((r) => r.round));
  const folded = played - TABLE_ROUNDS + 1;
  if (folded < 2) return columns;
  return [{ rounds: rounds.slice(0, folded), first: 1, last: folded }, ...columns.slice(folded)];
}

export function renderSheet(screen, ctx) {
  const { api, gameView, match } = ctx;
  const sheet = gameView.sheet || [];
  screen.sheet.hidden = sheet.length === 0;
  const withServer = !match.variants.includes("human_factor");
  paint(screen, "sheet", screen.sheet, [ctx.lang, sheet, gameView.rounds, withServer, ctx.me, [...ctx.left], ctx.match.names], () => {
    if (!sheet.length) return null;
    const { t } = api;
    const columns = columnsOf(ctx, sheet);
    const latest = sheet[sheet.length - 1]; // the round just played: the table shows its words, the others' stars
    const total = (pid) => sheet.reduce((sum, r) => sum + (r.stars?.[pid] || 0), 0);
    const twos = (pid) => sheet.filter((r) => r.stars?.[pid] === 2).length; // the tie-break
    const cell = (column, pid) => {
      if (column.rounds.length > 1) {
        const count = column.rounds.reduce((sum, r) => sum + (r?.stars?.[pid] || 0), 0);
        return el(ctx, "td", { class: "nah-cell nah-earlier" }, el(ctx, "span", { class: "nah-cell-stars" }, count ? `${count}★` : "·"));
      }
      const round = column.rounds[0];
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
    const serverCell = (column) => {
      const round = column.rounds.length === 1 ? column.rounds[0] : null;
      if (!round) return el(ctx, "td", { class: ["nah-cell", column.rounds.length > 1 ? "nah-earlier" : "empty"] }, "");
      return el(ctx, "td", { class: ["nah-cell", round === latest ? "latest" : null, round.human === SERVER ? "human" : null, round.revealed === SERVER ? "revealed" : null] },
        el(ctx, "span", { class: "nah-cell-meta" }, round.human === SERVER ? el(ctx, "span", { class: "nah-cell-human" }, "0_0") : "·"),
      );
    };
    return [
      el(ctx, "div", { class: "nah-list-head" }, el(ctx, "h3", {}, t("notahuman.screen.sheet_title"))),
      // scrolls sideways on a phone: a keyboard can reach it, and a reader names it
      el(ctx, "div", { class: "nah-scroll", tabindex: "0", role: "region", "aria-label": t("notahuman.screen.sheet_title") },
        el(ctx, "table", { class: "nah-sheet-table", "data-testid": "nah-sheet-table", style: { "--nah-rows": match.players.length + (withServer ? 2 : 1) } },
          el(ctx, "thead", {},
            el(ctx, "tr", {},
              el(ctx, "th", { scope: "col" }, ""),
              columns.map((column) => {
                if (column.rounds.length > 1) {
                  return el(ctx, "th", { scope: "col", class: "nah-earlier", title: t("notahuman.screen.earlier_rounds", column) },
                    el(ctx, "span", { class: "nah-sheet-round" }, t("notahuman.screen.rounds_short", column)),
                  );
                }
                const round = column.rounds[0];
                return el(ctx, "th", { scope: "col", class: round ? (round === latest ? "latest" : null) : "future" },
                  el(ctx, "span", { class: "nah-sheet-round" }, t("notahuman.screen.round_short", { round: column.first })),
                  round ? token(api, round.answer, { class: "gold small" }) : null,
                );
              }),
              el(ctx, "th", { scope: "col", class: "num", title: t("notahuman.screen.total_stars") }, "★"),
              el(ctx, "th", { scope: "col", class: "num nah-twos", title: t("notahuman.screen.two_star_rounds") }, "2★"),
            ),
          ),
          el(ctx, "tbody", {},
            match.players.map((pid) =>
              el(ctx, "tr", { class: [pid === ctx.me && ctx.seated ? "me" : null, ctx.left.has(pid) ? "left" : null], "data-player": pid },
                el(ctx, "th", { scope: "row" }, el(ctx, "span", { class: "nah-sheet-name" }, api.name(pid)), ctx.left.has(pid) ? leftBadge(ctx) : null),
                columns.map((column) => cell(column, pid)),
                el(ctx, "td", { class: "num nah-total", "data-testid": "nah-sheet-total" }, String(total(pid))),
                el(ctx, "td", { class: "num nah-twos" }, String(twos(pid))),
              ),
            ),
            withServer
              ? el(ctx, "tr", { class: "server" },
                  el(ctx, "th", { scope: "row" }, t("notahuman.screen.server_row", { number: SERVER_SLOT })),
                  columns.map((column) => serverCell(column)),
                  el(ctx, "td", {}, ""),
                  el(ctx, "td", {}, ""),
                )
              : null,
          ),
        ),
      ),
      legend(ctx, withServer),
    ];
  });
}

/** What the sheet's signs mean: its cells (on a phone), the stars, the tie-break column, the server's row. */
function legend(ctx, withServer) {
  const { t } = ctx.api;
  const item = (sign, text) =>
    el(ctx, "li", {}, el(ctx, "span", { class: "nah-legend-sign" }, sign), " — ", el(ctx, "span", {}, text));
  return el(ctx, "div", { class: "nah-legend", "data-testid": "nah-sheet-legend" },
    el(ctx, "p", { class: "nah-legend-cells" }, t("notahuman.screen.sheet_legend")),
    el(ctx, "ul", { class: "nah-legend-signs" },
      item("★", t("notahuman.screen.legend_stars")),
      item("2★", t("notahuman.screen.legend_twos")),
      withServer ? item(t("notahuman.screen.server_row", { number: SERVER_SLOT }), t("notahuman.screen.legend_server")) : null,
    ),
  );
}
