// Spyfall 2's screen: the secret card behind a press-and-hold, the location list with cross-off marks,
// who asks now, accusations and their votes, the spies' reveal, the final vote and the round's result.
// Rendered by the gamenight shell on every state: render(root, view, api). Text only through api.el / api.t.
//
// The card, the list, the asking tracker, the packs and the board come from the kit both Spyfall screens
// share (kit.js). A phone lying on the table must give nothing away: the card shows only while it is held, and every
// player has the same buttons at rest (a non-spy who taps "reveal" is told so, on their own screen only).

import {
  actionButton,
  askingTracker,
  betweenRounds,
  gone,
  locationList,
  locationName,
  names,
  playerChips,
  playing as isPlaying,
  present,
  renderSetupEditors,
  screenMemory,
  section,
  stillMine,
  tag,
  voidNote,
} from "/plugins/spyfall/kit.js";

const ACCUSATION = "accusation";
const NOTE_SECONDS = 4;

// -- the lobby's setup card: the custom packs, and the board when "Eight locations" is chosen ---------------

/** For the setup summary: the packs do not apply when the eight-locations board deals. */
export function optionApplies(name, setup) {
  return !(name === "packs" && setup.variants.includes("eight_locations"));
}

export function renderSetup(root, view, api) {
  renderSetupEditors(root, view, api, { boardVariant: "eight_locations" });
}

// -- small helpers ---------------------------------------------------------------------------------------

/** The newest event of this round with ``key`` (the feed keeps the last 50), and its index. */
function lastEvent(match, key) {
  const events = match.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    if (events[i].round === match.round && events[i].key === key) return { event: events[i], index: i };
  }
  return null;
}

// -- what the screen remembers between renders -----------------------------------------------------------

function remember(root, view, api) {
  const mem = screenMemory(root, view, api, "sf-spyfall");
  const match = view.match;
  if (match.phase !== "play") {
    mem.ui.accuseOpen = false;
    mem.ui.accuseTarget = null;
    mem.ui.revealOpen = false;
  }
  if (match.phase !== "play" && match.phase !== "spy_reveal") mem.ui.revealTarget = null;
  if (mem.ui.accuseTarget && gone(match, mem.ui.accuseTarget)) mem.ui.accuseTarget = null; // they left meanwhile
  return mem;
}

// -- who is who at the table: the dealer, who asks now, who has used their accusation -------------------

function playersSection(ctx) {
  const { api, match, game, me } = ctx;
  const { t } = api;
  const accused = new Set(game.accused || []);
  return playerChips(api, match.players, {
    me,
    left: match.left || [],
    asking: match.phase === "play" ? game.asker : null,
    tags: (pid) => [
      pid === game.dealer ? tag(api, t("spyfall.screen.dealer_tag"), "dealer", { "data-testid": "sf-dealer" }) : null,
      accused.has(pid) ? tag(api, t("spyfall.screen.accused_tag"), "used", { title: t("spyfall.screen.accused_hint") }) : null,
    ],
  });
}

function askingSection(ctx) {
  const { api, match, game, me, playing } = ctx;
  return askingTracker(api, {
    players: present(match),
    me,
    playing,
    asker: game.asker,
    askedBy: game.asked_by,
    firstNote: api.t("spyfall.screen.dealer_asks_first", { name: api.name(game.dealer) }),
  });
}

/** After a failed accusation, this round: who was accused and how the vote went (the ballot is closed, so public). */
function failedNote(ctx) {
  const { api, match } = ctx;
  const { el, t } = api;
  const found = lastEvent(match, "spyfall.event.accusation_failed");
  if (!found) return null;
  const accused = found.event.params?.accused;
  const ballot = match.ballots?.[ACCUSATION];
  let tally = null;
  if (ballot && ballot.closed && ballot.data?.accused === accused && ballot.choices) {
    const yes = Object.keys(ballot.choices).filter((pid) => ballot.choices[pid] === "yes");
    const no = Object.keys(ballot.choices).filter((pid) => ballot.choices[pid] === "no");
    tally = el(
      "span",
      { class: "sf-muted" },
      " ",
      t("spyfall.screen.tally", { yes: yes.length, no: no.length }),
      no.length ? ` ${t("spyfall.screen.voted_no", { names: names(api, no) })}` : "",
    );
  }
  return el(
    "p",
    { class: "sf-note", "data-testid": "sf-accusation-failed" },
    t("spyfall.screen.accusation_failed", { name: api.name(accused) }),
    tally,
  );
}

// -- the location list ----------------------------------------------------------------------------------

/** mode: "cross" (my own marks), "pick" (the spy names one), "show" (the table, or no marks). */
function locationsSection(ctx, mode) {
  const { api, game, mem } = ctx;
  return locationList(api, mem.ui, {
    locations: game.candidates || [],
    mode,
    marks: game.marks || [],
    answers: game.outcome?.location?.id ? [game.outcome.location.id] : [],
    chosen: mem.ui.revealTarget ? [mem.ui.revealTarget] : [],
    onChoose: (id) => {
      mem.ui.revealTarget = id;
      ctx.rerender();
    },
    rerender: ctx.rerender,
  });
}

// -- my moves in play: accuse, reveal ----------------------------------------------------------------------

function toolsSection(ctx) {
  const { api, match, game, me, mem } = ctx;
  const { el, t } = api;
  const used = (game.accused || []).includes(me);
  const ui = mem.ui;
  const parts = [];

  if (ui.accuseOpen && !used && !match.paused) {
    const target = ui.accuseTarget;
    parts.push(
      el(
        "div",
        { class: "sf-panel", "data-testid": "sf-accuse-panel" },
        el("p", { class: "sf-prompt" }, t("spyfall.screen.accuse_whom")),
        el(
          "div",
          { class: "sf-choices" },
          present(match)
            .filter((pid) => pid !== me)
            .map((pid) =>
              el(
                "button",
                {
                  type: "button",
                  class: ["btn", "sf-choice", target === pid ? "chosen" : null],
                  "aria-pressed": target === pid ? "true" : "false",
                  "data-player": pid,
                  "data-testid": "sf-accuse-target",
                  onclick: () => {
                    ui.accuseTarget = pid;
                    ctx.rerender();
                  },
                },
                api.name(pid),
              ),
            ),
        ),
        target
          ? el("p", { class: "sf-confirm-text" }, t("spyfall.screen.accuse_confirm_text", { name: api.name(target) }))
          : el("p", { class: "sf-muted" }, t("spyfall.screen.accuse_hint")),
        el(
          "div",
          { class: "sf-row" },
          target
            ? actionButton(
                api,
                { class: "btn primary", "data-testid": "sf-accuse-confirm" },
                t("spyfall.screen.accuse_confirm", { name: api.name(target) }),
                async () => {
                  const answer = await api.send("accuse", { player: target });
                  if (answer?.ok) {
                    ui.accuseOpen = false;
                    ui.accuseTarget = null;
                  }
                  return answer;
                },
              )
            : null,
          el(
            "button",
            {
              type: "button",
              class: "btn ghost",
              "data-testid": "sf-accuse-cancel",
              onclick: () => {
                ui.accuseOpen = false;
                ui.accuseTarget = null;
                ctx.rerender();
              },
            },
            t("spyfall.screen.cancel"),
          ),
        ),
      ),
    );
  } else {
    parts.push(
      el(
        "button",
        {
          type: "button",
          class: "btn sf-tool",
          disabled: used || match.paused,
          "data-testid": "sf-accuse",
          onclick: () => {
            ui.accuseOpen = true;
            ui.revealOpen = false;
            ctx.rerender();
          },
        },
        used ? t("spyfall.screen.accused_already") : t("spyfall.screen.accuse"),
      ),
    );
  }

  if (!ui.revealOpen) {
    const note = el("p", { class: "sf-note", "data-testid": "sf-not-spy", hidden: true });
    parts.push(
      el(
        "button",
        {
          type: "button",
          class: "btn sf-tool",
          disabled: match.paused,
          "data-testid": "sf-reveal",
          onclick: () => {
            if (game.card?.spy) {
              ui.revealOpen = true;
              ui.accuseOpen = false;
              ui.revealTarget = null;
              ctx.rerender();
              return;
            }
            // Same button for everyone, so that a glance at a phone says nothing; only its owner sees this.
            note.textContent = t("spyfall.screen.not_spy");
            note.hidden = false;
            setTimeout(() => {
              note.hidden = true;
            }, NOTE_SECONDS * 1000);
          },
        },
        t("spyfall.screen.reveal"),
      ),
      note,
    );
  }
  return section(api, "sf-tools", "sf-tools", ...parts);
}

/** The spy names a location: in play (by choice, may cancel) or in spy_reveal (the other spy, must). */
function revealSection(ctx, forced) {
  const { api, game, mem } = ctx;
  const { el, t } = api;
  const ui = mem.ui;
  const target = ui.revealTarget;
  const location = (game.candidates || []).find((loc) => loc.id === target);
  return section(
    api,
    "sf-reveal",
    "sf-reveal-panel",
    el("h3", {}, forced ? t("spyfall.screen.reveal_forced_title") : t("spyfall.screen.reveal_title")),
    el("p", { class: "sf-muted" }, forced ? t("spyfall.screen.reveal_forced_hint") : t("spyfall.screen.reveal_hint")),
    locationsSection(ctx, "pick"),
    location
      ? el("p", { class: "sf-confirm-text" }, t("spyfall.screen.reveal_confirm_text", { location: locationName(api, location) }))
      : el("p", { class: "sf-muted" }, t("spyfall.screen.reveal_pick")),
    el(
      "div",
      { class: "sf-row" },
      location
        ? actionButton(
            api,
            { class: "btn primary", "data-testid": "sf-reveal-confirm" },
            t("spyfall.screen.reveal_confirm", { location: locationName(api, location) }),
            async () => {
              const answer = await api.send("reveal", { location: location.id });
              if (answer?.ok) {
                ui.revealOpen = false;
                ui.revealTarget = null;
              }
              return answer;
            },
          )
        : null,
      forced
        ? null
        : el(
            "button",
            {
              type: "button",
              class: "btn ghost",
              "data-testid": "sf-reveal-cancel",
              onclick: () => {
                ui.revealOpen = false;
                ui.revealTarget = null;
                ctx.rerender();
              },
            },
            t("spyfall.screen.cancel"),
          ),
    ),
  );
}

// -- votes: an accusation, or one candidate at a time when the clock ran out ----------------------------

function voteSection(ctx, ballotId, { accuser, accused, title, question }) {
  const { api, match, me } = ctx;
  const { el, t } = api;
  const ballot = match.ballots?.[ballotId];
  if (!ballot || ballot.closed) return null;
  const voted = ballot.voted || [];
  const voter = !api.table && ballot.voters.includes(me);
  const parts = [
    el("h3", {}, title),
    el(
      "p",
      { class: "sf-big", "data-testid": "sf-vote-subject" },
      accuser
        ? t("spyfall.screen.accuses", { accuser: api.name(accuser), accused: api.name(accused) })
        : t("spyfall.screen.final_subject", { name: api.name(accused) }),
    ),
    accuser ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.final_hint")),
  ];
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
          actionButton(
            api,
            {
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
    );
  }
  if (typeof ctx.game.spy_count === "number") {
    parts.push(
      el(
        "p",
        { class: "sf-muted" },
        ctx.game.spy_count === 2 ? t("spyfall.screen.threshold_two") : t("spyfall.screen.threshold_one"),
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
      { class: "sf-voters" },
      ballot.voters.map((pid) =>
        el(
          "li",
          { class: voted.includes(pid) ? "done" : "waiting", "data-player": pid },
          api.name(pid),
          voted.includes(pid) ? " ✓" : " …",
        ),
      ),
    ),
  );
  return section(api, "sf-vote-box", "sf-vote", ...parts);
}

// -- reveals and the round's result ------------------------------------------------------------------------

function revealedList(ctx) {
  const { api, game } = ctx;
  const { el, t } = api;
  const revealed = game.revealed || {};
  const spies = Object.keys(revealed);
  if (!spies.length) return null;
  return el(
    "ul",
    { class: "sf-revealed", "data-testid": "sf-revealed" },
    spies.map((spy) =>
      el(
        "li",
        { "data-player": spy },
        t("spyfall.screen.revealed", { name: api.name(spy), location: locationName(api, revealed[spy]) }),
      ),
    ),
  );
}

function spyRevealSection(ctx) {
  const { api, match, me } = ctx;
  const { el, t } = api;
  const mine = !api.table && match.turn === me;
  return [
    section(
      api,
      "sf-reveal-news",
      "sf-spy-reveal",
      el("h3", {}, t("spyfall.screen.spy_revealed_title")),
      revealedList(ctx),
      mine ? null : el("p", { class: "sf-muted", "data-testid": "sf-waiting-spy" }, t("spyfall.screen.waiting_other_spy", { name: api.name(match.turn) })),
    ),
    mine ? revealSection(ctx, true) : null,
  ];
}

function howText(ctx, outcome) {
  const { api } = ctx;
  const { t } = api;
  const spyConvicted = outcome.convicted && outcome.spies.includes(outcome.convicted);
  switch (outcome.how) {
    case "accusation":
      return t(spyConvicted ? "spyfall.screen.how_accusation_spy" : "spyfall.screen.how_accusation_innocent", {
        name: api.name(outcome.convicted),
      });
    case "final_vote":
      return t(spyConvicted ? "spyfall.screen.how_final_spy" : "spyfall.screen.how_final_innocent", {
        name: api.name(outcome.convicted),
      });
    case "clock":
      return t("spyfall.screen.how_clock");
    case "reveal":
      return t(outcome.correct.length ? "spyfall.screen.how_reveal_right" : "spyfall.screen.how_reveal_wrong");
    default:
      return null;
  }
}

function resultSection(ctx) {
  const { api, match, game, host } = ctx;
  const { el, t } = api;
  const outcome = game.outcome;
  if (!outcome) return null;
  if (outcome.void) {
    return section(
      api,
      "sf-result",
      "sf-result",
      el("h3", {}, t("spyfall.screen.result_title")),
      voidNote(api, outcome),
      ...nextRound(ctx),
    );
  }
  const spies = outcome.spies || [];
  const guesses = Object.entries(outcome.guesses || {});
  const parts = [
    el(
      "p",
      { class: ["sf-winner", outcome.winner], "data-testid": "sf-winner" },
      outcome.winner === "spies" ? t("spyfall.screen.spies_win") : t("spyfall.screen.agents_win"),
    ),
    el("p", { class: "sf-how", "data-testid": "sf-how" }, howText(ctx, outcome)),
    el(
      "dl",
      { class: "sf-facts" },
      el("dt", {}, t("spyfall.screen.location")),
      el("dd", { "data-testid": "sf-result-location" }, locationName(api, outcome.location)),
      el("dt", {}, t("spyfall.screen.spies_were", { count: spies.length })),
      el(
        "dd",
        { "data-testid": "sf-result-spies" },
        spies.length ? names(api, spies) : t("spyfall.screen.no_spy"),
      ),
    ),
    guesses.length
      ? el(
          "ul",
          { class: "sf-guesses", "data-testid": "sf-guesses" },
          guesses.map(([spy, location]) =>
            el(
              "li",
              { class: outcome.correct.includes(spy) ? "right" : "wrong", "data-player": spy },
              location
                ? t(outcome.correct.includes(spy) ? "spyfall.screen.guess_right" : "spyfall.screen.guess_wrong", {
                    name: api.name(spy),
                    location: locationName(api, location),
                  })
                : t("spyfall.screen.guess_none", { name: api.name(spy) }),
            ),
          ),
        )
      : null,
    el("p", { class: "sf-muted" }, t("spyfall.screen.points_below")),
    ...nextRound(ctx),
  ];
  return section(api, "sf-result", "sf-result", el("h3", {}, t("spyfall.screen.result_title")), ...parts);
}

/** The host's next round (and reshuffle) under the round's result; everyone else waits for it. */
function nextRound(ctx) {
  const { api, match, game, host } = ctx;
  const { el, t } = api;
  const parts = [];
  if (!api.table && !match.over) {
    if (host) {
      const last = match.round >= (game.rounds ?? match.options?.rounds ?? 0);
      const reshuffled = wasReshuffled(match);
      const board = (match.variants || []).includes("eight_locations");
      parts.push(
        el(
          "div",
          { class: "sf-row" },
          actionButton(
            api,
            { class: "btn primary big", "data-testid": "sf-next" },
            last ? t("spyfall.screen.finish") : t("spyfall.screen.next"),
            () => api.send("next"),
          ),
        ),
        board
          ? null
          : el(
              "div",
              { class: "sf-row" },
              actionButton(
                api,
                { class: "btn", disabled: reshuffled, "data-testid": "sf-reshuffle" },
                reshuffled ? t("spyfall.screen.reshuffled") : t("spyfall.screen.reshuffle"),
                () => api.send("reshuffle"),
              ),
            ),
        board ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.reshuffle_hint")),
      );
    } else {
      parts.push(el("p", { class: "sf-muted", "data-testid": "sf-waiting-host" }, t("spyfall.screen.waiting_host")));
    }
  }
  return parts;
}

function wasReshuffled(match) {
  const over = lastEvent(match, "event.round_over");
  const shuffled = lastEvent(match, "spyfall.event.reshuffled");
  return Boolean(over && shuffled && shuffled.index > over.index);
}

/** Render again after a local change (a picker opened), through the shell (so a variant's part is kept);
 * not once the shell has given the root to another screen. */
function rerender(root, mem) {
  if (stillMine(root, mem)) mem.api.refresh();
}

// -- the screen ---------------------------------------------------------------------------------------------

export function render(root, view, api) {
  const mem = remember(root, view, api);
  const { el, t } = api;
  const match = view.match;
  const game = match.game_view || {};
  const me = api.table ? null : view.you;
  const playing = isPlaying(api, view); // a seat not in the match (late, or back after leaving) sees the table
  const host = Boolean(me && view.lobby?.host === me);
  const ctx = { api, match, game, me, mem, playing, host, rerender: () => rerender(root, mem) };

  const parts = [];
  mem.card.paint(mem.cardWrap, api, playing ? game.card || null : null, {
    compact: match.phase === "round_over" || Boolean(match.over),
    agentGoal: t("spyfall.screen.agent_goal"),
    spyGoal: t("spyfall.screen.spy_goal"),
  });
  if (!game.candidates) {
    mem.body.replaceChildren(el("p", { class: "sf-muted" }, t("spyfall.screen.dealing")));
    return;
  }

  const phase = match.phase;
  const over = phase === "round_over" || match.over;
  parts.push(
    el(
      "div",
      { class: "sf-top" },
      el(
        "p",
        { class: "sf-round", "data-testid": "sf-round" },
        t("spyfall.screen.round_of", { round: match.round, rounds: game.rounds ?? match.options?.rounds ?? match.round }),
        " · ",
        t("spyfall.screen.dealer", { name: api.name(game.dealer) }),
      ),
      playersSection(ctx),
    ),
  );

  if (phase === "play" && !match.over) {
    parts.push(askingSection(ctx));
    const failed = failedNote(ctx);
    if (failed) parts.push(section(api, "sf-failed", "sf-failed", failed));
    if (match.paused) parts.push(el("p", { class: "sf-warn", "data-testid": "sf-paused" }, t("spyfall.screen.paused")));
    if (playing && mem.ui.revealOpen && game.card?.spy) {
      parts.push(revealSection(ctx, false));
    } else if (playing) {
      parts.push(toolsSection(ctx));
    }
  } else if (phase === ACCUSATION) {
    const accusation = game.accusation || match.ballots?.[ACCUSATION]?.data || {};
    parts.push(
      voteSection(ctx, ACCUSATION, {
        accuser: accusation.accuser,
        accused: accusation.accused,
        title: t("spyfall.screen.accusation_title"),
        question: t("spyfall.screen.accusation_question", { name: api.name(accusation.accused) }),
      }),
    );
  } else if (phase === "spy_reveal") {
    parts.push(...spyRevealSection(ctx));
  } else if (phase === "final_vote" && game.final_candidate) {
    parts.push(
      voteSection(ctx, `final:${game.final_candidate}`, {
        accuser: null,
        accused: game.final_candidate,
        title: t("spyfall.screen.final_title"),
        question: t("spyfall.screen.final_question", { name: api.name(game.final_candidate) }),
      }),
    );
  } else if (over) {
    parts.push(resultSection(ctx));
  }

  parts.push(...betweenRounds(api, view, mem.ui, { boardVariant: "eight_locations", playing, host, rerender: ctx.rerender }));
  const picking = phase === "play" && mem.ui.revealOpen && game.card?.spy;
  const forcedPick = phase === "spy_reveal" && !api.table && match.turn === me;
  if (!picking && !forcedPick) {
    parts.push(locationsSection(ctx, playing && !over ? "cross" : "show"));
  }

  // The card node stays (it may be held right now); the rest is rebuilt (the shell keeps a field's focus).
  mem.body.replaceChildren(...parts.filter(Boolean));
}
