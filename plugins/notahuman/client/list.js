// I'm Not a Human: the association list, with who is speaking, the votes and the roles once known.

import { SERVER, BALLOT, SERVER_SLOT, ART, OVER, paint, token, who, leftBadge, el } from "./common.js";

export function renderList(screen, ctx) {
  const { api, gameView, stage, match } = ctx;
  const phases = api.phases;
  const { t } = api;
  const ballot = match.ballots?.[BALLOT];
  const closed = stage === phases.round_over || stage === OVER ? ballot?.closed && gameView.outcome?.how === "vote" ? ballot : null : null;
  const speakerIndex = stage === phases.explanations ? ctx.associations.findIndex((a) => a.player === gameView.speaker) : -1;
  const waiting = stage === phases.associations ? ctx.present.filter((p) => !ctx.associations.some((a) => a.player === p)) : [];
  const outcome = stage === phases.round_over || stage === OVER ? gameView.outcome : null;
  const showServer = gameView.server_slot && (stage === phases.voting || (outcome && outcome.how === "vote"));
  const voted = stage === phases.voting && ballot && !ballot.closed ? ballot.voted || [] : null; // who has voted, by their word
  const key = [ctx.lang, ctx.associations, speakerIndex, waiting, closed?.choices, outcome, showServer, stage, ctx.me, [...ctx.left], ctx.expected, voted, match.names];
  paint(screen, "list", screen.list, key, () => {
    const seen = screen.listSeen ?? 0;
    screen.listSeen = ctx.associations.length;
    const votesFor = (choice) => (closed ? Object.entries(closed.choices || {}).filter(([, c]) => c === choice).map(([p]) => p) : []);
    const item = (choice, number, word, author, extra = {}) => {
      const voters = votesFor(choice);
      return el(ctx, "li", {
        class: ["nah-assoc", extra.class],
        "data-testid": "nah-assoc",
        "data-player": extra.player || null,
        "aria-current": extra.current ? "true" : null,
      },
        token(api, number),
        el(ctx, "span", { class: "nah-assoc-main" },
          el(ctx, "span", { class: "nah-assoc-word" }, word),
          el(ctx, "span", { class: "nah-assoc-author" }, author),
        ),
        extra.badge || null,
        closed
          ? el(ctx, "span", { class: "nah-assoc-votes", title: voters.map((p) => api.name(p)).join(", ") },
              t("notahuman.screen.votes", { count: voters.length }),
            )
          : null,
      );
    };
    const items = ctx.associations.map((a, i) => {
      const speaking = i === speakerIndex;
      const done = speakerIndex >= 0 && i < speakerIndex;
      const human = outcome && (outcome.humans || [outcome.human]).includes(a.player);
      const revealed = outcome && outcome.revealed === a.player;
      const gone = ctx.left.has(a.player);
      let badge = null;
      if (speaking) badge = el(ctx, "span", { class: "nah-badge speaking", "data-testid": "nah-speaking" }, t("notahuman.screen.speaking"));
      else if (gone && !outcome) badge = leftBadge(ctx);
      else if (voted?.includes(a.player)) badge = el(ctx, "span", { class: "nah-badge done", "data-testid": "nah-has-voted", "aria-label": t("notahuman.screen.has_voted") }, "✓");
      else if (done) badge = el(ctx, "span", { class: "nah-badge done", "aria-label": t("notahuman.screen.explained") }, "✓");
      else if (human) badge = el(ctx, "span", { class: "nah-badge human reveal-in", role: "img", "aria-label": t("notahuman.screen.card_human") }, "0_0");
      else if (outcome) badge = el(ctx, "span", { class: "nah-badge robot reveal-in" }, el(ctx, "img", { src: `${ART}/robot.svg`, alt: t("notahuman.screen.card_robot") }));
      return item(String(i + 1), i + 1, a.word, who(ctx, a.player), {
        player: a.player,
        current: speaking,
        badge,
        class: [i >= seen ? "new" : null, speaking ? "speaking" : null, done ? "done" : null, human ? "human" : null, revealed ? "revealed" : null, a.player === ctx.me && ctx.seated ? "mine" : null, gone ? "left" : null].filter(Boolean).join(" "),
      });
    });
    if (showServer) {
      const human = outcome && (outcome.humans || [outcome.human]).includes(SERVER);
      const revealed = outcome && outcome.revealed === SERVER;
      let badge = null;
      if (outcome) badge = human ? el(ctx, "span", { class: "nah-badge human reveal-in", role: "img", "aria-label": t("notahuman.screen.card_human") }, "0_0") : el(ctx, "span", { class: "nah-badge robot reveal-in" }, el(ctx, "img", { src: `${ART}/robot.svg`, alt: t("notahuman.screen.card_robot") }));
      items.push(
        item(SERVER, SERVER_SLOT, t("notahuman.screen.server_option"), outcome ? t("notahuman.screen.server") : t("notahuman.screen.server_option_note"), {
          badge,
          class: ["server", human ? "human" : null, revealed ? "revealed" : null].filter(Boolean).join(" "),
        }),
      );
    }
    return [
      el(ctx, "div", { class: "nah-list-head" },
        el(ctx, "h3", {}, t("notahuman.screen.associations")),
        el(ctx, "span", { class: "nah-count" }, `${ctx.associations.length}/${ctx.expected}`),
      ),
      items.length
        ? el(ctx, "ol", { class: "nah-assocs", "data-testid": "nah-assoc-list" }, items)
        : el(ctx, "p", { class: "nah-empty" }, t("notahuman.screen.no_words")),
      waiting.length
        ? el(ctx, "div", { class: "nah-pending", "data-testid": "nah-pending" },
            el(ctx, "span", { class: "nah-pending-label" }, t("notahuman.screen.thinking")),
            waiting.map((p) => el(ctx, "span", { class: "nah-chip" }, who(ctx, p))),
          )
        : null,
    ];
  });
}
