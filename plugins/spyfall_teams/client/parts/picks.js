// What both secret picks share: how many have picked, and how many allies a seat points at.

import { gone } from "/plugins/spyfall/kit.js";

export const PROMPT_ID = "st-pick-prompt"; // one pick form at a time on a phone

/** ``node`` (the form's choices) as a group a screen reader names by the form's prompt ("Tap two locations"). */
export function namedByPrompt(node) {
  node.setAttribute("role", "group");
  node.setAttribute("aria-labelledby", PROMPT_ID);
  return node;
}

/** How many have made the pick (who has: the ✓ tags on the players' chips above). */
export function progress(ctx, done, testid) {
  const { api, match } = ctx;
  return api.el(
    "p",
    { class: "sf-progress st-progress", "data-testid": testid },
    api.t("spyfall_teams.screen.picked_count", {
      count: (done || []).filter((pid) => !gone(match, pid)).length,
      total: api.present.length,
    }),
  );
}

/**
 * How many allies this seat's form asks for: the seat's own count (1 in a team of 2, else 2; fewer when a
 * teammate left), or for a spy, who has none, the count of a seat in the round's first team, so that the
 * spy's form looks like everyone's.
 */
export function allyCount(game) {
  if (typeof game.allies_to_name === "number") return game.allies_to_name;
  const size = game.composition?.teams?.[0] ?? 3;
  return size === 2 ? 1 : 2;
}
