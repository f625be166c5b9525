// I'm Not a Robot: drawing by tapping, for a player who cannot (or would rather not) draw a line with a finger.
// The pad's grid points (the corners of its tiles, 6 x 6) are buttons named by row and column; a line is the
// points tapped in order, finished by a button (the figure closes by itself, as a drawn one does). The finished
// line goes into the same Drawing as a drawn stroke, so it is sent, checked and scored exactly alike. What the
// pad holds so far is said in words under it.

import { GRID, insideTiles } from "./inside.js";
import { inkBase, inkPaths, pathOf, shadeTiles, svg, tileName } from "./pad.js";

export const POINTS = GRID + 1; // grid points per row and per column

/** The pad point of grid point ``row``, ``column`` (0-based). */
export function gridPoint(row, column) {
  return [column / GRID, row / GRID];
}

/** A grid point for people: "row 2, column 3" (counted from the top-left corner, from 1). */
export function pointWords(api, [x, y]) {
  return api.t("notarobot.tap.point", { row: Math.round(y * GRID) + 1, column: Math.round(x * GRID) + 1 });
}

/** The points of a line, in words, in the order tapped: "row 2, column 2 → row 2, column 5 → ...". */
export function lineWords(api, points) {
  const at = ([x, y]) => api.t("notarobot.screen.tile", { row: Math.round(y * GRID) + 1, column: Math.round(x * GRID) + 1 });
  return points.map(at).join(" → ");
}

/**
 * The pad to tap on: the Drawing's lines, the line being tapped (with the figure's closing shown dashed), the
 * inside shading, and a button on every grid point. ``onChange()`` after every tap.
 */
export class TapBoard {
  constructor(api, drawing, onChange) {
    this.api = api;
    this.drawing = drawing;
    this.onChange = onChange;
    this.taps = []; // the line being tapped: pad points, in order
    this.base = inkBase("nr-drawing-svg");
    this.lines = svg("g", { class: "nr-lines" });
    this.live = svg("path", { class: "nr-line nr-live" });
    this.liveClosing = svg("path", { class: "nr-line nr-closing" });
    this.base.ink.append(this.lines, this.live, this.liveClosing);
    this.points = api.el("div", { class: "nr-tap-points", role: "group", "aria-label": api.t("notarobot.tap.points") });
    this.node = api.el("div", { class: "nr-pad nr-pad-tap", "data-testid": "nr-tap-pad" });
    this.node.append(this.base.root, this.points);
    this.saidNode = api.el("p", { class: "nr-tap-said", "data-testid": "nr-tap-said", "aria-live": "polite" });
    this.buttons = this.pointButtons();
    this.points.append(...this.buttons);
    this.paint();
  }

  tap(point) {
    const last = this.taps[this.taps.length - 1];
    if (last && last[0] === point[0] && last[1] === point[1]) return;
    this.taps = [...this.taps, point];
    this.drawing.problem = null;
    this.paint();
    this.onChange?.();
  }

  /** Take the last tapped point back. */
  back() {
    this.taps = this.taps.slice(0, -1);
    this.paint();
  }

  /** Whether the line tapped so far can be finished with the current tool. */
  canFinish() {
    return this.taps.length >= (this.drawing.tool === "figure" ? 3 : 2);
  }

  /** The tapped line becomes the figure or a decoration, as a drawn stroke would. */
  finish() {
    if (!this.canFinish()) return false;
    const kept = this.drawing.add(this.taps);
    if (kept) this.taps = [];
    this.paint();
    return kept;
  }

  paint() {
    const { api, drawing: d } = this;
    const figureTaps = d.tool === "figure" && this.taps.length > 0;
    const shown = figureTaps ? null : d.figure;
    this.lines.replaceChildren(...inkPaths({ figure: shown, decorations: d.decorations }));
    this.live.setAttribute("d", pathOf(this.taps));
    this.live.setAttribute("class", `nr-line nr-live ${d.tool === "figure" ? "nr-figure" : "nr-deco"}`);
    const n = this.taps.length;
    this.liveClosing.setAttribute("d", figureTaps && n > 2 ? pathOf([this.taps[n - 1], this.taps[0]]) : "");
    const inside = figureTaps ? insideTiles(this.taps) : d.inside;
    shadeTiles(this.base, inside);
    this.node.dataset.inside = inside.join(",");
    this.node.classList.toggle("tool-figure", d.tool === "figure");
    this.node.classList.toggle("tool-decoration", d.tool === "decoration");
    this.points.setAttribute("aria-label", api.t("notarobot.tap.points"));
    const order = new Map();
    this.taps.forEach(([x, y], i) => order.set(`${x},${y}`, i + 1));
    for (const button of this.buttons) {
      const number = order.get(button.dataset.point);
      button.classList.toggle("tapped", Boolean(number));
      const name = pointWords(api, button.dataset.point.split(",").map(Number));
      button.firstChild.textContent = number ? api.t("notarobot.tap.point_tapped", { point: name, number }) : name;
      button.lastChild.textContent = number ? String(number) : "";
    }
    this.saidNode.textContent = this.words();
  }

  /** A button on every grid point, made once: the one a player has just tapped keeps the focus. */
  pointButtons() {
    const { api } = this;
    const buttons = [];
    for (let row = 0; row < POINTS; row += 1) {
      for (let column = 0; column < POINTS; column += 1) {
        const point = gridPoint(row, column);
        buttons.push(
          api.el(
            "button",
            {
              type: "button",
              class: "nr-tap-point",
              "data-testid": `nr-point-${row}-${column}`,
              "data-point": `${point[0]},${point[1]}`,
              style: { left: `${(column * 100) / GRID}%`, top: `${(row * 100) / GRID}%` },
              onclick: () => this.tap(point),
            },
            api.el("span", { class: "visually-hidden" }),
            api.el("span", { class: "nr-tap-order", "aria-hidden": "true" }),
          ),
        );
      }
    }
    return buttons;
  }

  /** What the pad holds, in words: the line being tapped, the figure and its inside tiles, the decorations. */
  words() {
    const { api, drawing: d } = this;
    const { t } = api;
    const parts = [];
    if (this.taps.length) {
      const key = d.tool === "figure" ? "notarobot.tap.figure_so_far" : "notarobot.tap.decoration_so_far";
      parts.push(t(key, { points: lineWords(api, this.taps), count: this.taps.length }));
    }
    if (d.figure) {
      parts.push(t("notarobot.tap.figure", { points: lineWords(api, d.figure) }));
      parts.push(
        d.inside.length
          ? t("notarobot.tap.inside", { count: d.inside.length, tiles: d.inside.map((tile) => tileName(api, tile)).join("; ") })
          : t("notarobot.screen.no_inside_yet"),
      );
    } else if (!this.taps.length) {
      parts.push(t("notarobot.screen.no_figure_yet"));
    }
    if (d.decorations.length) parts.push(t("notarobot.tap.decorations", { count: d.decorations.length }));
    return parts.join(" ");
  }
}
