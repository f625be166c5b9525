// I'm Not a Human: the round's result: the verdict, the pictures, the story and every player's stars.

import { SERVER, BALLOT, ART, OVER, paint, stars, token, leftBadge, choiceLabel, el } from "./common.js";
import { openZoom } from "./zoom.js";
import { describe, tagsReady } from "./pictures.js";

function winnerOf(outcome) {
  if (outcome.human_wins && outcome.human === SERVER) return "nobody";
  return outcome.human_wins ? "human" : "robots";
}

function story(ctx, o) {
  const { api } = ctx;
  const { t } = api;
  const lines = [];
  if (o.how === "guess") {
    lines.push(t("notahuman.screen.story.revealed", { name: api.name(o.human) }));
    if (o.guess === null || o.guess === undefined) lines.push(t("notahuman.screen.story.timeout", { answer: o.answer }));
    else if (o.guess === o.answer) lines.push(t("notahuman.screen.story.guess_right", { number: o.guess }));
    else lines.push(t("notahuman.screen.story.guess_wrong", { number: o.guess, answer: o.answer }));
    return lines;
  }
  if (o.revealed === null || o.revealed === undefined) lines.push(t("notahuman.screen.story.no_votes"));
  else if (o.revealed === SERVER) {
    lines.push(o.server === "human" ? t("notahuman.screen.story.server_human") : t("notahuman.screen.story.server_robot"));
  } else if (o.roles[o.revealed] === "human") lines.push(t("notahuman.screen.story.found", { name: api.name(o.revealed) }));
  else lines.push(t("notahuman.screen.story.robot_revealed", { name: api.name(o.revealed) }));
  if (o.human === SERVER && o.revealed !== SERVER) {
    lines.push(t("notahuman.screen.story.human_on_server"));
    if (o.revealed) lines.push(t("notahuman.screen.story.nobody_scores"));
  } else if (o.human !== SERVER && o.revealed !== o.human) {
    lines.push(t("notahuman.screen.story.human_was", { name: api.name(o.human) }));
  }
  return lines;
}

function roundEntries(ctx) {
  const sheet = ctx.gameView.sheet || [];
  const last = sheet[sheet.length - 1];
  const index = (last ? last.round : ctx.match.round) - 1;
  return ctx.match.rounds?.[index]?.entries || [];
}

export function renderResult(screen, ctx) {
  const { api, gameView, stage, match } = ctx;
  const phases = api.phases;
  const o = stage === phases.round_over || stage === OVER ? gameView.outcome : null;
  screen.result.hidden = !o;
  if (!o) {
    paint(screen, "result", screen.result, null, () => null);
    return;
  }
  if (o.void) {
    paint(screen, "result", screen.result, [ctx.lang, o], () =>
      el(ctx, "div", { class: "nah-verdict void", "data-testid": "nah-verdict", "data-winner": "void" },
        el(ctx, "span", { class: "nah-verdict-face", "aria-hidden": "true" }, "⌀"),
        el(ctx, "span", { class: "nah-verdict-text", "data-testid": "nah-void" },
          o.left ? api.t("match.round_void", { name: api.name(o.left) }) : api.t("match.round_void_nobody"),
        ),
      ),
    );
    return;
  }
  const entries = roundEntries(ctx);
  const ballot = match.ballots?.[BALLOT];
  const votes = o.how === "vote" && ballot?.closed ? ballot.choices || {} : {};
  paint(screen, "result", screen.result, [ctx.lang, o, entries, votes, ctx.images, [...ctx.left], tagsReady(), ctx.match.names], () => {
    const { t } = api;
    const winner = winnerOf(o);
    const picture = (n, kind, caption) =>
      el(ctx, "figure", { class: ["nah-result-pic", kind] },
        el(ctx, "button", { type: "button", class: "nah-result-pic-button", onclick: () => openZoom(screen, n) },
          el(ctx, "img", { src: ctx.images[n - 1], alt: describe(ctx, n) }),
          token(api, n, { class: kind === "answer" ? "gold" : null }),
        ),
        el(ctx, "figcaption", {}, caption),
      );
    const rows = match.players.map((pid) => {
      const mine = entries.filter((e) => e.player === pid);
      const total = mine.reduce((sum, e) => sum + e.points, 0);
      const role = o.roles?.[pid];
      const gone = ctx.left.has(pid);
      let vote = null;
      if (gone) vote = null;
      else if (o.how === "vote") vote = votes[pid] ? t("notahuman.screen.voted_for", { choice: choiceLabel(ctx, votes[pid]) }) : t("notahuman.screen.no_vote");
      return el(ctx, "li", {
        class: ["nah-tally-row", role === "human" ? "human" : null, pid === ctx.me && ctx.seated ? "me" : null, o.revealed === pid ? "revealed" : null, gone ? "left" : null],
        "data-player": pid,
        "data-testid": "nah-result-row",
        "data-stars": String(total),
        "data-left": gone ? "true" : null,
      },
        role ? roleChip(ctx, role, o.answer) : el(ctx, "span", { class: "nah-mini none" }, "—"),
        el(ctx, "span", { class: "nah-tally-who" },
          el(ctx, "span", { class: "nah-tally-name" }, api.name(pid)),
          gone ? leftBadge(ctx) : null,
          vote ? el(ctx, "span", { class: "nah-tally-vote" }, vote) : null,
        ),
        stars(api, total),
        mine.length
          ? el(ctx, "ul", { class: "nah-reasons", "data-testid": "nah-reasons" },
              mine.map((e) => el(ctx, "li", {}, el(ctx, "span", { class: "nah-plus" }, `+${e.points}`), " ", t(e.reason, e.params || {}))),
            )
          : null,
      );
    });
    if (o.server !== null && o.server !== undefined) {
      rows.push(
        el(ctx, "li", { class: ["nah-tally-row", "server", o.server === "human" ? "human" : null, o.revealed === SERVER ? "revealed" : null], "data-player": SERVER },
          roleChip(ctx, o.server, o.answer),
          el(ctx, "span", { class: "nah-tally-who" },
            el(ctx, "span", { class: "nah-tally-name" }, el(ctx, "img", { src: `${ART}/server.svg`, alt: "", class: "nah-server-icon" }), t("notahuman.screen.server")),
            el(ctx, "span", { class: "nah-tally-vote" }, t("notahuman.screen.server_card")),
          ),
        ),
      );
    }
    return [
      el(ctx, "div", { class: ["nah-verdict", "reveal-in", winner], "data-testid": "nah-verdict", "data-winner": winner },
        el(ctx, "span", { class: "nah-verdict-face", "aria-hidden": "true" }, winner === "human" ? "0_0" : winner === "robots" ? el(ctx, "img", { src: `${ART}/robot.svg`, alt: "" }) : "⌀"),
        el(ctx, "span", { class: "nah-verdict-text" }, t(`notahuman.screen.win.${winner}`)),
      ),
      el(ctx, "div", { class: "nah-result-body" },
        el(ctx, "div", { class: "nah-result-pics" },
          picture(o.answer, "answer", t("notahuman.screen.answer_caption", { number: o.answer })),
          o.how === "guess" && o.guess && o.guess !== o.answer ? picture(o.guess, "wrong", t("notahuman.screen.guess_caption", { number: o.guess })) : null,
        ),
        el(ctx, "div", { class: "nah-story", "data-testid": "nah-story" }, story(ctx, o).map((line) => el(ctx, "p", {}, line))),
      ),
      el(ctx, "ul", { class: "nah-tally", "data-testid": "nah-tally", "aria-label": t("notahuman.screen.tally") }, rows),
    ];
  });
}

function roleChip(ctx, role, answer) {
  const { api } = ctx;
  if (role === "human") return el(ctx, "span", { class: "nah-mini human", title: api.t("notahuman.screen.card_human") }, "0_0");
  return el(ctx, "span", { class: "nah-mini robot", title: api.t("notahuman.screen.card_robot") }, String(answer));
}
