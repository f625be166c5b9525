// A game's moments, each marked once however often the screen renders it (a state arrives with every vote,
// mark and clock change): a cue sounds once (api.cue: the shell's sound, and on a phone a vibration), and an
// entrance animation (the shell's .flip-in / .reveal-in) plays once. As with the shell's own cues, the
// first state a screen renders sounds nothing (a page opened mid-round hears no "round starts"): a game's
// cueMoments ends with primeCues(mem).

/** True the first time ``key`` is asked about on this screen (its memory outlives rounds), false after. */
export function firstTime(mem, key) {
  const seen = mem.moments || (mem.moments = new Set());
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** Sound cue ``name`` once for the moment ``key`` (not on the screen's first render). */
export function cueOnce(api, mem, key, name) {
  if (firstTime(mem, `cue:${key}`) && mem.cuesPrimed) api.cue?.(name);
}

/** Sound cue ``name`` now (a change the game tracks itself), unless this is the screen's first render. */
export function cueNow(api, mem, name) {
  if (mem.cuesPrimed) api.cue?.(name);
}

/** After the screen's first render: from now on, moments sound. */
export function primeCues(mem) {
  mem.cuesPrimed = true;
}

/**
 * "your_turn" on the phone of the player who asks now: when the turn comes to them, not again while it
 * stays theirs (an accusation vote in between does not give it anew).
 */
export function cueMyTurn(api, mem, { phase, mine }) {
  if (phase !== "play") return;
  if (mine && !mem.myTurn) cueNow(api, mem, "your_turn");
  mem.myTurn = mine;
}
