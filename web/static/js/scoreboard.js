// The night's scoreboard: every player's record over the evening, and the matches played.

import { el } from "./dom.js";
import { grid } from "./grid.js";
import { list, t } from "./i18n.js";
import { badge, gameName, heading } from "./common.js";
import { who } from "./looks.js";

/**
 * The night's standings as a table: every column the ranking uses is shown (wins, then second places, then
 * third places, then fewer matches played: core/scores.py), so players on equal numbers share a place and
 * the order can be read off the table. ``points``: a last column with each row's points, which do not rank
 * (the games score on different scales). ``you``: the viewer's row, marked.
 */
export function standingsTable(rows, { you = null, points = false, testid = "scoreboard", rowTestid = null, view = null } = {}) {
  const columns = [
    { label: "#", num: true },
    { label: t("scoreboard.player") },
    { label: t("scoreboard.wins"), num: true },
    { label: t("scoreboard.seconds"), num: true },
    { label: t("scoreboard.thirds"), num: true },
    { label: t("scoreboard.played"), num: true },
  ];
  // sitting a match out is neither a match played nor a place: a column of its own, once anyone has
  const satOut = rows.some((row) => row.sat_out > 0);
  if (satOut) columns.push({ label: t("scoreboard.sat_out"), num: true, attrs: { class: "sat-out" } });
  if (points) columns.push({ label: t("recap.points_head"), num: true, attrs: { class: "unranked" } });
  return grid({
    attrs: { class: "scoreboard", "data-testid": testid },
    caption: el("caption", { class: "ranked-by", "data-testid": "ranked-by" }, t(points ? "recap.ranked_by" : "scoreboard.ranked_by")),
    columns,
    rows,
    rowHeader: null,
    rowAttrs: (row) => ({
      class: [row.place === 1 ? "leader" : null, row.player === you ? "me" : null],
      "data-testid": rowTestid,
      "data-player": row.player,
      "data-place": row.place,
    }),
    cells: (row) => [
      row.place,
      { value: who(view, row.player, { name: row.name, size: "s" }), attrs: { class: "standings-player", title: row.name } },
      row.wins,
      row.seconds,
      row.thirds,
      row.played,
      ...(satOut ? [{ value: row.sat_out || 0, attrs: { class: "sat-out", "data-testid": "sat-out" } }] : []),
      points ? { value: row.points, attrs: { class: "unranked" } } : null,
    ],
  });
}

/** The night scoreboard and the list of matches played, or null before the first match ends. */
export function scoreboardSection(view) {
  const rows = view.lobby.scoreboard || [];
  const history = view.lobby.history || [];
  if (!rows.length && !history.length) return null;
  const parts = [heading(t("scoreboard.title"))];
  if (rows.length) parts.push(standingsTable(rows, { view }));
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
