// The secret ally pick: each points at their allies (a spy, at anyone or no one).

import { actionButton, names, present, section } from "/plugins/spyfall/kit.js";
import { progress } from "./picks.js";

export function allyPickSection(ctx) {
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
