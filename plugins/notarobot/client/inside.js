// I'm Not a Robot: a preview of the tiles inside a figure, for the artist's phone while drawing.
// The server decides what is inside (by areas, with shapely); this is its cheap twin: every tile is
// sampled on scanlines, the closed figure's even-odd inside measured along each, and a tile is inside
// when at least half of its area is. A figure with a curve right at the half mark of a tile may differ
// by that tile: the phone shows the server's tiles once the drawing is submitted.

export const GRID = 5;
export const TILES = GRID * GRID;
export const MAX_CROSSINGS = 100; // the server refuses a figure that crosses itself more often
const SAMPLES = 16; // scanlines per row of tiles

/** The figure with its end joined back to its start (as the server closes it). */
export function closedRing(figure) {
  if (!figure || figure.length === 0) return [];
  const [first, last] = [figure[0], figure[figure.length - 1]];
  return first[0] === last[0] && first[1] === last[1] ? figure : [...figure, first];
}

/**
 * The x where each segment of ``ring`` meets the horizontal line at ``y``, sorted. A sample at x is
 * inside when an odd number of them lie to its right (the server's rule: a ray to the right).
 */
function meets(ring, y) {
  const xs = [];
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[i + 1];
    if (y1 > y === y2 > y) continue; // does not straddle the line (same test as the server's)
    xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
  }
  return xs.sort((a, b) => a - b);
}

/**
 * The tiles (ascending) at least half of whose area lies inside the closed figure, by the even-odd
 * rule. The area is sampled on ``samples`` scanlines per row of tiles: on each, the spans between
 * successive crossings (1st-2nd, 3rd-4th, ...) are inside, and their lengths are measured exactly within
 * each tile. Straight edges come out exact (the midpoint rule), so a tile cut in half by a line counts
 * as the server counts it. Cheap enough to run on every frame of a stroke being drawn.
 */
export function insideTiles(figure, samples = SAMPLES) {
  if (!figure || figure.length < 3) return [];
  const ring = closedRing(figure);
  const area = new Array(TILES).fill(0);
  const rows = GRID * samples;
  for (let r = 0; r < rows; r += 1) {
    const xs = meets(ring, (r + 0.5) / rows);
    const row = Math.floor(r / samples) * GRID;
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const [from, to] = [Math.max(0, xs[k]), Math.min(1, xs[k + 1])];
      for (let col = Math.floor(from * GRID); col < GRID && col / GRID < to; col += 1) {
        const span = Math.min(to, (col + 1) / GRID) - Math.max(from, col / GRID);
        if (span > 0) area[row + col] += span;
      }
    }
  }
  const half = (samples / GRID) * 0.5 * (1 - 1e-6); // a tile's area, in span units of one scanline each
  return area.flatMap((a, tile) => (a >= half ? [tile] : []));
}

/**
 * How many times the closed figure crosses itself: pairs of segments whose ends lie strictly on both
 * sides of each other (touching and running along do not count), as the server counts them.
 * Stops counting past ``limit``.
 */
export function crossings(figure, limit = MAX_CROSSINGS + 1) {
  const ring = closedRing(figure);
  const n = ring.length - 1;
  const side = (a, b, p) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
  let found = 0;
  for (let i = 0; i < n; i += 1) {
    const [a, b] = [ring[i], ring[i + 1]];
    const [minX, maxX] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
    const [minY, maxY] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
    for (let j = i + 2; j < n; j += 1) {
      const [c, d] = [ring[j], ring[j + 1]];
      if (Math.max(c[0], d[0]) < minX || Math.min(c[0], d[0]) > maxX) continue;
      if (Math.max(c[1], d[1]) < minY || Math.min(c[1], d[1]) > maxY) continue;
      if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) {
        found += 1;
        if (found >= limit) return found;
      }
    }
  }
  return found;
}
