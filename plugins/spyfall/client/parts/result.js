// Reveals and the round's result, and the host's next round under it.

import { breakNext, locationName, names, section, voidNote } from "/plugins/spyfall/kit.js";
import { wasReshuffled } from "./events.js";
import { revealSection } from "./tools.js";

export function revealedList(ctx) {
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

export function spyRevealSection(ctx) {
  const { api, match, me } = ctx;
  const { el, t } = api;
  const mine = !api.table && match.turn === me;
  const news = [
    section(
      api,
      "sf-reveal-news",
      "sf-spy-reveal",
      el("h3", {}, t("spyfall.screen.spy_revealed_title")),
      revealedList(ctx),
      mine ? null : el("p", { class: "sf-muted", "data-testid": "sf-waiting-spy" }, t("spyfall.screen.waiting_other_spy", { name: api.name(match.turn) })),
    ),
  ];
  // the other spy's phone leads with the pick (on a small phone's first screen), what the first spy named after
  return mine ? [revealSection(ctx, true), ...news] : news;
}

export function howText(ctx, outcome) {
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

export function resultSection(ctx) {
  const { api, game } = ctx;
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
    // the host's next round right under the news: on a small phone it stays on the first screen
    ...nextRound(ctx),
    el("p", { class: "sf-how", "data-testid": "sf-how" }, howText(ctx, outcome)),
    el(
      "dl",
      { class: "sf-facts", "data-testid": "sf-facts" },
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
    api.table ? null : el("p", { class: "sf-muted" }, t("spyfall.screen.points_below")), // the TV shows the points beside
  ];
  const box = section(api, "sf-result", "sf-result", el("h3", {}, t("spyfall.screen.result_title")), ...parts);
  if (ctx.revealFresh) box.classList.add("reveal-in");
  return box;
}

/** The host's next round (and reshuffle) under the round's result; everyone else is told when it comes. */
export function nextRound(ctx) {
  const { api, match, host } = ctx;
  const { el, t } = api;
  const parts = breakNext(api, ctx.view, {
    boardVariant: "eight_locations",
    host,
    prefix: "sf",
    keys: { next: "spyfall.screen.next", finish: "spyfall.screen.finish" },
  });
  const board = (match.variants || []).includes("eight_locations");
  if (host && parts.length && !board && !api.lastRound) {
    const reshuffled = wasReshuffled(match);
    parts.push(
      el(
        "div",
        { class: "sf-row" },
        api.actionButton({ class: "btn", disabled: reshuffled, "data-testid": "sf-reshuffle" },
          reshuffled ? t("spyfall.screen.reshuffled") : t("spyfall.screen.reshuffle"),
          () => api.send("reshuffle"),
        ),
      ),
      el("p", { class: "sf-muted" }, t("spyfall.screen.reshuffle_hint")),
    );
  }
  return parts;
}
