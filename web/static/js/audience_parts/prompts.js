// The audience phone's prompt cards: an open question with its choices as big buttons (the member's pick
// pressed), a closed one waiting for its answer, and the crowd's tally of the latest answers with the
// member's own outcome.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { askedPrompts, choiceLabel, latestResults, questionText, shares, tallyBar } from "./crowd.js";

/** An open prompt: its question, then a button per choice; ``pick(prompt, choice)`` sends the member's pick. */
function openCard(view, prompt, picked, pick) {
  return el(
    "div",
    { class: "prompt-card", role: "group", "aria-labelledby": `q-${prompt.id}`, "data-testid": "prompt", "data-prompt": prompt.id },
    el("h3", { id: `q-${prompt.id}`, class: "prompt-question", "data-testid": "prompt-question" }, questionText(view, prompt)),
    el("p", { class: "muted small prompt-worth" }, t("audience.worth", { count: prompt.points })),
    el(
      "div",
      { class: "prompt-choices" },
      prompt.choices.map((choice) =>
        el(
          "button",
          {
            type: "button",
            class: ["btn", "big", "prompt-choice"],
            "aria-pressed": String(picked === choice.id),
            "data-testid": "prompt-choice",
            "data-choice": choice.id,
            onclick: () => pick(prompt, choice),
          },
          choiceLabel(view, choice),
        ),
      ),
    ),
    el("p", { class: "muted small" }, t("audience.pick_hint")),
  );
}

function closedCard(view, prompt) {
  return el(
    "div",
    { class: "prompt-card closed", "data-testid": "prompt", "data-prompt": prompt.id },
    el("h3", { class: "prompt-question", "data-testid": "prompt-question" }, questionText(view, prompt)),
    el("p", { class: "prompt-closed", "data-testid": "prompt-closed" }, t("audience.picks_closed")),
  );
}

/** How the member did on an answered prompt: right (+points), wrong, no pick, or no answer at all. */
export function outcomeText(prompt, picked) {
  if (!prompt.answer?.length) return t("audience.result.void");
  if (!picked) return t("audience.result.none");
  return prompt.answer.includes(picked) ? t("audience.result.right", { count: prompt.points }) : t("audience.result.wrong");
}

function resultCard(view, result, picked) {
  const prompt = result.prompt;
  const right = Boolean(picked && prompt.answer?.includes(picked));
  return el(
    "div",
    { class: "prompt-card answered", "data-testid": "prompt-result", "data-prompt": prompt.id },
    el("h3", { class: "prompt-question" }, questionText(view, prompt)),
    el("p", { class: ["prompt-outcome", right ? "right" : null], "data-testid": "prompt-outcome", "data-right": String(right) }, outcomeText(prompt, picked)),
    el("ol", { class: "tally" }, shares(result).map((row) => tallyBar(view, row, { mine: picked === row.choice.id }))),
  );
}

/** The cards of the moment (null when the match asks nothing and has answered nothing yet). */
export function promptCards(view, { picks = {}, pick }) {
  const asked = askedPrompts(view).map((prompt) =>
    prompt.open ? openCard(view, prompt, picks[prompt.id], pick) : closedCard(view, prompt),
  );
  const answered = latestResults(view).map((result) => resultCard(view, result, picks[result.prompt.id]));
  if (!asked.length && !answered.length) return null;
  return [el("h2", { class: "visually-hidden" }, t("audience.prompts")), asked, answered];
}
