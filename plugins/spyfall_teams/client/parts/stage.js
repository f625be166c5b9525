// The show's stage: the teams as columns, each member's points so far, the newest points arriving.

import { locationName } from "/plugins/spyfall/kit.js";
import { teamClass, teamLabel, teamMark } from "./teams.js";

export const STAGGER_MS = 450; // the points of a step arrive one after the other

/** The teams as columns with each member's points so far; the newest step's points arrive as "+N". */
export function stageSection(ctx, newest, fresh) {
  const { api, shown } = ctx;
  const { el, t } = api;
  if (!shown.teams) return null;
  const arriving = new Map(); // player -> [awards] of the newest step
  for (const award of newest?.awards || []) {
    if (!arriving.has(award.player)) arriving.set(award.player, []);
    arriving.get(award.player).push(award);
  }
  let order = 0;
  const tally = shown.steps.find((step) => step.kind === "tally");
  const winners = new Set(tally ? tally.winners : []);
  const columns = [
    ...shown.teams.teams.map((team, index) => ({ index, players: team.players, card: team.card, key: index })),
    ...shown.teams.spies.map((spy, i) => ({ index: "spy", players: [spy], card: null, key: shown.teams.teams.length + i })),
  ];
  return el(
    "div",
    { class: "st-stage", "data-testid": "st-stage" },
    columns.map((column) => {
      const total = column.players.reduce((sum, pid) => sum + (shown.points.get(pid) || 0), 0);
      const gaining = column.players.some((pid) => arriving.has(pid));
      return el(
        "div",
        {
          class: ["st-team", teamClass(column.index), winners.has(column.key) ? "winner" : null],
          "data-testid": "st-team",
          "data-team": String(column.key),
        },
        el(
          "div",
          { class: "st-team-head" },
          el(
            "span",
            { class: "st-team-name" },
            teamMark(api, column.index, { spoken: false }),
            column.index === "spy" ? t("spyfall_teams.screen.spy") : teamLabel(ctx, column.index, false),
          ),
          el(
            "strong",
            { class: "st-team-location", "data-testid": "st-team-location" },
            column.card ? locationName(api, column.card) : t("spyfall_teams.screen.spy_no_location"),
          ),
        ),
        el(
          "ul",
          { class: "st-members" },
          column.players.map((pid) =>
            el(
              "li",
              { class: "st-member", "data-player": pid, "data-testid": "st-member" },
              el("span", { class: "st-member-name" }, api.name(pid)),
              (arriving.get(pid) || []).map((award) => {
                const chip = el(
                  "span",
                  { class: ["st-plus", fresh ? "enter" : null], "data-testid": "st-plus" },
                  `+${award.points}`,
                );
                if (fresh) chip.style.setProperty("--delay", `${order++ * STAGGER_MS}ms`);
                return chip;
              }),
              el("span", { class: "st-member-points", "data-testid": "st-member-points" }, String(shown.points.get(pid) || 0)),
            ),
          ),
        ),
        el(
          "div",
          { class: ["st-team-total", gaining && fresh ? "bump" : null] },
          el("span", {}, t("spyfall_teams.screen.team_total")),
          el("strong", { "data-testid": "st-team-total" }, String(total)),
        ),
        winners.has(column.key)
          ? el("div", { class: "st-winner-badge", "data-testid": "st-winner-badge" }, t("spyfall_teams.screen.winner_badge"))
          : null,
      );
    }),
  );
}
