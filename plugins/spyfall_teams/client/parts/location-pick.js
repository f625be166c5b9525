// The secret location pick. Every seat names two locations in two slots, whatever its role, so that no phone
// gives a spy away: the first slot is one's guess of the other team's location (all that counts for a
// non-spy), and a spy's second counts too (docs/rules/spyfall_teams.md, Team Spyfall, 3).

import { joined, locationList, locationName, section } from "/plugins/spyfall/kit.js";
import { focusWhenDrawn } from "./focus.js";
import { PROMPT_ID, namedByPrompt, progress } from "./picks.js";
import { cardById } from "./teams.js";

export const LOCATION_SLOTS = 2;

/** The two slots, filled in the order the locations were tapped. */
function slots(ctx, chosen) {
  const { api, game } = ctx;
  const { el, t } = api;
  return el(
    "ol",
    { class: "st-slots", "data-testid": "st-location-slots" },
    Array.from({ length: LOCATION_SLOTS }, (_, i) =>
      el(
        "li",
        { class: ["st-slot", chosen[i] ? "filled" : "empty"], "data-testid": "st-location-slot" },
        el("span", { class: "st-slot-label" }, t("spyfall_teams.screen.pick_slot", { n: i + 1 })),
        el(
          "strong",
          { class: "st-slot-value" },
          chosen[i] ? locationName(api, cardById(game, chosen[i])) : t("spyfall_teams.screen.pick_slot_empty"),
        ),
      ),
    ),
  );
}

function pickForm(ctx) {
  const { api, game, mem } = ctx;
  const { el, t } = api;
  const chosen = mem.ui.locationPick || (mem.ui.locationPick = []);
  const ready = chosen.length === LOCATION_SLOTS;
  const choices = locationList(api, mem.ui, {
    locations: game.locations,
    mode: "pick",
    marks: game.marks || [],
    chosen,
    onChoose: (id) => {
      const at = chosen.indexOf(id);
      if (at >= 0) chosen.splice(at, 1);
      else {
        chosen.push(id);
        if (chosen.length > LOCATION_SLOTS) chosen.shift();
      }
      ctx.rerender();
    },
  });
  return [
    el("p", { class: "sf-prompt", id: PROMPT_ID }, t("spyfall_teams.screen.pick_location_prompt", { chosen: chosen.length })),
    slots(ctx, chosen),
    namedByPrompt(choices),
    el(
      "div",
      // once the pick is whole, its send is pinned to the bottom of the phone's screen (in view below a long list)
      { class: ["sf-row", "st-send", ready ? "sf-confirm-bar" : null], "data-testid": "st-send" },
      api.actionButton({ class: "btn primary big", disabled: !ready, "data-keep": "st-name-location", "data-testid": "st-name-location" },
        ready
          ? t("spyfall_teams.screen.name_confirm", { locations: joined(api, chosen.map((id) => locationName(api, cardById(game, id)))) })
          : t("spyfall_teams.screen.name_choose", { count: LOCATION_SLOTS }),
        async () => {
          const answer = await api.send("name_location", { locations: chosen.slice() });
          if (answer?.ok) {
            mem.ui.sentLocations = chosen.slice();
            focusWhenDrawn(ctx, "st-my-location-pick");
          }
          return answer;
        },
      ),
    ),
  ];
}

/** What I named: as I sent it from this phone (both slots), else as the server has it (after a reload). */
function myPick(ctx) {
  const { api, game, mem } = ctx;
  const mine = mem.ui.sentLocations || game.my_location_pick;
  return api.el(
    "p",
    { class: "st-mine", tabindex: "-1", "data-testid": "st-my-location-pick" },
    mine.length
      ? api.t("spyfall_teams.screen.you_named", { locations: joined(api, mine.map((id) => locationName(api, cardById(game, id)))) })
      : api.t("spyfall_teams.screen.you_missed"), // the pick clock ran out
  );
}

export function locationPickSection(ctx) {
  const { api, game, playing } = ctx;
  const { el, t } = api;
  const phone = playing && !api.table;
  const rules = [
    el("p", { class: "sf-muted", "data-testid": "st-pick-rule" }, t("spyfall_teams.screen.pick_location_rule")),
    el("p", { class: "sf-muted" }, t("spyfall_teams.screen.picks_secret")),
  ];
  const parts = [el("h3", {}, api.table ? t("spyfall_teams.screen.picks_locations_table") : t("spyfall_teams.screen.pick_location_title"))];
  // a phone that picks leads with the form (on a small phone's first screen), the rules under it
  if (phone) parts.push(...(game.my_location_pick ? [myPick(ctx)] : pickForm(ctx)), ...rules);
  else parts.push(...rules);
  parts.push(progress(ctx, game.picked_locations, "st-location-progress"));
  return section(api, "st-picks", "st-location-picks", ...parts);
}
