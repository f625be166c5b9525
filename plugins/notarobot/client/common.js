// I'm Not a Robot: what the phone and the table screens share. The context of a render, the players'
// looks (the shell's colour and avatar), the words in the viewer's language, the status, the tokens and the record.

/** The screen's stage once the match has ended: no phase of the game's. */
export const OVER = "over";

/** Everything a render needs, read once from the view. ``stage`` is the server's phase, or OVER. */
export function context(view, api) {
  const match = view.match;
  const g = match.game_view || {};
  const me = view.you;
  const present = api.present;
  const left = new Set(match.left || []);
  const playing = Boolean(api.playing);
  const ctx = {
    view,
    api,
    match,
    g,
    me,
    present,
    left,
    playing,
    stage: match.over ? OVER : match.phase,
    host: api.host,
    table: Boolean(api.table),
    artist: g.artist || null,
    isArtist: playing && Boolean(g.artist) && g.artist === me,
    guessers: present.filter((p) => p !== g.artist),
    // each player's look, the shell's (their colour, and their avatar on their checkmarks)
    colour: (pid) => api.colour(pid) || "#888",
    mark: (pid) => api.avatar(pid, { size: "s" }),
    word: (index) => wordText(api, (g.words || [])[index]),
  };
  ctx.isGuesser = playing && Boolean(g.artist) && g.artist !== me;
  return ctx;
}

export function wordText(api, word) {
  if (!word) return "";
  return word[api.lang] || word.en || word.ru || "";
}

/** A player's name, "(you)" on their own phone, struck through with the shell's badge once gone. */
export function who(ctx, pid, { you = true } = {}) {
  const { api } = ctx;
  const mine = you && ctx.playing && pid === ctx.me;
  return api.el(
    "span",
    { class: ["nr-who", ctx.left.has(pid) ? "gone" : null], style: { "--nr-colour": ctx.colour(pid) } },
    api.avatar(pid, { size: "s" }),
    api.el("span", { class: "nr-name" }, mine ? api.t("notarobot.screen.you_name", { name: api.name(pid) }) : api.name(pid)),
    ctx.left.has(pid) ? api.el("span", { class: "nr-badge gone" }, api.t("match.left_badge")) : null,
  );
}

/** The artists still to come this turn after the current one (present, who drew, not skipped). */
export function artistsAfter(ctx) {
  const { g } = ctx;
  const order = g.order || [];
  const at = order.indexOf(g.artist);
  const drawn = new Set(g.drawn || []);
  const skipped = new Set(g.skipped || []);
  return order.slice(at + 1).filter((p) => drawn.has(p) && !skipped.has(p) && !ctx.left.has(p));
}

export function anyVoteOpen(ctx) {
  return Object.values(ctx.match.ballots || {}).some((b) => !b.closed);
}

/** The status line: [title, detail] for this phase and this viewer. */
export function statusLines(ctx) {
  const { api, g, match } = ctx;
  const t = api.t;
  const P = api.phases;
  const artist = ctx.artist ? api.name(ctx.artist) : "";
  const drawn = (g.drawn || []).filter((p) => ctx.present.includes(p)).length;
  const checked = (g.checks || []).filter((c) => ctx.guessers.includes(c.player)).length;
  switch (ctx.stage) {
    case P.drawing:
      return [
        t(ctx.playing ? (g.drawing ? "notarobot.screen.status.drawn" : "notarobot.screen.status.draw") : "notarobot.screen.status.drawing"),
        t("notarobot.screen.status.drawn_count", { count: drawn, total: ctx.present.length }),
      ];
    case P.uncover:
      if (ctx.isArtist) return [t("notarobot.screen.status.uncover_mine"), t("notarobot.screen.status.uncover_mine_hint")];
      return [t("notarobot.screen.status.uncover", { name: artist }), t("notarobot.screen.status.uncover_hint")];
    case P.guessing:
      if (ctx.isArtist) return [t("notarobot.screen.status.guessing_mine"), t("notarobot.screen.status.checked_count", { count: checked, total: ctx.guessers.length })];
      return [t("notarobot.screen.status.guessing", { name: artist }), t("notarobot.screen.status.checked_count", { count: checked, total: ctx.guessers.length })];
    case P.reveal: {
      const reveal = g.reveal;
      const word = reveal ? ctx.word(reveal.word) : "";
      if (ctx.isArtist) return [t("notarobot.screen.status.reveal_mine", { word }), null];
      return [t("notarobot.screen.status.reveal", { name: artist, word }), null];
    }
    case OVER:
      return [t("notarobot.screen.status.over"), null];
    default:
      return [match.phase || "", null];
  }
}

export function statusBlock(ctx) {
  const { api, g, match } = ctx;
  const [title, detail] = statusLines(ctx);
  return [
    api.el(
      "div",
      { class: "nr-round" },
      api.t("notarobot.screen.round_of", { round: match.round || 1, rounds: g.rounds || match.options?.rounds || 1 }),
      ctx.stage === OVER ? null : api.el("span", { class: "nr-phase", "data-testid": "nr-phase" }, api.t(`notarobot.phase.${match.phase}`)),
    ),
    api.el("p", { class: "nr-status-title", "data-testid": "nr-status-title" }, title),
    detail ? api.el("p", { class: "nr-status-detail", "data-testid": "nr-status-detail" }, detail) : null,
  ];
}

/** The round's words, as a list (``chosen``: the index to mark). */
export function wordList(ctx, { chosen = null, testid = "nr-words" } = {}) {
  const { api, g } = ctx;
  return api.el(
    "ul",
    { class: "nr-words", "data-testid": testid, "aria-label": api.t("notarobot.screen.words") },
    (g.words || []).map((word, index) =>
      api.el("li", { class: ["nr-word", index === chosen ? "chosen" : null], "data-word": String(index) }, wordText(api, word)),
    ),
  );
}

/** Each player's tokens: CAPTCHA (worth 3), Robot, and what they add up to. */
export function tokenTable(ctx) {
  const { api, g, match } = ctx;
  const tokens = g.tokens || {};
  const total = (pid) => (tokens[pid]?.captcha || 0) * 3 + (tokens[pid]?.robot || 0);
  const rows = match.players.slice().sort((a, b) => total(b) - total(a));
  return api.el(
    "section",
    { class: "nr-tokens", "data-testid": "nr-tokens" },
    api.el("h3", {}, api.t("notarobot.screen.tokens_title")),
    api.el(
      "table",
      {},
      api.el(
        "thead",
        {},
        api.el(
          "tr",
          {},
          api.el("th", { scope: "col" }, api.t("notarobot.screen.col_player")),
          api.el("th", { scope: "col", class: "num", title: api.t("notarobot.screen.captcha_token") }, api.t("notarobot.screen.col_captcha")),
          api.el("th", { scope: "col", class: "num", title: api.t("notarobot.screen.robot_token") }, api.t("notarobot.screen.col_robot")),
          api.el("th", { scope: "col", class: "num" }, api.t("notarobot.screen.col_total")),
        ),
      ),
      api.el(
        "tbody",
        {},
        rows.map((pid) =>
          api.el(
            "tr",
            { "data-testid": "nr-token-row", "data-player": pid, class: [pid === ctx.artist && ctx.stage !== OVER ? "artist" : null, ctx.left.has(pid) ? "left" : null] },
            api.el("th", { scope: "row" }, who(ctx, pid)),
            api.el("td", { class: "num", "data-testid": "nr-captcha" }, String(tokens[pid]?.captcha || 0)),
            api.el("td", { class: "num", "data-testid": "nr-robot" }, String(tokens[pid]?.robot || 0)),
            api.el("td", { class: "num total", "data-testid": "nr-total" }, String(total(pid))),
          ),
        ),
      ),
    ),
    api.el("p", { class: "nr-note" }, api.t("notarobot.screen.tokens_note")),
  );
}

/** What the reveal says: the word, who was right, the CAPTCHA token. */
export function revealSummary(ctx) {
  const { api, g } = ctx;
  const reveal = g.reveal;
  if (!reveal) return null;
  const right = new Set(reveal.right || []);
  const checks = new Map((g.checks || []).map((c) => [c.player, c.tile]));
  const guessers = ctx.match.players.filter((p) => p !== reveal.artist && (ctx.present.includes(p) || checks.has(p)));
  const captcha = reveal.captcha ? "won" : right.size === 0 ? "none_right" : "all_right";
  return api.el(
    "section",
    { class: "nr-reveal", "data-testid": "nr-reveal" },
    api.el(
      "p",
      { class: "nr-reveal-word" },
      api.el("span", { class: "nr-label" }, api.t("notarobot.screen.the_word")),
      api.el("strong", { "data-testid": "nr-reveal-word" }, ctx.word(reveal.word)),
    ),
    api.el(
      "ul",
      { class: "nr-right", "data-testid": "nr-right" },
      guessers.map((pid) =>
        api.el(
          "li",
          { class: right.has(pid) ? "right" : "wrong", "data-player": pid, "data-right": right.has(pid) ? "true" : "false" },
          api.el("span", { class: "nr-verdict", "aria-hidden": "true" }, right.has(pid) ? "✓" : checks.has(pid) ? "✗" : "–"),
          who(ctx, pid),
          api.el(
            "span",
            { class: "nr-why" },
            checks.has(pid)
              ? right.has(pid)
                ? api.t("notarobot.screen.right")
                : api.t("notarobot.screen.wrong")
              : api.t("notarobot.screen.no_check"),
          ),
        ),
      ),
    ),
    api.el(
      "p",
      { class: ["nr-captcha-result", captcha], "data-testid": "nr-captcha-result", "data-captcha": String(Boolean(reveal.captcha)) },
      api.el("span", { class: "nr-token captcha", "aria-hidden": "true" }, "✓"),
      api.t(`notarobot.screen.captcha.${captcha}`, { name: api.name(reveal.artist) }),
    ),
    api.el(
      "p",
      { class: "nr-note" },
      api.t("notarobot.screen.inside_count", { count: (reveal.inside || []).length }),
      reveal.full && !ctx.match.ballots?.full_pad ? ` ${api.t("notarobot.screen.full_pad_note")}` : "", // its vote says it
    ),
  );
}

/** The turns played so far, newest first. */
export function record(ctx) {
  const { api, g } = ctx;
  const turns = (g.turns || []).slice().reverse();
  if (!turns.length) return null;
  return api.el(
    "section",
    { class: "nr-record", "data-testid": "nr-record" },
    api.el("h3", {}, api.t("notarobot.screen.record_title")),
    api.el(
      "ol",
      { reversed: true },
      turns.map((turn) =>
        api.el(
          "li",
          {},
          api.el("span", { class: "nr-record-round" }, api.t("notarobot.screen.round_short", { round: turn.round })),
          api.t("notarobot.screen.record_line", { name: api.name(turn.artist), word: wordText(api, turn.word) }),
          " ",
          api.el(
            "span",
            { class: "nr-muted" },
            turn.right.length
              ? api.t("notarobot.screen.record_right", { names: turn.right.map((p) => api.name(p)).join(", ") })
              : api.t("notarobot.screen.record_nobody"),
          ),
          turn.captcha ? api.el("span", { class: "nr-chip captcha" }, api.t("notarobot.screen.chip_captcha")) : null,
          turn.full_pad ? api.el("span", { class: "nr-chip captcha" }, api.t("notarobot.screen.chip_full_pad")) : null,
          turn.bug_report ? api.el("span", { class: "nr-chip bug" }, api.t("notarobot.screen.chip_bug")) : null,
        ),
      ),
    ),
  );
}
