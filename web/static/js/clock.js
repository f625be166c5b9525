// Countdowns driven by server deadlines: the offset to the server clock is taken from every state.
// A countdown made with a cue key (the table's clocks that wait for players) also ticks its last five seconds
// and sounds its end, unless its timer only paces the show (``timer.pace``: a show's step, a reveal window),
// which is never urgent. Five, not ten: a night of clocks ticking their last ten seconds was a third of a
// game's time spent ticking.

import { cue } from "./cues.js";
import { el } from "./dom.js";

const LAST_SECONDS = 5;

let offset = 0;
let ticking = null;

/** Call with view.now on every state. */
export function syncClock(serverNow) {
  if (typeof serverNow === "number") offset = serverNow - Date.now() / 1000;
}

export function serverNow() {
  return Date.now() / 1000 + offset;
}

export function secondsLeft(timer) {
  if (timer.running && typeof timer.deadline === "number") return Math.max(0, timer.deadline - serverNow());
  return Math.max(0, Number(timer.remaining) || 0);
}

export function formatSeconds(seconds) {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, "0")}`;
}

function paint(node) {
  const timer = {
    running: node.dataset.running === "1",
    deadline: node.dataset.deadline ? Number(node.dataset.deadline) : null,
    remaining: Number(node.dataset.remaining),
  };
  const left = secondsLeft(timer);
  const text = formatSeconds(left);
  if (node.textContent !== text) node.textContent = text;
  const pace = node.dataset.pace === "1";
  node.classList.toggle("low", !pace && timer.running && left <= 5);
  const bar = bars.get(node);
  const duration = Number(node.dataset.duration);
  if (bar && duration > 0) bar.style.transform = `scaleX(${Math.min(1, left / duration).toFixed(4)})`;
  if (node.dataset.cue && !pace) clockCues(clockKey(node.dataset.cue, timer), timer, left);
}

// What each running clock has sounded, by its cue key and deadline (an extension or a pause makes a new one).
const heard = new Map();

/** A tick for each of the last seconds of a running clock, and "time up" when it reaches zero. */
function clockCues(key, timer, left) {
  if (!timer.running) return;
  let seen = heard.get(key);
  if (!seen) {
    seen = { second: Infinity, alive: false, over: false, left: Infinity };
    heard.set(key, seen);
    if (heard.size > 200) heard.delete(heard.keys().next().value);
  }
  seen.left = left;
  if (left > 0) {
    seen.alive = true;
    const second = Math.ceil(left);
    if (second <= LAST_SECONDS && second < seen.second) {
      seen.second = second;
      cue("last_seconds");
    }
  } else if (seen.alive && !seen.over) {
    seen.over = true;
    cue("time_up");
  }
}

function tick() {
  for (const node of document.querySelectorAll(".countdown")) paint(node);
}

const bars = new WeakMap();

/** The cue key of a timer shown with ``cue`` (the same for as long as its deadline stands). */
export function clockKey(cueKey, timer) {
  return `${cueKey}|${typeof timer.deadline === "number" ? timer.deadline : null}`;
}

/**
 * Call with the keys (clockKey) of the clocks a new state shows. A clock that is gone, or has a new
 * deadline, within its last second ran out: the server's expiry may arrive before this page's own
 * count reaches zero, and it still sounds "time up" once.
 */
export function settleClocks(shown) {
  const keep = new Set(shown);
  for (const [key, seen] of heard) {
    if (keep.has(key) || seen.over || !seen.alive) continue;
    seen.over = true;
    if (seen.left <= 1) cue("time_up");
  }
}

/**
 * A countdown element for a timer of the view; it updates itself every quarter second. With
 * ``attrs.cue`` (a key naming this clock: the match and the timer) it sounds its last seconds.
 */
export function countdown(timer, attrs = {}) {
  const node = el("span", {
    class: ["countdown", timer.pace ? "pace" : null, attrs.class],
    "data-running": timer.running ? "1" : "0",
    "data-pace": timer.pace ? "1" : "0",
    "data-deadline": typeof timer.deadline === "number" ? String(timer.deadline) : "",
    "data-remaining": String(timer.remaining ?? 0),
    "data-duration": String(timer.duration ?? 0),
    "data-testid": attrs.testid,
    "data-cue": attrs.cue,
    role: "timer",
  });
  const fillNode = el("span", { class: "timer-fill" });
  const bar = el("span", { class: "timer-bar" }, fillNode);
  bars.set(node, fillNode);
  if (!ticking) ticking = setInterval(tick, 250);
  paint(node);
  return { node, bar };
}
