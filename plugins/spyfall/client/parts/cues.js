// Spyfall 2's moments as cues: on the table, a round's start, a vote opening and closing (an accusation, each
// candidate of the clock-out vote), the round's result revealed; on a phone, "your turn" to ask.

import { cueMyTurn, cueNow, cueOnce, primeCues } from "/plugins/spyfall/kit.js";
import { ACCUSATION } from "./events.js";

/** The open vote as a key unique in the match (each player accuses once a round), or null. */
function openVote(match, game) {
  if (match.phase === ACCUSATION) {
    const accusation = game.accusation || match.ballots?.[ACCUSATION]?.data || {};
    return `${match.round}:accusation:${accusation.accuser}:${accusation.accused}`;
  }
  if (match.phase === "final_vote" && game.final_candidate) return `${match.round}:final:${game.final_candidate}`;
  return null;
}

export function cueMoments(ctx) {
  const { api, match, game, me, mem, playing } = ctx;
  if (!api.table) {
    if (playing) cueMyTurn(api, mem, { phase: match.phase, mine: game.asker === me });
    primeCues(mem);
    return;
  }
  if (match.phase === "play" && !match.over) cueOnce(api, mem, `round_start:${match.round}`, "round_start");
  const vote = openVote(match, game);
  if (mem.openVote && mem.openVote !== vote) cueNow(api, mem, "vote_close");
  if (vote) cueOnce(api, mem, `vote_open:${vote}`, "vote_open");
  mem.openVote = vote;
  if ((match.phase === "round_over" || match.over) && game.outcome) cueOnce(api, mem, `reveal:${match.round}`, "reveal");
  primeCues(mem);
}
