// The secret ally pick. Every seat gets the same form, whatever its role: the same players to tap, the same
// number to choose, and "no one". A non-spy points at exactly their count (1 in a team of 2, else 2) or at
// no one; a spy, who has no team, fills the same form (their pointing scores nothing; docs/rules, Team
// Spyfall, 3 and 4), so a glance at a phone says nothing.

import { names, section } from "/plugins/spyfall/kit.js";
import { focusWhenDrawn } from "./focus.js";
import { PROMPT_ID, allyCount, namedByPrompt, progress } from "./picks.js";

function choiceButton(api, { chosen, attrs, label, onclick }) {
  return api.el(
    "button",
    {
      type: "button",
      class: ["btn", "sf-choice", chosen ? "chosen" : null],
      "aria-pressed": chosen ? "true" : "false",
      onclick,
      ...attrs,
    },
    label,
  );
}

function pickForm(ctx) {
  const { api, game, mem, match, me } = ctx;
  const { el, t } = api;
  const needed = allyCount(game);
  const ui = mem.ui;
  const chosen = ui.allyPick || (ui.allyPick = []);
  const ready = ui.allyNone || chosen.length === needed;
  const players = api.present.filter((pid) => pid !== me);
  const choices = el(
    "div",
    { class: "sf-choices st-ally-choices", "data-testid": "st-ally-targets" },
    players.map((pid) =>
      choiceButton(api, {
        chosen: chosen.includes(pid),
        attrs: { "data-player": pid, "data-keep": `st-ally-${pid}`, "data-testid": "st-ally" },
        label: api.name(pid),
        onclick: () => {
          ui.allyNone = false;
          const at = chosen.indexOf(pid);
          if (at >= 0) chosen.splice(at, 1);
          else {
            chosen.push(pid);
            if (chosen.length > needed) chosen.shift();
          }
          ctx.rerender();
        },
      }),
    ),
    choiceButton(api, {
      chosen: Boolean(ui.allyNone),
      attrs: { class: ["btn", "sf-choice", "st-none", ui.allyNone ? "chosen" : null], "data-keep": "st-ally-none", "data-testid": "st-ally-none" },
      label: t("spyfall_teams.screen.ally_none"),
      onclick: () => {
        ui.allyNone = !ui.allyNone;
        chosen.splice(0, chosen.length);
        ctx.rerender();
      },
    }),
  );
  return [
    el("p", { class: "sf-prompt", id: PROMPT_ID }, t("spyfall_teams.screen.pick_allies_prompt", { count: needed })),
    namedByPrompt(choices),
    el(
      "div",
      // once the pick is whole, its send is pinned to the bottom of the phone's screen (in view below a long list)
      { class: ["sf-row", "st-send", ready ? "sf-confirm-bar" : null], "data-testid": "st-send" },
      api.actionButton({ class: "btn primary big", disabled: !ready, "data-keep": "st-point", "data-testid": "st-point" },
        !ready
          ? t("spyfall_teams.screen.point_choose", { count: needed })
          : chosen.length
            ? t("spyfall_teams.screen.point_confirm", { names: names(api, chosen) })
            : t("spyfall_teams.screen.point_none"),
        async () => {
          const answer = await api.send("point", { players: ui.allyNone ? [] : chosen.slice() });
          if (answer?.ok) focusWhenDrawn(ctx, "st-my-ally-pick");
          return answer;
        },
      ),
    ),
  ];
}

function myPick(ctx) {
  const { api, game } = ctx;
  const mine = game.my_ally_pick;
  return api.el(
    "p",
    { class: "st-mine", tabindex: "-1", "data-testid": "st-my-ally-pick" },
    mine.length ? api.t("spyfall_teams.screen.you_pointed", { names: names(api, mine) }) : api.t("spyfall_teams.screen.you_pointed_none"),
  );
}

export function allyPickSection(ctx) {
  const { api, game, playing } = ctx;
  const { el, t } = api;
  const rules = [
    el("p", { class: "sf-muted", "data-testid": "st-pick-rule" }, t("spyfall_teams.screen.pick_allies_rule")),
    el("p", { class: "sf-muted" }, t("spyfall_teams.screen.picks_secret")),
  ];
  const parts = [el("h3", {}, api.table ? t("spyfall_teams.screen.picks_allies_table") : t("spyfall_teams.screen.pick_allies_title"))];
  // a phone that picks leads with the form (on a small phone's first screen), the rules under it
  if (playing && !api.table) parts.push(...(game.my_ally_pick ? [myPick(ctx)] : pickForm(ctx)), ...rules);
  else parts.push(...rules);
  parts.push(progress(ctx, game.picked_allies, "st-ally-progress"));
  return section(api, "st-picks", "st-ally-picks", ...parts);
}
