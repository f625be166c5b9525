// I'm Not a Human: the secret vote: the options on a voter's phone, who has voted everywhere.

import { SERVER, BALLOT, SERVER_SLOT, paint, token, choiceLabel, el } from "./common.js";

export function renderBallot(screen, ctx) {
  const { api, match, stage } = ctx;
  const phases = api.phases;
  const ballot = match.ballots?.[BALLOT];
  const open = stage === phases.voting && ballot && !ballot.closed;
  const voter = open && ctx.seated && ballot.voters.includes(ctx.me);
  screen.box.classList.toggle("nah-voter", Boolean(voter));
  if (!open) {
    delete screen.ballot.dataset.now;
    paint(screen, "ballot", screen.ballot, null, () => null);
    screen.ballot.hidden = true;
    return;
  }
  screen.ballot.hidden = false;
  if (voter) screen.ballot.dataset.now = "vote";
  else delete screen.ballot.dataset.now;
  const confirmed = voter && ballot.mine && screen.myVote !== ballot.mine;
  screen.myVote = voter ? ballot.mine : null;
  const key = [ctx.lang, ballot.candidates, ballot.voted, voter ? ballot.mine : null, voter ? ballot.allowed : null, ctx.associations, ballot.voters, ctx.match.names];
  paint(screen, "ballot", screen.ballot, key, () => {
    const { t } = api;
    const voted = ballot.voted || [];
    const progress = [
      el(ctx, "p", { class: "nah-progress", "data-testid": "nah-vote-progress" }, t("notahuman.screen.voted_count", { count: voted.length, total: ballot.voters.length })),
      el(ctx, "ul", { class: "nah-voters" },
        ballot.voters.map((pid) =>
          el(ctx, "li", { class: voted.includes(pid) ? "done" : "waiting", "data-player": pid },
            el(ctx, "span", { class: "nah-voter-mark", "aria-hidden": "true" }, voted.includes(pid) ? "✓" : "…"),
            api.who(pid, { size: "s" }),
          ),
        ),
      ),
    ];
    if (!voter) return [el(ctx, "h3", { id: "nah-ballot-title" }, t("notahuman.screen.vote_title")), progress];
    const allowed = ballot.allowed || [];
    const option = (choice, number, word, author) =>
      el(ctx, "button", {
        type: "button",
        class: ["nah-option", choice === SERVER ? "server" : null, ballot.mine === choice ? "selected" : null],
        disabled: !allowed.includes(choice),
        "aria-pressed": String(ballot.mine === choice),
        "data-testid": `nah-vote-${choice}`,
        "data-keep": `nah-vote-${choice}`,
        "data-choice": choice,
        onclick: () => api.send("vote", { ballot: BALLOT, choice }),
      },
        token(api, number),
        el(ctx, "span", { class: "nah-option-word" }, word),
        el(ctx, "span", { class: "nah-option-author" }, author),
        ballot.mine === choice ? el(ctx, "span", { class: "nah-option-check", "aria-hidden": "true" }, "✓") : null,
      );
    return [
      el(ctx, "h3", { id: "nah-ballot-title" }, t("notahuman.screen.vote_title")),
      // the vote's confirmation right under the title, where the tap that made it can see it (a reader hears
      // "your vote is counted" from the shell's log, and the option says it is pressed)
      ballot.mine
        ? el(ctx, "p", { class: "nah-my-vote", "data-testid": "nah-my-vote" }, t("notahuman.screen.you_voted", { choice: choiceLabel(ctx, ballot.mine) }))
        : el(ctx, "p", { class: "nah-note", "data-testid": "nah-my-vote" }, t("notahuman.screen.vote_prompt")),
      el(ctx, "div", { class: "nah-options", "data-testid": "nah-vote-options" },
        ctx.associations.map((a, i) => {
          const choice = String(i + 1);
          const own = a.player === ctx.me;
          return option(choice, i + 1, a.word, own ? t("notahuman.screen.yours") : api.name(a.player));
        }),
        ballot.candidates.includes(SERVER) ? option(SERVER, SERVER_SLOT, t("notahuman.screen.server_option"), t("notahuman.screen.server_option_note")) : null,
      ),
      ballot.mine ? null : el(ctx, "p", { class: "nah-note" }, t("notahuman.screen.vote_secret")),
      progress,
    ];
  });
  // a vote just made: its confirmation in view (under the top bar: its scroll margin), however far down the tap was
  if (confirmed) screen.ballot.querySelector("[data-testid=nah-my-vote]")?.scrollIntoView({ block: "nearest", behavior: "instant" });
}
