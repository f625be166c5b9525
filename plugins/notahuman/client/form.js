// I'm Not a Human: the association form: it keeps the player's draft and its warnings between renders.

import { MAX_LETTERS, put } from "./common.js";

export function makeForm(s, api) {
  const { el, t } = api;
  const input = el("input", {
    type: "text",
    class: "nah-word-input",
    "data-keep": "nah-word",
    "data-testid": "nah-word",
    maxlength: String(MAX_LETTERS + 8),
    autocomplete: "off",
    autocapitalize: "none",
    autocorrect: "off",
    spellcheck: "false",
    enterkeyhint: "send",
  });
  const button = el("button", { type: "submit", class: "btn primary nah-say", "data-testid": "nah-say" });
  const label = el("label", { class: "nah-form-label" });
  const message = el("div", { class: "nah-form-message" });
  const node = el("form", { class: "nah-form", "data-testid": "nah-form", novalidate: true }, label, el("div", { class: "nah-form-row" }, input, button), message);
  const form = { node, input, button, label, message };
  node.addEventListener("submit", (event) => {
    event.preventDefault();
    say(s, input.value, false);
  });
  input.addEventListener("input", () => {
    if (s.warning && input.value.trim() !== s.warning.word) {
      s.warning = null;
      paintForm(s);
    }
    if (s.problem) {
      s.problem = null;
      paintForm(s);
    }
  });
  return form;
}

async function say(s, raw, confirm) {
  const api = s.ctx.api;
  const word = raw.trim();
  if (!word) {
    s.problem = { key: "notahuman.screen.word_empty", params: {} };
    paintForm(s);
    s.form?.input.focus();
    return;
  }
  if (/\s/.test(word)) {
    s.problem = { key: "error.notahuman.not_one_word", params: { max: MAX_LETTERS } };
    paintForm(s);
    s.form?.input.focus();
    return;
  }
  s.busy = true;
  paintForm(s);
  const answer = await api.send("associate", confirm ? { word, confirm: true } : { word }, { quiet: true });
  s.busy = false;
  if (answer.ok) {
    s.warning = null;
    s.problem = null;
    if (s.form) s.form.input.value = "";
  } else if (answer.error?.code === "notahuman.similar") {
    s.warning = { word: answer.error.params.word, earlier: answer.error.params.earlier };
    s.problem = null;
  } else {
    s.warning = null;
    s.problem = { key: answer.error?.key || "error.timeout", params: answer.error?.params || {} };
  }
  paintForm(s);
}

export function paintForm(s) {
  const form = s.form;
  if (!form) return;
  const api = s.ctx.api;
  const { el, t } = api;
  const lang = s.ctx.lang;
  if (form.lang !== lang) {
    form.lang = lang;
    put(form.label, el("span", { class: "nah-form-title" }, t("notahuman.screen.word_label")), el("span", { class: "nah-form-hint" }, t("notahuman.screen.word_hint")));
    form.input.setAttribute("placeholder", t("notahuman.screen.word_placeholder"));
    form.input.setAttribute("aria-label", t("notahuman.screen.word_label"));
    form.button.textContent = t("notahuman.screen.say");
    form.shown = null;
  }
  form.button.disabled = s.busy;
  form.input.readOnly = s.busy;
  const shown = JSON.stringify([lang, s.warning, s.problem]);
  if (form.shown === shown) return;
  form.shown = shown;
  if (s.warning) {
    const { word, earlier } = s.warning;
    put(
      form.message,
      el(
        "div",
        { class: "nah-warning", role: "alert", "data-testid": "nah-similar" },
        el("p", {}, t("notahuman.screen.similar", { word, earlier })),
        el(
          "div",
          { class: "nah-warning-actions" },
          el("button", { type: "button", class: "btn primary", "data-testid": "nah-keep", onclick: () => say(s, word, true) }, t("notahuman.screen.keep", { word })),
          el(
            "button",
            {
              type: "button",
              class: "btn ghost",
              "data-testid": "nah-change",
              onclick: () => {
                s.warning = null;
                paintForm(s);
                form.input.focus();
                form.input.select();
              },
            },
            t("notahuman.screen.change"),
          ),
        ),
      ),
    );
  } else if (s.problem) {
    put(form.message, el("p", { class: "nah-problem", role: "alert", "data-testid": "nah-problem" }, t(s.problem.key, s.problem.params)));
  } else {
    form.message.replaceChildren();
  }
}
