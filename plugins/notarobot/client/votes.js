// I'm Not a Robot: the reveal's two votes. A full pad (the lines pass through all 25 tiles) opens a vote
// at once: with more than half of the guessers for it, the artist wins a CAPTCHA token. Any guesser may
// file one bug report per turn (a second tap confirms, Cancel takes the first back; their yes is cast for
// them): only a unanimous yes passes it. Both are the core's ballots, voted with the core move `vote`; the
// table shows the progress, and once a vote closes, its tally and who voted how.

import { who } from "./common.js";

function latestEvent(ctx, key) {
  const events = ctx.match.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].key === key) return events[i];
  return null;
}

function ballotBox(ctx, s, id) {
  const { api } = ctx;
  const { el, t } = api;
  const ballot = ctx.match.ballots?.[id];
  if (!ballot) return null;
  const artist = api.name(ctx.g.reveal?.artist || ctx.artist);
  const filer = id === "bug_report" ? latestEvent(ctx, "notarobot.event.bug_report")?.params?.player : null;
  const question =
    id === "full_pad"
      ? t("notarobot.screen.full_pad_question", { name: artist })
      : t("notarobot.screen.bug_question", { name: filer ? api.name(filer) : "?", artist });
  const rule = id === "full_pad" ? t("notarobot.screen.full_pad_rule") : t("notarobot.screen.bug_rule", { artist });
  const mine = ctx.playing && ballot.voters.includes(ctx.me);
  const parts = [
    el("h3", {}, t(`notarobot.ballot.${id}`)),
    el("p", { class: "nr-question" }, question),
    el("p", { class: "nr-note" }, rule),
  ];
  if (ballot.closed) {
    const passed = Boolean(ballot.result?.passed);
    parts.push(
      el(
        "p",
        { class: ["nr-ballot-result", passed ? "passed" : "failed"], "data-testid": `nr-${id}-result`, "data-passed": String(passed) },
        t(passed ? `notarobot.screen.${id}_passed` : `notarobot.screen.${id}_failed`, { name: artist }),
      ),
      tally(ctx, id, ballot),
    );
  } else {
    const voted = (ballot.voted || []).length;
    parts.push(
      el("p", { class: "nr-progress", "data-testid": `nr-${id}-progress` }, t("notarobot.screen.voted_count", { count: voted, total: ballot.voters.length })),
    );
    if (mine) {
      const choice = ballot.mine || null;
      parts.push(
        el(
          "div",
          { class: "nr-vote-row", role: "group", "aria-label": t(`notarobot.ballot.${id}`) },
          ["yes", "no"].map((option) =>
            el(
              "button",
              {
                type: "button",
                class: ["btn", "big", option === "yes" ? "primary" : null, choice === option ? "selected" : null],
                "aria-pressed": String(choice === option),
                "data-testid": `nr-${id}-${option}`,
                disabled: s.ui.voting === id,
                onclick: () => {
                  s.ui.voting = id;
                  api.send("vote", { ballot: id, choice: option }).finally(() => {
                    s.ui.voting = null;
                    api.refresh();
                  });
                  api.refresh();
                },
              },
              t(`notarobot.screen.vote_${option}`),
            ),
          ),
        ),
      );
      if (choice) parts.push(el("p", { class: "nr-note" }, t("notarobot.screen.your_vote", { choice: t(`notarobot.screen.vote_${choice}`) })));
    }
  }
  const attrs = { class: ["nr-ballot", id, ballot.closed ? "closed" : "open"], "data-testid": `nr-ballot-${id}` };
  return el("section", { ...attrs, "data-now": mine && !ballot.closed ? `vote:${id}` : null }, parts);
}

/**
 * A closed vote's tally: how many said yes and no (and did not vote), then who, by name: a ballot is secret only
 * until it closes (the core's ballots show every choice once closed).
 */
function tally(ctx, id, ballot) {
  const { api } = ctx;
  const { el, t } = api;
  const choices = ballot.choices || {};
  const by = (choice) => ballot.voters.filter((p) => (choices[p] ?? null) === choice);
  const [yes, no, none] = [by("yes"), by("no"), by(null)];
  const counts = { yes: yes.length, no: no.length, none: none.length };
  const most = [yes, no, none].reduce((a, b) => (b.length > a.length ? b : a)); // the first of the largest
  const names = (testid, label, players) =>
    players.length
      ? el(
          "li",
          { "data-testid": testid, class: players === most ? "most" : null }, // table.css: the others' names only
          el("span", { class: "nr-tally-label" }, t(label)),
          " ",
          players.map((p, i) => [i ? ", " : "", who(ctx, p, { you: false })]),
        )
      : null;
  return el(
    "div",
    { class: "nr-tally", "data-testid": `nr-${id}-tally` },
    el("p", { class: "nr-tally-count" }, t(none.length ? "notarobot.screen.tally_abstained" : "notarobot.screen.tally", counts)),
    el(
      "ul",
      { class: "nr-tally-names" },
      names("nr-tally-yes", "notarobot.screen.tally_yes", yes),
      names("nr-tally-no", "notarobot.screen.tally_no", no),
      names("nr-tally-none", "notarobot.screen.tally_none", none),
    ),
  );
}

/** The bug-report button for a guesser who may still file one: a tap asks, a second tap files it, Cancel does not. */
function bugButton(ctx, s) {
  const { api } = ctx;
  const { el, t } = api;
  if (!ctx.isGuesser || ctx.match.ballots?.bug_report) return null;
  const armed = s.ui.bugArmed === "armed";
  const file = el(
    "button",
    {
      type: "button",
      class: ["btn", "danger", armed ? "armed" : null],
      "data-testid": "nr-report-bug",
      disabled: s.ui.filing,
      onclick: () => {
        if (!armed) {
          s.ui.bugArmed = "armed";
          api.refresh();
          return;
        }
        s.ui.bugArmed = null;
        s.ui.filing = true;
        api.send("report_bug").finally(() => {
          s.ui.filing = false;
          api.refresh();
        });
        api.refresh();
      },
    },
    armed ? t("notarobot.screen.report_bug_confirm") : t("notarobot.screen.report_bug"),
  );
  const cancel = armed
    ? el(
        "button",
        {
          type: "button",
          class: "btn ghost",
          "data-testid": "nr-report-bug-cancel",
          onclick: () => {
            s.ui.bugArmed = null;
            api.refresh();
          },
        },
        t("notarobot.screen.report_bug_cancel"),
      )
    : null;
  return el(
    "div",
    { class: ["nr-bug", armed ? "armed" : null], "data-testid": "nr-bug", "data-now": armed ? "bug-confirm" : "bug" },
    el("div", { class: "nr-bug-row" }, file, cancel),
    el("p", { class: "nr-note" }, t("notarobot.screen.report_bug_hint")),
  );
}

/** The reveal's votes (and the bug-report button), as a list of nodes; [] outside the reveal. */
export function votes(ctx, s) {
  if (ctx.stage !== ctx.api.phases.reveal) return [];
  return [ballotBox(ctx, s, "full_pad"), ballotBox(ctx, s, "bug_report"), bugButton(ctx, s)].filter(Boolean);
}

/** The key a votes section is repainted on. */
export function votesKey(ctx, s) {
  const ballots = ctx.match.ballots || {};
  return [ctx.stage, ctx.api.lang, ballots, s.ui.voting, s.ui.bugArmed, s.ui.filing, ctx.isGuesser, (ctx.match.events || []).length];
}

