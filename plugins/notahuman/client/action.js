// I'm Not a Human: what this viewer can do now (the association form is form.js).

import { put, paint, token, el } from "./common.js";
import { makeForm, paintForm } from "./form.js";

export function renderAction(screen, ctx) {
  const { api, gameView, stage, match } = ctx;
  const phases = api.phases;
  const { t } = api;
  if (stage === phases.associations && ctx.seated && !gameView.my_word) {
    if (!screen.form) screen.form = makeForm(screen, api);
    if (screen.form.node.parentNode !== screen.action) {
      screen.keys.action = null;
      put(screen.action, screen.form.node);
    }
    screen.action.hidden = false;
    paintForm(screen);
    return;
  }
  let key;
  let build;
  if (stage === phases.associations && ctx.seated) {
    const index = ctx.associations.findIndex((a) => a.player === ctx.me);
    key = ["said", gameView.my_word, index];
    build = () =>
      el(ctx, "div", { class: "nah-said", "data-testid": "nah-my-word" },
        el(ctx, "span", { class: "nah-said-label" }, t("notahuman.screen.your_word")),
        token(api, index + 1),
        el(ctx, "span", { class: "nah-said-word" }, gameView.my_word),
      );
  } else if (stage === phases.reveal_window && ctx.seated) {
    key = ["reveal", screen.revealAnswer];
    build = () => revealControl(screen, ctx);
  } else if (stage === phases.guess && ctx.seated && match.turn === ctx.me) {
    key = ["guess"];
    build = () => el(ctx, "p", { class: "nah-callout", "data-testid": "nah-guess-hint" }, t("notahuman.screen.guess_hint"));
  } else if (stage === phases.explanations && (ctx.seated || ctx.host)) {
    const mine = ctx.seated && gameView.speaker === ctx.me;
    key = ["explain", mine, ctx.host, gameView.speaker];
    build = () => [
      mine
        ? el(ctx, "button", { type: "button", class: "btn primary big", "data-testid": "nah-done", "data-now": "explain", onclick: () => api.send("explained") }, t("notahuman.screen.done"))
        : null,
      ctx.host && !mine
        ? el(ctx, "button", { type: "button", class: "btn", "data-testid": "nah-skip", onclick: () => api.send("skip") }, t("notahuman.screen.skip", { name: api.name(gameView.speaker) }))
        : null,
    ];
  } else if (stage === phases.discussion && !api.table) {
    key = ["discussion", ctx.host];
    build = () =>
      ctx.host
        ? el(ctx, "button", { type: "button", class: "btn primary big", "data-testid": "nah-start-vote", "data-now": "start-vote", onclick: () => api.send("start_vote") }, t("notahuman.screen.start_vote"))
        : el(ctx, "p", { class: "nah-note" }, t("notahuman.screen.host_starts_vote"));
  } else if (stage === phases.round_over && !api.table) {
    const last = api.lastRound;
    key = ["next", ctx.host, last];
    build = () =>
      ctx.host
        ? el(ctx, "button", { type: "button", class: "btn primary big", "data-testid": "nah-next", onclick: () => api.send("next") }, last ? t("notahuman.screen.finish") : t("notahuman.screen.next_round"))
        : el(ctx, "p", { class: "nah-note" }, t("notahuman.screen.host_next"));
  } else {
    key = ["none"];
    build = () => null;
  }
  paint(screen, "action", screen.action, [ctx.lang, ...key], build);
  screen.action.hidden = screen.action.childNodes.length === 0;
}

/**
 * The reveal window's control, the same on every seat's phone whatever its card (a glance at a neighbour's
 * phone tells nothing): a tap asks the server to reveal. The Human's tap starts the guess for everyone; any
 * other tap is refused to that phone alone, which then says so under the button (docs/rules/notahuman.md).
 */
function revealControl(screen, ctx) {
  const { api } = ctx;
  const { t } = api;
  const answer = screen.revealAnswer; // null: not tapped; "sent": waiting; else the refusal's key
  return el(ctx, "div", { class: "nah-reveal-box", "data-testid": "nah-reveal-box", "data-now": "reveal" },
    el(ctx, "button", {
      type: "button",
      class: "btn primary big nah-reveal",
      "data-testid": "nah-reveal",
      disabled: Boolean(answer),
      onclick: () => {
        screen.revealAnswer = "sent";
        api.refresh();
        api.send("reveal", {}, { quiet: true }).then((reply) => {
          if (!reply.ok) screen.revealAnswer = reply.error?.code === "notahuman.not_human" ? "notahuman.screen.reveal_refused" : reply.error?.key || "error.timeout";
          api.refresh();
        });
      },
    }, el(ctx, "span", { class: "nah-eyes-small", "aria-hidden": "true" }, "0_0"), t("notahuman.screen.reveal_button")),
    el(ctx, "p", { class: "nah-note", "data-testid": "nah-reveal-note", role: answer && answer !== "sent" ? "status" : null },
      answer && answer !== "sent" ? t(answer) : t("notahuman.screen.reveal_note_all"),
    ),
  );
}
