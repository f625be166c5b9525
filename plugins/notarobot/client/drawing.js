// I'm Not a Robot: drawing on the pad with a finger, a pen or a mouse (pointer events, touch-action: none).
// A stroke is captured with setPointerCapture and every coalesced point; when it ends it is simplified
// (Ramer-Douglas-Peucker) and rounded to 4 decimals in pad units (0..1), within the server's limits:
// the figure (the first line; drawing it again replaces it) 3-600 points, at most 30 decorations of
// 2-600 points, 2,400 points in all. The board lives in module memory for the round, so the states that
// keep arriving never lose a drawing in progress: the screen re-attaches the same node.

import { crossings, insideTiles, MAX_CROSSINGS } from "./inside.js";
import { inkBase, inkPaths, pathOf, shadeTiles, svg } from "./pad.js";

export const LIMITS = { figure: [3, 600], decoration: [2, 600], decorations: 30, total: 2400 };
const EPSILON = 0.0018; // simplification tolerance in pad units (under a pixel on a phone's pad)
const MIN_STEP = 0.0015; // raw points closer than this to the previous one are skipped

const round4 = (v) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;

/** Ramer-Douglas-Peucker: the points of ``points`` that keep the line within ``epsilon`` of itself. */
export function simplify(points, epsilon) {
  if (points.length < 3) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let far = -1;
    let farthest = epsilon;
    for (let i = first + 1; i < last; i += 1) {
      const [px, py] = points[i];
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (d > farthest) {
        farthest = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([first, far], [far, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** Rounded to 4 decimals, on the pad, without repeated points (as the server keeps them). */
export function tidy(points) {
  const out = [];
  for (const [x, y] of points) {
    const p = [round4(x), round4(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

/** A stroke simplified until it has at most ``max`` points (the tolerance grows as needed). */
export function fit(points, max) {
  let epsilon = EPSILON;
  let out = tidy(simplify(points, epsilon));
  while (out.length > max && epsilon < 0.2) {
    epsilon *= 1.6;
    out = tidy(simplify(points, epsilon));
  }
  return out.length > max ? [] : out;
}

/** The state of one player's pad this round, and its editing (undo keeps every earlier state). */
export class Drawing {
  constructor() {
    this.figure = null;
    this.decorations = [];
    this.history = [];
    this.tool = "figure";
    this.word = null;
    this.inside = [];
    this.tangled = false;
    this.problem = null; // {key, params}: the last thing refused (a stroke past the limits, the server)
  }

  points() {
    return (this.figure?.length || 0) + this.decorations.reduce((sum, s) => sum + s.length, 0);
  }

  snapshot() {
    this.history.push({ figure: this.figure, decorations: this.decorations.slice() });
    if (this.history.length > 200) this.history.shift();
  }

  refresh() {
    this.inside = insideTiles(this.figure);
    this.tangled = Boolean(this.figure) && crossings(this.figure) > MAX_CROSSINGS;
  }

  /** A finished stroke with the current tool; false (and a problem) when it cannot be kept. */
  add(raw) {
    this.problem = null;
    if (this.tool === "figure") {
      const room = Math.min(LIMITS.figure[1], LIMITS.total - this.points() + (this.figure?.length || 0));
      const stroke = fit(raw, room);
      if (stroke.length < LIMITS.figure[0]) {
        this.problem = { key: "notarobot.screen.figure_too_short" };
        return false;
      }
      this.snapshot();
      this.figure = stroke;
      this.tool = "decoration"; // the figure is one line: what comes next decorates
    } else {
      if (this.decorations.length >= LIMITS.decorations) {
        this.problem = { key: "notarobot.screen.too_many_lines", params: { max: LIMITS.decorations } };
        return false;
      }
      const room = Math.min(LIMITS.decoration[1], LIMITS.total - this.points());
      const stroke = room >= LIMITS.decoration[0] ? fit(raw, room) : [];
      if (stroke.length < LIMITS.decoration[0]) {
        if (room < LIMITS.decoration[0] || (raw.length > 1 && stroke.length === 0)) {
          this.problem = { key: "notarobot.screen.pad_full" };
        }
        return false;
      }
      this.snapshot();
      this.decorations = [...this.decorations, stroke];
    }
    this.refresh();
    return true;
  }

  undo() {
    const last = this.history.pop();
    if (!last) return;
    this.figure = last.figure;
    this.decorations = last.decorations;
    if (!this.figure) this.tool = "figure";
    this.problem = null;
    this.refresh();
  }

  clear() {
    if (!this.figure && !this.decorations.length) return;
    this.snapshot();
    this.figure = null;
    this.decorations = [];
    this.tool = "figure";
    this.problem = null;
    this.refresh();
  }

  ready() {
    return this.word !== null && Boolean(this.figure) && this.inside.length > 0 && !this.tangled;
  }

  payload() {
    return { word: this.word, figure: this.figure, decorations: this.decorations };
  }
}

/**
 * The pad one draws on: the Drawing's lines, the live stroke, the inside shading of the figure (live
 * while the figure is being drawn). ``onChange()`` after a stroke ends (the screen repaints its buttons).
 */
export class Board {
  constructor(api, drawing, onChange) {
    this.api = api;
    this.drawing = drawing;
    this.onChange = onChange;
    this.stroke = null; // {id, points, rect}
    this.frame = 0;
    this.base = inkBase("nr-drawing-svg");
    this.lines = svg("g", { class: "nr-lines" });
    this.live = svg("path", { class: "nr-line nr-live" });
    this.liveClosing = svg("path", { class: "nr-line nr-closing" });
    this.base.ink.append(this.lines, this.live, this.liveClosing);
    this.node = api.el("div", {
      class: "nr-pad nr-pad-draw",
      "data-testid": "nr-draw-pad",
      role: "img",
      "aria-label": api.t("notarobot.screen.draw_pad"),
    });
    this.node.appendChild(this.base.root);
    this.listen();
    this.paint();
  }

  listen() {
    const node = this.node;
    node.addEventListener("pointerdown", (event) => this.down(event));
    node.addEventListener("pointermove", (event) => this.move(event));
    node.addEventListener("pointerup", (event) => this.up(event));
    node.addEventListener("pointercancel", (event) => this.up(event));
    node.addEventListener("lostpointercapture", (event) => this.up(event));
    node.addEventListener("contextmenu", (event) => event.preventDefault());
    node.addEventListener("touchstart", (event) => event.preventDefault(), { passive: false }); // no scrolling, no zoom
  }

  point(event, rect) {
    return [(event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height].map((v) =>
      Math.min(1, Math.max(0, v)),
    );
  }

  down(event) {
    if (this.stroke || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    const rect = this.node.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    try {
      this.node.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser no longer tracks: the stroke still follows its events
    }
    this.node.dataset.pointer = event.pointerType || "mouse";
    this.stroke = { id: event.pointerId, rect, points: [this.point(event, rect)], tool: this.drawing.tool };
    this.schedule();
  }

  move(event) {
    const stroke = this.stroke;
    if (!stroke || event.pointerId !== stroke.id) return;
    event.preventDefault();
    const events = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
    for (const e of events.length ? events : [event]) {
      const p = this.point(e, stroke.rect);
      const last = stroke.points[stroke.points.length - 1];
      if (Math.hypot(p[0] - last[0], p[1] - last[1]) >= MIN_STEP) stroke.points.push(p);
    }
    this.schedule();
  }

  up(event) {
    const stroke = this.stroke;
    if (!stroke || event.pointerId !== stroke.id) return;
    if (event.type !== "lostpointercapture") this.move(event);
    this.stroke = null;
    try {
      if (this.node.hasPointerCapture(event.pointerId)) this.node.releasePointerCapture(event.pointerId);
    } catch {
      // already released
    }
    this.drawing.tool = stroke.tool;
    this.drawing.add(stroke.points);
    this.paint();
    this.onChange?.();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  /** Redraw the lines, the live stroke and the inside shading. */
  paint() {
    const d = this.drawing;
    const stroke = this.stroke;
    const drawingFigure = stroke && stroke.tool === "figure";
    const shown = drawingFigure ? null : d.figure;
    if (this.shown?.figure !== shown || this.shown?.decorations !== d.decorations) {
      this.shown = { figure: shown, decorations: d.decorations }; // rebuilt only when the kept lines change
      this.lines.replaceChildren(...inkPaths({ figure: shown, decorations: d.decorations }));
    }
    this.live.setAttribute("d", stroke ? pathOf(stroke.points) : "");
    this.live.setAttribute("class", `nr-line nr-live ${stroke?.tool === "figure" ? "nr-figure" : "nr-deco"}`);
    const n = stroke?.points.length || 0;
    this.liveClosing.setAttribute("d", drawingFigure && n > 2 ? pathOf([stroke.points[n - 1], stroke.points[0]]) : "");
    const inside = drawingFigure ? insideTiles(stroke.points) : d.inside;
    shadeTiles(this.base, inside);
    this.node.dataset.inside = inside.join(",");
    this.node.classList.toggle("tool-figure", d.tool === "figure");
    this.node.classList.toggle("tool-decoration", d.tool === "decoration");
  }
}
