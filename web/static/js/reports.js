// Hiding and reporting what a player made: any phone reports a name to the host, the host hides it from every
// screen (or sets the report aside), and shows a hidden item again. Games' items are hidden by their text or
// picture (docs/protocol.md, "Moderation").

import { el } from "./dom.js";
import { actionButton } from "./buttons.js";
import { t } from "./i18n.js";
import { HIDDEN_TEXT } from "./hidden_text.js";
import { nameOf } from "./common.js";

const send = (command, kind, args) => command(kind, args);

function itemLabel(view, item) {
  if (item.kind === "name") return t("reports.name", { name: nameOf(view, item.key) });
  if (item.kind === "picture") return t("reports.picture");
  if (item.kind === "drawing") {
    const [artist, round] = item.key.split("@");
    return t("reports.drawing", { name: nameOf(view, artist), round });
  }
  return t("reports.text", { text: item.key === HIDDEN_TEXT ? t("moderation.hidden") : item.key });
}

/** The host's reports and hidden items; null when there is neither. */
export function reportsCard(view, { command }) {
  const reports = view.moderation?.reports || [];
  const hidden = view.moderation?.hidden || [];
  if (reports.length === 0 && hidden.length === 0) return null;
  return el(
    "div",
    { class: "stack", "data-testid": "reports" },
    reports.length ? el("h3", {}, t("reports.title")) : null,
    reports.map((report) =>
      el(
        "div",
        { class: "seat-ask", role: "alert", "data-testid": "report", "data-kind": report.kind },
        el("p", {}, t("reports.by", { name: nameOf(view, report.by) }), " ", itemLabel(view, report)),
        report.kind === "picture" ? el("img", { src: report.key, alt: "", width: 96, height: 96, "data-testid": "report-picture" }) : null,
        el(
          "div",
          { class: "actions" },
          actionButton({ class: "btn primary", "data-testid": "report-hide" }, t("reports.hide"), () =>
            send(command, "hide", { kind: report.kind, key: report.key }),
          ),
          actionButton({ class: "btn ghost", "data-testid": "report-dismiss" }, t("reports.dismiss"), () =>
            send(command, "dismiss_report", { report: report.id }),
          ),
        ),
      ),
    ),
    hidden.length ? el("h3", {}, t("reports.hidden_title")) : null,
    el(
      "ul",
      { class: "plain-list" },
      hidden.map((item) =>
        el(
          "li",
          { class: "row", "data-testid": "hidden-item" },
          el("span", {}, itemLabel(view, item)),
          actionButton({ class: "btn small ghost", "data-testid": "unhide" }, t("reports.unhide"), () =>
            send(command, "unhide", { item: item.id }),
          ),
        ),
      ),
    ),
  );
}

/** Every phone: the other seats' names, each to report (the host hides one at once). */
export function namesToReport(view, { you, host, command }) {
  const others = view.lobby.seats.filter((seat) => seat.id !== you);
  if (others.length === 0) return null;
  const list = el(
    "details",
    { class: "report-names", "data-testid": "report-names" },
    el("summary", {}, host ? t("reports.hide_names") : t("reports.report_names")),
    el(
      "ul",
      { class: "plain-list" },
      others.map((seat) =>
        el(
          "li",
          { class: "row" },
          el("span", {}, seat.name),
          actionButton(
            { class: "btn small ghost", "data-testid": host ? "hide-name" : "report-name", "data-player": seat.id },
            host ? t("reports.hide") : t("reports.report"),
            () => send(command, host ? "hide" : "report", { kind: "name", key: seat.id }),
          ),
        ),
      ),
    ),
  );
  return list;
}

const PICTURE = /^\/images\/([^/]+)\/.+/;

/** Every picture address in the match's view (the game's pictures and uploaded packs' alike). */
function picturesIn(value, found = new Set()) {
  if (typeof value === "string") {
    if (PICTURE.test(value)) found.add(value);
  } else if (value && typeof value === "object") {
    for (const part of Object.values(value)) picturesIn(part, found);
  }
  return found;
}

/** The drawings a view shows, by their key ``<artist>@<round>`` (a part naming no round is the current round's). */
function drawingsIn(value, round, found = new Map()) {
  if (value && typeof value === "object") {
    if (!Array.isArray(value) && "figure" in value && typeof value.artist === "string" && !value.hidden) {
      const number = Number.isInteger(value.round) ? value.round : round;
      found.set(`${value.artist}@${number}`, { artist: value.artist, round: number });
    }
    for (const part of Object.values(value)) drawingsIn(part, round, found);
  }
  return found;
}

/**
 * Anything a player made, to hide (the host) or report (everyone else): a text as it shows on the screens,
 * and each picture of the match (the host may hide its whole pack too). Null with nothing to offer.
 */
export function itemsPanel(view, { host, command }) {
  const verb = host ? "hide" : "report";
  const input = el("input", { type: "text", maxlength: 200, "data-testid": `${verb}-text-input`, "aria-label": t("reports.text_label") });
  const submit = async () => {
    const text = input.value.trim();
    if (!text) return;
    const answer = await send(command, verb, { kind: "text", key: text });
    if (answer.ok) input.value = "";
  };
  const pictures = [...picturesIn(view.match?.game_view || {})];
  const packs = [...new Set(pictures.map((src) => `/images/${src.match(PICTURE)[1]}/`))];
  const drawings = [...drawingsIn(view.match?.game_view || {}, view.match?.round)];
  return el(
    "details",
    { class: "report-items", "data-testid": `${verb}-items` },
    el("summary", {}, host ? t("reports.hide_items") : t("reports.report_items")),
    el(
      "div",
      { class: "row" },
      input,
      actionButton({ class: "btn small", "data-testid": `${verb}-text` }, host ? t("reports.hide") : t("reports.report"), submit),
    ),
    pictures.length
      ? el(
          "ul",
          { class: "plain-list report-pictures" },
          pictures.map((src) =>
            el(
              "li",
              { class: "row" },
              el("img", { src, alt: "", width: 48, height: 48, loading: "lazy" }),
              actionButton(
                { class: "btn small ghost", "data-testid": `${verb}-picture`, "data-src": src },
                host ? t("reports.hide") : t("reports.report"),
                () => send(command, verb, { kind: "picture", key: src }),
              ),
            ),
          ),
        )
      : null,
    drawings.length
      ? el(
          "ul",
          { class: "plain-list" },
          drawings.map(([key, drawing]) =>
            el(
              "li",
              { class: "row" },
              el("span", {}, t("reports.drawing", { name: nameOf(view, drawing.artist), round: drawing.round })),
              actionButton(
                { class: "btn small ghost", "data-testid": `${verb}-drawing`, "data-key": key },
                host ? t("reports.hide") : t("reports.report"),
                () => send(command, verb, { kind: "drawing", key }),
              ),
            ),
          ),
        )
      : null,
    host && packs.length
      ? packs.map((pack) =>
          actionButton({ class: "btn small ghost", "data-testid": "hide-pack", "data-pack": pack }, t("reports.hide_pack"), () =>
            send(command, "hide", { kind: "picture", key: pack }),
          ),
        )
      : null,
  );
}
