// The round's location list: one's own marks, the spy's pick, or read only on the table.

import { locationList } from "/plugins/spyfall/kit.js";

/** mode: "cross" (my own marks), "pick" (the spy names one), "show" (the table, or no marks). */
export function locationsSection(ctx, mode) {
  const { api, game, mem } = ctx;
  return locationList(api, mem.ui, {
    locations: game.candidates || [],
    mode,
    marks: game.marks || [],
    answers: game.outcome?.location?.id ? [game.outcome.location.id] : [],
    chosen: mem.ui.revealTarget ? [mem.ui.revealTarget] : [],
    onChoose: (id) => {
      mem.ui.revealTarget = id;
      ctx.rerender();
    },
    rerender: ctx.rerender,
  });
}
