// I'm Not a Human: the association form: it keeps the player's draft and its warnings between renders.

import { MAX_LETTERS, put } from "./common.js";

export function makeForm(screen, api) {
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
  const node = el("form", { class: "nah-form", "data-testid": "nah-form", "data-now": "word", novalidate: true }, label, el("div", { class: "nah-form-row" }, input, button), message);
  const form = { node, input, button, label, message };
  node.addEventListener("submit", (event) => {
    event.preventDefault();
    say(screen, input.value, false);
  });
  input.addEventListener("input", () => {
    if (screen.warning && input.value.trim() !== screen.warning.word) {
      screen.warning = null;
      paintForm(screen);
    }
    if (screen.problem) {
      screen.problem = null;
      paintForm(screen);
    }
  });
  return form;
}

async function say(screen, raw, confirm) {
  const api = screen.ctx.api;
  const word = raw.trim();
  if (!word) {
    screen.problem = { key: "notahuman.screen.word_empty", params: {} };
    paintForm(screen);
    screen.form?.input.focus();
    return;
  }
  if (/\s/.test(word)) {
    screen.problem = { key: "error.notahuman.not_one_word", params: { max: MAX_LETTERS } };
    paintForm(screen);
    screen.form?.input.focus();
    return;
  }
  screen.busy = true;
  paintForm(screen);
  const answer = await api.send("associate", confirm ? { word, confirm: true } : { word }, { quiet: true });
  screen.busy = false;
  if (answer.ok) {
    screen.warning = null;
    screen.problem = null;
    if (screen.form) screen.form.input.value = "";
  } else if (answer.error?.code === "notahuman.similar") {
    screen.warning = { word: answer.error.params.word, earlier: answer.error.params.earlier };
    screen.problem = null;
  } else {
    screen.warning = null;
    screen.problem = { key: answer.error?.key || "error.timeout", params: answer.error?.params || {} };
  }
  paintForm(screen);
}

export function paintForm(screen) {
  const form = screen.form;
  if (!form) return;
  const api = screen.ctx.api;
  const { el, t } = api;
  const lang = screen.ctx.lang;
  if (form.lang !== lang) {
    form.lang = lang;
    put(form.label, el("span", { class: "nah-form-title" }, t("notahuman.screen.word_label")), el("span", { class: "nah-form-hint" }, t("notahuman.screen.word_hint")));
    form.input.setAttribute("placeholder", t("notahuman.screen.word_placeholder"));
    form.input.setAttribute("aria-label", t("notahuman.screen.word_label"));
    form.button.textContent = t("notahuman.screen.say");
    form.shown = null;
  }
  form.button.disabled = screen.busy;
  form.input.readOnly = screen.busy;
  const shown = JSON.stringify([lang, screen.warning, screen.problem]);
  if (form.shown === shown) return;
  form.shown = shown;
  form.node.classList.toggle("confirming", Boolean(screen.warning));
  if (screen.warning) {
    const { word, earlier } = screen.warning;
    put(
      form.message,
      el(
        "div",
        { class: "nah-warning", role: "alert", "data-testid": "nah-similar", "data-now": "similar" },
        el("p", {}, t("notahuman.screen.similar", { word, earlier })),
        el(
          "div",
          { class: "nah-warning-actions" },
          el("button", { type: "button", class: "btn primary", "data-testid": "nah-keep", onclick: () => say(screen, word, true) }, t("notahuman.screen.keep", { word })),
          el(
            "button",
            {
              type: "button",
              class: "btn ghost",
              "data-testid": "nah-change",
              onclick: () => {
                screen.warning = null;
                paintForm(screen);
                form.input.focus();
                form.input.select();
              },
            },
            t("notahuman.screen.change"),
          ),
        ),
      ),
    );
    // the confirmation is what the player must do now: in view, under the top bar (its scroll margin)
    form.message.firstChild.scrollIntoView({ block: "nearest", behavior: "instant" });
  } else if (screen.problem) {
    put(form.message, el("p", { class: "nah-problem", role: "alert", "data-testid": "nah-problem" }, t(screen.problem.key, screen.problem.params)));
  } else {
    form.message.replaceChildren();
  }
}
