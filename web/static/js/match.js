// The match shell: phase, round, timers, the host's clock controls, the game's screen, points, results.
// Used on the phone (a seat's view) and on the table screen (the public view), where the game's screen is
// the stage: a box of fixed size in the middle of the TV (docs/screens.md, "The table's stage").

import { el, fill } from "./dom.js";
import { has, lang, t } from "./i18n.js";
import { badge, gameName, joinNames, lastRound, variantName } from "./common.js";
import { clockKey, countdown, settleClocks } from "./clock.js";
import { keepingFocus } from "./focus.js";
import { loadScreen, loadVariantScreens, screenApi, showWhenStyled } from "./screens.js";
import { feedParts, hasLeft, leftBadge, resultParts, scoresParts } from "./points.js";
import { hostControls, waiting } from "./match_controls.js";
import { trimToFit, watchStage } from "./fit.js";
import { who } from "./looks.js";
import { NowScroller } from "./now_scroll.js";
import { offlineLine, offlineMark } from "./presence.js";
import { tableTimeAsks, timeAskParts, timeFactorPicker } from "./time_asks.js";
import { crowdTally } from "./audience_parts/table.js";

export { hasLeft, leftBadge, waiting };

const EXTEND_SECONDS = 30;

export function phaseLabel(match) {
  if (match.over || match.phase === "over") return t("match.over");
  const key = `${match.game}.phase.${match.phase}`;
  return has(key) ? t(key) : null;
}

/** What a clock of the match is for, in the game's words ("Accusation vote"), else the shell's. */
export function timerLabel(match, name) {
  const game = match.game;
  if (name === "break" && lastRound(match)) return t("match.timer.final_results");
  if (name.startsWith("ballot:")) {
    const key = `${game}.ballot.${name.slice("ballot:".length)}`;
    return has(key) ? t(key) : t("match.timer.vote");
  }
  const key = `${game}.timer.${name}`;
  return has(key) ? t(key) : t("match.timer.generic");
}

/** The players still in the match (a view without ``present`` predates presence: everyone is). */
export function presentPlayers(match) {
  return match.present || match.players.filter((p) => !(match.left || []).includes(p));
}

/** The viewer is in the lobby but not in this match (a late arrival, or back after leaving): they watch. */
export function watching(view, table = false) {
  const match = view.match;
  if (table || !match || match.over || !view.you) return false;
  return !presentPlayers(match).includes(view.you);
}

export class MatchPanel {
  /** ``command(kind, args)`` sends a lobby command (null on the table screen); ``follow``: a phone scrolls to what
   * its player must do now (an audience phone does not: its prompts come first). */
  constructor(container, { table = false, command = null, follow = !table } = {}) {
    this.table = table;
    this.command = command;
    this.card = container;
    // a phone follows what its player must do now (now_scroll.js); the table's stage never scrolls
    this.nowScroll = follow ? new NowScroller() : null;
    this.view = null;
    this.host = false;
    this.controlsShow = null; // what the host's bar was last built for (renderControls)
    this.head = el("div", { class: "match-head", "data-testid": "match-head" });
    this.timers = el("div", { class: "timers", "data-testid": "timers" });
    this.controls = el("div", { class: "match-controls", "data-testid": "match-controls" });
    // a player's ask for more time and the host's answers: below the game's screen, like the host's bar
    this.timeAsks = el("div", { class: "time-asks", "data-testid": "time-asks", hidden: true });
    this.result = el("div", { class: "result-box reveal-in", "data-testid": "result" });
    this.notice = el("div", { class: "match-notice", "data-testid": "match-notice", hidden: true });
    this.screen = el("div", { class: ["game-screen", table ? "stage" : null], "data-testid": "game-screen" });
    this.scores = el("div", { class: "scores", "data-testid": "scores" });
    this.feed = el("div", { class: "feed", "data-testid": "feed" });
    // whose phone is offline: on the table at the top of the rail, on a phone above the game's screen
    this.presence = el("div", { class: "match-presence", "data-testid": "match-presence", hidden: true });
    // the audience's tally of the latest answers, on the table only (an audience phone has its own cards)
    this.crowd = el("div", { class: "match-crowd", hidden: true });
    this.rail = el("div", { class: "match-rail", "data-testid": "match-rail" }, table ? [this.presence, this.crowd] : null, this.scores, this.feed);
    fill(container, this.head, this.timers, this.timeAsks, this.controls, this.result, this.notice, table ? null : this.presence, this.screen, this.rail);
    if (table) {
      watchStage(this.screen);
      new ResizeObserver(() => trimToFit(this.rail)).observe(this.rail);
    }
    this.screenKey = null;
    this.screenMatch = null;
    this.module = null;
    this.extensions = [];
    this.api = screenApi({
      current: () => this.view,
      command,
      table,
      root: () => this.screen,
      refresh: () => {
        if (this.view?.match && this.module) this.paintScreen(this.view);
      },
    });
  }

  act(action, args = {}) {
    return this.api.send(action, args);
  }

  update(view, { host = false } = {}) {
    this.view = view;
    this.host = host && !this.table;
    const match = view.match;
    this.renderHead(match, view);
    this.renderTimers(match);
    this.renderControls(match);
    this.renderResult(view);
    this.renderNotice(view);
    const offline = offlineLine(view);
    this.presence.hidden = !offline;
    fill(this.presence, offline);
    if (this.table) {
      const crowd = crowdTally(view);
      this.crowd.hidden = !crowd;
      fill(this.crowd, crowd);
    }
    // the table's results scene is the shell's: the game's last round was shown before the match ended
    this.screen.hidden = this.table && Boolean(match.over);
    this.renderScreen(view);
    fill(this.scores, scoresParts(view));
    const feed = feedParts(view);
    this.feed.hidden = !feed;
    fill(this.feed, feed);
    if (this.table) trimToFit(this.rail);
  }

  renderHead(match, view = null) {
    const phase = phaseLabel(match);
    fill(
      this.head,
      el(
        "div",
        { class: "match-title" },
        el("h2", { "data-testid": "match-game" }, gameName(match.game)),
        match.variants.length
          ? el(
              "div",
              { class: "chips" },
              match.variants.map((v) => el("span", { class: "chip" }, variantName(v))),
            )
          : null,
      ),
      el(
        "div",
        { class: "match-meta" },
        match.round ? badge(t("match.round", { round: match.round }), "round", "match-round") : null,
        phase ? badge(phase, "phase", "match-phase") : null,
        match.paused ? badge(t("match.paused"), "warn", "match-paused") : null,
        match.turn && !match.over
          ? el(
              "span",
              { class: "badge turn-card", "data-testid": "match-turn" },
              el("span", { class: "turn-label" }, t("match.turn_of")),
              who(view, match.turn, { size: "s" }),
              offlineMark(view, match.turn),
            )
          : null,
      ),
    );
  }

  /** Above the game's screen: a seat that is not in this match watches it (the screen shows the public view). */
  renderNotice(view) {
    const on = watching(view, this.table);
    const sittingOut = view.lobby.sitting_out || [];
    const asks = (view.lobby.seat_requests || []).map((ask) => ask.player);
    const lines = [
      on
        ? el(
            "p",
            { class: "watching-banner", role: "status", "data-testid": "watching" },
            sittingOut.includes(view.you) ? t("match.sitting_out") : t("match.watching"),
          )
        : null,
      this.table && sittingOut.length && !view.match.over
        ? el("p", { class: "sitting-out-line", "data-testid": "table-sitting-out" }, t("table.sitting_out", { names: joinNames(view, sittingOut) }))
        : null,
      this.table && asks.length
        ? el("p", { class: "seat-ask-line", role: "status", "data-testid": "table-seat-asks" }, t("table.seat_asks", { names: joinNames(view, asks) }))
        : null,
      this.table ? tableTimeAsks(view) : null,
    ].filter(Boolean);
    this.notice.hidden = lines.length === 0;
    fill(this.notice, lines);
    const timeAsks = this.table
      ? null
      : timeAskParts(view, {
          host: this.host,
          playing: presentPlayers(view.match).includes(view.you),
          act: (move, args) => this.act(move, args),
        });
    this.timeAsks.hidden = !timeAsks;
    fill(this.timeAsks, timeAsks);
  }

  renderTimers(match) {
    const entries = Object.entries(match.timers || {});
    this.timers.hidden = entries.length === 0;
    if (this.table) {
      const running = entries.filter(([, timer]) => timer.running && !match.over);
      settleClocks(running.map(([name, timer]) => clockKey(`${match.id}:${name}`, timer)));
    }
    fill(
      this.timers,
      entries.map(([name, timer]) => {
        const { node, bar } = countdown(timer, {
          class: "big",
          testid: `timer-${name.replace(":", "-")}`,
          // the table sounds the last seconds of a clock that waits for players (cues.js); the break between
          // rounds waits for nobody, and a phone stays quiet
          cue: this.table && !match.over && name !== "break" ? `${match.id}:${name}` : null,
        });
        return el(
          "div",
          { class: ["timer-card", timer.running ? "running" : "held"], "data-timer": name },
          el("div", { class: "timer-label" }, timerLabel(match, name)),
          node,
          bar,
          timer.paused ? el("div", { class: "timer-note" }, t("match.paused")) : null,
          timer.untimed ? el("div", { class: "timer-note", "data-testid": "timer-untimed" }, t("match.no_clock")) : null,
        );
      }),
    );
  }

  renderControls(match) {
    const show = this.host && !match.over;
    this.controls.hidden = !show;
    if (!show) {
      this.controls.replaceChildren();
      this.controlsShow = null;
      return;
    }
    // rebuilt only when what the bar acts on changes: a state that changes none of it (a friend arriving, a
    // claim) must not replace a button under the host's finger (the tap would be lost) or close the time
    // picker; a move the bar made (a skip, which leaves its button disabled till then) always changes it.
    // Whether a skip is offered (waiting) follows from the open ballots and the clocks.
    const ballots = Object.entries(match.ballots || {}).filter(([, ballot]) => !ballot.closed);
    const clocks = Object.entries(match.timers || {}).map(([name, timer]) => [name, timer.deadline, timer.paused]);
    const shows = JSON.stringify([
      lang(),
      [match.game, match.id, match.round, match.phase, match.turn ?? null, match.paused],
      [match.options?.time_factor ?? null, ballots.map(([id]) => id), clocks, lastRound(match)],
    ]);
    if (shows === this.controlsShow) return;
    this.controlsShow = shows;
    // the host's "+30 s" for each clock sits in the host's bar, below the game: it never pushes the action down
    const extend = Object.keys(match.timers || {}).map((name) =>
      el(
        "button",
        {
          type: "button",
          class: "btn small",
          "data-testid": "extend",
          onclick: () => this.act("extend", { seconds: EXTEND_SECONDS, timer: name }),
        },
        t("match.extend", { seconds: EXTEND_SECONDS, timer: timerLabel(match, name) }),
      ),
    );
    extend.push(timeFactorPicker(match, (move, args) => this.act(move, args)));
    fill(this.controls, hostControls(match, { act: (move) => this.act(move), command: this.command, extend }));
  }

  renderResult(view) {
    const match = view.match;
    this.result.hidden = !(match.over && match.result);
    if (this.result.hidden) this.result.replaceChildren();
    else fill(this.result, resultParts(view));
  }

  /** The game's finale scene (its screen's renderFinale) into ``root``, once its screen has loaded. */
  async renderFinale(root, view) {
    const module = this.module || (await loadScreen(view.match.game));
    if (typeof module.renderFinale !== "function" || root.hidden) return;
    try {
      module.renderFinale(root, view, this.api);
    } catch (error) {
      console.error(error);
    }
  }

  /** Load the game's screen and its variants' (once per game and set of variants), then paint. */
  async renderScreen(view) {
    const match = view.match;
    const key = `${match.game}|${(match.variants || []).join(",")}`;
    if (this.screenKey !== key || this.screenMatch !== match.id) {
      this.screen.replaceChildren();
      this.screenMatch = match.id;
    }
    if (this.screenKey !== key) {
      this.screenKey = key;
      this.module = null;
      this.extensions = [];
      const [module, extensions] = await Promise.all([
        loadScreen(match.game),
        loadVariantScreens(match.game, match.variants || []),
      ]);
      if (this.screenKey !== key) return;
      this.module = module;
      this.extensions = extensions;
      view = this.view; // the newest state may have arrived while the modules loaded
      if (!view.match || view.match.game !== match.game) return;
    }
    if (!this.module) return; // still loading: the load paints the newest state when done
    this.paintScreen(view);
  }

  /**
   * The game's render, then each chosen variant's extend, on the same root. A field being typed in keeps
   * its focus, text and caret (focus.js): a phone's keyboard stays open whatever arrives.
   */
  paintScreen(view) {
    keepingFocus(this.screen, () => {
      try {
        this.module.render(this.screen, view, this.api);
      } catch (error) {
        console.error(error);
        fill(this.screen, el("p", { class: "error" }, t("match.screen_failed")));
        return;
      }
      for (const { id, module } of this.extensions) {
        try {
          module.extend(view, this.screen, this.api);
        } catch (error) {
          console.error(`variant ${id}:`, error);
        }
      }
    });
    if (this.table) this.screen.classList.add("stage"); // a game that set its root's className keeps the stage
    showWhenStyled(this.screen, () => this.api.refresh());
    this.nowScroll?.follow(view.match, { screen: this.screen, result: this.result, card: this.card });
  }
}
