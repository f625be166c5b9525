// What both secret picks share: how many have picked.

import { gone, present } from "/plugins/spyfall/kit.js";

/** How many have made the pick (who has: the ✓ tags on the players' chips above). */
export function progress(ctx, done, testid) {
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
