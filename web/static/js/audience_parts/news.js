// The audience phone's spoken news (a polite live region): a new question, and each answer with how the
// member did. Found by comparing a state with the one before it; the first state says nothing.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { answerText, questionText } from "./crowd.js";
import { outcomeText } from "./prompts.js";

const KEPT = 8;

export class AudienceNews {
  constructor(region) {
    this.region = region;
    this.asked = null; // ids of the open prompts seen
    this.answered = null; // ids of the results seen
  }

  say(text) {
    this.region.append(el("p", {}, text));
    while (this.region.children.length > KEPT) this.region.firstElementChild.remove();
  }

  observe(view, picks) {
    const open = (view.match?.prompts || []).filter((prompt) => prompt.open);
    const results = view.lobby.audience?.results || [];
    const first = this.asked === null;
    if (!first) {
      for (const prompt of open) {
        if (!this.asked.has(prompt.id)) this.say(t("audience.announce.question", { question: questionText(view, prompt) }));
      }
      for (const { prompt } of results) {
        if (this.answered.has(prompt.id)) continue;
        const answer = prompt.answer?.length ? answerText(view, prompt) : "—";
        this.say(t("audience.announce.result", { answer, outcome: outcomeText(prompt, picks[prompt.id]) }));
      }
    }
    this.asked = new Set(open.map((prompt) => prompt.id));
    this.answered = new Set(results.map((result) => result.prompt.id));
  }
}
