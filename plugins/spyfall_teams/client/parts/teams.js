// The teams as the show reveals them: who is in which team, their colours and labels, the winners.

import { joined, locationName, tag } from "/plugins/spyfall/kit.js";

export function cardById(game, id) {
  return (game.locations || []).find((location) => location.id === id) || { id, names: {} };
}

/** What the show has revealed so far: the picks, the teams, each player's team and round points. */
export function revealed(game) {
  const steps = game.show || [];
  const picks = steps.find((step) => step.kind === "picks") || null;
  const teams = steps.find((step) => step.kind === "teams") || null;
  const teamOf = new Map();
  if (teams) {
    teams.teams.forEach((team, index) => team.players.forEach((pid) => teamOf.set(pid, index)));
    for (const spy of teams.spies) teamOf.set(spy, "spy");
  }
  const points = new Map();
  for (const step of steps) {
    for (const award of step.awards || []) points.set(award.player, (points.get(award.player) || 0) + award.points);
  }
  return { steps, picks, teams, teamOf, points };
}

export function teamClass(index) {
  return index === "spy" ? "team-spy" : index === undefined ? null : `team-${index % 4}`;
}

export function teamLabel(ctx, index, withLocation = true) {
  const { api, shown } = ctx;
  const { t } = api;
  const label = t("spyfall_teams.screen.team_n", { n: index + 1 });
  const team = shown.teams?.teams[index];
  if (!withLocation || !team) return label;
  return t("spyfall_teams.screen.team_at", { team: label, location: locationName(api, team.card) });
}

// Each team has a shape as well as a colour, so that colour is never the only sign of a team.
const SHAPES = ["●", "■", "▲", "◆"];
const SPY_SHAPE = "✶";

/** The team's shape; ``spoken``: read out as the team's name (else hidden: a label beside it says it). */
export function teamMark(api, index, { spoken = true } = {}) {
  const label = index === "spy" ? api.t("spyfall_teams.screen.spy") : api.t("spyfall_teams.screen.team_n", { n: index + 1 });
  const attrs = spoken ? { role: "img", "aria-label": label, title: label } : { "aria-hidden": "true" };
  return api.el("span", { class: ["st-mark", teamClass(index)], ...attrs }, index === "spy" ? SPY_SHAPE : SHAPES[index % 4]);
}

/** A player's name, in their team's colour and after their team's shape once the teams are revealed. */
export function who(ctx, pid, extra = null) {
  const { api, shown } = ctx;
  const team = shown.teamOf.get(pid);
  return api.el(
    "span",
    { class: ["st-who", teamClass(team), extra], "data-player": pid },
    team === undefined ? null : teamMark(api, team),
    api.name(pid),
  );
}

export function leftTag(api) {
  return tag(api, api.t("match.left_badge"), "gone", { "data-testid": "sf-left" });
}

export function whoList(ctx, pids, dropped = new Set()) {
  const { api } = ctx;
  if (!pids.length) return api.el("span", { class: "sf-muted" }, api.t("spyfall_teams.screen.no_one"));
  const parts = [];
  pids.forEach((pid, i) => {
    if (i) parts.push(", ");
    parts.push(who(ctx, pid, dropped.has(pid) ? "dropped" : null));
  });
  return api.el("span", { class: "st-targets" }, parts);
}

export function winnersText(ctx, step) {
  const { api } = ctx;
  const { t } = api;
  const labels = step.winners.map((index) => {
    const team = step.teams[index];
    return team.card
      ? t("spyfall_teams.screen.team_at", { team: t("spyfall_teams.screen.team_n", { n: index + 1 }), location: locationName(api, team.card) })
      : t("spyfall_teams.screen.spy_named_inline", { name: api.name(team.players[0]) });
  });
  return t("spyfall_teams.screen.winners", { count: labels.length, names: joined(api, labels) });
}
