// More time during a match: a player's "I need more time" on their phone, the host's answer next to it,
// the line on the table that says who asked, and the host's extended time for the clocks to come.

import { el } from "./dom.js";
import { actionButton } from "./buttons.js";
import { has, t } from "./i18n.js";
import { joinNames, nameOf } from "./common.js";
import { optionChoices } from "./catalogue.js";


/** A clock the players wait on now (not one that only paces the show), running or held. */
function playersClock(match) {
  if (Object.values(match.ballots || {}).some((ballot) => !ballot.closed)) return true;
  return Object.entries(match.timers || {}).some(([name, timer]) => name !== "break" && !timer.pace);
}

/**
 * What this phone shows about asks for more time: the host, a card per ask (give a minute, or no); a player
 * in the match, their own ask (a button, or the line saying it was sent). Null when there is nothing.
 */
export function timeAskParts(view, { host, playing, act }) {
  const { match, you } = view;
  if (match.over) return null;
  const asks = match.time_asks || [];
  const parts = [];
  if (host) {
    for (const ask of asks) {
      parts.push(
        el(
          "div",
          { class: "seat-ask time-ask", "data-testid": "time-ask", "data-player": ask.player },
          el("p", {}, t("match.time_ask_host", { name: nameOf(view, ask.player) })),
          el(
            "div",
            { class: "actions" },
            actionButton({ class: "btn primary", "data-testid": "time-ask-give" }, t("match.time_give"), () =>
              act("answer_time_ask", { player: ask.player, give: true }),
            ),
            actionButton({ class: "btn ghost", "data-testid": "time-ask-refuse" }, t("match.time_refuse"), () =>
              act("answer_time_ask", { player: ask.player, give: false }),
            ),
          ),
        ),
      );
    }
  }
  if (playing && playersClock(match)) {
    const asked = asks.some((ask) => ask.player === you);
    parts.push(
      asked
        ? el("p", { class: "time-asked", "data-testid": "time-asked" }, t("match.time_asked"))
        : actionButton({ class: "btn small ghost", "data-testid": "ask-time" }, t("match.ask_time"), () => act("ask_time")),
    );
  }
  return parts.length ? parts : null;
}

/** The table's line naming who asks for more time, or null. */
export function tableTimeAsks(view) {
  const asks = view.match?.time_asks || [];
  if (!asks.length || view.match.over) return null;
  const names = joinNames(view, asks.map((ask) => ask.player));
  return el("p", { class: "seat-ask-line", "data-testid": "table-time-asks" }, t("table.time_asks", { names }));
}

/** The host's choice of extended time for the clocks started from now on. */
export function timeFactorPicker(match, act) {
  const current = Number(match.options?.time_factor ?? 1);
  const select = el(
    "select",
    {
      "data-testid": "time-factor",
      onchange: async (event) => {
        const answer = await act("time_factor", { factor: Number(event.target.value) });
        if (!answer?.ok) event.target.value = String(current); // refused: it shows the factor still in force
      },
    },
    optionChoices(match.game, "time_factor").map((factor) => {
      const key = `option.time_factor.${factor}`;
      return el("option", { value: String(factor), selected: factor === current }, has(key) ? t(key) : `× ${factor}`);
    }),
  );
  return el("label", { class: "time-factor-field" }, el("span", { class: "field-label" }, t("match.time_factor")), select);
}
