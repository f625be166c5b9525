// Spyfall 2's screen: the secret card behind a press-and-hold, the location list with cross-off marks,
// who asks now, accusations and their votes, the spies' reveal, the final vote and the round's result.
// Rendered by the gamenight shell on every state: render(root, view, api). Text only through api.el / api.t.
//
// The card, the list, the asking tracker, the packs and the board come from the kit both Spyfall screens
// share (kit.js); this screen's own parts are in parts/ (people, tools, votes, result, list, events).
// A phone lying on the table must give nothing away: the card shows only while it is held, and every
// player has the same buttons at rest (a non-spy who taps "reveal" is told so, on their own screen only).

import {
  betweenRounds,
  gone,
  isBreak,
  layOut,
  renderSetupEditors,
  screenMemory,
  section,
  stillMine,
} from "/plugins/spyfall/kit.js";
import { cueMoments } from "./parts/cues.js";
import { ACCUSATION } from "./parts/events.js";
import { locationsSection } from "./parts/list.js";
import { askingSection, failedNote, playersSection } from "./parts/people.js";
import { resultSection, spyRevealSection } from "./parts/result.js";
import { revealSection, toolsSection } from "./parts/tools.js";
import { voteSection } from "./parts/votes.js";

// -- the lobby's setup card: the custom packs, and the board when "Eight locations" is chosen ---------------

/** For the setup summary: the packs do not apply when the eight-locations board deals. */
export function optionApplies(name, setup) {
  return !(name === "packs" && setup.variants.includes("eight_locations"));
}

export function renderSetup(root, view, api) {
  renderSetupEditors(root, view, api, { boardVariant: "eight_locations" });
}

// -- what the screen remembers between renders -----------------------------------------------------------

function remember(root, view, api) {
  const mem = screenMemory(root, view, api, "sf-spyfall");
  const match = view.match;
  const P = api.phases;
  if (match.phase !== P.play) {
    mem.ui.accuseOpen = false;
    mem.ui.accuseTarget = null;
    mem.ui.revealOpen = false;
  }
  if (match.phase !== P.play && match.phase !== P.spy_reveal) mem.ui.revealTarget = null;
  if (mem.ui.accuseTarget && gone(match, mem.ui.accuseTarget)) mem.ui.accuseTarget = null; // they left meanwhile
  return mem;
}

/** Render again after a local change (a picker opened), through the shell (so a variant's part is kept);
 * not once the shell has given the root to another screen. */
function rerender(root, mem) {
  if (stillMine(root, mem)) mem.api.refresh();
}

// -- the screen ---------------------------------------------------------------------------------------------

export function render(root, view, api) {
  const mem = remember(root, view, api);
  const { el, t } = api;
  const match = view.match;
  const game = match.game_view || {};
  const me = api.table ? null : view.you;
  const playing = api.playing; // a seat not in the match (late, or back after leaving) sees the table
  const host = Boolean(me && view.lobby?.host === me);
  const ctx = { api, view, match, game, me, mem, playing, host, rerender: () => rerender(root, mem) };

  mem.card.paint(mem.cardWrap, api, playing ? game.card || null : null, {
    compact: true, // closed, the card is a slim bar on the phone: the moment's controls come first
    agentGoal: t("spyfall.screen.agent_goal"),
    spyGoal: t("spyfall.screen.spy_goal"),
  });
  if (!game.candidates) {
    mem.body.replaceChildren(el("p", { class: "sf-muted" }, t("spyfall.screen.dealing")));
    return;
  }

  // the wait for the board is the break going on: the round's result stays, the board says what is missing
  const P = api.phases;
  const phase = isBreak(match, P) ? P.round_over : match.phase;
  const over = phase === P.round_over || Boolean(match.over);
  cueMoments(ctx);
  const top = el(
    "div",
    { class: "sf-top" },
    el(
      "p",
      { class: "sf-round", "data-testid": "sf-round" },
      t("spyfall.screen.round_of", { round: match.round, rounds: game.rounds ?? match.options?.rounds ?? match.round }),
      " · ",
      t("spyfall.screen.dealer", { name: api.name(game.dealer) }),
    ),
    playersSection(ctx),
  );

  const moment = [];
  if (phase === P.play && !match.over) {
    // The asker's phone leads with whom they asked; everyone else's with what they may do (accuse, reveal).
    const asking = askingSection(ctx);
    const revealing = playing && mem.ui.revealOpen && game.card?.spy; // the spy chose to reveal: that first
    // Accusing is a mode of its own: its grid of names is the only one on the phone while it is open, so a tap
    // meant for whom one accuses never lands in whom one asked (or the other way round).
    const accusing = playing && mem.ui.accuseOpen && !(game.accused || []).includes(me) && !match.paused;
    const asks = playing && game.asker === me && !revealing && !accusing;
    if (asks) moment.push(asking);
    if (match.paused) moment.push(el("p", { class: "sf-warn", "data-testid": "sf-paused" }, t("spyfall.screen.paused")));
    if (revealing) {
      moment.push(revealSection(ctx, false));
    } else if (playing) {
      moment.push(toolsSection(ctx));
    }
    if (!asks && !accusing) moment.push(asking);
    const failed = failedNote(ctx);
    if (failed) moment.push(section(api, "sf-failed", "sf-failed", failed));
  } else if (phase === P.accusation) {
    const accusation = game.accusation || match.ballots?.[ACCUSATION]?.data || {};
    moment.push(
      voteSection(ctx, ACCUSATION, {
        accuser: accusation.accuser,
        accused: accusation.accused,
        title: t("spyfall.screen.accusation_title"),
        question: t("spyfall.screen.accusation_question", { name: api.name(accusation.accused) }),
      }),
    );
  } else if (phase === P.spy_reveal) {
    moment.push(...spyRevealSection(ctx));
  } else if (phase === P.final_vote && game.final_candidate) {
    moment.push(
      voteSection(ctx, `final:${game.final_candidate}`, {
        accuser: null,
        accused: game.final_candidate,
        title: t("spyfall.screen.final_title"),
        question: t("spyfall.screen.final_question", { name: api.name(game.final_candidate) }),
      }),
    );
  } else if (over) {
    // the result enters once (.reveal-in), not again with every state that follows it
    ctx.revealFresh = api.once(`reveal-in:${match.id}:${match.round}:${Boolean(match.over)}`);
    moment.push(resultSection(ctx));
  }

  const between = betweenRounds(api, view, mem.ui, { boardVariant: "eight_locations", playing, host, rerender: ctx.rerender });
  const picking = phase === P.play && mem.ui.revealOpen && game.card?.spy;
  const forcedPick = phase === P.spy_reveal && !api.table && match.turn === me;
  const list = picking || forcedPick ? null : locationsSection(ctx, playing && !over ? "cross" : "show");
  // The card node stays (it may be held right now); the rest is rebuilt (the shell keeps a field's focus).
  // on the table the list is read from the sofa while the questions go round: seven rows at most, in more
  // columns, so its names can be large; after the round it is the result's footnote, in two columns
  const rows = phase === P.play ? 7 : 10;
  layOut(api, mem, { phase: match.over ? "over" : phase, top, moment, between, list, count: (game.candidates || []).length, rows });
}
