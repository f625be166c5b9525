// The secret location pick: each names the other team's location (a spy, two).

import { actionButton, joined, locationList, locationName, section } from "/plugins/spyfall/kit.js";
import { progress } from "./picks.js";
import { cardById } from "./teams.js";

export function locationPickSection(ctx) {
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
