// A match's record on any screen: the result and ranking, the points of each round, the latest events.

import { el } from "./dom.js";
import { list, t } from "./i18n.js";
import { badge, heading, nameOf, readableParams, youMark } from "./common.js";
import { avatar, lookOf } from "./looks.js";
import { isOffline, offlineMark } from "./presence.js";

export const FEED_SHOWN = 5;

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

/** True when ``pid`` left the match or was kicked from it. */
export function hasLeft(match, pid) {
  return (match.left || []).includes(pid);
}

/** A small "left" label next to a departed player's name. */
export function leftBadge() {
  return badge(t("match.left_badge"), "gone", "left-badge");
}

/** The event that voided round ``number`` ({key, params: {round, player}}), or null. */
function voidRound(match, number) {
  return (match.events || []).find((event) => event.key === "event.round_void" && event.params?.round === number) || null;
}

function voidText(view, event) {
  const player = event.params?.player;
  return player ? t("match.round_void", { name: nameOf(view, player) }) : t("match.round_void_nobody");
}

const TIED_WINNERS_NAMED = 3; // more winners than this: "N players share the win", named in the ranking

/**
 * A player's figure in the ranking: their points, or, for a game that ranks on something else
 * (``game_view.ranking_basis``: its words and each player's figure, e.g. rounds won), that figure with the
 * points under it.
 */
function rankTotal(match, entry) {
  const points = t("result.points", { count: entry.total });
  const basis = match.game_view?.ranking_basis;
  if (!basis) return el("span", { class: "rank-total" }, points);
  return el(
    "span",
    { class: "rank-total with-basis" },
    el("strong", { "data-testid": "rank-basis" }, t(basis.key, { count: basis.figures?.[entry.player] ?? 0 })),
    el("small", {}, points),
  );
}

/** The winners and the ranking of a finished match (the children of the result box). */
export function resultParts(view) {
  const match = view.match;
  const result = match.result;
  const winners = result.winners.map((p) => nameOf(view, p));
  const unfinished = result.unfinished || [];
  return [
    heading(t("result.title"), result.ended_early ? badge(t("result.ended_early"), "warn", "ended-early") : null),
    result.ended_early ? el("p", { class: "muted small" }, t("result.ended_early_hint")) : null,
    // a match ended mid-round: what that round kept secret, told before the ranking
    unfinished.length
      ? el(
          "div",
          { class: "unfinished", "data-testid": "unfinished" },
          el("h3", {}, t("result.unfinished")),
          unfinished.map((line) => el("p", { "data-testid": "unfinished-line" }, t(line.key, readableParams(view, line.params || {})))),
        )
      : null,
    el(
      "p",
      { class: "winners", "data-testid": "winners" },
      winners.length > TIED_WINNERS_NAMED
        ? t("result.winners_tied", { count: winners.length }) // the ranking under it names them all, as #1
        : winners.length
          ? t("result.winners", { names: list(winners), count: winners.length })
          : t("result.no_winner"),
    ),
    match.game_view?.ranking_basis
      ? el("p", { class: "muted small", "data-testid": "ranked-by-basis" }, t(match.game_view.ranking_basis.title))
      : null,
    el(
      "ol",
      // a long ranking goes in two columns on the table (table.css)
      { class: ["ranking", result.ranking.length > 8 ? "long" : null], "data-testid": "ranking" },
      result.ranking.map((entry) =>
        el(
          "li",
          {
            class: ["rank", `place-${entry.place}`, entry.player === view.you ? "me" : null, entry.left ? "left" : null],
            "data-player": entry.player,
          },
          el("span", { class: "place" }, t("result.place", { place: entry.place })),
          avatar(lookOf(view, entry.player), { size: "s" }),
          el("span", { class: ["rank-name", entry.left ? "gone" : null], title: nameOf(view, entry.player) }, nameOf(view, entry.player)),
          entry.player === view.you ? youMark() : null,
          entry.left ? leftBadge() : null,
          rankTotal(match, entry),
        ),
      ),
    ),
  ];
}

function totalsTable(view) {
  const match = view.match;
  const totals = match.totals || {};
  const order = match.players.slice().sort((a, b) => (totals[b] ?? 0) - (totals[a] ?? 0));
  return el(
    "table",
    { class: "totals", "data-testid": "totals" },
    el(
      "tbody",
      {},
      order.map((pid) =>
        el(
          "tr",
          {
            class: [pid === view.you ? "me" : null, hasLeft(match, pid) ? "left" : null],
            "data-player": pid,
            "data-left": hasLeft(match, pid) ? "true" : null,
            "data-offline": !match.over && !hasLeft(match, pid) && isOffline(view, pid) ? "true" : null,
          },
          el(
            "td",
            {},
            avatar(lookOf(view, pid), { size: "s" }),
            el("span", { class: hasLeft(match, pid) ? "gone" : null }, nameOf(view, pid)),
            pid === view.you ? [" ", youMark()] : null,
            hasLeft(match, pid) ? [" ", leftBadge()] : [" ", offlineMark(view, pid)],
          ),
          el("td", { class: "num" }, totals[pid] ?? 0),
        ),
      ),
    ),
  );
}

function roundPoints(view, round) {
  const match = view.match;
  const voided = voidRound(match, round.number);
  let body;
  if (voided) {
    body = el("p", { class: "muted", "data-testid": "round-void" }, voidText(view, voided));
  } else if (round.entries.length) {
    body = el(
      "ul",
      { class: "points" },
      round.entries.map((entry) =>
        el(
          "li",
          { "data-testid": "point", "data-player": entry.player },
          el("span", { class: ["pts", entry.points < 0 ? "neg" : null] }, signed(entry.points)),
          el("span", { class: "who" }, nameOf(view, entry.player)),
          el("span", { class: "why", "data-testid": "point-reason" }, t(entry.reason, readableParams(view, entry.params || {}))),
        ),
      ),
    );
  } else {
    body = el("p", { class: "muted" }, t("scores.none"));
  }
  return el(
    "div",
    { class: "round-points", "data-testid": "round-points", "data-round": round.number, "data-fit-drop": "round" },
    el("h3", {}, t("scores.round", { round: round.number })),
    body,
  );
}

/** The points: each player's total, then each round's points with their reasons, the newest round first. */
export function scoresParts(view) {
  const match = view.match;
  const rounds = (match.rounds || [])
    .map((round, index) => ({ ...round, number: index + 1 }))
    .filter((round) => round.number <= match.rounds_finished || round.entries.length)
    .reverse();
  return [heading(t("scores.title")), totalsTable(view), rounds.map((round) => roundPoints(view, round))];
}

/** The latest events, the newest first. */
export function feedParts(view) {
  const events = (view.match.events || []).slice(-FEED_SHOWN).reverse();
  if (!events.length) return null;
  return el(
    "ul",
    { class: "events" },
    events.map((event) => el("li", { "data-fit-drop": "event" }, t(event.key, readableParams(view, event.params || {})))),
  );
}
