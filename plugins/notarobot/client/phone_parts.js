// I'm Not a Robot on a player's phone: the parts its drawing and its turns share (the player's own word behind
// a hold, a refusal's line).

/**
 * The player's own word once chosen, seen only while held, like every other game's secret card: a glance at a
 * phone lying on the table learns nothing. One button kept between renders (it may be held right now).
 */
export function secretWord(s, ctx, index) {
  const { api } = ctx;
  if (!s.secretWord) {
    const button = api.el("button", { type: "button", class: "nr-your-word", "data-testid": "nr-your-word", "aria-pressed": "false" });
    s.secretWord = { button, held: false, api, index };
    api.holdToReveal(button, (on) => {
      s.secretWord.held = on;
      paintSecretWord(s.secretWord);
    });
  }
  Object.assign(s.secretWord, { api, word: ctx.word(index) });
  paintSecretWord(s.secretWord);
  return s.secretWord.button;
}

function paintSecretWord(secret) {
  const { button, held, api, word } = secret;
  const { el, t } = api;
  button.classList.toggle("held", held);
  button.setAttribute("aria-pressed", String(held));
  button.replaceChildren(
    el("span", { class: "nr-your-word-label" }, t("notarobot.screen.your_word")),
    held
      ? el("strong", { class: "nr-your-word-face", "data-testid": "nr-your-word-face" }, word)
      : el("span", { class: "nr-your-word-hint" }, t("notarobot.screen.word_hold")),
  );
}

export function problemLine(api, problem, testid = "nr-problem") {
  if (!problem) return null;
  return api.el("p", { class: "nr-problem", role: "alert", "data-testid": testid }, api.t(problem.key, problem.params || {}));
}

/** A move's refusal as {key, params}, with a player id in its params turned into the name. */
export function refusal(ctx, answer) {
  const params = { ...(answer.error?.params || {}) };
  if (typeof params.player === "string" && ctx.match.names?.[params.player]) params.player = ctx.api.name(params.player);
  return { key: answer.error?.key || "error.unknown", params };
}

/**
 * After a render that built its buttons again, the focus back on the button of ``testid`` (or, where that one is now
 * disabled, of ``fallback``): a player stepping with a keyboard or a screen reader stays where they were.
 */
export function refocus(testid, fallback = null) {
  for (const id of [testid, fallback]) {
    const button = id && document.querySelector(`[data-testid="${id}"]`);
    if (button && !button.disabled) {
      button.focus();
      return;
    }
  }
}
