// Votes: an accusation, or one candidate at a time when the clock ran out.

import { section } from "/plugins/spyfall/kit.js";

/** How many noes a vote survives: one fewer yes is needed for each spy dealt after the first. */
function thresholdText(t, spies) {
  if (spies > 2) return t("spyfall.screen.threshold_more", { spies, allowed: spies - 1 });
  return spies === 2 ? t("spyfall.screen.threshold_two") : t("spyfall.screen.threshold_one");
}

export function voteSection(ctx, ballotId, { accuser, accused, title, question }) {
  const { api, match, me } = ctx;
  const { el, t } = api;
  const ballot = match.ballots?.[ballotId];
  if (!ballot || ballot.closed) return null;
  const voted = ballot.voted || [];
  const voter = !api.table && ballot.voters.includes(me);
  const subject = [
    el(
      "p",
      { class: "sf-big", "data-testid": "sf-vote-subject" },
      accuser
        ? t("spyfall.screen.accuses", { accuser: api.name(accuser), accused: api.name(accused) })
        : t("spyfall.screen.final_subject", { name: api.name(accused) }),
    ),
    accuser ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.final_hint")),
  ];
  // A voter's phone asks first (the question names the accused) and tells the story after the buttons.
  const parts = [el("h3", {}, title), ...(voter ? [] : subject)];
  if (!api.table && me === accused) {
    parts.push(el("p", { class: "sf-warn", "data-testid": "sf-you-accused" }, t("spyfall.screen.you_are_accused")));
  }
  if (voter) {
    parts.push(
      el("p", { class: "sf-prompt" }, question),
      el(
        "div",
        { class: "sf-row sf-vote-buttons", "data-testid": "sf-vote-buttons" },
        ["yes", "no"].map((choice) =>
          api.actionButton({
              class: ["btn", "big", "sf-vote", choice, ballot.mine === choice ? "chosen" : null],
              "aria-pressed": ballot.mine === choice ? "true" : "false",
              "data-testid": `sf-vote-${choice}`,
            },
            choice === "yes" ? t("spyfall.screen.vote_yes") : t("spyfall.screen.vote_no"),
            () => api.send("vote", { ballot: ballotId, choice }),
          ),
        ),
      ),
      el(
        "p",
        { class: "sf-muted", "data-testid": "sf-my-vote" },
        ballot.mine
          ? t(ballot.mine === "yes" ? "spyfall.screen.you_voted_yes" : "spyfall.screen.you_voted_no") +
              (me === accuser ? ` ${t("spyfall.screen.accuser_voted")}` : "") +
              ` ${t("spyfall.screen.can_change")}`
          : t("spyfall.screen.vote_hint"),
      ),
      ...subject,
    );
  }
  if (typeof ctx.game.spy_count === "number") {
    parts.push(
      el(
        "p",
        { class: "sf-muted" },
        thresholdText(t, ctx.game.spy_count),
      ),
    );
  }
  parts.push(
    el(
      "p",
      { class: "sf-progress", "data-testid": "sf-vote-progress" },
      t("spyfall.screen.voted_count", { count: voted.length, total: ballot.voters.length }),
    ),
    el(
      "ul",
      { class: "sf-voters", "data-testid": "sf-voters" },
      ballot.voters.map((pid) =>
        el(
          "li",
          { class: voted.includes(pid) ? "done" : "waiting", "data-player": pid },
          api.who(pid, { size: "s" }),
          voted.includes(pid) ? " ✓" : " …",
        ),
      ),
    ),
  );
  return section(api, "sf-vote-box", "sf-vote", ...parts);
}
