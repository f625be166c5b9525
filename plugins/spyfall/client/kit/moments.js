// The one moment both Spyfall screens track themselves (the shell's api.cueOnce sounds each moment once).

/**
 * "your_turn" on the phone of the player who asks now: when the turn comes to them, not again while it
 * stays theirs (an accusation vote in between does not give it anew).
 */
export function cueMyTurn(api, mem, { match, mine }) {
  if (match.phase !== api.phases.play) return;
  if (mine && !mem.myTurn) api.cueOnce(`your_turn:${match.id}:${match.version}`, "your_turn");
  mem.myTurn = mine;
}
