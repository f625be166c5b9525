// The show's steps: each step's title and body (the picks, the teams, the hands, the locations, the tally).

import { gone, joined, locationName, names } from "/plugins/spyfall/kit.js";
import { STAGGER_MS } from "./stage.js";
import { cardById, leftTag, teamClass, teamLabel, teamMark, who, whoList, winnersText } from "./teams.js";

export function awardsList(ctx, step, fresh) {
  const { api } = ctx;
  const { el, t } = api;
  const awards = step.awards || [];
  if (!awards.length) return el("p", { class: "sf-muted st-nothing" }, t("spyfall_teams.screen.no_points"));
  return el(
    "ul",
    { class: "st-awards", "data-testid": "st-awards" },
    awards.map((award, i) => {
      const item = el(
        "li",
        { class: ["st-award", fresh ? "enter" : null], "data-player": award.player },
        el("span", { class: "st-award-points" }, `+${award.points}`),
        who(ctx, award.player),
        el("span", { class: "st-award-why" }, t(award.reason, award.params || {})),
      );
      if (fresh) item.style.setProperty("--delay", `${i * STAGGER_MS}ms`);
      return item;
    }),
  );
}

/** The arrow between a player and their pick, read out as what it means ("points at", "names"). */
function arrow(api, key) {
  return api.el("span", { class: "st-arrow", role: "img", "aria-label": api.t(key) }, " → ");
}

export function pointingRows(ctx, pointing, kept = null) {
  const { api } = ctx;
  const { el } = api;
  const rows = Object.entries(pointing || {});
  return el(
    "ul",
    { class: "st-pointing" },
    rows.map(([pid, targets]) => {
      const keep = kept ? new Set(kept[pid] || []) : null;
      const dropped = new Set(keep ? targets.filter((target) => !keep.has(target)) : []);
      const down = keep && keep.size === 0;
      return el(
        "li",
        { class: ["st-hand", down ? "down" : null], "data-player": pid },
        who(ctx, pid),
        arrow(api, "spyfall_teams.screen.arrow_pointed"),
        whoList(ctx, targets, dropped),
      );
    }),
  );
}

export function pickOf(ctx, pid) {
  return ctx.shown.picks?.locations?.[pid] || [];
}

/** Who named what: each named location marked right (a location of another team) or wrong. */
export function guessRows(ctx, players) {
  const { api, game, shown } = ctx;
  const { el, t } = api;
  const teams = shown.teams?.teams || [];
  return el(
    "ul",
    { class: "st-guesses", "data-testid": "st-guesses" },
    players.map((pid) => {
      const own = shown.teamOf.get(pid);
      const right = new Set(teams.filter((_, index) => index !== own).map((team) => team.card.id));
      const named = pickOf(ctx, pid);
      return el(
        "li",
        { "data-player": pid },
        who(ctx, pid),
        arrow(api, "spyfall_teams.screen.arrow_named"),
        named.length
          ? named.map((id, i) =>
              own === "spy" || i === 0
                ? el(
                    "span",
                    { class: ["st-guess", right.has(id) ? "right" : "wrong"], "data-location": id },
                    locationName(api, cardById(game, id)),
                    right.has(id) ? " ✓" : " ✗",
                  )
                : // a non-spy's second location: named so that their form looked like a spy's; it never scores
                  el(
                    "span",
                    { class: "st-guess uncounted", "data-location": id },
                    locationName(api, cardById(game, id)),
                    " ",
                    t("spyfall_teams.screen.not_counted"),
                  ),
            )
          : el("span", { class: "sf-muted" }, t("spyfall_teams.screen.no_pick")),
      );
    }),
  );
}

export function stepTitle(ctx, step) {
  const { api } = ctx;
  const { t } = api;
  const team = step.team === undefined ? null : teamLabel(ctx, step.team);
  return t(`spyfall_teams.screen.step_${step.kind}`, team ? { team } : {});
}

export function stepBody(ctx, step, fresh) {
  const { api, game, match, shown } = ctx;
  const { el, t } = api;
  switch (step.kind) {
    case "picks":
      return el(
        "table",
        { class: "st-picks-table", "data-testid": "st-picks-table" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", {}, t("spyfall_teams.screen.col_player")),
            el("th", {}, t("spyfall_teams.screen.col_named")),
            el("th", {}, t("spyfall_teams.screen.col_pointed")),
          ),
        ),
        el(
          "tbody",
          {},
          match.players.map((pid) =>
            el(
              "tr",
              { "data-player": pid, class: gone(match, pid) ? "left" : null },
              el("td", {}, who(ctx, pid, gone(match, pid) ? "gone" : null), gone(match, pid) ? leftTag(api) : null),
              el(
                "td",
                { class: "st-named" },
                (step.locations[pid] || []).length
                  ? joined(
                      api,
                      step.locations[pid].map((id) => locationName(api, cardById(game, id))),
                    )
                  : el("span", { class: "sf-muted" }, t("spyfall_teams.screen.no_pick")),
              ),
              el("td", {}, whoList(ctx, step.allies[pid] || [])),
            ),
          ),
        ),
      );
    case "teams":
      return el(
        "ul",
        { class: "st-team-lines" },
        step.teams.map((team, index) =>
          el(
            "li",
            { class: teamClass(index) },
            teamMark(api, index, { spoken: false }),
            el("strong", {}, teamLabel(ctx, index), ":"), // the colon stays with the team, never alone on a line
            " ",
            names(api, team.players),
          ),
        ),
        el(
          "li",
          { class: "team-spy" },
          step.spies.length ? teamMark(api, "spy", { spoken: false }) : null,
          step.spies.length
            ? t("spyfall_teams.screen.spies_were", { count: step.spies.length, names: names(api, step.spies) })
            : t("spyfall_teams.screen.no_spy"),
        ),
      );
    case "point":
    case "spy_point":
      return pointingRows(ctx, step.pointing);
    case "drop":
    case "spy_drop": {
      const before = shown.steps.find(
        (other) => other.kind === (step.kind === "drop" ? "point" : "spy_point") && other.team === step.team,
      );
      return pointingRows(ctx, before?.pointing || step.kept, step.kept);
    }
    case "hands":
    case "spy_hands":
      return awardsList(ctx, step, fresh);
    case "locations":
      return el(
        "div",
        {},
        guessRows(ctx, shown.teams?.teams[step.team]?.players || []),
        awardsList(ctx, step, fresh),
      );
    case "spy_locations":
      return el("div", {}, guessRows(ctx, shown.teams?.spies || []), awardsList(ctx, step, fresh));
    case "tally":
      return tallyBody(ctx, step);
    default:
      return null;
  }
}

export function tallyBody(ctx, step) {
  const { api } = ctx;
  const { el, t } = api;
  const winners = new Set(step.winners);
  return el(
    "div",
    {},
    el("ol", { class: "st-tally", "data-testid": "st-tally" }, [
      ...step.teams.map((team, index) =>
        el(
          "li",
          { class: [team.card ? teamClass(index) : "team-spy", winners.has(index) ? "winner" : null], "data-team": String(index) },
          el(
            "span",
            { class: "st-tally-name" },
            teamMark(api, team.card ? index : "spy", { spoken: false }),
            team.card
              ? t("spyfall_teams.screen.team_at", { team: t("spyfall_teams.screen.team_n", { n: index + 1 }), location: locationName(api, team.card) })
              : t("spyfall_teams.screen.spy_named", { name: api.name(team.players[0]) }),
          ),
          el("span", { class: "st-tally-players" }, names(api, team.players)),
          el("strong", { class: "st-tally-points" }, t("spyfall_teams.screen.points", { count: team.points })),
        ),
      ),
    ]),
    el("p", { class: "st-winners", "data-testid": "st-winners" }, winnersText(ctx, step)),
  );
}
