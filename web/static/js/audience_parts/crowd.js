// What the audience's screens share about a prompt (docs/protocol.md, "The audience"): its question and
// choices in words, the crowd's results of the match under way, and a tally's share of each choice.

import { el } from "../dom.js";
import { lang, list, t } from "../i18n.js";
import { nameOf, readableParams } from "../common.js";
import { who } from "../looks.js";

/** The question of ``prompt`` in the page's language (player ids among its params read as names). */
export function questionText(view, prompt) {
  return t(prompt.question, readableParams(view, prompt.params || {}));
}

/** A choice in words: a player's name, its name in this language, the game's own text, or an i18n key. */
export function choiceText(view, choice) {
  if (choice.player) return nameOf(view, choice.player);
  if (choice.names) return choice.names[lang()] || choice.names.en || Object.values(choice.names)[0] || choice.id;
  if (choice.text) return choice.text;
  if (choice.key) return t(choice.key, readableParams(view, choice.params || {}));
  return choice.id;
}

/** A choice as shown: a player with their look (like a seat chip), any other choice as its words. */
export function choiceLabel(view, choice, { size = "m" } = {}) {
  if (choice.player) return who(view, choice.player, { size, testid: "choice-who" });
  return el("span", { class: "choice-words" }, choiceText(view, choice));
}

/** The prompts asked in the match under way (its id starts theirs), oldest first. */
function ofMatch(view, prompts) {
  const match = view?.match;
  if (!match) return [];
  return prompts.filter((prompt) => prompt.id.startsWith(`${match.id}.`));
}

/**
 * The crowd's results of the match's latest answers: those of its prompts the view still shows answered
 * (answered together), else its last result; none before its first answer.
 */
export function latestResults(view) {
  const results = view?.lobby?.audience?.results || [];
  const mine = results.filter((result) => ofMatch(view, [result.prompt]).length);
  if (!mine.length) return [];
  const answered = new Set((view.match.prompts || []).filter((p) => p.answer).map((p) => p.id));
  const current = mine.filter((result) => answered.has(result.prompt.id));
  return current.length ? current : mine.slice(-1);
}

/** The prompts of the match still waiting for their answer (open, or closed before the game shows it). */
export function askedPrompts(view) {
  return (view?.match?.prompts || []).filter((prompt) => !prompt.answer);
}

/** Each choice of a result with its count and its share of the picks (0 to 1), and whether it is right. */
export function shares(result) {
  const tally = result.tally || {};
  const total = Object.values(tally).reduce((sum, n) => sum + n, 0);
  const right = new Set(result.prompt.answer || []);
  return result.prompt.choices.map((choice) => {
    const count = tally[choice.id] || 0;
    return { choice, count, share: total ? count / total : 0, right: right.has(choice.id) };
  });
}

export function percent(share) {
  return new Intl.NumberFormat(lang(), { style: "percent", maximumFractionDigits: 0 }).format(share);
}

/** The right choices of an answered prompt, in words ("Dina and Boris"). */
export function answerText(view, prompt) {
  const right = prompt.choices.filter((choice) => (prompt.answer || []).includes(choice.id));
  return list(right.map((choice) => choiceText(view, choice)));
}

/** The mark of a right choice: a check, and its meaning for a screen reader. */
export function rightMark() {
  return el(
    "span",
    { class: "right-mark", "data-testid": "right-mark" },
    el("span", { "aria-hidden": "true" }, "✓"),
    el("span", { class: "visually-hidden" }, ` (${t("audience.right_mark")})`),
  );
}

/** One bar of a tally: the choice, its share as a bar and a number, a check on a right one. */
export function tallyBar(view, { choice, count, share, right }, { mine = false, size = "m" } = {}) {
  return el(
    "li",
    { class: ["tally-row", right ? "right" : null, mine ? "mine" : null], "data-testid": "tally-row", "data-choice": choice.id, "data-count": count },
    el(
      "div",
      { class: "tally-label" },
      choiceLabel(view, choice, { size }),
      mine ? el("span", { class: "badge you", "data-testid": "tally-mine" }, t("audience.your_pick")) : null,
    ),
    el("span", { class: "tally-figure" }, right ? rightMark() : null, el("span", { "data-testid": "tally-share" }, percent(share))),
    el("div", { class: "tally-bar", "aria-hidden": "true" }, el("span", { class: "tally-fill", style: { "--share": share } })),
  );
}
