// Team Spyfall's screen: the held card, the list of every location in play with one's own marks, the asking
// tracker, the host's end of the round, the secret picks (a location, then allies), and the reveal as a
// show, one step of the variant's scoring script at a time, then the round's result.
// Rendered by the gamenight shell on every state: render(root, view, api). Text only through api.el / api.t.
//
// The card, the list, the asking tracker, the packs and the board are Spyfall's kit (/plugins/spyfall/kit.js);
// this screen's own parts are in parts/ (top, picks, the show's stage and steps, the result, the teams).
// The table screen (a TV) is where the show is watched: big, each point arriving one after the other.

import {
  askingTracker,
  betweenRounds,
  isBreak,
  layOut,
  locationList,
  renderSetupEditors,
  screenMemory,
  stillMine,
} from "/plugins/spyfall/kit.js";
import { allyPickSection } from "./parts/ally-pick.js";
import { cueMoments } from "./parts/cues.js";
import { focusConfirmation } from "./parts/focus.js";
import { locationPickSection } from "./parts/location-pick.js";
import { resultSection } from "./parts/result.js";
import { showSection } from "./parts/show.js";
import { revealed } from "./parts/teams.js";
import { endSection, topSection } from "./parts/top.js";

const BOARD_VARIANT = "teams_eight_locations";

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
  const playing = api.playing; // a seat not in the match (late, or back after leaving) sees the table
  const host = Boolean(me && view.lobby?.host === me);
  const shown = revealed(game);
  const ctx = { api, view, match, game, me, mem, playing, host, shown, rerender: () => rerender(root, mem) };
  const P = api.phases;
  // the wait for the board is the break going on: the round's result stays, the board says what is missing
  const phase = isBreak(match, P) ? P.round_over : match.phase;
  const over = phase === P.round_over || Boolean(match.over);

  mem.card.paint(mem.cardWrap, api, playing ? game.card || null : null, {
    compact: true, // closed, the card is a slim bar on the phone: the moment's controls come first
    agentGoal: t("spyfall_teams.screen.agent_goal"),
    spyGoal: t("spyfall_teams.screen.spy_goal"),
  });
  if (!game.locations) {
    mem.body.replaceChildren(el("p", { class: "sf-muted" }, t("spyfall_teams.screen.dealing")));
    return;
  }
  if (phase !== P.play) mem.ui.armed = mem.ui.armed === "end_round" ? null : mem.ui.armed;

  cueMoments(ctx);
  const known = shown.teams ? shown.teams.teams.map((team) => team.card.id) : [];
  const moment = [];
  let list = playing && !api.table ? "cross" : "show";
  let aside = null;
  let wide = false;
  if (phase === P.play && !match.over) {
    const asking = askingTracker(api, {
      players: api.present,
      me,
      playing,
      asker: game.asker,
      askedBy: game.asked_by,
      firstNote: t("spyfall_teams.screen.first_asker", { name: api.name(game.asker) }),
    });
    // the asker's phone leads with whom they asked; the host's (when not asking) with the end of the round
    const asks = playing && !api.table && game.asker === me;
    moment.push(...(asks || api.table ? [asking, endSection(ctx)] : [endSection(ctx), asking]));
  } else if (phase === P.pick_locations) {
    moment.push(locationPickSection(ctx));
    if (playing && !api.table && !game.my_location_pick) list = null; // the picker is the list
  } else if (phase === P.pick_allies) {
    moment.push(allyPickSection(ctx));
  } else if (phase === P.reveal) {
    moment.push(showSection(ctx));
    list = "show";
    wide = true; // on the table the show takes the whole stage: the teams beside the newest step
  } else if (over) {
    // the result enters once (.reveal-in), not again with every state that follows it
    ctx.revealFresh = api.once(`reveal-in:${match.id}:${match.round}:${Boolean(match.over)}`);
    moment.push(resultSection(ctx));
    list = "show";
    if (api.table) aside = [showSection(ctx)]; // the teams' final points beside the result
    else moment.push(showSection(ctx));
  }

  const between = betweenRounds(api, view, mem.ui, { boardVariant: BOARD_VARIANT, playing, host, rerender: ctx.rerender });
  if (api.table && between.length) aside = between; // between rounds the board is what the room works on
  const listNode = list
    ? locationList(api, mem.ui, { locations: game.locations, mode: list, marks: game.marks || [], answers: known, rerender: ctx.rerender })
    : null;
  // The card node stays (it may be held right now); the rest is rebuilt (the shell keeps the focused control).
  layOut(api, mem, {
    phase: match.over ? "over" : phase,
    top: topSection(ctx),
    moment,
    between,
    list: listNode,
    aside: wide ? [] : aside,
    count: (game.locations || []).length,
    wide,
  });
  if (!api.table) focusConfirmation(mem.body, mem.ui, match.phase);
}
