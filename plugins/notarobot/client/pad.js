// I'm Not a Robot: the 5 x 5 pad. The ink (lines, the inside shading, the grid) is an SVG in pad units
// scaled by 100; over it lies a 5 x 5 grid of tiles in HTML: the grey masking tiles, the checkmarks and,
// where a tile can be tapped, a button. Pad coordinates: x to the right, y down, from 0 to 1.

import { GRID, TILES, closedRing } from "./inside.js";

const NS = "http://www.w3.org/2000/svg";
const SCALE = 100;

/** An SVG element: attributes set as attributes (never style), children appended. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) node.appendChild(child);
  return node;
}

const num = (v) => (Math.round(v * SCALE * 100) / 100).toString();

/** The SVG path of a polyline of pad points ("" for none); ``closed`` joins the end to the start. */
export function pathOf(points, closed = false) {
  if (!points || points.length === 0) return "";
  const parts = points.map(([x, y], i) => `${i ? "L" : "M"}${num(x)} ${num(y)}`);
  if (points.length === 1) parts.push(`L${num(points[0][0])} ${num(points[0][1])}`);
  return closed && points.length > 2 ? `${parts.join("")}Z` : parts.join("");
}

export function tileRect(tile) {
  const col = tile % GRID;
  const row = Math.floor(tile / GRID);
  return { x: (col * SCALE) / GRID, y: (row * SCALE) / GRID, size: SCALE / GRID };
}

/** The paper, the inside shading (one rect per tile, shown by class) and the grid lines. */
export function inkBase(extraClass = null) {
  const shade = svg(
    "g",
    { class: "nr-shade" },
    Array.from({ length: TILES }, (_, tile) => {
      const r = tileRect(tile);
      return svg("rect", { x: r.x, y: r.y, width: r.size, height: r.size, "data-tile": tile });
    }),
  );
  const lines = [];
  for (let i = 1; i < GRID; i += 1) {
    const at = (i * SCALE) / GRID;
    lines.push(svg("line", { x1: at, y1: 0, x2: at, y2: SCALE }), svg("line", { x1: 0, y1: at, x2: SCALE, y2: at }));
  }
  const grid = svg("g", { class: "nr-grid" }, lines);
  const ink = svg("g", { class: "nr-ink" });
  const root = svg(
    "svg",
    { class: ["nr-pad-svg", extraClass], viewBox: `0 0 ${SCALE} ${SCALE}`, "aria-hidden": "true", focusable: "false" },
    svg("rect", { class: "nr-paper", x: 0, y: 0, width: SCALE, height: SCALE }),
    shade,
    grid,
    ink,
  );
  return { root, shade, grid, ink };
}

/** Shade ``tiles`` (an iterable of tile numbers) as inside. */
export function shadeTiles(base, tiles) {
  const on = new Set(tiles || []);
  for (const rect of base.shade.children) rect.classList.toggle("on", on.has(Number(rect.dataset.tile)));
}

/** The figure (closed, with its closing segment dashed while ``open``) and the decorations, as paths. */
export function inkPaths({ figure = null, decorations = [], lines = [], open = false } = {}) {
  const paths = [];
  for (const stroke of decorations || []) paths.push(svg("path", { class: "nr-line nr-deco", d: pathOf(stroke) }));
  for (const stroke of lines || []) paths.push(svg("path", { class: "nr-line nr-piece", d: pathOf(stroke) }));
  if (figure && figure.length > 1) {
    if (open) {
      paths.push(svg("path", { class: "nr-line nr-figure", d: pathOf(figure) }));
      const [first, last] = [figure[0], figure[figure.length - 1]];
      paths.push(svg("path", { class: "nr-line nr-closing", d: pathOf([last, first]) }));
    } else {
      paths.push(svg("path", { class: "nr-line nr-figure", d: pathOf(closedRing(figure), true) }));
    }
  }
  return paths;
}

/** Where tile ``tile`` is, for people: "row 2, column 3". */
export function tileName(api, tile) {
  return api.t("notarobot.screen.tile", { row: Math.floor(tile / GRID) + 1, column: (tile % GRID) + 1 });
}

/**
 * A whole pad, built from what it shows (rebuilt when that changes):
 *   figure, decorations   the drawing (the artist's own, or everyone's at the reveal)
 *   inside                tiles shaded as inside
 *   uncovered             {tile, lines}: the one tile everyone sees, with its lines
 *   covered               true: a mask on every tile but the uncovered one
 *   peel                  the masks come off (the reveal), in a staggered animation unless ``still``
 *   checks                [{player, tile}] with colour(player) and mark(player) (a letter)
 *   right                 players whose checkmark is right (shown once the drawing is revealed)
 *   pending               a tile the viewer has just tapped, waiting for the server
 *   onTile(tile)          the tiles are buttons; canTap(tile) says which are live (others aria-disabled)
 *   label                 the pad's accessible name; testid its data-testid
 */
export function padView(api, o) {
  const { el, t } = api;
  const base = inkBase();
  shadeTiles(base, o.inside || []);
  base.ink.append(
    ...inkPaths({ figure: o.figure, decorations: o.decorations }),
    ...(o.uncovered ? inkPaths({ lines: o.uncovered.lines }) : []),
  );
  const checks = new Map((o.checks || []).map((c) => [c.tile, c.player]));
  const right = new Set(o.right || []);
  const inside = new Set(o.inside || []);
  const newest = o.peel ? null : (o.checks || []).at(-1)?.tile; // only the latest checkmark pops in
  const tiles = Array.from({ length: TILES }, (_, tile) => {
    const holder = checks.get(tile);
    const open = o.uncovered?.tile === tile;
    const masked = Boolean(o.covered) && !open;
    const live = Boolean(o.onTile) && (!o.canTap || o.canTap(tile));
    const classes = [
      "nr-tile",
      masked ? "masked" : null,
      o.peel && !open ? "peel" : null,
      open ? "uncovered" : null,
      inside.has(tile) ? "inside" : null,
      holder ? "checked" : null,
      o.pending === tile ? "pending" : null,
      o.onTile ? (live ? "live" : "dead") : null,
    ];
    const mark = holder ? checkMark(api, holder, o, right.has(holder), newest === tile) : o.pending === tile ? pendingMark(api, o) : null;
    const attrs = {
      class: classes,
      "data-testid": `nr-tile-${tile}`,
      "data-tile": String(tile),
      "data-holder": holder || null,
      "data-inside": inside.has(tile) ? "true" : null,
    };
    if (o.peel && !open) attrs.style = { "--nr-delay": `${peelDelay(tile)}ms` };
    const describe = [tileName(api, tile), open ? t("notarobot.screen.tile_uncovered") : null];
    if (inside.has(tile) && (open || !masked)) describe.push(t("notarobot.screen.tile_inside"));
    if (holder) describe.push(t("notarobot.screen.tile_checked_by", { name: api.name(holder) }));
    if (o.onTile) {
      return el(
        "button",
        {
          ...attrs,
          type: "button",
          "aria-label": describe.filter(Boolean).join(", "),
          "aria-disabled": live ? null : "true",
          onclick: () => o.onTile(tile),
        },
        mark,
      );
    }
    const words = describe.filter(Boolean).join(", ");
    return el("div", { ...attrs, role: "img", "aria-label": words, title: words }, mark);
  });
  return el(
    "div",
    {
      class: ["nr-pad", o.size ? `nr-pad-${o.size}` : null, o.peel && !o.still ? "peeling" : null, o.className],
      "data-testid": o.testid || "nr-pad",
      role: "group",
      "aria-label": o.label || t("notarobot.screen.pad"),
    },
    base.root,
    el("div", { class: "nr-tiles" }, tiles),
  );
}

/** The order the masks come off at the reveal: a diagonal sweep from the top-left. */
function peelDelay(tile) {
  return ((tile % GRID) + Math.floor(tile / GRID)) * 90;
}

function checkMark(api, player, o, right, fresh) {
  const colour = o.colour ? o.colour(player) : "#888";
  return api.el(
    "span",
    {
      class: ["nr-check", o.peel ? (right ? "right" : "wrong") : null, fresh ? "new" : null],
      "data-testid": "nr-check",
      "data-player": player,
      style: { "--nr-colour": colour },
    },
    api.el("span", { class: "nr-check-tick", "aria-hidden": "true" }, "✓"),
    api.el("span", { class: "nr-check-who", "aria-hidden": "true" }, o.mark ? o.mark(player) : ""),
  );
}

function pendingMark(api, o) {
  return api.el(
    "span",
    { class: "nr-check pending", style: { "--nr-colour": o.colour ? o.colour(o.me) : "#888" } },
    api.el("span", { class: "nr-check-tick", "aria-hidden": "true" }, "✓"),
  );
}
