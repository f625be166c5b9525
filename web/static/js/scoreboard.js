// The night's scoreboard: every player's record over the evening, and the matches played.

import { el } from "./dom.js";
import { list, t } from "./i18n.js";
import { badge, gameName, heading } from "./common.js";

/** The night scoreboard and the list of matches played, or null before the first match ends. */
export function scoreboardSection(view) {
  const rows = view.lobby.scoreboard || [];
  const history = view.lobby.history || [];
  if (!rows.length && !history.length) return null;
  const parts = [heading(t("scoreboard.title"))];
  if (rows.length) {
    parts.push(
      el(
        "table",
        { class: "scoreboard", "data-testid": "scoreboard" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { class: "num" }, "#"),
            el("th", {}, t("scoreboard.player")),
            el("th", { class: "num" }, t("scoreboard.played")),
            el("th", { class: "num" }, t("scoreboard.wins")),
            el("th", { class: "num" }, t("scoreboard.seconds")),
            el("th", { class: "num" }, t("scoreboard.thirds")),
          ),
        ),
        el(
          "tbody",
          {},
          rows.map((row) =>
            el(
              "tr",
              { class: row.place === 1 ? "leader" : null, "data-player": row.player },
              el("td", { class: "num" }, row.place),
              el("td", {}, row.name),
              el("td", { class: "num" }, row.played),
              el("td", { class: "num" }, row.wins),
              el("td", { class: "num" }, row.seconds),
              el("td", { class: "num" }, row.thirds),
            ),
          ),
        ),
      ),
    );
  }
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
