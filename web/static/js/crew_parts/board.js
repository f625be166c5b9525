// The crew's record book as tables and lists, shared by the phone's crew section and the table's scenes:
// standings (all time or this season), each game's table by role, records, streaks and head-to-heads.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { grid } from "../grid.js";
import { gameTitle, memberName, memberTag, recordText, statName, statNameOf } from "./names.js";

const CORE = new Set(["member", "matches", "wins", "points", "left"]);

/**
 * The standings (``season``: this season's) as a table, members in their places. ``withSeason`` (the table's):
 * each member's place this season beside the all-time one, and every points figure shown; on a phone the points
 * may give way to the names (``unranked``).
 */
export function standingsGrid(view, crew, { season = false, withSeason = false } = {}) {
  const rows = season ? crew.season_standings : crew.standings;
  if (!rows.length) return el("p", { class: "muted", "data-testid": "crew-no-standings" }, t("crew.no_standings"));
  const seasonPlace = Object.fromEntries(crew.season_standings.map((row) => [row.member, row.place]));
  const points = withSeason ? {} : { class: "unranked" };
  return grid({
    attrs: { class: "scoreboard crew-standings", "data-testid": "crew-standings", "data-season": String(season) },
    caption: el("caption", { class: "ranked-by" }, t("crew.ranked_by")),
    columns: [
      { label: "#", num: true },
      { label: t("scoreboard.player") },
      { label: t("crew.nights_won"), num: true },
      { label: t("scoreboard.wins"), num: true },
      { label: t("scoreboard.played"), num: true },
      { label: t("recap.points_head"), num: true, attrs: points },
      ...(withSeason ? [{ label: t("crew.season_place", { n: crew.season.n }), num: true }] : []),
    ],
    rows,
    rowHeader: null,
    rowAttrs: (row) => ({
      class: [row.place === 1 ? "leader" : null, row.member === view.you ? "me" : null],
      "data-testid": "crew-standing",
      "data-member": row.member,
      "data-place": row.place,
    }),
    cells: (row) => [
      row.place,
      { value: memberTag(view, crew, row.member), attrs: { class: "standings-player" } },
      row.nights_won,
      row.wins,
      row.matches,
      { value: row.points, attrs: points },
      ...(withSeason ? [seasonPlace[row.member] ?? "—"] : []),
    ],
  });
}

/** The stats a game's table shows: those its rows carry beyond the core counts, in the first row's order. */
function gameStats(rows) {
  const keys = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!CORE.has(key) && !keys.includes(key)) keys.push(key);
  return keys;
}

/**
 * One game's record by member: their matches and wins, then each of the game's own stats (by role) they have,
 * named by the game's strings: a list that reads on the narrowest phone, however many stats the game keeps.
 */
export function gameRecord(view, crew, game) {
  const rows = crew.games[game] || [];
  const stats = gameStats(rows);
  const chip = (label, value) => el("li", { class: "chip crew-stat" }, `${label}: ${value}`);
  return el(
    "section",
    { class: "crew-game", "data-testid": "crew-game", "data-game": game },
    el("h4", { class: "crew-game-title" }, gameTitle(game)),
    el(
      "ul",
      { class: "crew-lines" },
      rows.map((row) =>
        el(
          "li",
          { class: "crew-game-row", "data-member": row.member },
          memberTag(view, crew, row.member),
          el(
            "ul",
            { class: "crew-stats" },
            chip(t("scoreboard.played"), row.matches || 0),
            chip(t("scoreboard.wins"), row.wins || 0),
            stats.filter((key) => row[key]).map((key) => chip(statName(game, key), row[key])),
          ),
        ),
      ),
    ),
  );
}

/** The crew's records: "The spy won in 1:35 — Boris, night 4" (``fit``: on a TV, the last may be dropped to fit). */
export function recordList(view, crew, { fit = false } = {}) {
  if (!crew.records.length) return el("p", { class: "muted", "data-testid": "crew-no-records" }, t("crew.no_records"));
  return el(
    "ul",
    { class: "crew-lines", "data-testid": "crew-records" },
    crew.records.map((record) =>
      el(
        "li",
        { class: "crew-line", "data-testid": "crew-record", "data-stat": record.stat, "data-fit-drop": fit ? "record" : null },
        el("span", { class: "crew-line-what" }, recordText(record.stat, record.figure)),
        memberTag(view, crew, record.member),
        el("span", { class: "crew-line-when muted" }, t("crew.night_n", { n: record.night })),
      ),
    ),
  );
}

/** The matches won in a row: now, and the best. */
export function streakList(view, crew, { fit = false } = {}) {
  if (!crew.streaks.length) return el("p", { class: "muted", "data-testid": "crew-no-streaks" }, t("crew.no_streaks"));
  return el(
    "ul",
    { class: "crew-lines", "data-testid": "crew-streaks" },
    crew.streaks.map((streak) =>
      el(
        "li",
        { class: "crew-line", "data-testid": "crew-streak", "data-member": streak.member, "data-fit-drop": fit ? "streak" : null },
        memberTag(view, crew, streak.member),
        el(
          "span",
          { class: "crew-line-what" },
          t(streak.current >= 2 ? "crew.streak" : "crew.streak_best", { current: streak.current, best: streak.best }),
        ),
      ),
    ),
  );
}

/** "Boris — Caught the spy — Dina: 4 times". */
export function headToHeadList(view, crew, { fit = false } = {}) {
  if (!crew.head_to_head.length) return el("p", { class: "muted", "data-testid": "crew-no-h2h" }, t("crew.no_head_to_head"));
  return el(
    "ul",
    { class: "crew-lines", "data-testid": "crew-h2h" },
    crew.head_to_head.map((pair) =>
      el(
        "li",
        { class: "crew-line", "data-testid": "crew-pair", "data-fit-drop": fit ? "pair" : null },
        el(
          "span",
          { class: "crew-line-what" },
          t("crew.head_to_head", {
            member: memberName(crew, pair.member),
            against: memberName(crew, pair.against),
            stat: statNameOf(pair.stat),
            count: pair.count,
          }),
        ),
      ),
    ),
  );
}
