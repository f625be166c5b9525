// A grid of numbers per player (an HTML table), the shape every standings, tokens or record list takes (screens get it as
// api.grid): a header row, one row per item, numeric columns aligned right.

import { el } from "./dom.js";

/**
 * grid({columns, rows, cells, attrs, caption, rowAttrs, rowHeader}): ``columns`` are {label, num, title,
 * attrs}; ``cells(row)`` gives a row's cells in the columns' order (a string, a node, or {value, attrs});
 * the column at index ``rowHeader`` (0 unless given; null for none) names the row (a <th scope=row>).
 * ``rowAttrs(row)`` adds to each row's <tr> (class, data-testid, ...).
 */
export function grid({ columns, rows, cells, attrs = {}, caption = null, rowAttrs = () => ({}), rowHeader = 0 }) {
  const cellClass = (column, extra) => [column.num ? "num" : null, extra].flat().filter(Boolean);
  const head = columns.map((column) =>
    el("th", { scope: "col", title: column.title, ...column.attrs, class: cellClass(column, column.attrs?.class) }, column.label),
  );
  const body = rows.map((row) => {
    const values = cells(row);
    return el(
      "tr",
      rowAttrs(row),
      columns.map((column, index) => {
        const raw = values[index];
        const cell = raw !== null && typeof raw === "object" && !(raw instanceof Node) && !Array.isArray(raw) ? raw : { value: raw };
        const tag = index === rowHeader ? "th" : "td";
        const scope = index === rowHeader ? "row" : null;
        return el(tag, { scope, ...cell.attrs, class: cellClass(column, cell.attrs?.class) }, cell.value ?? "");
      }),
    );
  });
  return el("table", attrs, caption, el("thead", {}, el("tr", {}, head)), el("tbody", {}, body));
}
