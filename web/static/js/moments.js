// The moments the shell can see in any game's views, turned into cues (cues.js): a round starting, a
// ballot opening or closing, a match's results on the table; on a phone, the turn coming to its player.
// Only a change between two states is a moment: the first state a page receives sounds nothing.

import { cue, showingState } from "./cues.js";

function snapshot(view) {
  const match = view?.match;
  if (!match) return { match: null };
  const open = Object.entries(match.ballots || {})
    .filter(([, ballot]) => !ballot.closed)
    .map(([id]) => id);
  return {
    match: match.id,
    round: match.round || 0,
    over: Boolean(match.over),
    open: new Set(open),
    turn: match.turn ?? null,
  };
}

let statesSeen = 0;

/** True while this page has received only its first state: what it shows was under way before it opened. */
export function firstState() {
  return statesSeen <= 1;
}

export class Moments {
  /** ``table``: this page is the table screen (else a player's phone). */
  constructor({ table }) {
    this.table = table;
    this.last = null;
  }

  /** Call with every new state; calling it again with the same state sounds nothing. */
  observe(view) {
    statesSeen += 1;
    showingState(view?.lobby?.version ?? null);
    const now = snapshot(view);
    const before = this.last;
    this.last = now;
    if (!before || !now.match) return;
    const same = before.match === now.match;
    if (this.table) {
      if (!now.over && now.round >= 1 && (!same || now.round > before.round)) cue("round_start");
      const opened = [...now.open].filter((id) => !same || !before.open.has(id));
      const closed = same ? [...before.open].filter((id) => !now.open.has(id)) : [];
      if (closed.length) cue("vote_close");
      if (opened.length) cue("vote_open");
      if (now.over && !(same && before.over)) cue("reveal");
    } else {
      const you = view.you;
      const playing = (view.match.present || view.match.players || []).includes(you);
      if (playing && !now.over && now.turn === you && !(same && before.turn === you)) cue("your_turn");
    }
  }
}
