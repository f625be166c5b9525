// Spyfall 2's moments as cues: on the table, a round's start, a vote opening and closing (an accusation, each
// candidate of the clock-out vote), the round's result revealed; on a phone, "your turn" to ask.

import { cueMyTurn } from "/plugins/spyfall/kit.js";
import { ACCUSATION } from "./events.js";

/** The open vote as a key unique in the match (each player accuses once a round), or null. */
function openVote(match, game, P) {
  if (match.phase === P.accusation) {
    const accusation = game.accusation || match.ballots?.[ACCUSATION]?.data || {};
    return `${match.round}:accusation:${accusation.accuser}:${accusation.accused}`;
  }
  if (match.phase === P.final_vote && game.final_candidate) return `${match.round}:final:${game.final_candidate}`;
  return null;
}

export function cueMoments(ctx) {
  const { api, match, game, me, mem, playing } = ctx;
  if (!api.table) {
    if (playing) cueMyTurn(api, mem, { match, mine: game.asker === me });
    return;
  }
  const P = api.phases;
  const round = `${match.id}:${match.round}`;
  if (match.phase === P.play && !match.over) api.cueOnce(`round_start:${round}`, "round_start");
  const vote = openVote(match, game, P);
  if (mem.openVote && mem.openVote !== vote) api.cueOnce(`vote_close:${match.id}:${mem.openVote}`, "vote_close");
  if (vote) api.cueOnce(`vote_open:${match.id}:${vote}`, "vote_open");
  mem.openVote = vote;
  if ((match.phase === P.round_over || match.over) && game.outcome) api.cueOnce(`reveal:${round}`, "reveal");
}
