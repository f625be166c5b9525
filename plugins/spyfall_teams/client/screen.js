// Team Spyfall's screen: the held card, the list of every location in play with one's own marks, the asking
// tracker, the host's end of the round, the secret picks (a location, then allies), and the reveal as a
// show, one step of the variant's scoring script at a time, then the round's result.
// Rendered by the gamenight shell on every state: render(root, view, api). Text only through api.el / api.t.
//
// The card, the list, the asking tracker, the packs and the board are Spyfall's kit (/plugins/spyfall/kit.js).
// The table screen (a TV) is where the show is watched: big, each point arriving one after the other.

import {
  actionButton,
  armedButton,
  askingTracker,
  betweenRounds,
  gone,
  joined,
  locationList,
  locationName,
  names,
  playerChips,
  playing as isPlaying,
  present,
  renderSetupEditors,
  screenMemory,
  section,
  stillMine,
  tag,
  voidNote,
} from "/plugins/spyfall/kit.js";

const BOARD_VARIANT = "teams_eight_locations";
const STAGGER_MS = 450; // the points of a step arrive one after the other

// -- the lobby's setup card: the custom packs, and the board when "Eight locations" is chosen ---------------

/** For the setup summary: the custom numbers apply to the custom composition only, the packs not to the board. */
export function optionApplies(name, setup) {
  if (name === "custom_teams" || name === "custom_spies") return setup.options.composition === "custom";
  if (name === "packs") return !setup.variants.includes("teams_eight_locations");
  return true;
}

export function renderSetup(root, view, api) {
  renderSetupEditors(root, view, api, { boardVariant: BOARD_VARIANT });
}

// -- small helpers -------------------------------------------------------------------------------------------

function compositionText(api, composition) {
  const { t } = api;
  const sizes = composition?.teams || [];
  if (!sizes.length) return "";
  const same = sizes.every((size) => size === sizes[0]);
  const teams = same
    ? t("spyfall_teams.screen.teams_of", { count: sizes.length, size: sizes[0] })
    : t("spyfall_teams.screen.teams_mixed", { count: sizes.length, sizes: joined(api, sizes.map(String)) });
  const spies = composition.spies || 0;
  return spies ? t("spyfall_teams.screen.plus_spies", { teams, count: spies }) : teams;
}

function cardById(game, id) {
  return (game.locations || []).find((location) => location.id === id) || { id, names: {} };
}

/** What the show has revealed so far: the picks, the teams, each player's team and round points. */
function revealed(game) {
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

function teamClass(index) {
  return index === "spy" ? "team-spy" : index === undefined ? null : `team-${index % 4}`;
}

function teamLabel(ctx, index, withLocation = true) {
  const { api, shown } = ctx;
  const { t } = api;
  const label = t("spyfall_teams.screen.team_n", { n: index + 1 });
  const team = shown.teams?.teams[index];
  if (!withLocation || !team) return label;
  return t("spyfall_teams.screen.team_at", { team: label, location: locationName(api, team.card) });
}

/** A player's name, in their team's colour once the teams are revealed. */
function who(ctx, pid, extra = null) {
  const { api, shown } = ctx;
  return api.el(
    "span",
    { class: ["st-who", teamClass(shown.teamOf.get(pid)), extra], "data-player": pid },
    api.name(pid),
  );
}

function leftTag(api) {
  return tag(api, api.t("match.left_badge"), "gone", { "data-testid": "sf-left" });
}

function whoList(ctx, pids, dropped = new Set()) {
  const { api } = ctx;
  if (!pids.length) return api.el("span", { class: "sf-muted" }, api.t("spyfall_teams.screen.no_one"));
  const parts = [];
  pids.forEach((pid, i) => {
    if (i) parts.push(", ");
    parts.push(who(ctx, pid, dropped.has(pid) ? "dropped" : null));
  });
  return api.el("span", { class: "st-targets" }, parts);
}

// -- the round's top: which round, the composition, who is at the table ----------------------------------------

function topSection(ctx) {
  const { api, match, game, me } = ctx;
  const { el, t } = api;
  const picked =
    match.phase === "pick_locations"
      ? new Set(game.picked_locations || [])
      : match.phase === "pick_allies"
        ? new Set(game.picked_allies || [])
        : null;
  return el(
    "div",
    { class: "sf-top" },
    el(
      "p",
      { class: "sf-round", "data-testid": "st-round" },
      t("spyfall_teams.screen.round_of", { round: match.round, rounds: game.rounds ?? match.round }),
      " · ",
      el("span", { class: "st-composition", "data-testid": "st-composition" }, compositionText(api, game.composition)),
    ),
    playerChips(api, match.players, {
      me,
      left: match.left || [],
      asking: match.phase === "play" ? game.asker : null,
      tags: (pid) =>
        picked
          ? picked.has(pid)
            ? tag(api, t("spyfall_teams.screen.picked_tag"), "done")
            : tag(api, t("spyfall_teams.screen.picking_tag"), "waiting")
          : null,
    }),
  );
}

// -- play: questions until the host ends the round ---------------------------------------------------------------

function endSection(ctx) {
  const { api, host, mem } = ctx;
  const { el, t } = api;
  if (api.table) {
    return section(api, "st-end", "st-end", el("p", { class: "sf-muted" }, t("spyfall_teams.screen.end_table")));
  }
  return section(
    api,
    "st-end",
    "st-end",
    host
      ? armedButton(api, mem.ui, ctx.rerender, {
          id: "end_round",
          attrs: { class: "btn big", "data-testid": "st-end-round" },
          label: t("spyfall_teams.screen.end_round"),
          confirmLabel: t("spyfall_teams.screen.end_round_confirm"),
          onConfirm: () => api.send("end_round"),
        })
      : null,
    el("p", { class: "sf-muted" }, host ? t("spyfall_teams.screen.end_hint_host") : t("spyfall_teams.screen.end_hint")),
  );
}

// -- the secret picks: a location (two for a spy), then allies ---------------------------------------------------

/** How many have made the pick (who has: the ✓ tags on the players' chips above). */
function progress(ctx, done, testid) {
  const { api, match } = ctx;
  return api.el(
    "p",
    { class: "sf-progress st-progress", "data-testid": testid },
    api.t("spyfall_teams.screen.picked_count", {
      count: (done || []).filter((pid) => !gone(match, pid)).length,
      total: present(match).length,
    }),
  );
}

function locationPickSection(ctx) {
  const { api, game, mem, playing } = ctx;
  const { el, t } = api;
  const needed = game.locations_to_name || 1;
  const parts = [
    el("h3", {}, api.table ? t("spyfall_teams.screen.picks_locations_table") : t("spyfall_teams.screen.pick_location_title", { count: needed })),
    el("p", { class: "sf-muted" }, t("spyfall_teams.screen.picks_secret")),
  ];
  if (playing && !api.table) {
    const mine = game.my_location_pick;
    if (mine) {
      parts.push(
        el(
          "p",
          { class: "st-mine", "data-testid": "st-my-location-pick" },
          mine.length
            ? t("spyfall_teams.screen.you_named", { locations: joined(api, mine.map((id) => locationName(api, cardById(game, id)))) })
            : t("spyfall_teams.screen.you_missed"), // the pick clock ran out
        ),
      );
    } else {
      const chosen = mem.ui.locationPick || (mem.ui.locationPick = []);
      parts.push(
        el("p", { class: "sf-prompt" }, t("spyfall_teams.screen.pick_location_prompt", { count: needed, chosen: chosen.length })),
        locationList(api, mem.ui, {
          locations: game.locations,
          mode: "pick",
          marks: game.marks || [],
          chosen,
          onChoose: (id) => {
            const at = chosen.indexOf(id);
            if (at >= 0) chosen.splice(at, 1);
            else {
              chosen.push(id);
              if (chosen.length > needed) chosen.shift();
            }
            ctx.rerender();
          },
        }),
        el(
          "div",
          { class: "sf-row" },
          actionButton(
            api,
            { class: "btn primary big", disabled: chosen.length !== needed, "data-testid": "st-name-location" },
            chosen.length === needed
              ? t("spyfall_teams.screen.name_confirm", { locations: joined(api, chosen.map((id) => locationName(api, cardById(game, id)))) })
              : t("spyfall_teams.screen.name_choose", { count: needed }),
            () => api.send("name_location", { locations: chosen.slice() }),
          ),
        ),
      );
    }
  }
  parts.push(progress(ctx, game.picked_locations, "st-location-progress"));
  return section(api, "st-picks", "st-location-picks", ...parts);
}

function allyPickSection(ctx) {
  const { api, game, mem, match, me, playing } = ctx;
  const { el, t } = api;
  const needed = game.allies_to_name ?? null; // null: a spy, who may point at anyone or no one
  const parts = [
    el("h3", {}, api.table ? t("spyfall_teams.screen.picks_allies_table") : t("spyfall_teams.screen.pick_allies_title")),
    el("p", { class: "sf-muted" }, t("spyfall_teams.screen.picks_secret")),
  ];
  if (playing && !api.table) {
    const mine = game.my_ally_pick;
    if (mine) {
      parts.push(
        el(
          "p",
          { class: "st-mine", "data-testid": "st-my-ally-pick" },
          mine.length
            ? t("spyfall_teams.screen.you_pointed", { names: names(api, mine) })
            : needed === null
              ? t("spyfall_teams.screen.you_pointed_none")
              : t("spyfall_teams.screen.you_missed"), // the pick clock ran out
        ),
      );
    } else {
      const chosen = mem.ui.allyPick || (mem.ui.allyPick = []);
      const ready = needed === null || chosen.length === needed;
      parts.push(
        el(
          "p",
          { class: "sf-prompt" },
          needed === null ? t("spyfall_teams.screen.pick_allies_spy") : t("spyfall_teams.screen.pick_allies_prompt", { count: needed }),
        ),
        el(
          "div",
          { class: "sf-choices", "data-testid": "st-ally-targets" },
          present(match)
            .filter((pid) => pid !== me)
            .map((pid) =>
              el(
                "button",
                {
                  type: "button",
                  class: ["btn", "sf-choice", chosen.includes(pid) ? "chosen" : null],
                  "aria-pressed": chosen.includes(pid) ? "true" : "false",
                  "data-player": pid,
                  "data-testid": "st-ally",
                  onclick: () => {
                    const at = chosen.indexOf(pid);
                    if (at >= 0) chosen.splice(at, 1);
                    else {
                      chosen.push(pid);
                      if (needed !== null && chosen.length > needed) chosen.shift();
                    }
                    ctx.rerender();
                  },
                },
                api.name(pid),
              ),
            ),
        ),
        el(
          "div",
          { class: "sf-row" },
          actionButton(
            api,
            { class: "btn primary big", disabled: !ready, "data-testid": "st-point" },
            !ready
              ? t("spyfall_teams.screen.point_choose", { count: needed })
              : chosen.length
                ? t("spyfall_teams.screen.point_confirm", { names: names(api, chosen) })
                : t("spyfall_teams.screen.point_none"),
            () => api.send("point", { players: chosen.slice() }),
          ),
        ),
      );
    }
  }
  parts.push(progress(ctx, game.picked_allies, "st-ally-progress"));
  return section(api, "st-picks", "st-ally-picks", ...parts);
}

// -- the show: the variant's scoring script, one step at a time ----------------------------------------------------

/** The teams as columns with each member's points so far; the newest step's points arrive as "+N". */
function stageSection(ctx, newest, fresh) {
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
          el("span", { class: "st-team-name" }, column.index === "spy" ? t("spyfall_teams.screen.spy") : teamLabel(ctx, column.index, false)),
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

function awardsList(ctx, step, fresh) {
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

function pointingRows(ctx, pointing, kept = null) {
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
        el("span", { class: "st-arrow", "aria-hidden": "true" }, " → "),
        whoList(ctx, targets, dropped),
      );
    }),
  );
}

function pickOf(ctx, pid) {
  return ctx.shown.picks?.locations?.[pid] || [];
}

/** Who named what: each named location marked right (a location of another team) or wrong. */
function guessRows(ctx, players) {
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
        el("span", { class: "st-arrow", "aria-hidden": "true" }, " → "),
        named.length
          ? named.map((id) =>
              el(
                "span",
                { class: ["st-guess", right.has(id) ? "right" : "wrong"], "data-location": id },
                locationName(api, cardById(game, id)),
                right.has(id) ? " ✓" : " ✗",
              ),
            )
          : el("span", { class: "sf-muted" }, t("spyfall_teams.screen.no_pick")),
      );
    }),
  );
}

function stepTitle(ctx, step) {
  const { api } = ctx;
  const { t } = api;
  const team = step.team === undefined ? null : teamLabel(ctx, step.team);
  return t(`spyfall_teams.screen.step_${step.kind}`, team ? { team } : {});
}

function stepBody(ctx, step, fresh) {
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
            el("strong", {}, teamLabel(ctx, index)),
            ": ",
            names(api, team.players),
          ),
        ),
        el(
          "li",
          { class: "team-spy" },
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

function winnersText(ctx, step) {
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

function tallyBody(ctx, step) {
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

function showSection(ctx) {
  const { api, match, mem, host, shown } = ctx;
  const { el, t } = api;
  const steps = shown.steps;
  if (!steps.length) return null;
  const seen = mem.ui.seenSteps || 0;
  mem.ui.seenSteps = steps.length;
  const newestIndex = steps.length - 1;
  const newest = steps[newestIndex];
  const freshNewest = newestIndex >= seen;
  const cards = steps
    .map((step, index) => {
      const fresh = index >= seen;
      return el(
        "article",
        {
          class: ["st-step", `kind-${step.kind}`, index === newestIndex ? "newest" : "earlier", fresh ? "enter" : null],
          "data-testid": "st-step",
          "data-kind": step.kind,
          "data-index": String(index),
        },
        el("h3", { class: "st-step-title" }, stepTitle(ctx, step)),
        stepBody(ctx, step, fresh && index === newestIndex),
      );
    })
    .reverse(); // the newest first: on a TV it is where the eyes are
  const manual = !match.options?.show_seconds;
  const controls = [];
  if (match.phase === "reveal" && !api.table) {
    if (host && manual) {
      controls.push(
        actionButton(api, { class: "btn primary big", "data-testid": "st-next-step" }, t("spyfall_teams.screen.next_step"), () =>
          api.send("next_step"),
        ),
      );
    } else {
      controls.push(el("p", { class: "sf-muted" }, manual ? t("spyfall_teams.screen.host_steps") : t("spyfall_teams.screen.auto_steps")));
    }
  }
  return section(
    api,
    "st-show",
    "st-show",
    el("h3", { class: "st-show-title" }, t("spyfall_teams.screen.show_title")),
    match.phase === "reveal" ? el("p", { class: "sf-muted" }, t("spyfall_teams.screen.no_talking")) : null,
    stageSection(ctx, newest, freshNewest),
    controls.length ? el("div", { class: "sf-row st-controls" }, controls) : null,
    el("div", { class: "st-steps", "data-testid": "st-steps" }, cards),
  );
}

// -- the round's result ---------------------------------------------------------------------------------------------

function resultSection(ctx) {
  const { api, match, game, host } = ctx;
  const { el, t } = api;
  const result = game.result;
  if (!result) return null;
  const won = game.rounds_won || {};
  const order = match.players.slice().sort((a, b) => (won[b] || 0) - (won[a] || 0));
  const parts = [
    result.void
      ? voidNote(api, result, "st-void")
      : el("p", { class: "sf-winner st-result-winners", "data-testid": "st-result-winners" }, winnersText(ctx, result)),
    el("h4", {}, t("spyfall_teams.screen.rounds_won_title")),
    el(
      "ul",
      { class: "st-rounds-won", "data-testid": "st-rounds-won" },
      order.map((pid) =>
        el(
          "li",
          { "data-player": pid, class: gone(match, pid) ? "left" : null },
          el("span", { class: gone(match, pid) ? "gone" : null }, api.name(pid)),
          gone(match, pid) ? leftTag(api) : null,
          el("strong", {}, String(won[pid] || 0)),
        ),
      ),
    ),
    el("p", { class: "sf-muted" }, t("spyfall_teams.screen.ranking_hint")),
  ];
  if (!api.table && !match.over) {
    if (host) {
      const last = match.round >= (game.rounds ?? 0);
      parts.push(
        el(
          "div",
          { class: "sf-row" },
          actionButton(
            api,
            { class: "btn primary big", "data-testid": "st-next" },
            last ? t("spyfall_teams.screen.finish") : t("spyfall_teams.screen.next"),
            () => api.send("next"),
          ),
        ),
      );
    } else {
      parts.push(el("p", { class: "sf-muted", "data-testid": "st-waiting-host" }, t("spyfall_teams.screen.waiting_host")));
    }
  }
  return section(api, "sf-result", "st-result", el("h3", {}, t("spyfall_teams.screen.result_title")), ...parts);
}

// -- the screen -------------------------------------------------------------------------------------------------------

/** Render again after a local change (a pick chosen), through the shell; not once the root is another screen's. */
function rerender(root, mem) {
  if (stillMine(root, mem)) mem.api.refresh();
}

export function render(root, view, api) {
  const mem = screenMemory(root, view, api, "st");
  const { el, t } = api;
  const match = view.match;
  const game = match.game_view || {};
  const me = api.table ? null : view.you;
  const playing = isPlaying(api, view); // a seat not in the match (late, or back after leaving) sees the table
  const host = Boolean(me && view.lobby?.host === me);
  const shown = revealed(game);
  const ctx = { api, match, game, me, mem, playing, host, shown, rerender: () => rerender(root, mem) };
  const phase = match.phase;
  const over = phase === "round_over" || Boolean(match.over);

  mem.card.paint(mem.cardWrap, api, playing ? game.card || null : null, {
    compact: phase === "reveal" || over,
    agentGoal: t("spyfall_teams.screen.agent_goal"),
    spyGoal: t("spyfall_teams.screen.spy_goal"),
  });
  if (!game.locations) {
    mem.body.replaceChildren(el("p", { class: "sf-muted" }, t("spyfall_teams.screen.dealing")));
    return;
  }
  if (phase !== "play") mem.ui.armed = mem.ui.armed === "end_round" ? null : mem.ui.armed;

  const parts = [topSection(ctx)];
  const known = shown.teams ? shown.teams.teams.map((team) => team.card.id) : [];
  let list = playing && !api.table ? "cross" : "show";
  if (phase === "play" && !match.over) {
    parts.push(
      askingTracker(api, {
        players: present(match),
        me,
        playing,
        asker: game.asker,
        askedBy: game.asked_by,
        firstNote: t("spyfall_teams.screen.first_asker", { name: api.name(game.asker) }),
      }),
      endSection(ctx),
    );
  } else if (phase === "pick_locations") {
    parts.push(locationPickSection(ctx));
    if (playing && !api.table && !game.my_location_pick) list = null; // the picker is the list
  } else if (phase === "pick_allies") {
    parts.push(allyPickSection(ctx));
  } else if (phase === "reveal" || over) {
    parts.push(over ? resultSection(ctx) : null, showSection(ctx));
    list = "show";
  }

  parts.push(...betweenRounds(api, view, mem.ui, { boardVariant: BOARD_VARIANT, playing, host, rerender: ctx.rerender }));
  if (list) {
    parts.push(
      locationList(api, mem.ui, {
        locations: game.locations,
        mode: list,
        marks: game.marks || [],
        answers: known,
        rerender: ctx.rerender,
      }),
    );
  }
  // The card node stays (it may be held right now); the rest is rebuilt (the shell keeps a field's focus).
  mem.body.replaceChildren(...parts.filter(Boolean));
}
