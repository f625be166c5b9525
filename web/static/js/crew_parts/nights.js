// The crew's past nights: a list by date, and one night opened (its matches and winners, its standings, its
// records and awards). The phone opens a night on a tap; the table opens one at a time (crew_scenes.js).

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { grid } from "../grid.js";
import { awardText, dateText, gameTitle, memberNames, memberTag, recordText } from "./names.js";

/** The nights, latest first, each a button that opens it (``opened``: the night's n shown open). */
export function nightList(crew, { opened, onOpen, fit = false }) {
  const nights = [...crew.nights].reverse();
  return el(
    "ol",
    { class: "crew-night-list", "data-testid": "crew-nights" },
    nights.map((night) =>
      el(
        "li",
        { "data-fit-drop": fit && night.n !== opened ? "night" : null },
        el(
          "button",
          {
            type: "button",
            class: ["btn", "crew-night-pick", night.n === opened ? "current" : null],
            "aria-pressed": String(night.n === opened),
            "data-testid": "crew-night-pick",
            "data-keep": `crew-night-${night.n}`,
            "data-night": night.n,
            onclick: () => onOpen(night.n),
          },
          t("crew.night_title", { n: night.n, date: dateText(night.date) }),
        ),
      ),
    ),
  );
}

/** One night: its matches (game and winners), its standings, its records and awards (``fit``: the awards may be
 * dropped, the last first, to fit a TV). */
export function nightDetail(view, crew, n, { fit = false } = {}) {
  const night = crew.nights.find((item) => item.n === n);
  if (!night) return null;
  return el(
    "article",
    { class: "crew-night", "data-testid": "crew-night", "data-night": night.n },
    el("h3", {}, t("crew.night_title", { n: night.n, date: dateText(night.date) })),
    el(
      "ol",
      { class: "crew-lines crew-night-matches", "data-testid": "crew-night-matches" },
      night.matches.map((match) =>
        el(
          "li",
          { class: "crew-line", "data-testid": "crew-night-match" },
          el("span", { class: "crew-line-what" }, gameTitle(match.game)),
          el(
            "span",
            { "data-testid": "crew-night-winners" },
            match.winners.length ? t("crew.won_by", { names: memberNames(crew, match.winners) }) : t("crew.no_winner"),
          ),
        ),
      ),
    ),
    grid({
      attrs: { class: "scoreboard crew-night-standings", "data-testid": "crew-night-standings" },
      columns: [
        { label: "#", num: true },
        { label: t("scoreboard.player") },
        { label: t("scoreboard.wins"), num: true },
        { label: t("recap.points_head"), num: true },
      ],
      rows: night.standings,
      rowHeader: null,
      rowAttrs: (row) => ({ class: row.place === 1 ? "leader" : null, "data-member": row.member, "data-place": row.place }),
      cells: (row) => [
        row.place,
        { value: memberTag(view, crew, row.member), attrs: { class: "standings-player" } },
        row.wins,
        row.points,
      ],
    }),
    night.records?.length
      ? el(
          "ul",
          { class: "crew-lines", "data-testid": "crew-night-records" },
          night.records.map((record) =>
            el(
              "li",
              { class: "crew-line" },
              el("span", { class: "crew-line-what" }, recordText(record.stat, record.figure)),
              memberTag(view, crew, record.member),
            ),
          ),
        )
      : null,
    night.awards?.length
      ? el(
          "ul",
          { class: "crew-lines", "data-testid": "crew-night-awards" },
          night.awards.map((award) =>
            el(
              "li",
              { class: "crew-line", "data-testid": "crew-night-award", "data-fit-drop": fit ? "award" : null },
              el("span", { class: "crew-line-what" }, awardText(crew, award)),
              el("span", {}, memberNames(crew, award.players)),
            ),
          ),
        )
      : null,
  );
}
