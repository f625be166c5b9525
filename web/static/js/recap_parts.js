// The pieces of the night's recap (lobby.recap, docs/protocol.md): the standings, an award's card, and one
// player's own line. recap.js lays them out on the table screen and on a phone.

import { el } from "./dom.js";
import { list, t } from "./i18n.js";
import { gameName } from "./common.js";
import { standingsTable } from "./scoreboard.js";
import { avatar, lookOf } from "./looks.js";

/** A player's name as the recap knows it (they may have left the lobby since). */
export function recapName(recap, pid) {
  return recap.names?.[pid] || t("player.unknown");
}

/** The awards ``pid`` won (alone or shared). */
export function awardsOf(recap, pid) {
  return (recap.awards || []).filter((award) => award.players.includes(pid));
}

/** The night's standings with each player's points (scoreboard.js), the viewer's row marked. */
export function recapStandings(recap, { you = null, view = null } = {}) {
  return standingsTable(recap.standings, { you, view, points: true, testid: "recap-standings", rowTestid: "recap-row" });
}

/**
 * One award: a medal, its title, who won it, the figure it rests on, and the game it came from. ``order``
 * (a number) makes it appear (motion.css's reveal-in) that many steps after the first card: give it only
 * when the recap is new, so that a later state does not replay the reveal.
 */
export function awardCard(recap, award, { mine = false, order = null, view = null } = {}) {
  const names = award.players.map((pid) => recapName(recap, pid));
  return el(
    "li",
    {
      class: ["recap-award", order === null ? null : "reveal-in", mine ? "mine" : null],
      style: order === null ? null : { "--reveal-order": order },
      "data-testid": "recap-award",
      "data-award": award.key,
    },
    el("span", { class: "recap-medal", "aria-hidden": "true" }),
    el(
      "div",
      { class: "recap-award-body" },
      el("div", { class: "recap-award-title" }, t(award.key, award.params)),
      el(
        "div",
        { class: "recap-award-names", "data-testid": "recap-award-names" },
        award.players.map((pid) => avatar(lookOf(view, pid), { size: "s" })),
        " ",
        list(names),
      ),
      el("div", { class: "recap-award-why" }, t(`${award.key}.why`, { ...award.params, figure: award.figure })),
      award.game ? el("div", { class: "recap-award-game" }, gameName(award.game)) : null,
    ),
  );
}

/** The awards as a list of cards (``you``'s own marked; ``fresh``: they appear one by one), or a line saying
 * there are none. */
export function awardList(recap, { you = null, fresh = false, testid = "recap-awards", view = null } = {}) {
  if (!recap.awards.length) return el("p", { class: "muted recap-none", "data-testid": "recap-no-awards" }, t("recap.no_awards"));
  return el(
    "ol",
    { class: "recap-award-list", "data-testid": testid },
    recap.awards.map((award, index) =>
      awardCard(recap, award, { mine: award.players.includes(you), order: fresh ? index : null, view }),
    ),
  );
}

/** ``pid``'s own line: their place, matches, wins and points, and the awards they won (``fresh``: appearing). */
export function ownLine(recap, pid, { fresh = false } = {}) {
  const row = recap.standings.find((r) => r.player === pid);
  if (!row) {
    return el("div", { class: "recap-mine", "data-testid": "recap-mine" }, el("p", { class: "muted" }, t("recap.not_played")));
  }
  const mine = awardsOf(recap, pid);
  return el(
    "div",
    { class: ["recap-mine", row.place === 1 ? "first" : null], "data-testid": "recap-mine", "data-place": row.place },
    el(
      "p",
      { class: "recap-place", "data-testid": "recap-place" },
      row.place === 1 ? t("recap.you_won") : t("recap.your_place", { place: row.place, count: recap.standings.length }),
    ),
    el(
      "p",
      { class: "recap-figures", "data-testid": "recap-figures" },
      el("span", { class: "chip" }, t("recap.played", { count: row.played })),
      el("span", { class: "chip" }, t("recap.wins", { count: row.wins })),
      el("span", { class: "chip", "data-testid": "recap-points" }, t("recap.points", { count: row.points })),
    ),
    mine.length
      ? el(
          "ol",
          { class: "recap-award-list", "data-testid": "recap-my-awards" },
          mine.map((award, index) => awardCard(recap, award, { mine: true, order: fresh ? index : null })),
        )
      : el("p", { class: "muted", "data-testid": "recap-no-award-for-you" }, t("recap.no_award_for_you")),
  );
}
