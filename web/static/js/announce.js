// A phone's spoken news: a polite live region (role "log") that a screen reader reads out as things happen in
// a match: a new phase (by the game's own name for it), the player's turn, a vote they are in opening and
// closing, their vote counted, 30 and 10 seconds left on a clock that waits for them, the match's result.
// Each is found by comparing a state with the one before it (never by what a render draws), so it is said
// once, in the order it happened; the first state a page receives says nothing of what was already under way.
// A game's screen adds what the shell cannot see (a step of a show) with api.announce(text).

import { el } from "./dom.js";
import { has, ready, t } from "./i18n.js";
import { gameName, joinNames } from "./common.js";
import { secondsLeft } from "./clock.js";
import { phaseLabel, presentPlayers, timerLabel } from "./match.js";
import { ANNOUNCE_EVENT } from "./screens.js";

const WARN_AT = [30, 10]; // seconds left on a clock that concerns the player
const KEPT = 12; // the last lines the log keeps for a reader who walks back to it
const CHECK_MS = 500;

function ballotLabel(match, id) {
  const key = `${match.game}.ballot.${id}`;
  return has(key) ? t(key) : t("match.timer.vote");
}

/** The ballots ``you`` vote in: id -> {open, voted, mine}. */
function myBallots(match, you) {
  const mine = {};
  for (const [id, ballot] of Object.entries(match.ballots || {})) {
    if (!(ballot.voters || []).includes(you)) continue;
    const choice = ballot.closed ? ballot.choices?.[you] : ballot.mine;
    const voted = ballot.closed ? choice !== undefined && choice !== null : (ballot.voted || []).includes(you);
    mine[id] = { open: !ballot.closed, voted, mine: choice ?? null };
  }
  return mine;
}

/** Does the clock ``name`` wait for ``you``: a ballot's while they have not voted, a phase's while they play. */
function concerns(match, name, timer, you) {
  if (!timer.running || timer.pace || name === "break" || match.over || match.paused) return false;
  if (name.startsWith("ballot:")) {
    const ballot = match.ballots?.[name.slice("ballot:".length)];
    return Boolean(ballot && !ballot.closed && (ballot.voters || []).includes(you) && !(ballot.voted || []).includes(you));
  }
  return presentPlayers(match).includes(you);
}

function snapshot(view) {
  const match = view?.match;
  if (!match) return { match: null };
  return {
    match: match.id,
    moment: `${match.round || 0}|${match.phase}`,
    over: Boolean(match.over),
    turn: match.turn ?? null,
    ballots: myBallots(match, view.you),
  };
}

function resultLine(view) {
  const result = view.match.result;
  const winners = result?.winners || [];
  const who = winners.length ? t("result.winners", { names: joinNames(view, winners), count: winners.length }) : t("result.no_winner");
  return `${t("match.over")}. ${who}`;
}

export class Announcer {
  constructor() {
    this.region = el("div", {
      role: "log",
      "aria-live": "polite",
      class: "visually-hidden",
      "data-testid": "announcer",
      "data-i18n-aria-label": "announce.region", // named whenever the page's strings (re)load (i18n.applyStatic)
    });
    if (ready()) this.region.setAttribute("aria-label", t("announce.region"));
    document.body.append(this.region);
    this.last = null;
    this.view = null;
    this.warned = new Map(); // a clock (match, name, deadline) -> {above: seen above a mark, said: marks said}
    setInterval(() => this.checkClocks(), CHECK_MS);
    document.addEventListener(ANNOUNCE_EVENT, (event) => this.say(event.detail));
  }

  say(text) {
    if (!text) return;
    this.region.append(el("p", {}, text));
    while (this.region.childElementCount > KEPT) this.region.firstElementChild.remove();
  }

  /** Call with every new state of this phone's seat. */
  observe(view) {
    const now = snapshot(view);
    const before = this.last;
    this.last = now;
    this.view = view;
    if (!ready()) return; // states can come before the page's strings: nothing is said in raw keys
    if (!before || !now.match) return;
    const match = view.match;
    const same = before.match === now.match;
    if (!same && !now.over) this.say(t("announce.match_start", { game: gameName(match.game) }));
    if (now.over) {
      if (!(same && before.over)) this.say(resultLine(view));
      return;
    }
    for (const [id, was] of Object.entries(same ? before.ballots : {})) {
      const ballot = now.ballots[id];
      if (!was.open || ballot?.open) continue;
      // the vote that closed the ballot is counted too, in the same state as its closing
      if (ballot?.voted && (!was.voted || was.mine !== ballot.mine)) this.say(t("announce.vote_counted"));
      this.say(t("announce.vote_closed", { ballot: ballotLabel(match, id) }));
    }
    if (!same || before.moment !== now.moment) {
      const phase = phaseLabel(match);
      if (phase) this.say(match.round ? t("announce.round_phase", { round: match.round, phase }) : phase);
    }
    for (const [id, ballot] of Object.entries(now.ballots)) {
      const was = same && before.ballots[id]?.open ? before.ballots[id] : null;
      if (!ballot.open) continue;
      if (!was) this.say(t("announce.vote_open", { ballot: ballotLabel(match, id) }));
      if (ballot.voted && (!was?.voted || was.mine !== ballot.mine)) this.say(t("announce.vote_counted"));
    }
    const you = view.you;
    if (now.turn === you && !(same && before.turn === you) && presentPlayers(match).includes(you)) {
      this.say(t("announce.your_turn"));
    }
  }

  /** Say 30 and 10 seconds left on each clock that waits for this player, once per clock and mark. */
  checkClocks() {
    if (!ready()) return;
    const match = this.view?.match;
    if (!match) return;
    for (const [name, timer] of Object.entries(match.timers || {})) {
      if (!concerns(match, name, timer, this.view.you)) continue;
      const key = `${match.id}|${name}|${timer.deadline}`;
      let seen = this.warned.get(key);
      if (!seen) {
        seen = { above: new Set(), said: new Set() };
        this.warned.set(key, seen);
        if (this.warned.size > 100) this.warned.delete(this.warned.keys().next().value);
      }
      const left = secondsLeft(timer);
      for (const mark of WARN_AT) {
        if (left > mark) seen.above.add(mark);
        else if (seen.above.has(mark) && !seen.said.has(mark) && left > 0) {
          seen.said.add(mark);
          // the lower mark only: a clock seen last at 31 s and now at 9 s says "10 seconds", not both
          if (!WARN_AT.some((lower) => lower < mark && left <= lower)) {
            this.say(t("announce.seconds_left", { timer: timerLabel(match, name), seconds: mark, count: mark }));
          }
        }
      }
    }
  }
}
