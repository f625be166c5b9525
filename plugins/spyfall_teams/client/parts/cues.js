// Team Spyfall's moments as cues: on the table, a round's start and the round's result (the show's tally);
// on a phone, "your turn" to ask.

import { cueMyTurn } from "/plugins/spyfall/kit.js";

export function cueMoments(ctx) {
  const { api, match, game, me, mem, playing, shown } = ctx;
  if (!api.table) {
    if (playing) cueMyTurn(api, mem, { match, mine: game.asker === me });
    return;
  }
  const round = `${match.id}:${match.round}`;
  if (match.phase === api.phases.play && !match.over) api.cueOnce(`round_start:${round}`, "round_start");
  if (shown.steps.some((step) => step.kind === "tally")) api.cueOnce(`reveal:${round}`, "reveal");
}
