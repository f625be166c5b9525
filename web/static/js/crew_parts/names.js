// How the crew's story reads (lobby.crew, docs/protocol.md "A crew"): members' names (a deleted member is "a
// former member"), stat names and record lines from the games' strings, figures, dates and keepsake labels.

import { el } from "../dom.js";
import { has, lang, list, t } from "../i18n.js";
import { avatar, lookOf } from "../looks.js";
import { statOf } from "../catalogue.js";

/** A member's name, or "a former member" for one who deleted their history (or is unknown). */
export function memberName(crew, id) {
  const member = crew.members.find((m) => m.id === id);
  return member?.name ?? t("crew.former_member");
}

/** A member as the shell shows a player: their avatar (when seated tonight) and their name. */
export function memberTag(view, crew, id, { size = "s" } = {}) {
  const name = memberName(crew, id);
  return el(
    "span",
    { class: "who-tag crew-who", "data-testid": "crew-member", "data-member": id },
    avatar(lookOf(view, id), { size }),
    el("span", { class: "who-name", title: name }, name),
  );
}

export function memberNames(crew, ids) {
  return list(ids.map((id) => memberName(crew, id)));
}

/** "<game>.<key>" → [game, key]. */
function split(stat) {
  const dot = stat.indexOf(".");
  return [stat.slice(0, dot), stat.slice(dot + 1)];
}

/** A stat's name from the game's strings (``<game>.stat.<key>``), else its key. */
export function statName(game, key) {
  const own = `${game}.stat.${key}`;
  return has(own) ? t(own) : key;
}

export function statNameOf(stat) {
  const [game, key] = split(stat);
  return statName(game, key);
}

/** A figure as the stat shows it: seconds as m:ss, anything else as a number. */
export function figureText(stat, figure) {
  const [game, key] = split(stat);
  if (statOf(game, key)?.unit !== "seconds") return Number(figure).toLocaleString(lang());
  const whole = Math.round(Number(figure));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A record's line: "The spy won in 1:35" (the game's ``.record`` string), else "<stat>: <figure>". */
export function recordText(stat, figure) {
  const [game, key] = split(stat);
  const own = `${game}.stat.${key}.record`;
  const shown = figureText(stat, figure);
  return has(own) ? t(own, { figure: shown }) : t("crew.record_plain", { stat: statName(game, key), figure: shown });
}

/** "New record! The spy won in 0:40 (Boris)". */
export function newRecordText(crew, record) {
  return t("crew.new_record", { record: recordText(record.stat, record.figure), name: memberName(crew, record.member) });
}

/** The record a new one beat: "before: The spy won in 1:35 (Dina)". */
export function previousRecordText(crew, record) {
  const { figure, member } = record.previous;
  return t("crew.previous_record", { record: recordText(record.stat, figure), name: memberName(crew, member) });
}

/** A date (epoch seconds) in the viewer's language. */
export function dateText(epoch) {
  return new Date(epoch * 1000).toLocaleDateString(lang(), { day: "numeric", month: "long", year: "numeric" });
}

/** A keepsake's label: the game's string with its params (a word in the viewer's language). */
export function keepsakeLabel(keepsake) {
  const params = {};
  for (const [name, value] of Object.entries(keepsake.params || {})) {
    if (value && typeof value === "object") {
      const names = value.names || value;
      params[name] = names[lang()] || names.en || Object.values(names)[0] || value.id || "";
    } else {
      params[name] = value;
    }
  }
  return has(keepsake.label) ? t(keepsake.label, params) : "";
}

/** An award's title with its params made readable (member ids become names). */
export function awardText(crew, award) {
  const params = {};
  for (const [name, value] of Object.entries(award.params || {})) {
    const isMember = (v) => typeof v === "string" && crew.members.some((m) => m.id === v);
    if (isMember(value)) params[name] = memberName(crew, value);
    else if (Array.isArray(value) && value.length && value.every(isMember)) params[name] = memberNames(crew, value);
    else if (value && typeof value === "object" && value.names) params[name] = value.names[lang()] || value.names.en || value.id;
    else params[name] = value;
  }
  return has(award.key) ? t(award.key, params) : award.key;
}

/** A game's name (the shell's string, else its id). */
export function gameTitle(id) {
  return has(`game.${id}`) ? t(`game.${id}`) : id;
}
