// On a phone, the page follows what the player must do now: when the match's phase, round or turn changes
// (or a screen marks a new thing to do), the page scrolls so that it lies on the first screen, under the top
// bar, instead of keeping a scroll position the last phase left. A screen marks its current action with the
// attribute ``data-now`` (docs/screens.md); without a mark the game's screen itself is the target, and once
// the match is over its results. Nothing moves while the player is typing, or when the target is in view; just
// after they touched the page (a page that jumps under a finger about to tap makes it tap the wrong thing) it
// waits until their hands have been off it for a moment, then follows if the moment is still the same and the
// player has not touched the page since it came (scrolled away from the new moment: they chose where to look).

import { typable } from "./focus.js";

const GAP = 8; // px between the top bar and what the page scrolls to
const UPPER = 0.35; // a tall target's top is "in view" within this part of the screen under the bar
const HANDS_OFF_MS = 1500; // the page does not move this long after the player's last tap, key or wheel

let touched = 0;
for (const name of ["pointerdown", "touchstart", "keydown", "wheel"]) {
  window.addEventListener(name, () => (touched = Date.now()), { capture: true, passive: true });
}

/** How long the page must still keep still for the player's hands (0: it may move now). */
function handsOn() {
  return Math.max(0, HANDS_OFF_MS - (Date.now() - touched));
}

/** The marked "what to do now" inside ``root`` (the first one laid out), or null. */
export function nowTarget(root) {
  for (const node of root.querySelectorAll("[data-now]")) {
    if (node.getClientRects().length) return node;
  }
  return null;
}

/** The bottom of what stays pinned on top of the page (the top bar, the reconnecting banner), in px. */
function coveredTop() {
  let bottom = 0;
  for (const node of document.querySelectorAll(".topbar, #conn")) {
    if (node.hidden || !node.getClientRects().length) continue;
    if (getComputedStyle(node).position !== "sticky" && getComputedStyle(node).position !== "fixed") continue;
    bottom = Math.max(bottom, node.getBoundingClientRect().bottom);
  }
  return bottom;
}

/**
 * Scroll the page so that ``target`` lies under the top bar; ``context`` (the match's card) is shown from its
 * own top instead when that keeps the target in view (the clocks stay on screen with the action). A target
 * taller than the screen is shown from its top: nothing moves while its top is already in the upper part.
 */
export function bringIntoView(target, context = null) {
  const top = coveredTop() + GAP;
  const room = window.innerHeight - top;
  const box = target.getBoundingClientRect();
  const tall = box.height > room;
  if (box.top >= top && (box.bottom <= window.innerHeight || (tall && box.top - top <= room * UPPER))) return false;
  let delta = box.top - top;
  if (context) {
    const from = context.getBoundingClientRect().top - top;
    const shown = tall ? box.top - from - top <= room * UPPER : box.bottom - from <= window.innerHeight;
    if (from < delta && shown) delta = from;
  }
  window.scrollBy({ top: delta, left: 0, behavior: "instant" });
  return true;
}

/** Remembers what the page last followed; ``follow`` scrolls when the moment is a new one. */
export class NowScroller {
  constructor() {
    this.moment = null;
    this.mark = null;
    this.waiting = null; // a follow put off while the player's hands were on the page
    this.since = 0; // when the moment followed came
  }

  /** After a paint of the match: ``screen`` (the game's root), ``result`` (the results' box), ``card`` (the match). */
  follow(match, { screen, result, card }) {
    const over = Boolean(match.over);
    const marked = over ? null : nowTarget(screen);
    const moment = JSON.stringify([match.id, match.round, match.phase, match.turn ?? null, over]);
    const mark = marked?.dataset.now ?? null;
    // a new moment, or a new step marked within it (a mark that goes away, the step done, moves nothing)
    const fresh = moment !== this.moment || (mark !== null && mark !== this.mark);
    this.moment = moment;
    this.mark = mark;
    if (!fresh) return;
    clearTimeout(this.waiting);
    this.since = Date.now();
    this.attempt(moment, () => (over ? result : nowTarget(screen) || screen), card);
  }

  /**
   * Scroll to what ``find`` gives now, or once the player's hands are off the page, if the moment is the same
   * and they have not touched the page since it came.
   */
  attempt(moment, find, card) {
    if (typable(document.activeElement) || moment !== this.moment) return; // typing: the field is what they do
    if (touched > this.since) return; // they have taken the page in hand since the moment came
    const wait = handsOn();
    if (wait > 0) {
      this.waiting = setTimeout(() => this.attempt(moment, find, card), wait + 50);
      return;
    }
    requestAnimationFrame(() => {
      const target = find();
      if (!target || target.hidden || !target.isConnected || moment !== this.moment) return;
      if (handsOn() > 0) this.attempt(moment, find, card);
      else bringIntoView(target, card);
    });
  }
}
