// The crew's scenes on the table screen (scenes.js offers them once the lobby is a crew's):
//
//   opener   "Previously on…": last night's winners, the records it broke, the streaks on the line and its
//            hall-of-fame entries (crew.opener: from a new night until its first match; the scene of the moment)
//   crew     the standings (all time, with each member's place this season), records, streaks, head-to-heads
//   nights   the past nights: the list, with one opened; the latest first, and each time the scene comes round
//            again the one before it (a night on the list may also be picked)
//   fame     the hall of fame, its drawings replayed stroke by stroke
//
// Each fits the screen without scrolling: the rows' text shrinks with their number, and the least important
// entries (the last head-to-heads, then streaks and records; older nights' buttons, a night's last awards, the
// oldest fame entries) are dropped while a box overflows.

import { el, fill } from "./dom.js";
import { lang, t } from "./i18n.js";
import { trimToFit } from "./fit.js";
import { headToHeadList, recordList, standingsGrid, streakList } from "./crew_parts/board.js";
import { nightDetail, nightList } from "./crew_parts/nights.js";
import { fameList } from "./crew_parts/fame.js";
import { dateText, memberTag, newRecordText } from "./crew_parts/names.js";

export const CREW_SCENES = ["opener", "crew", "nights", "fame"];

const shown = { key: null, scene: null, night: null, entries: 0 };
const fitted = new WeakSet();

/** A list of lines, or the line saying there is none. */
function lines(items, line, none, testid) {
  if (!items.length) return el("p", { class: "muted" }, none);
  return el("ul", { class: "crew-lines", "data-testid": testid }, items.map((item) => el("li", { class: "crew-line" }, line(item))));
}

function openerScene(view, crew) {
  const opener = crew.opener;
  const winners = opener.winners.map((id) => memberTag(view, crew, id, { size: "m" }));
  return el(
    "div",
    { class: "crew-tv crew-opener", "data-testid": "crew-opener" },
    el("h2", { class: "crew-tv-title" }, t("crew.previously", { n: opener.night, date: dateText(opener.date) })),
    el(
      "section",
      { class: "crew-opener-winners" },
      el("h3", {}, t("crew.last_winners", { count: opener.winners.length })),
      el("p", { class: "crew-opener-names", "data-testid": "crew-opener-winners" }, winners.length ? winners : t("crew.no_winner")),
    ),
    el(
      "section",
      { class: "crew-opener-lines" },
      el("h3", {}, t("crew.records_broken")),
      lines(
        opener.records,
        (record) => el("span", { class: "crew-line-what" }, newRecordText(crew, record)),
        t("crew.no_records_broken"),
        "crew-opener-records",
      ),
      el("h3", {}, t("crew.on_the_line")),
      lines(
        opener.streaks,
        (streak) => [
          memberTag(view, crew, streak.member),
          el("span", { class: "crew-line-what" }, t("crew.streak_on_line", { count: streak.wins })),
        ],
        t("crew.no_streaks_on_line"),
        "crew-opener-streaks",
      ),
    ),
    opener.fame.length
      ? el(
          "section",
          { class: "crew-opener-fame" },
          el("h3", {}, t("crew.into_fame")),
          fameList(view, crew, { table: true, only: opener.fame }),
        )
      : null,
  );
}

function crewScene(view, crew) {
  return el(
    "div",
    { class: "crew-tv crew-board", "data-testid": "crew-board", style: { "--rows": crew.standings.length } },
    el("h2", { class: "crew-tv-title" }, t("crew.title_tv", { count: crew.nights.length })),
    el("section", { class: "crew-board-standings" }, standingsGrid(view, crew, { withSeason: true })),
    el(
      "section",
      { class: "crew-board-lines" },
      el("h3", {}, t("crew.records")),
      recordList(view, crew, { fit: true }),
      el("h3", {}, t("crew.streaks")),
      streakList(view, crew, { fit: true }),
      el("h3", {}, t("crew.head_to_heads")),
      headToHeadList(view, crew, { fit: true }),
    ),
  );
}

function nightsScene(view, crew, changed) {
  const nights = crew.nights;
  if (!nights.length) {
    return el("div", { class: "crew-tv" }, el("h2", { class: "crew-tv-title" }, t("crew.nights")), el("p", { class: "muted" }, t("crew.no_nights")));
  }
  const opened = nights.some((n) => n.n === shown.night) ? shown.night : nights.at(-1).n;
  const night = nights.find((n) => n.n === opened);
  return el(
    "div",
    { class: "crew-tv crew-nights-tv", "data-testid": "crew-nights-tv", style: { "--rows": night.standings.length } },
    el("h2", { class: "crew-tv-title" }, t("crew.nights")),
    el(
      "section",
      { class: "crew-nights-list" },
      nightList(crew, {
        opened,
        fit: true,
        onOpen: (n) => {
          shown.night = n;
          changed();
        },
      }),
    ),
    el("section", { class: "crew-nights-open" }, nightDetail(view, crew, opened, { fit: true })),
  );
}

function fameScene(view, crew) {
  return el(
    "div",
    { class: "crew-tv crew-fame-tv", "data-testid": "crew-fame-tv" },
    el("h2", { class: "crew-tv-title" }, t("crew.fame")),
    el("section", { class: "crew-fame-box" }, fameList(view, crew, { table: true })),
  );
}

/** The night the nights scene opens as it comes round again: the one before the last shown (the latest after the first). */
function stepNight(crew) {
  const numbers = crew.nights.map((n) => n.n);
  if (!numbers.length) return;
  const at = numbers.indexOf(shown.night ?? numbers.at(-1));
  shown.night = at <= 0 ? numbers.at(-1) : numbers[at - 1];
}

/**
 * Show crew scene ``scene`` in ``root`` (hidden for any other scene). What it shows is rebuilt only when it
 * changed, so a drawing's replay goes on while states arrive. ``changed()`` renders the table again.
 */
export function renderCrewScene(root, scene, view, { changed }) {
  const crew = view.lobby.crew;
  const on = CREW_SCENES.includes(scene) && Boolean(crew) && !(scene === "opener" && !crew.opener);
  root.hidden = !on;
  if (!on) {
    if (shown.scene) root.replaceChildren();
    shown.scene = null;
    shown.key = null;
    return;
  }
  if (scene === "nights" && shown.scene !== "nights") {
    if (shown.entries > 0) stepNight(crew);
    shown.entries += 1;
  }
  shown.scene = scene;
  const key = JSON.stringify([scene, lang(), shown.night, crew, view.lobby.seats]);
  if (key === shown.key) return;
  shown.key = key;
  root.dataset.crewScene = scene;
  if (scene === "opener") fill(root, openerScene(view, crew));
  else if (scene === "crew") fill(root, crewScene(view, crew));
  else if (scene === "nights") fill(root, nightsScene(view, crew, changed));
  else fill(root, fameScene(view, crew));
  fit(root);
  if (!fitted.has(root)) {
    fitted.add(root);
    new ResizeObserver(() => fit(root)).observe(root); // the screen's size, the top bar's tabs, the fonts
  }
}

/** Drop the least important entries of each box of the scene while it overflows. */
function fit(root) {
  if (root.hidden) return;
  trimToFit(root); // first: it shows every entry again before it measures
  for (const box of root.querySelectorAll(".crew-tv > section")) trimToFit(box);
}
