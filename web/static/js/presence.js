// Whose phone has lost its connection during a match: a mark beside their name (the points, whose turn it is)
// and one line above the game's screen that names them, on the table and on every phone, so that the room
// knows why a clock runs on without an answer. The lobby's seats say it: ``view.lobby.seats[i].connected``.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { joinNames } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";

/** The "no signal" picture: three bars of a signal, struck through (inline SVG, in the text's colour). */
function noSignal() {
  const drawing = document.createElementNS(SVG, "svg");
  for (const [key, value] of Object.entries({ viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" })) {
    drawing.setAttribute(key, value);
  }
  const shapes = [
    ["rect", { x: 3, y: 15, width: 4, height: 6, rx: 1 }],
    ["rect", { x: 10, y: 10, width: 4, height: 11, rx: 1 }],
    ["rect", { x: 17, y: 4, width: 4, height: 17, rx: 1, opacity: 0.45 }],
    ["path", { d: "M3 3 21 21", fill: "none", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round" }],
  ];
  for (const [tag, attrs] of shapes) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    drawing.appendChild(node);
  }
  return drawing;
}

/** True when ``pid`` holds a seat whose phone is not connected now. */
export function isOffline(view, pid) {
  const seat = view?.lobby?.seats?.find((s) => s.id === pid);
  return Boolean(seat && seat.connected === false);
}

/** The match's present players whose phones are offline, in seat order. */
export function offlinePlayers(view) {
  const match = view?.match;
  if (!match || match.over) return [];
  const present = new Set(match.present || match.players || []);
  return (view.lobby?.seats || []).filter((seat) => present.has(seat.id) && seat.connected === false).map((s) => s.id);
}

/** A small "offline" mark to put beside a player's name, or null when their phone is connected. */
export function offlineMark(view, pid) {
  if (!view?.match || view.match.over || !isOffline(view, pid)) return null;
  return el(
    "span",
    { class: "badge offline-mark", "data-testid": "offline-mark", title: t("match.offline_mark") },
    noSignal(),
    el("span", { class: "offline-mark-text" }, t("match.offline_mark")),
  );
}

/** The line above the game's screen naming the players whose phones are offline, or null when none is. */
export function offlineLine(view) {
  const gone = offlinePlayers(view);
  if (!gone.length) return null;
  return el(
    "p",
    { class: "offline-line", role: "status", "data-testid": "match-offline", "data-players": gone.join(" ") },
    noSignal(),
    el("span", {}, t("match.offline_line", { names: joinNames(view, gone), count: gone.length })),
  );
}
