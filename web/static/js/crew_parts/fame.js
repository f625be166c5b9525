// Keepsakes: the hall of fame's entries and the night's candidates. An association shows as its text; a drawing
// (or anything else a game keeps) is drawn by the game's own screen (its optional renderKeepsake export,
// docs/screens.md), since the shell does not know a game's drawing format; without one, the label alone.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { loadScreen, screenApi } from "../screens.js";
import { gameTitle, keepsakeLabel, memberTag } from "./names.js";

/** What a keepsake shows: its text, or a box the game's screen draws into once it has loaded. */
function content(view, keepsake, { table }) {
  if (typeof keepsake.content?.text === "string") {
    return el("blockquote", { class: "crew-keepsake-text", "data-testid": "crew-keepsake-text" }, keepsake.content.text);
  }
  const box = el("div", { class: "crew-keepsake-art", "data-testid": "crew-keepsake-art" });
  loadScreen(keepsake.game).then((module) => {
    if (typeof module.renderKeepsake !== "function") return;
    const api = screenApi({ current: () => view, command: null, table });
    try {
      const node = module.renderKeepsake(keepsake, api);
      if (node) box.replaceChildren(node);
    } catch (error) {
      console.error(error);
    }
  });
  return box;
}

/**
 * A keepsake's card: its art or text, its label, who made it and in which game; ``extra`` (a vote button)
 * below. ``table``: drawn for the TV.
 */
export function keepsakeCard(view, crew, keepsake, { table = false, extra = null, testid = "crew-keepsake" } = {}) {
  const label = keepsakeLabel(keepsake);
  return el(
    "figure",
    {
      class: "crew-keepsake",
      "data-testid": testid,
      "data-keepsake": keepsake.id,
      "data-kind": keepsake.kind,
      "data-fit-drop": table ? "keepsake" : null,
    },
    content(view, keepsake, { table }),
    el(
      "figcaption",
      { class: "crew-keepsake-caption" },
      label ? el("strong", { class: "crew-keepsake-label" }, label) : null,
      memberTag(view, crew, keepsake.by),
      el(
        "span",
        { class: "muted crew-keepsake-game" },
        keepsake.night ? t("crew.fame_from", { game: gameTitle(keepsake.game), n: keepsake.night }) : gameTitle(keepsake.game),
      ),
    ),
    extra,
  );
}

/** The hall of fame, newest first; ``only``: those ids alone. */
export function fameList(view, crew, { table = false, only = null } = {}) {
  const entries = [...crew.fame].reverse().filter((entry) => !only || only.includes(entry.id));
  if (!entries.length) return el("p", { class: "muted", "data-testid": "crew-no-fame" }, t("crew.no_fame"));
  return el(
    "div",
    { class: "crew-fame", "data-testid": "crew-fame" },
    entries.map((entry) => keepsakeCard(view, crew, entry, { table })),
  );
}
