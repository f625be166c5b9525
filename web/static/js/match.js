// The match shell: phase, round, timers, the host's clock controls, the game's screen, points, results.
// Used on the phone (a seat's view) and on the table screen (the public view).

import { confirmButton, el, fill } from "./dom.js";
import { has, list, t } from "./i18n.js";
import { badge, gameName, heading, nameOf, readableParams, variantName } from "./common.js";
import { countdown } from "./clock.js";
import { keepingFocus } from "./focus.js";
import { loadScreen, loadVariantScreens, screenApi } from "./screens.js";

const EXTEND_SECONDS = 30;
const FEED_SHOWN = 5;

export function phaseLabel(match) {
  if (match.over || match.phase === "over") return t("match.over");
  const key = `${match.game}.phase.${match.phase}`;
  return has(key) ? t(key) : null;
}

function timerLabel(game, name) {
  if (name.startsWith("ballot:")) {
    const key = `${game}.ballot.${name.slice("ballot:".length)}`;
    return has(key) ? t(key) : t("match.timer.vote");
  }
  const key = `${game}.timer.${name}`;
  return has(key) ? t(key) : t("match.timer.generic");
}

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

/** The players still in the match (a view without ``present`` predates presence: everyone is). */
export function presentPlayers(match) {
  return match.present || match.players.filter((p) => !(match.left || []).includes(p));
}

/** True when ``pid`` left the match or was kicked from it. */
export function hasLeft(match, pid) {
  return (match.left || []).includes(pid);
}

/** The viewer is in the lobby but not in this match (a late arrival, or back after leaving): they watch. */
export function watching(view, table = false) {
  const match = view.match;
  if (table || !match || match.over || !view.you) return false;
  return !presentPlayers(match).includes(view.you);
}

/** Something the host can move on without the missing players: an open ballot, or a phase's clock. */
export function waiting(match) {
  if (match.over) return false;
  if (Object.values(match.ballots || {}).some((ballot) => !ballot.closed)) return true;
  return Object.entries(match.timers || {}).some(
    ([name, timer]) => !name.startsWith("ballot:") && (timer.running || timer.paused),
  );
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

export class MatchPanel {
  /** ``command(kind, args)`` sends a lobby command (null on the table screen). */
  constructor(container, { table = false, command = null } = {}) {
    this.table = table;
    this.command = command;
    this.view = null;
    this.host = false;
    this.head = el("div", { class: "match-head", "data-testid": "match-head" });
    this.timers = el("div", { class: "timers", "data-testid": "timers" });
    this.controls = el("div", { class: "match-controls", "data-testid": "match-controls" });
    this.result = el("div", { class: "result-box", "data-testid": "result" });
    this.notice = el("div", { class: "match-notice", "data-testid": "match-notice", hidden: true });
    this.screen = el("div", { class: "game-screen", "data-testid": "game-screen" });
    this.scores = el("div", { class: "scores", "data-testid": "scores" });
    this.feed = el("div", { class: "feed", "data-testid": "feed" });
    fill(container, this.head, this.timers, this.controls, this.result, this.notice, this.screen, this.scores, this.feed);
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
    this.renderHead(match);
    this.renderTimers(match);
    this.renderControls(match);
    this.renderResult(view);
    this.renderNotice(view);
    this.renderScreen(view);
    this.renderScores(view);
    this.renderFeed(view);
  }

  renderHead(match) {
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
      ),
    );
  }

  /** Above the game's screen: a seat that is not in this match watches it (the screen shows the public view). */
  renderNotice(view) {
    const on = watching(view, this.table);
    this.notice.hidden = !on;
    fill(
      this.notice,
      on ? el("p", { class: "watching-banner", role: "status", "data-testid": "watching" }, t("match.watching")) : null,
    );
  }

  renderTimers(match) {
    const entries = Object.entries(match.timers || {});
    this.timers.hidden = entries.length === 0;
    fill(
      this.timers,
      entries.map(([name, timer]) => {
        const { node, bar } = countdown(timer, { class: "big", testid: `timer-${name.replace(":", "-")}` });
        return el(
          "div",
          { class: ["timer-card", timer.running ? "running" : "held"], "data-timer": name },
          el("div", { class: "timer-label" }, timerLabel(match.game, name)),
          node,
          bar,
          timer.paused ? el("div", { class: "timer-note" }, t("match.paused")) : null,
          this.host && !match.over
            ? el(
                "button",
                {
                  type: "button",
                  class: "btn small",
                  "data-testid": "extend",
                  onclick: () => this.act("extend", { seconds: EXTEND_SECONDS, timer: name }),
                },
                t("match.extend", { seconds: EXTEND_SECONDS, timer: timerLabel(match.game, name) }),
              )
            : null,
        );
      }),
    );
  }

  renderControls(match) {
    const show = this.host && !match.over;
    this.controls.hidden = !show;
    if (!show) {
      this.controls.replaceChildren();
      return;
    }
    fill(
      this.controls,
      el(
        "div",
        { class: "control-row" },
        match.paused
          ? el(
              "button",
              { type: "button", class: "btn", "data-testid": "resume", onclick: () => this.act("resume") },
              t("match.resume"),
            )
          : el(
              "button",
              { type: "button", class: "btn", "data-testid": "pause", onclick: () => this.act("pause") },
              t("match.pause"),
            ),
        waiting(match)
          ? confirmButton({
              id: `skip:${match.id}:${match.round}:${match.phase}`,
              label: t("match.skip"),
              confirmLabel: t("match.skip_confirm"),
              onConfirm: () => this.act("skip"),
              attrs: { class: "btn", "data-testid": "skip", title: t("match.skip_hint") },
            })
          : null,
      ),
      el(
        "div",
        { class: "control-row end-row" },
        confirmButton({
          id: `end:${match.id}`,
          label: t("match.end"),
          confirmLabel: t("match.end_confirm"),
          onConfirm: () => this.command("end", {}),
          attrs: { class: "btn", "data-testid": "end", title: t("match.end_hint") },
        }),
        confirmButton({
          id: `abort:${match.id}`,
          label: t("match.abort"),
          confirmLabel: t("match.abort_confirm"),
          onConfirm: () => this.command("abort", {}),
          attrs: { class: "btn danger", "data-testid": "abort", title: t("match.abort_hint") },
        }),
      ),
    );
  }

  renderResult(view) {
    const match = view.match;
    const result = match.result;
    this.result.hidden = !(match.over && result);
    if (this.result.hidden) {
      this.result.replaceChildren();
      return;
    }
    const winners = result.winners.map((p) => nameOf(view, p));
    fill(
      this.result,
      heading(t("result.title"), result.ended_early ? badge(t("result.ended_early"), "warn", "ended-early") : null),
      result.ended_early ? el("p", { class: "muted small" }, t("result.ended_early_hint")) : null,
      el(
        "p",
        { class: "winners", "data-testid": "winners" },
        winners.length ? t("result.winners", { names: list(winners), count: winners.length }) : t("result.no_winner"),
      ),
      el(
        "ol",
        { class: "ranking", "data-testid": "ranking" },
        result.ranking.map((entry) =>
          el(
            "li",
            {
              class: ["rank", `place-${entry.place}`, entry.player === view.you ? "me" : null, entry.left ? "left" : null],
              "data-player": entry.player,
            },
            el("span", { class: "place" }, t("result.place", { place: entry.place })),
            el("span", { class: ["rank-name", entry.left ? "gone" : null] }, nameOf(view, entry.player)),
            entry.left ? leftBadge() : null,
            el("span", { class: "rank-total" }, t("result.points", { count: entry.total })),
          ),
        ),
      ),
    );
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
  }

  renderScores(view) {
    const match = view.match;
    const totals = match.totals || {};
    const order = match.players.slice().sort((a, b) => (totals[b] ?? 0) - (totals[a] ?? 0));
    const rounds = (match.rounds || [])
      .map((round, index) => ({ ...round, number: index + 1 }))
      .filter((round) => round.number <= match.rounds_finished || round.entries.length)
      .reverse();
    fill(
      this.scores,
      heading(t("scores.title")),
      el(
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
              },
              el(
                "td",
                {},
                el("span", { class: hasLeft(match, pid) ? "gone" : null }, nameOf(view, pid)),
                hasLeft(match, pid) ? [" ", leftBadge()] : null,
              ),
              el("td", { class: "num" }, totals[pid] ?? 0),
            ),
          ),
        ),
      ),
      rounds.map((round) =>
        el(
          "div",
          { class: "round-points", "data-testid": "round-points", "data-round": round.number },
          el("h3", {}, t("scores.round", { round: round.number })),
          voidRound(match, round.number)
            ? el("p", { class: "muted", "data-testid": "round-void" }, voidText(view, voidRound(match, round.number)))
            : round.entries.length
            ? el(
                "ul",
                { class: "points" },
                round.entries.map((entry) =>
                  el(
                    "li",
                    { "data-testid": "point", "data-player": entry.player },
                    el("span", { class: ["pts", entry.points < 0 ? "neg" : null] }, signed(entry.points)),
                    el("span", { class: "who" }, nameOf(view, entry.player)),
                    el(
                      "span",
                      { class: "why", "data-testid": "point-reason" },
                      t(entry.reason, readableParams(view, entry.params || {})),
                    ),
                  ),
                ),
              )
            : el("p", { class: "muted" }, t("scores.none")),
        ),
      ),
    );
  }

  renderFeed(view) {
    const events = (view.match.events || []).slice(-FEED_SHOWN).reverse();
    this.feed.hidden = events.length === 0;
    fill(
      this.feed,
      el(
        "ul",
        { class: "events" },
        events.map((event) => el("li", {}, t(event.key, readableParams(view, event.params || {})))),
      ),
    );
  }
}
