// I'm Not a Human: a phone's parts in the order of play, in the page itself (so a screen reader and the Tab key
// meet them in the order the eye does): what its player can do now, the round's result and the vote first, then
// the card and the status, the pictures, the words said, the sheet. The Human's guess puts the pictures right
// after its hint; while people talk, the words come before the pictures.

import { boardMode } from "./common.js";

function partsAround(screen, ctx) {
  const phases = ctx.api.phases;
  if (boardMode(ctx) === "pick") return [[screen.action, screen.board, screen.result, screen.ballot], [screen.list, screen.sheet]];
  const talking = ctx.stage === phases.explanations || ctx.stage === phases.discussion;
  const after = talking ? [screen.list, screen.board, screen.sheet] : [screen.board, screen.list, screen.sheet];
  return [[screen.action, screen.result, screen.ballot], after];
}

/** Put ``nodes`` in ``box`` in this order from ``start`` on, moving only those out of place (a moved node loses
 * the focus and a held pointer: the card, in the middle, never moves). */
function lineUp(box, start, nodes) {
  let next = start;
  for (const node of nodes) {
    if (node !== next) box.insertBefore(node, next);
    next = node.nextSibling;
  }
}

/** Arrange a phone's parts around its card and status (screen.top) for this render's phase. */
export function arrangePhone(screen, ctx) {
  const [before, after] = partsAround(screen, ctx);
  lineUp(screen.box, screen.box.firstChild, before);
  lineUp(screen.box, screen.top.nextSibling, [...after, screen.zoomBox]);
}
