// The round's top (which round, the composition, who is at the table) and the host's end of the round.

import { joined, playerChips, section, tag } from "/plugins/spyfall/kit.js";

export function compositionText(api, composition) {
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

// -- the round's top: which round, the composition, who is at the table ----------------------------------------

export function topSection(ctx) {
  const { api, match, game, me } = ctx;
  const { el, t } = api;
  const P = api.phases;
  const picked =
    match.phase === P.pick_locations
      ? new Set(game.picked_locations || [])
      : match.phase === P.pick_allies
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
      asking: match.phase === P.play ? game.asker : null,
      tags: (pid) => {
        if (!picked) return null;
        // the table's sixteen chips stay short enough to read from the sofa: a mark for those who have picked
        if (api.table) return picked.has(pid) ? tag(api, "✓", "done", { title: t("spyfall_teams.screen.picked_tag") }) : null;
        return picked.has(pid)
          ? tag(api, t("spyfall_teams.screen.picked_tag"), "done")
          : tag(api, t("spyfall_teams.screen.picking_tag"), "waiting");
      },
    }),
  );
}

// -- play: questions until the host ends the round ---------------------------------------------------------------

export function endSection(ctx) {
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
      ? api.confirmButton({
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
