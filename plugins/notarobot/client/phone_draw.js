// I'm Not a Robot on a player's phone while everyone draws: pick a word, draw the figure and the decorations on
// the pad with a finger, or by tapping the grid's points (tap_draw.js), the pad kept as one node for the whole round
// (a state arriving mid-stroke never breaks the line); see the inside, submit; the host picks the first artist.

import { who, wordList } from "./common.js";
import { Board, Drawing } from "./drawing.js";
import { padView } from "./pad.js";
import { problemLine, refocus, refusal, secretWord } from "./phone_parts.js";
import { TapBoard } from "./tap_draw.js";

const drafts = new Map(); // "<match>:<round>" -> {drawing, board, busy, problem}: survives every re-render
const TAPPING_KEY = "gamenight.notarobot.tapping"; // this device draws by tapping: remembered for the next rounds

function tappingChosen() {
  try {
    return localStorage.getItem(TAPPING_KEY) === "on";
  } catch {
    return false; // storage refused (a private window): the switch still works for the round
  }
}

function rememberTapping(on) {
  try {
    localStorage.setItem(TAPPING_KEY, on ? "on" : "off");
  } catch {
    // not remembered; nothing else changes
  }
}

function draftOf(ctx) {
  const key = `${ctx.match.id}:${ctx.match.round}`;
  let draft = drafts.get(key);
  if (!draft) {
    drafts.clear(); // a new round (or match): the last one's pad is of no more use
    draft = { drawing: new Drawing(), board: null, tapBoard: null, tapping: tappingChosen(), busy: false, problem: null };
    drafts.set(key, draft);
  }
  draft.api = ctx.api; // the newest: the shell may have built its panel again since the board was made
  if (!draft.board) draft.board = new Board(ctx.api, draft.drawing, () => draft.api.refresh());
  if (!draft.tapBoard) draft.tapBoard = new TapBoard(ctx.api, draft.drawing, () => draft.api.refresh());
  draft.tapBoard.api = ctx.api;
  return draft;
}

export function drawingPhase(s, ctx) {
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
  // On a short screen (screen.css) a chosen word folds the others away, so that the pad and its tools fit; a tap
  // on it unfolds them again.
  const folded = d.word !== null && !draft.pickOpen;
  s.paint("words", ["picking", api.lang, g.words, d.word, folded], () => [
    el("p", { class: "nr-label" }, t("notarobot.screen.pick_word")),
    el(
      "div",
      { class: ["nr-word-pick", folded ? "folded" : null], role: "radiogroup", "aria-label": t("notarobot.screen.pick_word"), "data-now": "pick-word" },
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
              draft.pickOpen = d.word === index && !draft.pickOpen;
              d.word = index;
              draft.problem = null;
              api.refresh();
            },
          },
          ctx.word(index),
          d.word === index ? el("span", { class: "nr-word-change" }, t("notarobot.screen.change_word")) : null,
        ),
      ),
    ),
  ]);
  const board = draft.tapping ? draft.tapBoard : draft.board;
  s.place("stage", board.node);
  board.paint();
  const taps = draft.tapBoard.taps;
  const key = [api.lang, d.tool, d.figure, d.decorations.length, d.history.length, d.inside, d.tangled, d.problem, d.word, draft.busy, draft.problem, draft.tapping, taps];
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
          draft.tapBoard.paint();
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
    draft.tapBoard.paint();
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
  // drawing is like and the notes come after it, so the pad and its tools are in view together (fit.js).
  return [
    el(
      "div",
      { class: "nr-draw-bar", "data-now": "draw" },
      el("div", { class: "nr-tools", role: "group", "aria-label": t("notarobot.screen.tools") }, tool("figure"), tool("decoration")),
      draft.tapping ? tapControls(ctx, draft, update) : null,
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
    draft.tapping ? draft.tapBoard.saidNode : null,
    tapSwitch(ctx, draft),
    el(
      "p",
      { class: "nr-inside-count", "data-testid": "nr-inside-count", "data-count": String(d.inside.length) },
      d.figure ? t("notarobot.screen.inside_preview", { count: d.inside.length }) : t("notarobot.screen.no_figure_yet"),
    ),
    problemLine(api, state, "nr-draw-state"),
    problemLine(api, d.problem, "nr-stroke-problem"),
    problemLine(api, draft.problem),
    d.word === null ? el("p", { class: "nr-note" }, t("notarobot.screen.pick_word_first")) : null,
    el("p", { class: "nr-hint", "data-testid": "nr-hint" }, draft.tapping ? t(d.tool === "figure" ? "notarobot.tap.hint_figure" : "notarobot.tap.hint_decoration") : hint),
    el("p", { class: "nr-note" }, t("notarobot.screen.submit_note"), " ", t("notarobot.screen.status.draw_hint")),
  ];
}

/** The switch between drawing with a finger and tapping the pad's grid points (tap_draw.js). */
function tapSwitch(ctx, draft) {
  const { api } = ctx;
  return api.el(
    "button",
    {
      type: "button",
      class: ["btn", "nr-tap-switch", draft.tapping ? "on" : null],
      "aria-pressed": String(draft.tapping),
      "data-testid": "nr-tap-switch",
      onclick: () => {
        draft.tapping = !draft.tapping;
        rememberTapping(draft.tapping);
        api.refresh();
        refocus("nr-tap-switch");
      },
    },
    api.t("notarobot.tap.switch"),
  );
}

/** While tapping: finish the line tapped so far, or take its last point back (the pad in words: TapBoard). */
function tapControls(ctx, draft, update) {
  const { api } = ctx;
  const { el, t } = api;
  const board = draft.tapBoard;
  const figure = draft.drawing.tool === "figure";
  return el(
    "div",
    { class: "nr-row nr-tap-row" },
    el(
      "button",
      { type: "button", class: "btn primary", "data-testid": "nr-tap-finish", disabled: !board.canFinish(), onclick: () => (board.finish(), update(), refocus("nr-tap-finish", "nr-point-0-0")) },
      t(figure ? "notarobot.tap.close_figure" : "notarobot.tap.finish_decoration"),
    ),
    el(
      "button",
      { type: "button", class: "btn", "data-testid": "nr-tap-back", disabled: !board.taps.length, onclick: () => (board.back(), update(), refocus("nr-tap-back", "nr-tap-finish")) },
      t("notarobot.tap.back"),
    ),
  );
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
