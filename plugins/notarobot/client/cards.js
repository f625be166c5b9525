// I'm Not a Robot in the lobby's setup card: the group's own word cards (the lobby shelf
// "notarobot.cards"). Everyone sees them and may save them to a .json file; the host adds a card (3 words
// in English and/or Russian), removes one, clears them all (second tap), and adds cards from a file.
// The file is {"cards": [{"en": [3 words], "ru": [3 words]}, ...]}, as "Save as file" writes it.
// The add form is built once and kept between renders, so its drafts survive every new state.

export const SHELF = "notarobot.cards";
const WORDS = 3;
const MAX_WORD = 24;
const PER_ADD = 100;
const MAX_IMPORT_BYTES = 200_000;
const LANGS = ["en", "ru"];

const setups = new WeakMap();

function paint(s, name, node, key, build) {
  const text = JSON.stringify(key);
  if (s.keys[name] === text) return;
  s.keys[name] = text;
  node.replaceChildren(...[build()].flat().filter(Boolean));
}

export function renderSetup(root, view, api) {
  const { el } = api;
  if (Boolean(api.table) || !view.you) {
    // the table shows no cards (a phone adds and saves them): an empty part leaves the summary the card's width
    if (root.firstChild) root.replaceChildren();
    setups.delete(root);
    return;
  }
  let s = setups.get(root);
  if (!s || s.box.parentNode !== root) {
    s = { keys: {}, ui: {}, form: null };
    s.head = el("div", { class: "nr-cards-head" });
    s.list = el("div", { class: "nr-cards-list" });
    s.formSlot = el("div", { class: "nr-cards-form-slot" });
    s.tools = el("div", { class: "nr-cards-tools" });
    s.message = el("div", { class: "nr-cards-message", "aria-live": "polite" });
    s.box = el("section", { class: "nr-root nr-cards", "data-testid": "nr-cards" }, s.head, s.list, s.formSlot, s.tools, s.message);
    root.replaceChildren(s.box);
    setups.set(root, s);
  }
  s.api = api;
  s.view = view;
  const host = api.host;
  const cards = view.lobby?.shelves?.[SHELF]?.cards || [];
  s.box.hidden = !host && cards.length === 0;
  const chosen = (view.lobby?.setup?.options?.cards || []).includes("custom");
  paint(s, "head", s.head, [api.lang, chosen, cards.length, host], () => [
    el("h3", {}, api.t("notarobot.screen.cards_title"), " ", el("small", { class: "nr-muted", "data-testid": "nr-cards-count" }, api.t("notarobot.screen.cards_count", { count: cards.length }))),
    el("p", { class: "nr-note" }, chosen ? api.t("notarobot.screen.cards_in_play") : api.t("notarobot.screen.cards_not_in_play")),
  ]);
  paint(s, "list", s.list, [api.lang, cards, host], () => cardList(s, cards, host));
  if (host) {
    if (!s.form || s.form.lang !== api.lang) s.form = addForm(s, api, s.form);
    if (s.form.node.parentNode !== s.formSlot) s.formSlot.replaceChildren(s.form.node);
  } else {
    s.formSlot.replaceChildren();
    s.form = null;
  }
  paint(s, "tools", s.tools, [api.lang, host, cards.length, s.ui.busy], () => tools(s, cards, host));
  paint(s, "message", s.message, [api.lang, s.ui.message], () =>
    s.ui.message
      ? el(
          "p",
          { class: s.ui.message.ok ? "nr-ok" : "nr-problem", role: s.ui.message.ok ? "status" : "alert", "data-testid": "nr-cards-message" },
          api.t(s.ui.message.key, s.ui.message.params || {}),
        )
      : null,
  );
}

function rerender(s) {
  if (s.box.isConnected) s.api.refresh();
}

function say(s, message) {
  s.ui.message = message;
  rerender(s);
}

function cardList(s, cards, host) {
  const { el, t } = s.api;
  if (!cards.length) return el("p", { class: "nr-muted" }, t("notarobot.screen.no_cards"));
  return el(
    "ul",
    { class: "nr-card-list" },
    cards.map((card) =>
      el(
        "li",
        { class: "nr-card", "data-testid": "nr-card", "data-card": card.id },
        el(
          "span",
          { class: "nr-card-words" },
          LANGS.filter((lang) => card[lang]?.length).map((lang) =>
            el("span", { class: "nr-card-lang", lang }, el("abbr", { class: "nr-lang" }, lang.toUpperCase()), card[lang].join(" · ")),
          ),
        ),
        host
          ? el(
              "button",
              {
                type: "button",
                class: "btn small ghost danger",
                "data-testid": "nr-card-remove",
                "aria-label": t("notarobot.screen.card_remove_named", { words: (card.en || card.ru || []).join(", ") }),
                onclick: async () => {
                  const answer = await s.api.shelf(SHELF, "remove_card", { card: card.id });
                  if (!answer.ok) say(s, { ok: false, key: answer.error.key, params: answer.error.params });
                },
              },
              t("notarobot.screen.card_remove"),
            )
          : null,
      ),
    ),
  );
}

/** The host's form for one card: three words in English, three in Russian (either may stay empty). */
function addForm(s, api, old) {
  const { el, t } = api;
  const inputs = {};
  const rows = LANGS.map((lang) => {
    inputs[lang] = Array.from({ length: WORDS }, (_, i) =>
      el("input", {
        type: "text",
        maxlength: String(MAX_WORD),
        lang,
        autocomplete: "off",
        "data-keep": `nr-card-${lang}-${i}`,
        "data-testid": `nr-card-${lang}-${i}`,
        "aria-label": t("notarobot.screen.card_word", { lang: lang.toUpperCase(), number: i + 1 }),
        value: old?.inputs?.[lang]?.[i]?.value || "",
      }),
    );
    return el("div", { class: "nr-card-row" }, el("span", { class: "nr-lang" }, t(`notarobot.screen.lang_${lang}`)), inputs[lang]);
  });
  const button = el("button", { type: "submit", class: "btn", "data-testid": "nr-card-add" }, t("notarobot.screen.card_add"));
  const node = el(
    "form",
    { class: "nr-card-form", "data-testid": "nr-card-form", novalidate: true },
    el("p", { class: "nr-label" }, t("notarobot.screen.card_new")),
    rows,
    el("p", { class: "nr-note" }, t("notarobot.screen.card_hint", { max: MAX_WORD })),
    el("div", { class: "nr-row" }, button),
  );
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    const card = {};
    for (const lang of LANGS) {
      const words = inputs[lang].map((input) => input.value.trim().replace(/\s+/g, " "));
      if (words.every((w) => !w)) continue;
      if (words.some((w) => !w)) return say(s, { ok: false, key: "notarobot.screen.card_incomplete", params: { lang: lang.toUpperCase() } });
      card[lang] = words;
    }
    if (!Object.keys(card).length) return say(s, { ok: false, key: "notarobot.screen.card_empty" });
    button.disabled = true;
    const answer = await s.api.shelf(SHELF, "add_cards", { cards: [card] });
    button.disabled = false;
    if (!answer.ok) return say(s, { ok: false, key: answer.error.key, params: answer.error.params });
    for (const lang of LANGS) for (const input of inputs[lang]) input.value = "";
    s.api.field?.("nr-card-en-0")?.focus();
    say(s, { ok: true, key: "notarobot.screen.cards_added", params: { count: 1 } });
  });
  return { node, inputs, lang: api.lang };
}

function tools(s, cards, host) {
  const { el, t } = s.api;
  const parts = [];
  if (cards.length) {
    parts.push(el("button", { type: "button", class: "btn small", "data-testid": "nr-cards-export", onclick: () => exportCards(s, cards) }, t("notarobot.screen.cards_export")));
  }
  if (host) {
    const input = el("input", { type: "file", accept: "application/json,.json", class: "nr-file", "data-testid": "nr-cards-import", "aria-label": t("notarobot.screen.cards_import") });
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      input.value = "";
      if (file) importCards(s, file);
    });
    parts.push(el("label", { class: ["btn", "small", "nr-import", s.ui.busy ? "busy" : null] }, t("notarobot.screen.cards_import"), input));
    if (cards.length) {
      parts.push(
        s.api.confirmButton({
          id: "notarobot:clear_cards",
          attrs: { class: "btn small danger", "data-testid": "nr-cards-clear" },
          label: t("notarobot.screen.cards_clear"),
          confirmLabel: t("notarobot.screen.cards_clear_confirm"),
          onConfirm: async () => {
            const answer = await s.api.shelf(SHELF, "clear_cards", {});
            say(s, answer.ok ? null : { ok: false, key: answer.error.key, params: answer.error.params });
            return answer;
          },
        }),
      );
    }
  }
  return [el("div", { class: "nr-row" }, parts), host ? el("p", { class: "nr-note" }, t("notarobot.screen.cards_import_hint")) : null];
}

function exportCards(s, cards) {
  const data = { cards: cards.map((card) => Object.fromEntries(LANGS.filter((l) => card[l]?.length).map((l) => [l, card[l]]))) };
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = s.api.el("a", { href: url, download: "notarobot-cards.json", hidden: true });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The cards of a file's content (only what the server takes), or null when it holds none. */
export function cardsFromFile(data) {
  const list = Array.isArray(data) ? data : data && typeof data === "object" ? data.cards : null;
  if (!Array.isArray(list)) return null;
  const good = (words) =>
    Array.isArray(words) &&
    words.length === WORDS &&
    words.every((w) => typeof w === "string" && w.trim() && w.trim().length <= MAX_WORD);
  const cards = [];
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const card = {};
    for (const lang of LANGS) if (good(item[lang])) card[lang] = item[lang].map((w) => w.trim().replace(/\s+/g, " "));
    if (Object.keys(card).length) cards.push(card);
  }
  return cards.length ? cards : null;
}

async function importCards(s, file) {
  if (file.size > MAX_IMPORT_BYTES) return say(s, { ok: false, key: "notarobot.screen.cards_file_too_big" });
  let cards = null;
  try {
    cards = cardsFromFile(JSON.parse(await file.text()));
  } catch {
    cards = null;
  }
  if (!cards) return say(s, { ok: false, key: "notarobot.screen.cards_bad_file" });
  s.ui.busy = true;
  rerender(s);
  let added = 0;
  for (let at = 0; at < cards.length; at += PER_ADD) {
    const chunk = cards.slice(at, at + PER_ADD);
    const answer = await s.api.shelf(SHELF, "add_cards", { cards: chunk });
    if (!answer.ok) {
      s.ui.busy = false;
      return say(s, { ok: false, key: answer.error.key, params: answer.error.params });
    }
    added += chunk.length;
  }
  s.ui.busy = false;
  say(s, { ok: true, key: "notarobot.screen.cards_added", params: { count: added } });
}
