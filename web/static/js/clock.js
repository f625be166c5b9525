// Countdowns driven by server deadlines: the offset to the server clock is taken from every state.

import { el } from "./dom.js";

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
  node.classList.toggle("low", timer.running && left <= 5);
  const bar = bars.get(node);
  const duration = Number(node.dataset.duration);
  if (bar && duration > 0) bar.style.width = `${Math.min(100, (left / duration) * 100).toFixed(2)}%`;
}

function tick() {
  for (const node of document.querySelectorAll(".countdown")) paint(node);
}

const bars = new WeakMap();

/** A countdown element for a timer of the view; it updates itself every quarter second. */
export function countdown(timer, attrs = {}) {
  const node = el("span", {
    class: ["countdown", attrs.class],
    "data-running": timer.running ? "1" : "0",
    "data-deadline": typeof timer.deadline === "number" ? String(timer.deadline) : "",
    "data-remaining": String(timer.remaining ?? 0),
    "data-duration": String(timer.duration ?? 0),
    "data-testid": attrs.testid,
    role: "timer",
  });
  const fillNode = el("span", { class: "timer-fill" });
  const bar = el("span", { class: "timer-bar" }, fillNode);
  bars.set(node, fillNode);
  if (!ticking) ticking = setInterval(tick, 250);
  paint(node);
  return { node, bar };
}
