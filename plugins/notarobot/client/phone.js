// I'm Not a Robot on a player's phone: the secret hand. Drawing (pick a word, draw the figure and the
// decorations, see the inside, submit), then each turn: the artist uncovers a tile of their own pad,
// the guessers race to check a tile on the covered pad, and the reveal with its votes.

import { anyVoteOpen, artistsAfter, record, revealSummary, statusBlock, statusLines, tokenTable, who, wordList } from "./common.js";
import { Board, Drawing } from "./drawing.js";
import { phoneGallery } from "./gallery.js";
import { padView, tileName } from "./pad.js";
import { votes, votesKey } from "./votes.js";

const drafts = new Map(); // "<match>:<round>" -> {drawing, board, busy, problem}: survives every re-render

function draftOf(ctx) {
  const key = `${ctx.match.id}:${ctx.match.round}`;
  let draft = drafts.get(key);
  if (!draft) {
    drafts.clear(); // a new round (or match): the last one's pad is of no more use
    draft = { drawing: new Drawing(), board: null, busy: false, problem: null };
    drafts.set(key, draft);
  }
  draft.api = ctx.api; // the newest: the shell may have built its panel again since the board was made
  if (!draft.board) draft.board = new Board(ctx.api, draft.drawing, () => draft.api.refresh());
  return draft;
}

/**
 * The player's own word once chosen, seen only while held, like every other game's secret card: a glance at a
 * phone lying on the table learns nothing. One button kept between renders (it may be held right now).
 */
function secretWord(s, ctx, index) {
  const { api } = ctx;
  if (!s.secretWord) {
    const button = api.el("button", { type: "button", class: "nr-your-word", "data-testid": "nr-your-word", "aria-pressed": "false" });
    s.secretWord = { button, held: false, api, index };
    api.holdToReveal(button, (on) => {
      s.secretWord.held = on;
      paintSecretWord(s.secretWord);
    });
  }
  Object.assign(s.secretWord, { api, word: ctx.word(index) });
  paintSecretWord(s.secretWord);
  return s.secretWord.button;
}

function paintSecretWord(secret) {
  const { button, held, api, word } = secret;
  const { el, t } = api;
  button.classList.toggle("held", held);
  button.setAttribute("aria-pressed", String(held));
  button.setAttribute("aria-label", t("notarobot.screen.word_hold"));
  button.replaceChildren(
    el("span", { class: "nr-your-word-label" }, t("notarobot.screen.your_word")),
    held
      ? el("strong", { class: "nr-your-word-face", "data-testid": "nr-your-word-face" }, word)
      : el("span", { class: "nr-your-word-hint" }, t("notarobot.screen.word_hold")),
  );
}

function problemLine(api, problem, testid = "nr-problem") {
  if (!problem) return null;
  return api.el("p", { class: "nr-problem", role: "alert", "data-testid": testid }, api.t(problem.key, problem.params || {}));
}

/** A move's refusal as {key, params}, with a player id in its params turned into the name. */
function refusal(ctx, answer) {
  const params = { ...(answer.error?.params || {}) };
  if (typeof params.player === "string" && ctx.match.names?.[params.player]) params.player = ctx.api.name(params.player);
  return { key: answer.error?.key || "error.unknown", params };
}

export function renderPhone(s, ctx) {
  const { api } = ctx;
  s.paint("status", [api.lang, statusLines(ctx), ctx.match.round, ctx.g.rounds, ctx.match.phase], () => statusBlock(ctx));
  const gallery = ctx.match.over ? ctx.g.gallery || [] : [];
  if (ctx.phase === "drawing") drawingPhase(s, ctx);
  else if (["uncover", "guessing", "reveal"].includes(ctx.phase)) turnPhase(s, ctx);
  else {
    for (const name of ["words", "controls", "info", "votes"]) s.paint(name, null, () => null);
    s.paint("stage", [api.lang, gallery.length, s.ui.galleryIndex ?? 0], () => (gallery.length ? phoneGallery(s, api, gallery) : null));
  }
  s.paint("tokens", [api.lang, ctx.g.tokens, ctx.artist, [...ctx.left], ctx.match.players], () => tokenTable(ctx));
  s.paint("record", [api.lang, ctx.g.turns, [...ctx.left]], () => record(ctx));
  fitPad(s);
}

const MIN_PAD = 160; // px: a pad smaller than this is no use to a finger (a tile of 32 px)

/**
 * The pad of the moment (drawing, uncovering, checking) fits the phone's first screen with the tools under it:
 * its side is the height left below where it starts (page scrolled to the top), less the drawing tools.
 */
function fitPad(s) {
  if (!s.fitting) {
    s.fitting = true;
    window.addEventListener("resize", () => fitPad(s));
  }
  requestAnimationFrame(() => {
    const pad = s.box.querySelector(".nr-slot-stage .nr-pad");
    if (!pad) return;
    pad.style.removeProperty("max-width");
    const top = pad.getBoundingClientRect().top + window.scrollY;
    const bar = s.box.querySelector(".nr-draw-bar");
    const below = bar ? bar.getBoundingClientRect().height + 16 : 8;
    let side = Math.max(MIN_PAD, Math.floor(window.innerHeight - top - below));
    pad.style.maxWidth = `${side}px`;
    // the layout may move once the pad has its size (what wraps beside it): once more, by what still overflows
    const last = bar || pad;
    const overflow = last.getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 4;
    if (overflow > 0) {
      side = Math.max(MIN_PAD, side - Math.ceil(overflow));
      pad.style.maxWidth = `${side}px`;
    }
  });
}

// -- drawing ------------------------------------------------------------------------------------------------

function drawingPhase(s, ctx) {
  const { api, g } = ctx;
  const { el, t } = api;
  s.paint("votes", null, () => null);
  s.paint("info", [api.lang, g.first_artist, g.order, ctx.host, ctx.match.round, ctx.present, s.ui.picking], () => firstArtist(s, ctx));
  if (g.drawing) {
    const mine = g.drawing;
    s.paint("words", ["submitted", api.lang, g.words, mine.word], () => [secretWord(s, ctx, mine.word), wordList(ctx)]);
    s.paint("stage", [mine], () =>
      padView(api, { figure: mine.figure, decorations: mine.decorations, inside: mine.inside, testid: "nr-my-drawing", label: t("notarobot.screen.my_drawing") }),
    );
    const waiting = ctx.present.filter((p) => !(g.drawn || []).includes(p));
    s.paint("controls", [api.lang, mine.inside, mine.full, waiting], () => [
      el("p", { class: "nr-ok", "data-testid": "nr-submitted" }, t("notarobot.screen.submitted", { count: mine.inside.length })),
      mine.full ? el("p", { class: "nr-note" }, t("notarobot.screen.full_pad_note")) : null,
      waiting.length ? el("p", { class: "nr-note" }, t("notarobot.screen.waiting_for"), " ", waiting.map((p) => who(ctx, p))) : null,
    ]);
    return;
  }
  const draft = draftOf(ctx);
  const d = draft.drawing;
  s.paint("words", ["picking", api.lang, g.words, d.word], () => [
    el("p", { class: "nr-label" }, t("notarobot.screen.pick_word")),
    el(
      "div",
      { class: "nr-word-pick", role: "radiogroup", "aria-label": t("notarobot.screen.pick_word") },
      (g.words || []).map((word, index) =>
        el(
          "button",
          {
            type: "button",
            role: "radio",
            class: ["nr-word-button", d.word === index ? "chosen" : null],
            "aria-checked": String(d.word === index),
            "data-testid": `nr-word-${index}`,
            onclick: () => {
              d.word = index;
              draft.problem = null;
              api.refresh();
            },
          },
          ctx.word(index),
        ),
      ),
    ),
  ]);
  s.place("stage", draft.board.node);
  draft.board.paint();
  const key = [api.lang, d.tool, d.figure, d.decorations.length, d.history.length, d.inside, d.tangled, d.problem, d.word, draft.busy, draft.problem];
  s.paint("controls", key, () => drawControls(ctx, draft));
}

function drawControls(ctx, draft) {
  const { api } = ctx;
  const { el, t } = api;
  const d = draft.drawing;
  const tool = (name) =>
    el(
      "button",
      {
        type: "button",
        class: ["btn", "nr-tool", d.tool === name ? "on" : null],
        "aria-pressed": String(d.tool === name),
        "data-testid": `nr-tool-${name}`,
        onclick: () => {
          d.tool = name;
          api.refresh();
          draft.board.paint();
        },
      },
      t(`notarobot.screen.tool_${name}`),
    );
  let hint;
  if (d.tool === "figure") hint = d.figure ? t("notarobot.screen.hint_figure_again") : t("notarobot.screen.hint_figure");
  else hint = t("notarobot.screen.hint_decoration", { count: d.decorations.length, max: 30 });
  let state = null;
  if (d.figure && d.tangled) state = { key: "error.notarobot.figure_tangled", params: { max: 100 } };
  else if (d.figure && !d.inside.length) state = { key: "notarobot.screen.no_inside_yet" };
  const update = () => {
    draft.problem = null;
    draft.board.paint();
    api.refresh();
  };
  const submit = () => {
    if (!d.ready() || draft.busy) return;
    draft.busy = true;
    draft.problem = null;
    api.refresh();
    api.send("draw", d.payload(), { quiet: true }).then((answer) => {
      draft.busy = false;
      if (!answer.ok) draft.problem = refusal(ctx, answer);
      api.refresh();
    });
  };
  // Right under the pad, every tool in one compact block (the line to draw, undo, clear, submit); what the
  // drawing is like and the notes come after it, so the pad and its tools share the phone's first screen.
  return [
    el(
      "div",
      { class: "nr-draw-bar" },
      el("div", { class: "nr-tools", role: "group", "aria-label": t("notarobot.screen.tools") }, tool("figure"), tool("decoration")),
      el(
        "div",
        { class: "nr-row nr-edit-row" },
        el("button", { type: "button", class: "btn", "data-testid": "nr-undo", disabled: !d.history.length, onclick: () => (d.undo(), update()) }, t("notarobot.screen.undo")),
        el("button", { type: "button", class: "btn ghost", "data-testid": "nr-clear", disabled: !d.figure && !d.decorations.length, onclick: () => (d.clear(), update()) }, t("notarobot.screen.clear")),
        el(
          "button",
          { type: "button", class: "btn primary nr-submit", "data-testid": "nr-submit", disabled: !d.ready() || draft.busy, onclick: submit },
          t("notarobot.screen.submit"),
        ),
      ),
    ),
    el(
      "p",
      { class: "nr-inside-count", "data-testid": "nr-inside-count", "data-count": String(d.inside.length) },
      d.figure ? t("notarobot.screen.inside_preview", { count: d.inside.length }) : t("notarobot.screen.no_figure_yet"),
    ),
    problemLine(api, state, "nr-draw-state"),
    problemLine(api, d.problem, "nr-stroke-problem"),
    problemLine(api, draft.problem),
    d.word === null ? el("p", { class: "nr-note" }, t("notarobot.screen.pick_word_first")) : null,
    el("p", { class: "nr-hint", "data-testid": "nr-hint" }, hint),
    el("p", { class: "nr-note" }, t("notarobot.screen.submit_note"), " ", t("notarobot.screen.status.draw_hint")),
  ];
}

/** The host picks who "most recently wrote computer code" while round 1 is drawn; everyone sees the order. */
function firstArtist(s, ctx) {
  const { api, g } = ctx;
  const { el, t } = api;
  const order = el("p", { class: "nr-order", "data-testid": "nr-order" }, t("notarobot.screen.order"), " ", (g.order || []).map((p, i) => [i ? " → " : "", who(ctx, p)]));
  if (!(ctx.host && ctx.match.round === 1)) return el("section", { class: "nr-first" }, order);
  return el(
    "section",
    { class: "nr-first", "data-testid": "nr-first-artist" },
    el("h3", {}, t("notarobot.screen.first_artist_title")),
    el("p", { class: "nr-note" }, t("notarobot.screen.first_artist_hint")),
    el(
      "div",
      { class: "nr-chips", role: "radiogroup", "aria-label": t("notarobot.screen.first_artist_title") },
      ctx.present.map((pid) =>
        el(
          "button",
          {
            type: "button",
            role: "radio",
            class: ["nr-chip-button", g.first_artist === pid ? "chosen" : null],
            "aria-checked": String(g.first_artist === pid),
            "data-testid": "nr-first-choice",
            "data-player": pid,
            disabled: s.ui.picking,
            onclick: () => {
              if (g.first_artist === pid) return;
              s.ui.picking = true;
              api.send("first_artist", { player: pid }).finally(() => {
                s.ui.picking = false;
                api.refresh();
              });
            },
          },
          who(ctx, pid, { you: false }),
        ),
      ),
    ),
    order,
  );
}

// -- a turn: uncover, guessing, reveal --------------------------------------------------------------------

function turnPhase(s, ctx) {
  const { api, g, phase } = ctx;
  const { t } = api;
  const mine = g.drawing;
  const checks = g.checks || [];
  const myCheck = checks.find((c) => c.player === ctx.me) || null;
  const shared = { colour: ctx.colour, mark: ctx.mark, me: ctx.me, checks };
  let stage;
  let stageKey;
  if (phase === "reveal" && g.reveal) {
    const r = g.reveal;
    const turn = `${ctx.match.id}:${ctx.match.round}:${r.artist}`;
    stageKey = ["reveal", r, checks, api.lang];
    stage = () => {
      const still = s.peeled === turn; // the tiles come off once per turn, not on every repaint
      s.peeled = turn;
      return padView(api, { ...shared, figure: r.figure, decorations: r.decorations, inside: r.inside, right: r.right, peel: true, still, covered: true, testid: "nr-reveal-pad" });
    };
  } else if (ctx.isArtist && mine) {
    const uncovering = phase === "uncover";
    stageKey = [phase, mine, checks, g.uncovered, s.ui.pending, api.lang];
    stage = () =>
      padView(api, {
        ...shared,
        figure: mine.figure,
        decorations: mine.decorations,
        inside: mine.inside,
        uncovered: g.uncovered,
        className: "nr-own",
        pending: null,
        testid: "nr-artist-pad",
        label: t("notarobot.screen.my_drawing"),
        onTile: uncovering ? (tile) => uncover(s, ctx, tile) : null,
        canTap: () => s.ui.pending === undefined || s.ui.pending === null,
      });
  } else {
    const guessing = phase === "guessing" && ctx.isGuesser;
    const taken = new Set(checks.map((c) => c.tile));
    stageKey = [phase, checks, g.uncovered, s.ui.pending, guessing, Boolean(myCheck), api.lang];
    stage = () =>
      padView(api, {
        ...shared,
        covered: true,
        uncovered: g.uncovered,
        pending: s.ui.pending ?? null,
        testid: "nr-guess-pad",
        label: t("notarobot.screen.pad_of", { name: api.name(ctx.artist) }),
        onTile: guessing ? (tile) => check(s, ctx, tile) : null,
        canTap: (tile) => !myCheck && !taken.has(tile) && (s.ui.pending ?? null) === null,
      });
  }
  s.paint("stage", stageKey, stage);
  // The artist's word stays behind the hold until the reveal makes it public.
  const ownWord = phase !== "reveal" && ctx.isArtist && mine ? mine.word : null;
  s.paint("words", [api.lang, g.words, phase === "reveal" ? g.reveal?.word : null, ownWord], () => [
    ownWord === null ? null : secretWord(s, ctx, ownWord),
    wordList(ctx, { chosen: phase === "reveal" ? g.reveal?.word : null }),
  ]);
  s.paint("controls", [api.lang, phase, myCheck, s.ui.message, s.ui.pending, ctx.isArtist, ctx.isGuesser, ctx.host, ctx.match.ballots, artistsAfter(ctx), s.ui.next], () =>
    turnControls(s, ctx, myCheck),
  );
  s.paint("info", [api.lang, phase, g.reveal, checks, [...ctx.left]], () => (phase === "reveal" ? revealSummary(ctx) : null));
  s.paint("votes", votesKey(ctx, s), () => votes(ctx, s));
}

function turnControls(s, ctx, myCheck) {
  const { api, phase, g } = ctx;
  const { el, t } = api;
  const parts = [];
  if (phase === "uncover" && ctx.isArtist) parts.push(el("p", { class: "nr-callout", "data-testid": "nr-uncover-hint" }, t("notarobot.screen.uncover_hint")));
  if (phase === "guessing" && ctx.isGuesser) {
    if (myCheck) parts.push(el("p", { class: "nr-ok", "data-testid": "nr-my-check" }, t("notarobot.screen.checked", { tile: tileName(api, myCheck.tile) })));
    else parts.push(el("p", { class: "nr-callout", "data-testid": "nr-check-hint" }, t("notarobot.screen.check_hint")));
  }
  if (phase === "guessing" && ctx.isArtist) parts.push(el("p", { class: "nr-note" }, t("notarobot.screen.artist_watches")));
  if (phase !== "reveal" && !ctx.isArtist && g.uncovered) {
    parts.push(el("p", { class: "nr-note" }, t("notarobot.screen.uncovered_tile", { tile: tileName(api, g.uncovered.tile) })));
  }
  if (s.ui.message) parts.push(problemLine(api, s.ui.message, "nr-message"));
  if (phase === "reveal" && ctx.host) {
    const open = anyVoteOpen(ctx);
    const after = artistsAfter(ctx);
    const label = after.length
      ? t("notarobot.screen.next_artist", { name: api.name(after[0]) })
      : api.lastRound
        ? t("notarobot.screen.finish")
        : t("notarobot.screen.next_round");
    parts.push(
      el(
        "button",
        {
          type: "button",
          class: "btn primary big",
          "data-testid": "nr-next",
          disabled: open || s.ui.next,
          onclick: () => {
            s.ui.next = true;
            api.send("next").finally(() => {
              s.ui.next = false;
              api.refresh();
            });
            api.refresh();
          },
        },
        label,
      ),
    );
    if (open) parts.push(el("p", { class: "nr-note" }, t("notarobot.screen.vote_open_note")));
  }
  return parts;
}

function uncover(s, ctx, tile) {
  const { api } = ctx;
  if (s.ui.pending !== undefined && s.ui.pending !== null) return;
  s.ui.pending = tile;
  s.ui.message = null;
  api.refresh();
  api.send("uncover", { tile }, { quiet: true }).then((answer) => {
    s.ui.pending = null;
    if (!answer.ok) s.ui.message = refusal(ctx, answer);
    api.refresh();
  });
}

/** A checkmark: a tile already taken is refused here at once; the server rules on the rest (first come). */
function check(s, ctx, tile) {
  const { api, g } = ctx;
  const checks = g.checks || [];
  if (checks.some((c) => c.player === ctx.me) || (s.ui.pending ?? null) !== null) return;
  const holder = checks.find((c) => c.tile === tile)?.player;
  if (holder) {
    s.ui.message = { key: "error.notarobot.tile_taken", params: { tile, player: api.name(holder) } };
    api.refresh();
    return;
  }
  s.ui.pending = tile;
  s.ui.message = null;
  api.refresh();
  api.send("check", { tile }, { quiet: true }).then((answer) => {
    s.ui.pending = null;
    if (!answer.ok) s.ui.message = refusal(ctx, answer);
    api.refresh();
  });
}
