// What happened this round, read from the match's feed of events.

export const ACCUSATION = "accusation"; // the accusation vote's ballot id

/** The newest event of this round with ``key`` (the feed keeps the last 50), and its index. */
export function lastEvent(match, key) {
  const events = match.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].round === match.round && events[i].key === key) return { event: events[i], index: i };
  }
  return null;
}

export function wasReshuffled(match) {
  const over = lastEvent(match, "event.round_over");
  const shuffled = lastEvent(match, "spyfall.event.reshuffled");
  return Boolean(over && shuffled && shuffled.index > over.index);
}
