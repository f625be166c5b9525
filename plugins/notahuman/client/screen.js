// I'm Not a Human (Hobby World's "Я не человек"): a phone is a secret hand, the TV is the table.
// The shell calls render(root, view, api) on every state. The role card is kept between renders (it may be
// held right now), the association form keeps the player's draft and its warnings, and every other part is
// rebuilt only when what it shows has changed. The field being typed in keeps its focus by its data-keep
// key: the shell sees to that for every game. Text goes through api.el / api.t only: player words are
// never HTML. Players who left the match are struck through and never waited for or voted for.


const SERVER = "server";
const BALLOT = "human";
const SERVER_SLOT = 9; // "#9" at the bottom of the association list: nobody, a glitch (the server)
const MAX_LETTERS = 32;
const ART = "/plugins/notahuman/art";
const ANSWER_PUBLIC = new Set(["explanations", "discussion", "voting", "round_over", "over"]);

const screens = new WeakMap();
let zoomOwner = null; // the screen whose enlarged picture the keyboard controls

// -- small helpers ----------------------------------------------------------------------------------

function put(node, ...children) {
  node.replaceChildren();
  const add = (child) => {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) child.forEach(add);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  };
  children.forEach(add);
  return node;
}

/** Rebuild ``node`` with ``build()`` only when ``key`` changed since its last build. */
function paint(s, name, node, key, build) {
  const text = JSON.stringify(key);
  if (s.keys[name] === text) return;
  s.keys[name] = text;
  put(node, build());
}

function stars(api, count) {
  return api.el(
    "span",
    { class: ["nah-stars", count ? null : "none"], "aria-label": api.t("notahuman.screen.stars", { count }) },
    count ? "★".repeat(count) : "—",
  );
}

function token(api, number, extra = {}) {
  return api.el("span", { class: ["nah-token", extra.class], "aria-hidden": "true" }, String(number));
}

function who(ctx, pid) {
  if (pid === SERVER) return ctx.api.t("notahuman.screen.server");
  return pid === ctx.me && ctx.seated ? ctx.api.t("notahuman.screen.you_name", { name: ctx.api.name(pid) }) : ctx.api.name(pid);
}

/** The "left" label of a player who left the match or was kicked. */
function leftBadge(ctx) {
  return ctx.api.el("span", { class: "nah-badge gone", "data-testid": "nah-left" }, ctx.api.t("match.left_badge"));
}

function choiceLabel(ctx, choice) {
  if (choice === SERVER) return ctx.api.t("notahuman.screen.choice_server", { number: SERVER_SLOT });
  const entry = ctx.g.associations?.[Number(choice) - 1];
  if (!entry) return `#${choice}`;
  return ctx.api.t("notahuman.screen.choice", { number: choice, word: entry.word });
}

// -- the screen's persistent parts --------------------------------------------------------------------

function screenOf(root, api) {
  let s = screens.get(root);
  if (s && s.box.parentNode === root) return s;
  const { el } = api;
  s = { keys: {}, round: null, zoom: null, warning: null, problem: null, busy: false, held: false, form: null };
  s.status = el("div", { class: "nah-status", "data-testid": "nah-status", "aria-live": "polite" });
  s.cardSlot = el("div", { class: "nah-card-slot" });
  s.top = el("div", { class: "nah-top" }, s.cardSlot, s.status);
  s.action = el("div", { class: "nah-action", "data-testid": "nah-action" });
  s.result = el("section", { class: "nah-result", "data-testid": "nah-result" });
  s.ballot = el("section", { class: "nah-ballot", "data-testid": "nah-ballot" });
  s.board = el("section", { class: "nah-board", "data-testid": "nah-board" });
  s.list = el("section", { class: "nah-list", "data-testid": "nah-associations" });
  s.side = el("div", { class: "nah-side" }, s.action, s.result, s.ballot, s.list);
  s.main = el("div", { class: "nah-main" }, s.board, s.side);
  s.sheet = el("section", { class: "nah-sheet", "data-testid": "nah-sheet" });
  s.zoomBox = el("div", { class: "nah-zoom", hidden: true, "data-testid": "nah-zoom" });
  s.box = el("div", { class: "nah-root" }, s.top, s.main, s.sheet, s.zoomBox);
  root.replaceChildren(s.box);
  screens.set(root, s);
  return s;
}

function context(view, api) {
  const match = view.match;
  const g = match.game_view || {};
  const me = view.you;
  const present = match.present || match.players.filter((p) => !(match.left || []).includes(p));
  const left = new Set(match.left || []);
  // A seat not in the match (a late arrival, or back after leaving) sees it as the table does.
  const seated = !api.table && Boolean(me) && present.includes(me);
  const associations = g.associations || [];
  return {
    present,
    left,
    // the words the round waits for: one per player still in, plus those given before their player left
    expected: present.length + associations.filter((a) => left.has(a.player)).length,
    view,
    api,
    match,
    g,
    me,
    seated,
    phase: match.over ? "over" : match.phase,
    host: api.host,
    lang: api.lang,
    names: match.names,
    associations: g.associations || [],
    images: g.images || [],
  };
}

export function render(root, view, api) {
  const s = screenOf(root, api);
  const ctx = context(view, api);
  s.ctx = ctx;
  const round = `${ctx.match.id}:${ctx.match.round}`;
  if (s.round !== round) {
    s.round = round;
    s.zoom = null;
    s.warning = null;
    s.problem = null;
    s.busy = false;
    s.form = null;
    s.listSeen = ctx.associations.length; // words already said when this screen opened do not fly in
  }
  if (ctx.phase !== "associations" || ctx.g.my_word) {
    s.warning = null;
    s.problem = null;
  }
  s.box.className = ["nah-root", api.table ? "nah-table" : "nah-phone", `nah-phase-${ctx.phase}`].join(" ");
  s.box.dataset.phase = ctx.phase;
  renderStatus(s, ctx);
  renderCard(s, ctx);
  renderAction(s, ctx);
  renderResult(s, ctx);
  renderBallot(s, ctx);
  renderBoard(s, ctx);
  renderList(s, ctx);
  renderSheet(s, ctx);
  renderZoom(s);
}

// -- the status line -------------------------------------------------------------------------------

function statusText(ctx) {
  const { api, g, phase, match } = ctx;
  const t = api.t;
  const total = ctx.expected;
  const said = ctx.associations.length;
  switch (phase) {
    case "associations":
      return [
        t("notahuman.screen.status.associations", { count: said, total }),
        t("notahuman.screen.status.associations_hint"),
      ];
    case "reveal_window": {
      const detail = ctx.seated
        ? g.card?.role === "human"
          ? t("notahuman.screen.status.reveal_human")
          : t("notahuman.screen.status.reveal_robot")
        : t("notahuman.screen.status.reveal_table");
      return [t("notahuman.screen.status.reveal", { name: who(ctx, g.asker) }), detail];
    }
    case "guess":
      if (ctx.seated && match.turn === ctx.me) return [t("notahuman.screen.status.guess_mine"), t("notahuman.screen.status.guess_mine_hint")];
      return [t("notahuman.screen.status.guess", { name: api.name(match.turn) }), t("notahuman.screen.status.guess_hint")];
    case "explanations": {
      const entry = ctx.associations.find((a) => a.player === g.speaker);
      const word = entry ? entry.word : "";
      if (ctx.seated && g.speaker === ctx.me) return [t("notahuman.screen.status.explain_mine", { word }), t("notahuman.screen.status.explain_hint", { number: g.answer })];
      return [t("notahuman.screen.status.explain", { name: api.name(g.speaker), word }), t("notahuman.screen.status.explain_hint", { number: g.answer })];
    }
    case "discussion":
      return [t("notahuman.screen.status.discussion"), t("notahuman.screen.status.discussion_hint", { number: g.answer })];
    case "voting":
      return [t("notahuman.screen.status.voting"), t("notahuman.screen.status.voting_hint")];
    case "round_over":
      return [t("notahuman.screen.status.round_over", { round: match.round, rounds: g.rounds }), null];
    case "over":
      return [t("notahuman.screen.status.over"), null];
    default:
      return [null, null];
  }
}

function renderStatus(s, ctx) {
  const [title, detail] = statusText(ctx);
  paint(s, "status", s.status, [ctx.lang, title, detail, ctx.match.round, ctx.g.rounds], () => [
    el(ctx, "div", { class: "nah-round" }, ctx.api.t("notahuman.screen.round_of", { round: ctx.match.round, rounds: ctx.g.rounds })),
    title ? el(ctx, "p", { class: "nah-status-title", "data-testid": "nah-status-title" }, title) : null,
    detail ? el(ctx, "p", { class: "nah-status-detail" }, detail) : null,
  ]);
}

function el(ctx, ...args) {
  return ctx.api.el(...args);
}

// -- the role card (hold to see) ------------------------------------------------------------------------

function renderCard(s, ctx) {
  const card = ctx.seated && ctx.phase !== "over" ? ctx.g.card : null;
  s.top.classList.toggle("with-card", Boolean(card));
  if (!card) {
    s.cardSlot.replaceChildren();
    s.cardInfo = null;
    s.held = false;
    return;
  }
  if (!s.card) s.card = makeCard(s, ctx.api);
  if (s.card.parentNode !== s.cardSlot) s.cardSlot.replaceChildren(s.card);
  s.cardInfo = { role: card.role, answer: card.answer ?? null, lang: ctx.lang };
  paintCard(s);
}

function makeCard(s, api) {
  const card = api.el("button", {
    type: "button",
    class: "nah-card",
    "data-testid": "nah-card",
    "aria-pressed": "false",
  });
  api.holdToReveal(card, (on) => {
    s.held = on;
    paintCard(s);
  });
  return card;
}

function paintCard(s) {
  const card = s.card;
  const info = s.cardInfo;
  if (!card || !info) return;
  const api = s.ctx.api;
  const { el, t } = api;
  const shown = s.held;
  card.classList.toggle("held", shown);
  card.classList.toggle("robot", shown && info.role === "robot");
  card.classList.toggle("human", shown && info.role === "human");
  card.setAttribute("aria-pressed", String(shown));
  card.setAttribute("aria-label", t("notahuman.screen.card_hold"));
  if (!shown) {
    put(
      card,
      el(
        "span",
        { class: "nah-card-back" },
        el("span", { class: "nah-card-logo", "aria-hidden": "true" }, "?"),
        el("span", { class: "nah-card-hint" }, t("notahuman.screen.card_hold")),
      ),
    );
    return;
  }
  if (info.role === "human") {
    put(
      card,
      el(
        "span",
        { class: "nah-card-face human", "data-testid": "nah-card-face", "data-role": "human" },
        el("span", { class: "nah-card-kind" }, t("notahuman.screen.card_human")),
        el("span", { class: "nah-card-eyes", "data-testid": "nah-card-human" }, "0_0"),
        el("span", { class: "nah-card-note" }, t("notahuman.screen.card_human_note")),
      ),
    );
  } else {
    put(
      card,
      el(
        "span",
        { class: "nah-card-face robot", "data-testid": "nah-card-face", "data-role": "robot", "data-answer": String(info.answer) },
        el("span", { class: "nah-card-kind" }, el("img", { src: `${ART}/robot.svg`, alt: "", class: "nah-card-icon" }), t("notahuman.screen.card_robot")),
        el("span", { class: "nah-card-number", "data-testid": "nah-card-answer" }, String(info.answer)),
        el("span", { class: "nah-card-note" }, t("notahuman.screen.card_robot_note", { number: info.answer })),
      ),
    );
  }
}

// -- what I can do now --------------------------------------------------------------------------------

function renderAction(s, ctx) {
  const { api, g, phase, match } = ctx;
  const { t } = api;
  if (phase === "associations" && ctx.seated && !g.my_word) {
    if (!s.form) s.form = makeForm(s, api);
    if (s.form.node.parentNode !== s.action) {
      s.keys.action = null;
      put(s.action, s.form.node);
    }
    s.action.hidden = false;
    paintForm(s);
    return;
  }
  let key;
  let build;
  if (phase === "associations" && ctx.seated) {
    const index = ctx.associations.findIndex((a) => a.player === ctx.me);
    key = ["said", g.my_word, index];
    build = () =>
      el(ctx, "div", { class: "nah-said", "data-testid": "nah-my-word" },
        el(ctx, "span", { class: "nah-said-label" }, t("notahuman.screen.your_word")),
        token(api, index + 1),
        el(ctx, "span", { class: "nah-said-word" }, g.my_word),
      );
  } else if (phase === "reveal_window" && ctx.seated) {
    const human = g.card?.role === "human";
    key = ["reveal", human];
    build = () =>
      human
        ? el(ctx, "div", { class: "nah-reveal-box" },
            el(ctx, "button", {
              type: "button",
              class: "btn primary big nah-reveal",
              "data-testid": "nah-reveal",
              onclick: (event) => {
                const button = event.currentTarget;
                button.disabled = true;
                api.send("reveal").then((answer) => {
                  if (!answer.ok) button.disabled = false;
                });
              },
            }, el(ctx, "span", { class: "nah-eyes-small", "aria-hidden": "true" }, "0_0"), t("notahuman.screen.reveal_button")),
            el(ctx, "p", { class: "nah-note" }, t("notahuman.screen.reveal_note")),
          )
        : el(ctx, "div", { class: "nah-reveal-box quiet", "data-testid": "nah-reveal-wait" },
            el(ctx, "p", {}, t("notahuman.screen.reveal_wait")),
          );
  } else if (phase === "guess" && ctx.seated && match.turn === ctx.me) {
    key = ["guess"];
    build = () => el(ctx, "p", { class: "nah-callout", "data-testid": "nah-guess-hint" }, t("notahuman.screen.guess_hint"));
  } else if (phase === "explanations" && (ctx.seated || ctx.host)) {
    const mine = ctx.seated && g.speaker === ctx.me;
    key = ["explain", mine, ctx.host, g.speaker];
    build = () => [
      mine
        ? el(ctx, "button", { type: "button", class: "btn primary big", "data-testid": "nah-done", onclick: () => api.send("explained") }, t("notahuman.screen.done"))
        : null,
      ctx.host && !mine
        ? el(ctx, "button", { type: "button", class: "btn", "data-testid": "nah-skip", onclick: () => api.send("skip") }, t("notahuman.screen.skip", { name: api.name(g.speaker) }))
        : null,
    ];
  } else if (phase === "discussion" && !api.table) {
    key = ["discussion", ctx.host];
    build = () =>
      ctx.host
        ? el(ctx, "button", { type: "button", class: "btn primary big", "data-testid": "nah-start-vote", onclick: () => api.send("start_vote") }, t("notahuman.screen.start_vote"))
        : el(ctx, "p", { class: "nah-note" }, t("notahuman.screen.host_starts_vote"));
  } else if (phase === "round_over" && !api.table) {
    const last = match.round >= (g.rounds || 0);
    key = ["next", ctx.host, last];
    build = () =>
      ctx.host
        ? el(ctx, "button", { type: "button", class: "btn primary big", "data-testid": "nah-next", onclick: () => api.send("next") }, last ? t("notahuman.screen.finish") : t("notahuman.screen.next_round"))
        : el(ctx, "p", { class: "nah-note" }, t("notahuman.screen.host_next"));
  } else {
    key = ["none"];
    build = () => null;
  }
  paint(s, "action", s.action, [ctx.lang, ...key], build);
  s.action.hidden = s.action.childNodes.length === 0;
}

function makeForm(s, api) {
  const { el, t } = api;
  const input = el("input", {
    type: "text",
    class: "nah-word-input",
    "data-keep": "nah-word",
    "data-testid": "nah-word",
    maxlength: String(MAX_LETTERS + 8),
    autocomplete: "off",
    autocapitalize: "none",
    autocorrect: "off",
    spellcheck: "false",
    enterkeyhint: "send",
  });
  const button = el("button", { type: "submit", class: "btn primary nah-say", "data-testid": "nah-say" });
  const label = el("label", { class: "nah-form-label" });
  const message = el("div", { class: "nah-form-message" });
  const node = el("form", { class: "nah-form", "data-testid": "nah-form", novalidate: true }, label, el("div", { class: "nah-form-row" }, input, button), message);
  const form = { node, input, button, label, message };
  node.addEventListener("submit", (event) => {
    event.preventDefault();
    say(s, input.value, false);
  });
  input.addEventListener("input", () => {
    if (s.warning && input.value.trim() !== s.warning.word) {
      s.warning = null;
      paintForm(s);
    }
    if (s.problem) {
      s.problem = null;
      paintForm(s);
    }
  });
  return form;
}

async function say(s, raw, confirm) {
  const api = s.ctx.api;
  const word = raw.trim();
  if (!word) {
    s.problem = { key: "notahuman.screen.word_empty", params: {} };
    paintForm(s);
    s.form?.input.focus();
    return;
  }
  if (/\s/.test(word)) {
    s.problem = { key: "error.notahuman.not_one_word", params: { max: MAX_LETTERS } };
    paintForm(s);
    s.form?.input.focus();
    return;
  }
  s.busy = true;
  paintForm(s);
  const answer = await api.send("associate", confirm ? { word, confirm: true } : { word }, { quiet: true });
  s.busy = false;
  if (answer.ok) {
    s.warning = null;
    s.problem = null;
    if (s.form) s.form.input.value = "";
  } else if (answer.error?.code === "notahuman.similar") {
    s.warning = { word: answer.error.params.word, earlier: answer.error.params.earlier };
    s.problem = null;
  } else {
    s.warning = null;
    s.problem = { key: answer.error?.key || "error.timeout", params: answer.error?.params || {} };
  }
  paintForm(s);
}

function paintForm(s) {
  const form = s.form;
  if (!form) return;
  const api = s.ctx.api;
  const { el, t } = api;
  const lang = s.ctx.lang;
  if (form.lang !== lang) {
    form.lang = lang;
    put(form.label, el("span", { class: "nah-form-title" }, t("notahuman.screen.word_label")), el("span", { class: "nah-form-hint" }, t("notahuman.screen.word_hint")));
    form.input.setAttribute("placeholder", t("notahuman.screen.word_placeholder"));
    form.input.setAttribute("aria-label", t("notahuman.screen.word_label"));
    form.button.textContent = t("notahuman.screen.say");
    form.shown = null;
  }
  form.button.disabled = s.busy;
  form.input.readOnly = s.busy;
  const shown = JSON.stringify([lang, s.warning, s.problem]);
  if (form.shown === shown) return;
  form.shown = shown;
  if (s.warning) {
    const { word, earlier } = s.warning;
    put(
      form.message,
      el(
        "div",
        { class: "nah-warning", role: "alert", "data-testid": "nah-similar" },
        el("p", {}, t("notahuman.screen.similar", { word, earlier })),
        el(
          "div",
          { class: "nah-warning-actions" },
          el("button", { type: "button", class: "btn primary", "data-testid": "nah-keep", onclick: () => say(s, word, true) }, t("notahuman.screen.keep", { word })),
          el(
            "button",
            {
              type: "button",
              class: "btn ghost",
              "data-testid": "nah-change",
              onclick: () => {
                s.warning = null;
                paintForm(s);
                form.input.focus();
                form.input.select();
              },
            },
            t("notahuman.screen.change"),
          ),
        ),
      ),
    );
  } else if (s.problem) {
    put(form.message, el("p", { class: "nah-problem", role: "alert", "data-testid": "nah-problem" }, t(s.problem.key, s.problem.params)));
  } else {
    form.message.replaceChildren();
  }
}

// -- the ballot ---------------------------------------------------------------------------------------

function renderBallot(s, ctx) {
  const { api, match, phase } = ctx;
  const ballot = match.ballots?.[BALLOT];
  const open = phase === "voting" && ballot && !ballot.closed;
  const voter = open && ctx.seated && ballot.voters.includes(ctx.me);
  s.box.classList.toggle("nah-voter", Boolean(voter));
  if (!open) {
    paint(s, "ballot", s.ballot, null, () => null);
    s.ballot.hidden = true;
    return;
  }
  s.ballot.hidden = false;
  const key = [ctx.lang, ballot.candidates, ballot.voted, voter ? ballot.mine : null, voter ? ballot.allowed : null, ctx.associations, ballot.voters];
  paint(s, "ballot", s.ballot, key, () => {
    const { t } = api;
    const voted = ballot.voted || [];
    const progress = [
      el(ctx, "p", { class: "nah-progress", "data-testid": "nah-vote-progress" }, t("notahuman.screen.voted_count", { count: voted.length, total: ballot.voters.length })),
      el(ctx, "ul", { class: "nah-voters" },
        ballot.voters.map((pid) =>
          el(ctx, "li", { class: voted.includes(pid) ? "done" : "waiting", "data-player": pid },
            el(ctx, "span", { class: "nah-voter-mark", "aria-hidden": "true" }, voted.includes(pid) ? "✓" : "…"),
            api.name(pid),
          ),
        ),
      ),
    ];
    if (!voter) return [el(ctx, "h3", {}, t("notahuman.screen.vote_title")), progress];
    const allowed = ballot.allowed || [];
    const option = (choice, number, word, author) =>
      el(ctx, "button", {
        type: "button",
        class: ["nah-option", choice === SERVER ? "server" : null, ballot.mine === choice ? "selected" : null],
        disabled: !allowed.includes(choice),
        "aria-pressed": String(ballot.mine === choice),
        "data-testid": `nah-vote-${choice}`,
        "data-choice": choice,
        onclick: () => api.send("vote", { ballot: BALLOT, choice }),
      },
        token(api, number),
        el(ctx, "span", { class: "nah-option-word" }, word),
        el(ctx, "span", { class: "nah-option-author" }, author),
        ballot.mine === choice ? el(ctx, "span", { class: "nah-option-check", "aria-hidden": "true" }, "✓") : null,
      );
    return [
      el(ctx, "h3", {}, t("notahuman.screen.vote_title")),
      el(ctx, "p", { class: "nah-note" }, t("notahuman.screen.vote_prompt")),
      el(ctx, "div", { class: "nah-options", "data-testid": "nah-vote-options" },
        ctx.associations.map((a, i) => {
          const choice = String(i + 1);
          const own = a.player === ctx.me;
          return option(choice, i + 1, a.word, own ? t("notahuman.screen.yours") : api.name(a.player));
        }),
        ballot.candidates.includes(SERVER) ? option(SERVER, SERVER_SLOT, t("notahuman.screen.server_option"), t("notahuman.screen.server_option_note")) : null,
      ),
      el(ctx, "p", { class: "nah-note", "data-testid": "nah-my-vote" },
        ballot.mine ? t("notahuman.screen.you_voted", { choice: choiceLabel(ctx, ballot.mine) }) : t("notahuman.screen.vote_secret"),
      ),
      progress,
    ];
  });
}

// -- the pictures ---------------------------------------------------------------------------------------

function boardMode(ctx) {
  const { phase, match } = ctx;
  if (phase === "guess" && ctx.seated && match.turn === ctx.me) return "pick";
  return "look";
}

function boardTitle(ctx) {
  const { api, g, phase, match } = ctx;
  const { t } = api;
  if (ANSWER_PUBLIC.has(phase) && g.answer) return t("notahuman.screen.board_answer", { number: g.answer });
  if (phase === "guess") return match.turn === ctx.me && ctx.seated ? t("notahuman.screen.board_pick") : t("notahuman.screen.board_guessing", { name: api.name(match.turn) });
  return t("notahuman.screen.board_title");
}

function renderBoard(s, ctx) {
  const { api, g } = ctx;
  const mode = boardMode(ctx);
  const outcome = g.outcome;
  const guess = outcome?.guess ?? null;
  const key = [ctx.lang, ctx.images, g.answer, mode, guess, boardTitle(ctx), ctx.match.round];
  paint(s, "board", s.board, key, () => [
    el(ctx, "div", { class: "nah-board-head" },
      el(ctx, "span", { class: "nah-board-check", "aria-hidden": "true" }),
      el(ctx, "span", { class: "nah-board-title", "data-testid": "nah-board-title" }, boardTitle(ctx)),
    ),
    el(ctx, "div", { class: ["nah-grid", mode === "pick" ? "picking" : null], "data-testid": "nah-grid" },
      ctx.images.map((src, i) => {
        const n = i + 1;
        const answer = g.answer === n;
        const guessed = guess === n;
        return el(ctx, "button", {
          type: "button",
          class: ["nah-tile", answer ? "answer" : null, guessed ? (answer ? "guess right" : "guess wrong") : null],
          "data-testid": `nah-tile-${n}`,
          "data-number": String(n),
          "aria-label": answer ? api.t("notahuman.screen.picture_answer", { number: n }) : api.t("notahuman.screen.picture", { number: n }),
          onclick: () => openZoom(s, n),
        },
          el(ctx, "img", { src, alt: api.t("notahuman.screen.picture", { number: n }), loading: "eager", draggable: "false" }),
          token(api, n, { class: answer ? "gold" : null }),
          guessed ? el(ctx, "span", { class: "nah-tile-tag" }, api.t("notahuman.screen.guess_tag")) : null,
        );
      }),
    ),
  ]);
}

function openZoom(s, n) {
  s.zoom = n;
  zoomOwner = s;
  renderZoom(s);
  s.zoomBox.querySelector(".nah-zoom-close")?.focus();
}

function closeZoom(s) {
  const was = s.zoom;
  s.zoom = null;
  renderZoom(s);
  if (was) s.board.querySelector(`[data-number="${was}"]`)?.focus();
}

function stepZoom(s, step) {
  const count = s.ctx.images.length || 9;
  s.zoom = ((s.zoom - 1 + step + count) % count) + 1;
  renderZoom(s);
}

function renderZoom(s) {
  const ctx = s.ctx;
  const n = s.zoom;
  if (!n || !ctx.images[n - 1]) {
    s.zoom = null;
    s.zoomBox.hidden = true;
    s.keys.zoom = null;
    s.zoomBox.replaceChildren();
    return;
  }
  s.zoomBox.hidden = false;
  const { api, g } = ctx;
  const { t } = api;
  const pick = boardMode(ctx) === "pick";
  paint(s, "zoom", s.zoomBox, [ctx.lang, n, ctx.images[n - 1], pick, g.answer], () => [
    el(ctx, "div", { class: "nah-zoom-backdrop", onclick: () => closeZoom(s) }),
    el(ctx, "figure", { class: "nah-zoom-card", role: "dialog", "aria-modal": "true", "aria-label": t("notahuman.screen.picture", { number: n }) },
      el(ctx, "button", { type: "button", class: "nah-zoom-image", "data-testid": "nah-zoom-image", onclick: () => closeZoom(s), "aria-label": t("notahuman.screen.close") },
        el(ctx, "img", { src: ctx.images[n - 1], alt: t("notahuman.screen.picture", { number: n }) }),
      ),
      el(ctx, "figcaption", { class: "nah-zoom-bar" },
        el(ctx, "button", { type: "button", class: "btn icon ghost", "aria-label": t("notahuman.screen.previous"), onclick: () => stepZoom(s, -1) }, "‹"),
        el(ctx, "span", { class: "nah-zoom-number" }, token(api, n, { class: g.answer === n ? "gold" : null }), t("notahuman.screen.picture", { number: n })),
        el(ctx, "button", { type: "button", class: "btn icon ghost", "aria-label": t("notahuman.screen.next"), onclick: () => stepZoom(s, 1) }, "›"),
        el(ctx, "button", { type: "button", class: "btn icon nah-zoom-close", "data-testid": "nah-zoom-close", "aria-label": t("notahuman.screen.close"), onclick: () => closeZoom(s) }, "✕"),
      ),
      pick
        ? el(ctx, "button", {
            type: "button",
            class: "btn primary big nah-guess-confirm",
            "data-testid": "nah-guess-confirm",
            onclick: (event) => {
              const button = event.currentTarget;
              button.disabled = true;
              api.send("guess", { image: n }).then((answer) => {
                if (answer.ok) closeZoom(s);
                else button.disabled = false;
              });
            },
          }, t("notahuman.screen.guess_confirm", { number: n }))
        : null,
    ),
  ]);
}

document.addEventListener("keydown", (event) => {
  const s = zoomOwner;
  if (!s || !s.zoom || !s.box.isConnected) return;
  if (event.key === "Escape") closeZoom(s);
  else if (event.key === "ArrowLeft") stepZoom(s, -1);
  else if (event.key === "ArrowRight") stepZoom(s, 1);
  else return;
  event.preventDefault();
});

// -- the association list ------------------------------------------------------------------------------

function renderList(s, ctx) {
  const { api, g, phase, match } = ctx;
  const { t } = api;
  const ballot = match.ballots?.[BALLOT];
  const closed = phase === "round_over" || phase === "over" ? ballot?.closed && g.outcome?.how === "vote" ? ballot : null : null;
  const speakerIndex = phase === "explanations" ? ctx.associations.findIndex((a) => a.player === g.speaker) : -1;
  const waiting = phase === "associations" ? ctx.present.filter((p) => !ctx.associations.some((a) => a.player === p)) : [];
  const outcome = phase === "round_over" || phase === "over" ? g.outcome : null;
  const showServer = g.server_slot && (phase === "voting" || (outcome && outcome.how === "vote"));
  const key = [ctx.lang, ctx.associations, speakerIndex, waiting, closed?.choices, outcome, showServer, phase, ctx.me, [...ctx.left], ctx.expected];
  paint(s, "list", s.list, key, () => {
    const seen = s.listSeen ?? 0;
    s.listSeen = ctx.associations.length;
    const votesFor = (choice) => (closed ? Object.entries(closed.choices || {}).filter(([, c]) => c === choice).map(([p]) => p) : []);
    const item = (choice, number, word, author, extra = {}) => {
      const voters = votesFor(choice);
      return el(ctx, "li", {
        class: ["nah-assoc", extra.class],
        "data-testid": "nah-assoc",
        "data-player": extra.player || null,
        "aria-current": extra.current ? "true" : null,
      },
        token(api, number),
        el(ctx, "span", { class: "nah-assoc-main" },
          el(ctx, "span", { class: "nah-assoc-word" }, word),
          el(ctx, "span", { class: "nah-assoc-author" }, author),
        ),
        extra.badge || null,
        closed
          ? el(ctx, "span", { class: "nah-assoc-votes", title: voters.map((p) => api.name(p)).join(", ") },
              t("notahuman.screen.votes", { count: voters.length }),
            )
          : null,
      );
    };
    const items = ctx.associations.map((a, i) => {
      const speaking = i === speakerIndex;
      const done = speakerIndex >= 0 && i < speakerIndex;
      const human = outcome && (outcome.humans || [outcome.human]).includes(a.player);
      const revealed = outcome && outcome.revealed === a.player;
      const gone = ctx.left.has(a.player);
      let badge = null;
      if (speaking) badge = el(ctx, "span", { class: "nah-badge speaking", "data-testid": "nah-speaking" }, t("notahuman.screen.speaking"));
      else if (gone && !outcome) badge = leftBadge(ctx);
      else if (done) badge = el(ctx, "span", { class: "nah-badge done", "aria-label": t("notahuman.screen.explained") }, "✓");
      else if (human) badge = el(ctx, "span", { class: "nah-badge human" }, "0_0");
      else if (outcome) badge = el(ctx, "span", { class: "nah-badge robot" }, el(ctx, "img", { src: `${ART}/robot.svg`, alt: t("notahuman.screen.card_robot") }));
      return item(String(i + 1), i + 1, a.word, who(ctx, a.player), {
        player: a.player,
        current: speaking,
        badge,
        class: [i >= seen ? "new" : null, speaking ? "speaking" : null, done ? "done" : null, human ? "human" : null, revealed ? "revealed" : null, a.player === ctx.me && ctx.seated ? "mine" : null, gone ? "left" : null].filter(Boolean).join(" "),
      });
    });
    if (showServer) {
      const human = outcome && (outcome.humans || [outcome.human]).includes(SERVER);
      const revealed = outcome && outcome.revealed === SERVER;
      let badge = null;
      if (outcome) badge = human ? el(ctx, "span", { class: "nah-badge human" }, "0_0") : el(ctx, "span", { class: "nah-badge robot" }, el(ctx, "img", { src: `${ART}/robot.svg`, alt: t("notahuman.screen.card_robot") }));
      items.push(
        item(SERVER, SERVER_SLOT, t("notahuman.screen.server_option"), outcome ? t("notahuman.screen.server") : t("notahuman.screen.server_option_note"), {
          badge,
          class: ["server", human ? "human" : null, revealed ? "revealed" : null].filter(Boolean).join(" "),
        }),
      );
    }
    return [
      el(ctx, "div", { class: "nah-list-head" },
        el(ctx, "h3", {}, t("notahuman.screen.associations")),
        el(ctx, "span", { class: "nah-count" }, `${ctx.associations.length}/${ctx.expected}`),
      ),
      items.length
        ? el(ctx, "ol", { class: "nah-assocs", "data-testid": "nah-assoc-list" }, items)
        : el(ctx, "p", { class: "nah-empty" }, t("notahuman.screen.no_words")),
      waiting.length
        ? el(ctx, "div", { class: "nah-pending", "data-testid": "nah-pending" },
            el(ctx, "span", { class: "nah-pending-label" }, t("notahuman.screen.thinking")),
            waiting.map((p) => el(ctx, "span", { class: "nah-chip" }, who(ctx, p))),
          )
        : null,
    ];
  });
}

// -- the round's result --------------------------------------------------------------------------------

function winnerOf(outcome) {
  if (outcome.human_wins && outcome.human === SERVER) return "nobody";
  return outcome.human_wins ? "human" : "robots";
}

function story(ctx, o) {
  const { api } = ctx;
  const { t } = api;
  const lines = [];
  if (o.how === "guess") {
    lines.push(t("notahuman.screen.story.revealed", { name: api.name(o.human) }));
    if (o.guess === null || o.guess === undefined) lines.push(t("notahuman.screen.story.timeout", { answer: o.answer }));
    else if (o.guess === o.answer) lines.push(t("notahuman.screen.story.guess_right", { number: o.guess }));
    else lines.push(t("notahuman.screen.story.guess_wrong", { number: o.guess, answer: o.answer }));
    return lines;
  }
  if (o.revealed === null || o.revealed === undefined) lines.push(t("notahuman.screen.story.no_votes"));
  else if (o.revealed === SERVER) {
    lines.push(o.server === "human" ? t("notahuman.screen.story.server_human") : t("notahuman.screen.story.server_robot"));
  } else if (o.roles[o.revealed] === "human") lines.push(t("notahuman.screen.story.found", { name: api.name(o.revealed) }));
  else lines.push(t("notahuman.screen.story.robot_revealed", { name: api.name(o.revealed) }));
  if (o.human === SERVER && o.revealed !== SERVER) {
    lines.push(t("notahuman.screen.story.human_on_server"));
    if (o.revealed) lines.push(t("notahuman.screen.story.nobody_scores"));
  } else if (o.human !== SERVER && o.revealed !== o.human) {
    lines.push(t("notahuman.screen.story.human_was", { name: api.name(o.human) }));
  }
  return lines;
}

function roundEntries(ctx) {
  const sheet = ctx.g.sheet || [];
  const last = sheet[sheet.length - 1];
  const index = (last ? last.round : ctx.match.round) - 1;
  return ctx.match.rounds?.[index]?.entries || [];
}

function renderResult(s, ctx) {
  const { api, g, phase, match } = ctx;
  const o = phase === "round_over" || phase === "over" ? g.outcome : null;
  s.result.hidden = !o;
  if (!o) {
    paint(s, "result", s.result, null, () => null);
    return;
  }
  if (o.void) {
    paint(s, "result", s.result, [ctx.lang, o], () =>
      el(ctx, "div", { class: "nah-verdict void", "data-testid": "nah-verdict", "data-winner": "void" },
        el(ctx, "span", { class: "nah-verdict-face", "aria-hidden": "true" }, "⌀"),
        el(ctx, "span", { class: "nah-verdict-text", "data-testid": "nah-void" },
          o.left ? api.t("match.round_void", { name: api.name(o.left) }) : api.t("match.round_void_nobody"),
        ),
      ),
    );
    return;
  }
  const entries = roundEntries(ctx);
  const ballot = match.ballots?.[BALLOT];
  const votes = o.how === "vote" && ballot?.closed ? ballot.choices || {} : {};
  paint(s, "result", s.result, [ctx.lang, o, entries, votes, ctx.images, [...ctx.left]], () => {
    const { t } = api;
    const winner = winnerOf(o);
    const picture = (n, kind, caption) =>
      el(ctx, "figure", { class: ["nah-result-pic", kind] },
        el(ctx, "button", { type: "button", class: "nah-result-pic-button", onclick: () => openZoom(s, n), "aria-label": caption },
          el(ctx, "img", { src: ctx.images[n - 1], alt: t("notahuman.screen.picture", { number: n }) }),
          token(api, n, { class: kind === "answer" ? "gold" : null }),
        ),
        el(ctx, "figcaption", {}, caption),
      );
    const rows = match.players.map((pid) => {
      const mine = entries.filter((e) => e.player === pid);
      const total = mine.reduce((sum, e) => sum + e.points, 0);
      const role = o.roles?.[pid];
      const gone = ctx.left.has(pid);
      let vote = null;
      if (gone) vote = null;
      else if (o.how === "vote") vote = votes[pid] ? t("notahuman.screen.voted_for", { choice: choiceLabel(ctx, votes[pid]) }) : t("notahuman.screen.no_vote");
      return el(ctx, "li", {
        class: ["nah-tally-row", role === "human" ? "human" : null, pid === ctx.me && ctx.seated ? "me" : null, o.revealed === pid ? "revealed" : null, gone ? "left" : null],
        "data-player": pid,
        "data-testid": "nah-result-row",
        "data-stars": String(total),
        "data-left": gone ? "true" : null,
      },
        role ? roleChip(ctx, role, o.answer) : el(ctx, "span", { class: "nah-mini none" }, "—"),
        el(ctx, "span", { class: "nah-tally-who" },
          el(ctx, "span", { class: "nah-tally-name" }, api.name(pid)),
          gone ? leftBadge(ctx) : null,
          vote ? el(ctx, "span", { class: "nah-tally-vote" }, vote) : null,
        ),
        stars(api, total),
        mine.length
          ? el(ctx, "ul", { class: "nah-reasons", "data-testid": "nah-reasons" },
              mine.map((e) => el(ctx, "li", {}, el(ctx, "span", { class: "nah-plus" }, `+${e.points}`), " ", t(e.reason, e.params || {}))),
            )
          : null,
      );
    });
    if (o.server !== null && o.server !== undefined) {
      rows.push(
        el(ctx, "li", { class: ["nah-tally-row", "server", o.server === "human" ? "human" : null, o.revealed === SERVER ? "revealed" : null], "data-player": SERVER },
          roleChip(ctx, o.server, o.answer),
          el(ctx, "span", { class: "nah-tally-who" },
            el(ctx, "span", { class: "nah-tally-name" }, el(ctx, "img", { src: `${ART}/server.svg`, alt: "", class: "nah-server-icon" }), t("notahuman.screen.server")),
            el(ctx, "span", { class: "nah-tally-vote" }, t("notahuman.screen.server_card")),
          ),
        ),
      );
    }
    return [
      el(ctx, "div", { class: ["nah-verdict", winner], "data-testid": "nah-verdict", "data-winner": winner },
        el(ctx, "span", { class: "nah-verdict-face", "aria-hidden": "true" }, winner === "human" ? "0_0" : winner === "robots" ? el(ctx, "img", { src: `${ART}/robot.svg`, alt: "" }) : "⌀"),
        el(ctx, "span", { class: "nah-verdict-text" }, t(`notahuman.screen.win.${winner}`)),
      ),
      el(ctx, "div", { class: "nah-result-body" },
        el(ctx, "div", { class: "nah-result-pics" },
          picture(o.answer, "answer", t("notahuman.screen.answer_caption", { number: o.answer })),
          o.how === "guess" && o.guess && o.guess !== o.answer ? picture(o.guess, "wrong", t("notahuman.screen.guess_caption", { number: o.guess })) : null,
        ),
        el(ctx, "div", { class: "nah-story", "data-testid": "nah-story" }, story(ctx, o).map((line) => el(ctx, "p", {}, line))),
      ),
      el(ctx, "ul", { class: "nah-tally", "data-testid": "nah-tally", "aria-label": t("notahuman.screen.tally") }, rows),
    ];
  });
}

function roleChip(ctx, role, answer) {
  const { api } = ctx;
  if (role === "human") return el(ctx, "span", { class: "nah-mini human", title: api.t("notahuman.screen.card_human") }, "0_0");
  return el(ctx, "span", { class: "nah-mini robot", title: api.t("notahuman.screen.card_robot") }, String(answer));
}

// -- the record sheet ----------------------------------------------------------------------------------

function renderSheet(s, ctx) {
  const { api, g, match } = ctx;
  const sheet = g.sheet || [];
  s.sheet.hidden = sheet.length === 0;
  const withServer = !match.variants.includes("human_factor");
  paint(s, "sheet", s.sheet, [ctx.lang, sheet, g.rounds, withServer, ctx.me, [...ctx.left]], () => {
    if (!sheet.length) return null;
    const { t } = api;
    const rounds = Math.max(g.rounds || 0, sheet.length);
    const columns = Array.from({ length: rounds }, (_, i) => sheet.find((r) => r.round === i + 1) || null);
    const total = (pid) => sheet.reduce((sum, r) => sum + (r.stars?.[pid] || 0), 0);
    const twos = (pid) => sheet.filter((r) => r.stars?.[pid] === 2).length; // the tie-break
    const cell = (round, pid) => {
      if (!round) return el(ctx, "td", { class: "nah-cell empty" }, "");
      const index = round.associations.findIndex((a) => a.player === pid);
      const entry = round.associations[index];
      const human = round.human === pid;
      const revealed = round.revealed === pid;
      const vote = round.votes?.[pid];
      return el(ctx, "td", { class: ["nah-cell", human ? "human" : null, revealed ? "revealed" : null] },
        entry ? el(ctx, "span", { class: "nah-cell-word" }, el(ctx, "span", { class: "nah-cell-num" }, `${index + 1}`), entry.word) : null,
        el(ctx, "span", { class: "nah-cell-meta" },
          human ? el(ctx, "span", { class: "nah-cell-human" }, "0_0") : null,
          vote ? el(ctx, "span", { class: "nah-cell-vote", title: t("notahuman.screen.col_vote") }, `→${vote === SERVER ? SERVER_SLOT : vote}`) : null,
          el(ctx, "span", { class: "nah-cell-stars" }, round.stars?.[pid] ? "★".repeat(round.stars[pid]) : "·"),
        ),
      );
    };
    return [
      el(ctx, "div", { class: "nah-list-head" }, el(ctx, "h3", {}, t("notahuman.screen.sheet_title"))),
      el(ctx, "div", { class: "nah-scroll" },
        el(ctx, "table", { class: "nah-sheet-table", "data-testid": "nah-sheet-table" },
          el(ctx, "thead", {},
            el(ctx, "tr", {},
              el(ctx, "th", { scope: "col" }, ""),
              columns.map((round, i) =>
                el(ctx, "th", { scope: "col", class: round ? null : "future" },
                  el(ctx, "span", { class: "nah-sheet-round" }, t("notahuman.screen.round_short", { round: i + 1 })),
                  round ? token(api, round.answer, { class: "gold small" }) : null,
                ),
              ),
              el(ctx, "th", { scope: "col", class: "num", title: t("notahuman.screen.total_stars") }, "★"),
              el(ctx, "th", { scope: "col", class: "num nah-twos", title: t("notahuman.screen.two_star_rounds") }, "2★"),
            ),
          ),
          el(ctx, "tbody", {},
            match.players.map((pid) =>
              el(ctx, "tr", { class: [pid === ctx.me && ctx.seated ? "me" : null, ctx.left.has(pid) ? "left" : null], "data-player": pid },
                el(ctx, "th", { scope: "row" }, el(ctx, "span", { class: "nah-sheet-name" }, api.name(pid)), ctx.left.has(pid) ? leftBadge(ctx) : null),
                columns.map((round) => cell(round, pid)),
                el(ctx, "td", { class: "num nah-total", "data-testid": "nah-sheet-total" }, String(total(pid))),
                el(ctx, "td", { class: "num nah-twos" }, String(twos(pid))),
              ),
            ),
            withServer
              ? el(ctx, "tr", { class: "server" },
                  el(ctx, "th", { scope: "row" }, t("notahuman.screen.server_row", { number: SERVER_SLOT })),
                  columns.map((round) =>
                    round
                      ? el(ctx, "td", { class: ["nah-cell", round.human === SERVER ? "human" : null, round.revealed === SERVER ? "revealed" : null] },
                          el(ctx, "span", { class: "nah-cell-meta" },
                            round.human === SERVER ? el(ctx, "span", { class: "nah-cell-human" }, "0_0") : "·",
                          ),
                        )
                      : el(ctx, "td", { class: "nah-cell empty" }, ""),
                  ),
                  el(ctx, "td", {}, ""),
                  el(ctx, "td", {}, ""),
                )
              : null,
          ),
        ),
      ),
      el(ctx, "p", { class: "nah-legend" }, t("notahuman.screen.sheet_legend")),
    ];
  });
}

// -- the lobby's setup card: the host's picture packs ------------------------------------------------------

const setups = new WeakMap();

/** The rounds the chosen setup will play (Defragmentation sets them; the rulebook plays 6). */
function setupRounds(view) {
  const setup = view.lobby.setup;
  if (setup?.variants?.includes("defragmentation") && Number.isInteger(setup.options?.rounds)) return setup.options.rounds;
  return 6;
}

export function renderSetup(root, view, api) {
  const { el, t } = api;
  let s = setups.get(root);
  if (!s || s.box.parentNode !== root) {
    s = { keys: {}, busy: false, message: null, progress: null };
    s.list = el("div", { class: "nah-packs", "data-testid": "nah-packs" });
    s.uploader = el("div", { class: "nah-uploader" });
    s.head = el("div", {});
    s.box = el("div", { class: "nah-setup", "data-testid": "nah-setup" }, s.head, s.list, s.uploader);
    root.replaceChildren(s.box);
    setups.set(root, s);
  }
  s.view = view;
  s.api = api;
  const packs = view.lobby.shelves?.["images.uploads"]?.packs || [];
  const host = api.host;
  s.box.hidden = !host && packs.length === 0;
  paint(s, "head", s.head, [api.lang, host, setupRounds(view)], () => [
    el("h3", {}, t("notahuman.screen.packs_title")),
    host ? el("p", { class: "nah-note" }, t("notahuman.screen.packs_hint", { count: 9 * setupRounds(view) })) : null,
  ]);
  paint(s, "list", s.list, [api.lang, packs, host], () =>
    packs.length
      ? el("ul", { class: "nah-pack-list" },
          packs.map((pack) =>
            el("li", { class: "nah-pack", "data-testid": "nah-pack", "data-pack": pack.id },
              el("span", { class: "nah-pack-thumbs", "aria-hidden": "true" },
                pack.images.slice(0, 4).map((image) => el("img", { src: `/images/${encodeURIComponent(pack.id)}/${encodeURIComponent(image)}`, alt: "", loading: "lazy" })),
              ),
              el("span", { class: "nah-pack-name" }, pack.name, el("small", {}, t("notahuman.screen.pack_size", { count: pack.images.length }))),
              host
                ? el("button", {
                    type: "button",
                    class: "btn small ghost danger",
                    "data-testid": "nah-pack-remove",
                    onclick: () => api.shelf("images.uploads", "remove", { pack: pack.id }),
                  }, t("notahuman.screen.pack_remove"))
                : null,
            ),
          ),
        )
      : null,
  );
  if (!host) {
    s.uploader.replaceChildren();
    s.keys.uploader = null;
    s.form = null;
    return;
  }
  if (!s.form || s.form.lang !== api.lang) s.form = uploadForm(s, api);
  if (s.form.node.parentNode !== s.uploader) s.uploader.replaceChildren(s.form.node);
  paintUpload(s);
}

function uploadForm(s, api) {
  const { el, t } = api;
  const name = el("input", { type: "text", maxlength: "40", "data-testid": "nah-pack-name", placeholder: t("notahuman.screen.pack_name_placeholder") });
  const files = el("input", { type: "file", multiple: true, accept: "image/*", "data-testid": "nah-pack-files" });
  const button = el("button", { type: "submit", class: "btn", "data-testid": "nah-pack-upload" }, t("notahuman.screen.pack_upload"));
  const status = el("div", { class: "nah-upload-status", "aria-live": "polite" });
  const node = el("form", { class: "nah-upload", "data-testid": "nah-upload", novalidate: true },
    el("label", { class: "field" }, el("span", { class: "field-label" }, t("notahuman.screen.pack_name")), name),
    el("label", { class: "field" }, el("span", { class: "field-label" }, t("notahuman.screen.pack_files")), files),
    el("div", { class: "actions" }, button),
    status,
  );
  node.addEventListener("submit", (event) => {
    event.preventDefault();
    upload(s);
  });
  return { node, name, files, button, status, lang: api.lang };
}

function paintUpload(s) {
  const { el, t } = s.api;
  const form = s.form;
  form.button.disabled = s.busy;
  const key = JSON.stringify([s.api.lang, s.busy, s.progress, s.message]);
  if (form.shown === key) return;
  form.shown = key;
  put(
    form.status,
    s.busy ? el("progress", { max: "100", value: String(Math.round((s.progress || 0) * 100)), "data-testid": "nah-upload-progress" }) : null,
    s.busy ? el("span", { class: "nah-note" }, t("notahuman.screen.pack_uploading")) : null,
    s.message ? el("p", { class: s.message.ok ? "nah-ok" : "nah-problem", role: s.message.ok ? "status" : "alert", "data-testid": "nah-upload-message" }, t(s.message.key, s.message.params || {})) : null,
  );
}

function upload(s) {
  const form = s.form;
  const chosen = [...(form.files.files || [])];
  if (!chosen.length) {
    s.message = { ok: false, key: "notahuman.screen.pack_no_files" };
    paintUpload(s);
    return;
  }
  const data = new FormData();
  data.append("name", form.name.value.trim() || form.name.placeholder);
  for (const file of chosen) data.append("images", file, file.name);
  const finish = (message) => {
    s.busy = false;
    s.progress = null;
    s.message = message;
    paintUpload(s);
  };
  s.busy = true;
  s.progress = 0;
  s.message = null;
  paintUpload(s);
  const path = `/l/${encodeURIComponent(s.view.lobby.code)}/images`;
  s.api.upload(path, data, (fraction) => {
    s.progress = fraction;
    paintUpload(s);
  }).then((answer) => {
    if (answer.ok) {
      form.files.value = "";
      form.name.value = "";
      finish({ ok: true, key: "notahuman.screen.pack_uploaded", params: { name: answer.pack.name, count: answer.pack.images.length } });
    } else {
      finish({ ok: false, key: answer.error.key, params: answer.error.params });
    }
  });
}
