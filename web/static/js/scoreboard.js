// The night's scoreboard: every player's record over the evening, and the matches played.

import { el } from "./dom.js";
import { list, t } from "./i18n.js";
import { badge, gameName, heading } from "./common.js";

/**
 * The night's standings as a table: every column the ranking uses is shown (wins, then second places, then
 * third places, then fewer matches played: core/scores.py), so players on equal numbers share a place and
 * the order can be read off the table. ``points``: a last column with each row's points, which do not rank
 * (the games score on different scales). ``you``: the viewer's row, marked.
 */
export function standingsTable(rows, { you = null, points = false, testid = "scoreboard", rowTestid = null } = {}) {
  const number = (value, ranks = true) => el("td", { class: ["num", ranks ? null : "unranked"] }, value);
  return el(
    "table",
    { class: "scoreboard", "data-testid": testid },
    el("caption", { class: "ranked-by", "data-testid": "ranked-by" }, t(points ? "recap.ranked_by" : "scoreboard.ranked_by")),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { class: "num" }, "#"),
        el("th", {}, t("scoreboard.player")),
        el("th", { class: "num" }, t("scoreboard.wins")),
        el("th", { class: "num" }, t("scoreboard.seconds")),
        el("th", { class: "num" }, t("scoreboard.thirds")),
        el("th", { class: "num" }, t("scoreboard.played")),
        points ? el("th", { class: "num unranked" }, t("recap.points_head")) : null,
      ),
    ),
    el(
      "tbody",
      {},
      rows.map((row) =>
        el(
          "tr",
          {
            class: [row.place === 1 ? "leader" : null, row.player === you ? "me" : null],
            "data-testid": rowTestid,
            "data-player": row.player,
            "data-place": row.place,
          },
          number(row.place),
          el("td", { class: "standings-player", title: row.name }, row.name),
          number(row.wins),
          number(row.seconds),
          number(row.thirds),
          number(row.played),
          points ? number(row.points, false) : null,
        ),
      ),
    ),
  );
}

/** The night scoreboard and the list of matches played, or null before the first match ends. */
export function scoreboardSection(view) {
  const rows = view.lobby.scoreboard || [];
  const history = view.lobby.history || [];
  if (!rows.length && !history.length) return null;
  const parts = [heading(t("scoreboard.title"))];
  if (rows.length) parts.push(standingsTable(rows));
  if (history.length) {
    parts.push(
      el(
        "ol",
        { class: "history", "data-testid": "history" },
        history
          .slice()
          .reverse()
          .map((entry) => {
            let outcome;
            if (entry.aborted) {
              outcome = t("history.aborted");
            } else {
              const winners = (entry.ranking || []).filter((r) => r.place === 1).map((r) => entry.names?.[r.player] || "?");
              outcome = t("history.won", { names: list(winners), count: winners.length });
            }
            return el(
              "li",
              {
                "data-testid": "history-entry",
                "data-ended-early": entry.ended_early ? "true" : null,
                "data-fit-drop": "history",
              },
              el("strong", {}, gameName(entry.game)),
              " — ",
              outcome,
              entry.ended_early ? [" ", badge(t("history.ended_early"), "warn", "history-ended-early")] : null,
            );
          }),
      ),
    );
  }
  // the table's night scene sizes its rows by their number (table.css)
  return el("div", { class: "night", style: { "--rows": Math.max(rows.length, 4) } }, parts);
}
