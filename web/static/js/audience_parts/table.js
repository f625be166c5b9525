// The audience on the table screen: how many watch (a small chip in a corner), the crowd's tally of the
// match's latest answers while the game shows them, and the line that offers the audience's page.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { askedPrompts, latestResults, questionText, shares, tallyBar } from "./crowd.js";

const SHOWN = 3; // the choices a tally shows on the TV, the most picked first

/** "2 watching", or null while nobody does. */
export function watchingChip(view) {
  const watching = view?.lobby?.audience?.watching || 0;
  if (watching <= 0) return null;
  return el("span", { class: "badge audience-chip", "data-testid": "table-watching" }, t("audience.watching", { count: watching }));
}

/** The lobby scene's line under the join QR: where the audience joins (the QR stays the seats' link). */
export function audienceLinkLine(view, joinUrl) {
  if (view?.lobby?.audience && !view.lobby.audience.open) return null;
  return el("p", { class: "audience-link", "data-testid": "table-audience-link" }, t("table.audience.link", { url: `${joinUrl}/audience` }));
}

/**
 * "The audience thought": each latest answered prompt's three most picked choices with their shares, the right
 * ones marked; only while the game asks nothing new and someone picked.
 */
export function crowdTally(view) {
  if (!view?.match || askedPrompts(view).some((prompt) => prompt.open)) return null;
  const results = latestResults(view).filter((result) => Object.values(result.tally || {}).some((n) => n > 0));
  if (!results.length) return null;
  return el(
    "section",
    { class: "crowd-tally", "data-testid": "table-crowd" },
    el("h2", {}, t("table.audience.thought")),
    results.map((result) => {
      const top = shares(result)
        .filter((row) => row.count > 0)
        .sort((a, b) => b.count - a.count)
        .slice(0, SHOWN);
      return el(
        "div",
        { class: "crowd-prompt", "data-prompt": result.prompt.id },
        results.length > 1 ? el("h3", {}, questionText(view, result.prompt)) : null,
        el("ol", { class: "tally" }, top.map((row) => tallyBar(view, row, { size: "s" }))),
      );
    }),
  );
}
