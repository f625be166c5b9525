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

/**
 * Parameters of a message made readable: a player id becomes that player's name, a list of player ids a
 * list of names ("Ann, Boris and Chen"), and a card ({id, names}) its name in the viewer's language.
 */
export function readableParams(view, params = {}) {
  const out = { ...params };
  const seats = new Set((view?.lobby?.seats || []).map((seat) => seat.id));
  const isPlayer = (value) => typeof value === "string" && Boolean(view?.match?.names?.[value] || seats.has(value));
  for (const [key, value] of Object.entries(out)) {
    if (isPlayer(value)) {
      out[key] = nameOf(view, value);
    } else if (Array.isArray(value) && value.length && value.every(isPlayer)) {
      out[key] = list(value.map((pid) => nameOf(view, pid)));
    } else if (value && typeof value === "object" && value.names) {
      out[key] = value.names[lang()] || value.names.en || Object.values(value.names)[0] || value.id;
    }
  }
  return out;
}

/** True in a match's last round: its game view's ``rounds`` (or the ``rounds`` option) is reached. */
export function lastRound(match) {
  const rounds = match?.game_view?.rounds ?? match?.options?.rounds;
  return Boolean(match && typeof rounds === "number" && match.round >= rounds);
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
  const own = option.choice_keys?.[value]; // a choice the engine labels from its string tables
  if (own && has(own)) return t(own);
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

/** A "you" label beside the viewer's own name (their row is not told apart by its colour alone). */
export function youMark() {
  return badge(t("seat.you"), "you", "you-mark");
}
