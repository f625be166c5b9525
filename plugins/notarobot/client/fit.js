// I'm Not a Robot on a player's phone: the pad sized to the screen, and the page brought to what the player must
// do now. What to do is marked ``data-now`` with the step's name, as the shell asks of every game (docs/screens.md:
// the words to pick, the drawing tools, a hint to tap, an open vote of the player's, the bug report); while drawing
// and in a turn, the pad between them is part of it. The shell follows the first mark; this brings all of them (the
// pad with its tools) into view together, so that the shell finds its mark in view and leaves the page there.
//
// The pad keeps as much of the phone's width as it can. Where the whole of what to do fits the first screen (the
// page scrolled to the top) with a pad nearly as wide as the phone, it does; otherwise (a small phone, larger text)
// the pad takes the height the screen has below the sticky top bar, and the page is scrolled to it. The page is
// scrolled once per moment (a phase, a turn, a vote of the player's opening, another language, text size or width),
// never on a mere repaint, so a player who scrolls on to read the record is left there until something new asks
// them to act.

const MIN_PAD = 160; // px: a pad smaller than this is no use to a finger (a tile of 32 px)
const SHORT_REM = 41.5; // a first screen lower than this many rem (its text size counted) is short: screen.css
const NEAR_FULL = 0.8; // a pad this share of the width, all on the first screen, stays on the first screen
const MARGIN = 8; // px kept free at the screen's edges

function docBox(node) {
  const box = node.getBoundingClientRect();
  return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, width: box.width };
}

/** The height of the shell's sticky top bar: what covers the top of the page once it is scrolled. */
function topBar() {
  const bar = document.querySelector(".topbar");
  if (!bar || !["sticky", "fixed"].includes(getComputedStyle(bar).position)) return 0;
  return bar.getBoundingClientRect().height;
}

function shown(node) {
  return node.getClientRects().length > 0;
}

/** The pad the player works on now (none in the reveal or once the match is over). */
function activePad(s) {
  return s.padActive ? s.box.querySelector(".nr-slot-stage .nr-pad") : null;
}

function nowNodes(s) {
  return [...s.box.querySelectorAll("[data-now]")].filter(shown);
}

function sizePad(s) {
  const pad = s.box.querySelector(".nr-slot-stage .nr-pad");
  if (!pad) return;
  pad.style.removeProperty("max-width");
  if (pad !== activePad(s)) return; // the reveal's pad comes after what to do: as wide as the phone
  const box = docBox(pad);
  const others = nowNodes(s).map(docBox);
  const above = box.top - Math.min(box.top, ...others.map((b) => b.top));
  const below = Math.max(box.bottom, ...others.map((b) => b.bottom)) - box.bottom;
  const firstScreen = window.innerHeight - box.top - below - MARGIN;
  const scrolled = window.innerHeight - topBar() - above - below - 2 * MARGIN;
  const side = firstScreen >= NEAR_FULL * box.width ? firstScreen : Math.max(firstScreen, scrolled);
  pad.style.maxWidth = `${Math.floor(Math.min(box.width, Math.max(MIN_PAD, side)))}px`;
}

/**
 * Scroll the page the least that shows all of what to do now below the top bar (its top first, when it is taller
 * than the screen); with nothing to do, the pad of the moment.
 */
function bringIntoView(s) {
  let nodes = nowNodes(s);
  const pad = activePad(s) || s.box.querySelector(".nr-slot-stage .nr-pad");
  if (activePad(s)) nodes.push(pad);
  if (!nodes.length && pad) nodes = [pad];
  if (!nodes.length) return;
  const boxes = nodes.map(docBox);
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const least = Math.max(0, bottom - window.innerHeight + MARGIN);
  const most = Math.max(0, top - topBar() - MARGIN);
  window.scrollTo({ top: Math.min(least, most), behavior: "instant" });
}

/**
 * Call on every render of a phone with the moment it shows (a new moment brings the page to what to do), and
 * whether its pad is what the player works on (while drawing, uncovering and guessing).
 */
export function fitPhone(s, moment, padActive) {
  if (!s.fitting) {
    s.fitting = true;
    let width = window.innerWidth;
    window.addEventListener("resize", () => {
      // turned, or another window size: what to do is brought back into view (a mere change of height, as when a
      // phone's address bar slides away, leaves the page where the player has it)
      if (window.innerWidth !== width) s.broughtTo = null;
      width = window.innerWidth;
      fitPhone(s, s.moment, s.padActive);
    });
    new MutationObserver(() => {
      s.broughtTo = null; // another text size: another layout
      fitPhone(s, s.moment, s.padActive);
    }).observe(document.documentElement, { attributeFilter: ["class"] });
  }
  s.moment = moment;
  s.padActive = padActive;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  s.box.classList.toggle("nr-short", window.innerHeight < SHORT_REM * rem);
  requestAnimationFrame(() => {
    if (!s.box.isConnected) return;
    sizePad(s);
    if (s.broughtTo !== s.moment) {
      s.broughtTo = s.moment;
      bringIntoView(s);
    }
  });
}
