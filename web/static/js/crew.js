// The crew on a phone (lobby.crew, docs/protocol.md "A crew"), between matches: the host's "keep this lobby
// as our crew" while it is not one; then the crew's section: standings (all time or this season), each game's
// table, records, streaks and head-to-heads, the past nights, the hall of fame, the member's own tools and the
// host's. The parts live in crew_parts/; the recap's vote and records in crew_recap.js.

import { el, fill } from "./dom.js";
import { keepingFocus } from "./focus.js";
import { t } from "./i18n.js";
import { gameRecord, headToHeadList, recordList, standingsGrid, streakList } from "./crew_parts/board.js";
import { nightDetail, nightList } from "./crew_parts/nights.js";
import { fameList } from "./crew_parts/fame.js";
import { claimPanel, hostTools, keepCrewCard, ownTools } from "./crew_parts/tools.js";

export { claimsCard } from "./crew_parts/tools.js";

// What this phone has open (kept across the states that keep arriving)
const state = { season: false, opened: null, showCode: false, claimMember: null, claimCode: "", claimOpen: false, open: {} };

/** A part the member opens and closes (a <details>, remembered by ``id``). */
function part(id, title, ...body) {
  return el(
    "details",
    {
      class: "crew-part",
      "data-testid": `crew-part-${id}`,
      open: Boolean(state.open[id]),
      ontoggle: (event) => {
        state.open[id] = event.target.open;
      },
    },
    el("summary", { "data-keep": `crew-part-${id}` }, el("h3", { class: "crew-part-title" }, title)),
    el("div", { class: "crew-part-body" }, body),
  );
}

function standingsToggle(render) {
  const button = (season, label) =>
    el(
      "button",
      {
        type: "button",
        class: ["btn", "small", state.season === season ? "primary" : null],
        "aria-pressed": String(state.season === season),
        "data-testid": season ? "crew-season" : "crew-all-time",
        "data-keep": season ? "crew-season" : "crew-all-time",
        onclick: () => {
          state.season = season;
          render();
        },
      },
      label,
    );
  return el(
    "div",
    { class: "crew-toggle", role: "group", "aria-label": t("crew.standings") },
    button(false, t("crew.all_time")),
    button(true, t("crew.this_season")),
  );
}

function gameRecords(view, crew) {
  const games = Object.keys(crew.games);
  if (!games.length) return el("p", { class: "muted" }, t("crew.no_games"));
  return games.map((game) => gameRecord(view, crew, game));
}

/**
 * Fill ``section`` with the crew's part of the phone between matches (hidden during one, and when there is
 * nothing to show: a lobby not kept as a crew, for a guest).
 */
export function renderCrewSection(section, view, { host, code, command, render, live }) {
  const crew = view.lobby.crew;
  if (live || (!crew && !host)) {
    section.hidden = true;
    section.replaceChildren();
    return;
  }
  section.hidden = false;
  if (!crew) {
    fill(section, el("h2", {}, t("crew.title")), keepCrewCard({ command }));
    return;
  }
  const nights = crew.nights;
  const opened = nights.some((n) => n.n === state.opened) ? state.opened : (nights.at(-1)?.n ?? null);
  keepingFocus(section, () =>
    fill(
      section,
      el("h2", {}, t("crew.title")),
      el(
        "p",
        { class: "muted small", "data-testid": "crew-summary" },
        t("crew.summary", { count: nights.length, season: crew.season.n }),
      ),
      claimPanel(view, crew, { command, state, render }),
      standingsToggle(render),
      standingsGrid(view, crew, { season: state.season }),
      part("games", t("crew.games"), gameRecords(view, crew)),
      part(
        "records",
        t("crew.records"),
        recordList(view, crew),
        el("h4", {}, t("crew.streaks")),
        streakList(view, crew),
        el("h4", {}, t("crew.head_to_heads")),
        headToHeadList(view, crew),
      ),
      part(
        "nights",
        t("crew.nights"),
        nights.length
          ? [
              nightList(crew, {
                opened,
                onOpen: (n) => {
                  state.opened = n;
                  render();
                },
              }),
              nightDetail(view, crew, opened),
            ]
          : el("p", { class: "muted" }, t("crew.no_nights")),
      ),
      part("fame", t("crew.fame"), fameList(view, crew)),
      ownTools(view, crew, { code, command, state, render }),
      host ? hostTools(crew, { code, command }) : null,
    ),
  );
}
