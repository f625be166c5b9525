// Helpers over the `state` view shared by the phone and the table screen.

import { el } from "./dom.js";
import { has, lang, list, t } from "./i18n.js";

/** A player's name: from the match (which keeps those who left), else from the seats. */
export function nameOf(view, pid) {
  if (pid === null || pid === undefined) return "";
  const fromMatch = view?.match?.names?.[pid];
  if (fromMatch) return fromMatch;
  const seat = view?.lobby?.seats?.find((s) => s.id === pid);
  return seat ? seat.name : t("player.unknown");
}

/** Parameters of an i18n message with player ids turned into names. */
/**
 * Parameters of a message made readable: a player id becomes that player's name, and a card
 * ({id, names}) its name in the viewer's language.
 */
export function readableParams(view, params = {}) {
  const out = { ...params };
  const seats = new Set((view?.lobby?.seats || []).map((seat) => seat.id));
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === "string" && (view?.match?.names?.[value] || seats.has(value))) {
      out[key] = nameOf(view, value);
    } else if (value && typeof value === "object" && value.names) {
      out[key] = value.names[lang()] || value.names.en || Object.values(value.names)[0] || value.id;
    }
  }
  return out;
}

export function gameName(id) {
  return has(`game.${id}`) ? t(`game.${id}`) : id;
}

export function variantName(id) {
  return has(`variant.${id}`) ? t(`variant.${id}`) : id;
}

export function joinNames(view, pids) {
  return list(pids.map((p) => nameOf(view, p)));
}

/** The label of an option's value for a summary ("Rounds: 3", "Double points: yes"). */
export function optionValueText(option, value) {
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (Array.isArray(value)) return list(value.map((v) => choiceLabel(option, v)));
  if (option && (option.type === "choice" || option.type === "choices")) return choiceLabel(option, value);
  if (typeof value === "number") return value.toLocaleString();
  return value === null || value === undefined ? "—" : String(value);
}

export function choiceLabel(option, value) {
  const names = option.choice_names?.[value];
  if (names) return names[lang()] || names.en || Object.values(names)[0] || String(value);
  const key = `${option.label}.${value}`;
  return has(key) ? t(key) : String(value);
}

/** A badge: a small rounded label. */
export function badge(text, kind, testid) {
  return el("span", { class: ["badge", kind], "data-testid": testid }, text);
}

/** A section heading with an optional trailing element. */
export function heading(text, extra = null, level = "h2") {
  return el("div", { class: "section-head" }, el(level, {}, text), extra);
}

/** The night scoreboard and the list of matches played, or null before the first match ends. */
export function scoreboardSection(view) {
  const rows = view.lobby.scoreboard || [];
  const history = view.lobby.history || [];
  if (!rows.length && !history.length) return null;
  const parts = [heading(t("scoreboard.title"))];
  if (rows.length) {
    parts.push(
      el(
        "table",
        { class: "scoreboard", "data-testid": "scoreboard" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { class: "num" }, "#"),
            el("th", {}, t("scoreboard.player")),
            el("th", { class: "num" }, t("scoreboard.played")),
            el("th", { class: "num" }, t("scoreboard.wins")),
            el("th", { class: "num" }, t("scoreboard.seconds")),
            el("th", { class: "num" }, t("scoreboard.thirds")),
          ),
        ),
        el(
          "tbody",
          {},
          rows.map((row) =>
            el(
              "tr",
              { class: row.place === 1 ? "leader" : null, "data-player": row.player },
              el("td", { class: "num" }, row.place),
              el("td", {}, row.name),
              el("td", { class: "num" }, row.played),
              el("td", { class: "num" }, row.wins),
              el("td", { class: "num" }, row.seconds),
              el("td", { class: "num" }, row.thirds),
            ),
          ),
        ),
      ),
    );
  }
  if (history.length) {
    parts.push(
      el(
        "ol",
        { class: "history", "data-testid": "history" },
        history
          .slice()
          .reverse()
          .map((entry) => {
            let outcome;
            if (entry.aborted) {
              outcome = t("history.aborted");
            } else {
              const winners = (entry.ranking || []).filter((r) => r.place === 1).map((r) => entry.names?.[r.player] || "?");
              outcome = t("history.won", { names: list(winners), count: winners.length });
            }
            return el(
              "li",
              { "data-testid": "history-entry", "data-ended-early": entry.ended_early ? "true" : null },
              el("strong", {}, gameName(entry.game)),
              " — ",
              outcome,
              entry.ended_early ? [" ", badge(t("history.ended_early"), "warn", "history-ended-early")] : null,
            );
          }),
      ),
    );
  }
  return el("div", {}, parts);
}
