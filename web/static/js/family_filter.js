// The family filter on the phone: the host chooses the lobby's level and their own words; in strict mode the
// host's card of texts that wait before the TV shows them (allow or hide each).

import { el } from "./dom.js";
import { actionButton } from "./buttons.js";
import { t } from "./i18n.js";
import { nameOf } from "./common.js";

const LEVELS = ["off", "moderate", "strict"];

// Kept across renders, so that a state arriving while the host types does not wipe what they typed.
let levelSelect = null;
let wordsInput = null;

function levelChooser(level, command) {
  if (!levelSelect) {
    levelSelect = el("select", { "data-testid": "family-filter-level", id: "family-filter-level" });
    levelSelect.addEventListener("change", () => command("family_filter", { level: levelSelect.value }));
  }
  levelSelect.replaceChildren(...LEVELS.map((id) => el("option", { value: id }, t(`filter.level.${id}`))));
  levelSelect.value = level;
  return levelSelect;
}

function wordsEditor(words, command) {
  if (!wordsInput) {
    wordsInput = el("input", { maxlength: "400", autocomplete: "off", "data-testid": "family-filter-words" });
  }
  if (document.activeElement !== wordsInput) wordsInput.value = words.join(", ");
  const save = () => {
    const list = wordsInput.value.split(",").map((w) => w.trim()).filter(Boolean);
    return command("family_filter", { words: list });
  };
  return el(
    "details",
    { class: "filter-words", "data-testid": "family-filter-words-box" },
    el("summary", {}, t("filter.words")),
    el("label", { class: "field" }, el("span", { class: "field-label" }, t("filter.words_hint")), wordsInput),
    actionButton({ class: "btn small", "data-testid": "family-filter-save" }, t("filter.save_words"), save),
  );
}

/** The lobby's level: the host's chooser (and their words), everyone else's line saying it. */
export function familyFilterSetting(view, { host, command }) {
  const level = view.lobby.family_filter || "off";
  if (!host) {
    return el(
      "p",
      { class: "muted small", "data-testid": "family-filter-shown" },
      t("filter.level_shown", { level: t(`filter.level.${level}`) }),
    );
  }
  return el(
    "div",
    { class: "stack family-filter", "data-testid": "family-filter" },
    el(
      "label",
      { class: "field", for: "family-filter-level" },
      el("span", { class: "field-label" }, t("filter.title")),
      levelChooser(level, command),
    ),
    el("p", { class: "muted small" }, t(`filter.about.${level}`)),
    wordsEditor(view.family_filter?.words || [], command),
  );
}

/** Strict mode, the host's phone: the texts that wait before the TV shows them. Null when none waits. */
export function approvalQueue(view, { host, command }) {
  const queue = host ? view.family_filter?.queue || [] : [];
  if (queue.length === 0) return null;
  return el(
    "div",
    { class: "stack approval-queue", "data-testid": "approval-queue" },
    el("h3", {}, t("approval.title", { count: queue.length })),
    queue.map((item) =>
      el(
        "div",
        { class: "seat-ask", "data-testid": "approval-item", "data-text": item.text },
        el(
          "p",
          {},
          el("strong", { class: "approval-text" }, item.text),
          " ",
          t("approval.by", { name: nameOf(view, item.player) }),
        ),
        el(
          "div",
          { class: "actions" },
          actionButton({ class: "btn primary", "data-testid": "approval-allow" }, t("approval.allow"), () =>
            command("review_text", { item: item.id, allow: true }),
          ),
          actionButton({ class: "btn ghost", "data-testid": "approval-hide" }, t("approval.hide"), () =>
            command("review_text", { item: item.id, allow: false }),
          ),
        ),
      ),
    ),
    el("p", { class: "muted small" }, t("approval.hint")),
  );
}
