// Where a Spyfall screen's parts go. On a phone, one column: the current moment first (what its player may
// do now: ask, accuse, vote, name the location), then the top (the round, the players), what lies between
// rounds (the board, the packs), the location list. On the table screen (a TV), the whole screen fits the
// stage the shell gives it: the players across the top, the current moment large on the left, and on the
// right the board between rounds, or else the location list in as many columns as its length needs
// (styles: css/table.css).

/** Columns and rows for ``count`` locations on the table: up to ``most`` rows (ten unless told), in two
 * columns or more (as few as that allows, so that a long name, Russian ones too, stays on a line or two
 * without breaking a word). */
export function listGrid(count, most = 10) {
  const columns = Math.min(4, Math.max(2, Math.ceil(count / most)));
  return { columns, rows: Math.max(1, Math.ceil(count / columns)) };
}

/**
 * Fill the screen's body. ``moment``: the parts of the current moment; ``between``: the board or the packs
 * between rounds; ``list``: the location list (null: none, e.g. while the picker is the list); ``aside``:
 * on the table, what the right-hand side shows instead of the board or the list; ``wide``: on the table,
 * the moment takes the whole width (the Team Spyfall show); ``rows``: the most rows of the list on the table.
 */
export function layOut(api, mem, { phase, top, moment, between = [], list = null, aside = null, count = 0, rows = 10, wide = false }) {
  const { el } = api;
  mem.shell.dataset.phase = phase;
  const momentBox = el("div", { class: "sf-moment", "data-testid": "sf-moment" }, ...moment.filter(Boolean));
  if (!api.table) {
    mem.body.replaceChildren(...[momentBox, top, ...between, list].filter(Boolean));
    return;
  }
  const side = (aside || (between.length ? between : [list])).filter(Boolean);
  const grid = listGrid(count, rows);
  const sideBox = side.length ? el("div", { class: "sf-aside", "data-testid": "sf-aside" }, ...side) : null;
  if (sideBox) {
    sideBox.style.setProperty("--sf-columns", String(grid.columns));
    sideBox.style.setProperty("--sf-rows", String(grid.rows));
  }
  mem.body.classList.toggle("sf-wide", wide || !sideBox);
  mem.body.replaceChildren(...[top, momentBox, sideBox].filter(Boolean));
  fitTable(mem.body);
}

const SMALLEST_FIT = 0.6;
let fitted = null; // the table's body last laid out

/**
 * On the table, every part a screen marks ``sf-fit`` (the Team Spyfall show's newest step) is made smaller,
 * 5% at a time down to 60%, while anything of it reaches past the bottom of the screen's body or of the
 * window: what the round brings is not known in advance (four long names, each with a long location in
 * Russian, wrap onto more lines than the stage holds), and smaller beats spilled. Fitted again when the
 * window changes size, the fonts arrive or a style sheet loads.
 */
export function fitTable(body) {
  fitted = body;
  const parts = [...body.querySelectorAll(".sf-fit")];
  if (!parts.length) return;
  const spills = () => {
    const limit = Math.min(window.innerHeight, body.getBoundingClientRect().bottom) + 1;
    return parts.some((part) => part.getBoundingClientRect().bottom > limit);
  };
  for (const part of parts) part.style.removeProperty("zoom");
  // measured where it comes to rest, not where its entrance starts (one that has ended is not played again)
  const entering = parts.filter((part) => part.getAnimations().some((a) => a.playState === "running"));
  for (const part of entering) part.style.animation = "none";
  let scale = 1;
  while (scale > SMALLEST_FIT && spills()) {
    scale = Math.round((scale - 0.05) * 100) / 100;
    for (const part of parts) part.style.zoom = String(scale);
  }
  for (const part of entering) part.style.removeProperty("animation");
}

const refit = () => fitted?.isConnected && fitTable(fitted);
window.addEventListener("resize", refit);
document.fonts?.ready.then(refit);
// a style sheet that arrives after the render (a TV page reloaded during the show) changes every size
document.addEventListener("load", (event) => event.target instanceof HTMLLinkElement && refit(), true);
