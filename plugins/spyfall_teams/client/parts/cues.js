// Team Spyfall's moments as cues: on the table, a round's start and the round's result (the show's tally);
// on a phone, "your turn" to ask.

import { cueMyTurn, cueOnce, primeCues } from "/plugins/spyfall/kit.js";

export function cueMoments(ctx) {
  const { api, match, game, me, mem, playing, shown } = ctx;
  if (!api.table) {
    if (playing) cueMyTurn(api, mem, { phase: match.phase, mine: game.asker === me });
    primeCues(mem);
    return;
  }
  if (match.phase === "play" && !match.over) cueOnce(api, mem, `round_start:${match.round}`, "round_start");
  if (shown.steps.some((step) => step.kind === "tally")) cueOnce(api, mem, `reveal:${match.round}`, "reveal");
  primeCues(mem);
}
