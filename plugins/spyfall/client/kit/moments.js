// A game's moments, each marked once however often the screen renders it (a state arrives with every vote,
// mark and clock change): a cue sounds once (api.cue: the shell's sound, and on a phone a vibration), and an
// entrance animation (the shell's .flip-in / .reveal-in) plays once.

/** True the first time ``key`` is asked about on this screen (its memory outlives rounds), false after. */
export function firstTime(mem, key) {
  const seen = mem.moments || (mem.moments = new Set());
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** Sound cue ``name`` once for the moment ``key``. */
export function cueOnce(api, mem, key, name) {
  if (firstTime(mem, `cue:${key}`)) api.cue?.(name);
}

/**
 * "your_turn" on the phone of the player who asks now: when the turn comes to them, not again while it
 * stays theirs (an accusation vote in between does not give it anew).
 */
export function cueMyTurn(api, mem, { phase, mine }) {
  if (phase !== "play") return;
  if (mine && !mem.myTurn) api.cue?.("your_turn");
  mem.myTurn = mine;
}
