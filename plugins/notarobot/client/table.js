// I'm Not a Robot on the table screen (a TV or a laptop), and on the phone of anyone watching the match
// without playing it: the public view only. While everyone draws: the words and who has finished. Then
// the current artist's pad, large, with the uncovered tile and the checkmarks as they arrive; the reveal
// as a show (the masks come off, the inside lights up, the word and who was right); the tokens.

import { OVER, record, revealSummary, statusBlock, statusLines, tokenTable, who, wordList } from "./common.js";
import { padView } from "./pad.js";
import { votes, votesKey } from "./votes.js";

export function renderTable(s, ctx) {
  const { api, g, stage } = ctx;
  const P = api.phases;
  s.box.dataset.seats = String(ctx.match.players.length); // table.css: a small table's reveal gives the pad more
  s.paint("status", [api.lang, statusLines(ctx), ctx.match.round, g.rounds, ctx.match.phase, ctx.artist], () => [
    ...statusBlock(ctx),
    ctx.artist && stage !== OVER ? api.el("p", { class: "nr-turn", "data-testid": "nr-turn" }, api.t("notarobot.screen.artist_is"), " ", who(ctx, ctx.artist)) : null,
  ]);
  s.paint("controls", null, () => null);
  if (stage === P.drawing) {
    s.paint("stage", [api.lang, g.words, g.drawn, g.order, ctx.present, [...ctx.left], g.skipped], () => drawingBoard(ctx));
    s.paint("words", null, () => null);
    s.paint("info", null, () => null); // the drawing board lists the artists in their order
  } else if ([P.uncover, P.guessing, P.reveal].includes(stage)) {
    s.paint("stage", turnPadKey(ctx), () => turnPad(s, ctx));
    s.paint("words", [api.lang, g.words, g.reveal?.word ?? null], () => [
      api.el("h3", {}, api.t("notarobot.screen.words")),
      wordList(ctx, { chosen: g.reveal ? g.reveal.word : null, testid: "nr-table-words" }),
    ]);
    s.paint("info", [api.lang, stage, g.reveal, g.checks, ctx.guessers, [...ctx.left], Boolean(ctx.match.ballots?.full_pad)], () =>
      stage === P.reveal ? revealSummary(ctx) : legend(ctx),
    );
  } else {
    for (const name of ["stage", "words", "info"]) s.paint(name, null, () => null);
  }
  s.paint("votes", votesKey(ctx, s), () => votes(ctx, s));
  // The tokens once the match is over; meanwhile the shell's points say what they are worth, and the stage is
  // the turn's (ten players' tokens beside the pad and the reveal do not fit a TV at a size read from the sofa).
  s.paint("tokens", [api.lang, stage, g.tokens, [...ctx.left], ctx.match.players], () => (stage === OVER || !ctx.table ? tokenTable(ctx) : null));
  s.paint("record", [api.lang, g.turns, [...ctx.left]], () => record(ctx));
}

/** The key the turn's pad is repainted on. */
function turnPadKey(ctx) {
  const { g, stage } = ctx;
  return [ctx.api.lang, stage, ctx.artist, g.uncovered, g.checks, g.reveal, Boolean(ctx.table)];
}

/** The turn's pad, large: covered but for the uncovered tile, then peeled at the reveal. */
function turnPad(s, ctx) {
  const { api, g, stage } = ctx;
  const shared = { colour: ctx.colour, mark: ctx.mark, checks: g.checks || [], size: ctx.table ? "table" : null };
  let pad;
  if (stage === api.phases.reveal && g.reveal) {
    const r = g.reveal;
    const turn = `${ctx.match.id}:${ctx.match.round}:${r.artist}`;
    const still = s.peeled === turn;
    s.peeled = turn;
    pad = padView(api, { ...shared, figure: r.figure, decorations: r.decorations, inside: r.inside, right: r.right, covered: true, peel: true, still, testid: "nr-table-pad" });
  } else {
    pad = padView(api, { ...shared, covered: true, uncovered: g.uncovered, testid: "nr-table-pad", label: api.t("notarobot.screen.pad_of", { name: api.name(ctx.artist) }) });
  }
  return api.el(
    "figure",
    { class: ["nr-stage", `nr-stage-${stage}`] },
    pad,
    api.el("figcaption", {}, api.t("notarobot.screen.pad_of", { name: api.name(ctx.artist) })),
  );
}

/** While everyone draws: the words, large, and the artists in their order, each with whether they have drawn. */
function drawingBoard(ctx) {
  const { api, g } = ctx;
  const { el, t } = api;
  const drawn = new Set(g.drawn || []);
  const order = (g.order || []).filter((p) => ctx.match.players.includes(p));
  const players = [...order, ...ctx.match.players.filter((p) => !order.includes(p))];
  return el(
    "section",
    { class: "nr-drawing-board", "data-testid": "nr-table-drawing" },
    el("h3", {}, t("notarobot.screen.words")),
    wordList(ctx, { testid: "nr-table-words" }),
    el("h3", {}, t("notarobot.screen.order_title")),
    el(
      "ol",
      { class: "nr-drawers", "data-testid": "nr-order" },
      players.map((pid, index) =>
        el(
          "li",
          { class: [drawn.has(pid) ? "done" : "busy", ctx.left.has(pid) ? "left" : null], "data-player": pid, "data-testid": "nr-drawer" },
          el("span", { class: "nr-drawer-number" }, String(index + 1)),
          el("span", { class: "nr-drawer-state", "aria-hidden": "true" }, drawn.has(pid) ? "✓" : "✎"),
          who(ctx, pid),
          el("span", { class: "nr-muted" }, ctx.left.has(pid) ? "" : drawn.has(pid) ? t("notarobot.screen.has_drawn") : t("notarobot.screen.is_drawing")),
        ),
      ),
    ),
  );
}

/** Who guesses this turn, in their colours, and whether their checkmark is down. */
function legend(ctx) {
  const { api, g } = ctx;
  const checked = new Set((g.checks || []).map((c) => c.player));
  return api.el(
    "ul",
    { class: "nr-legend", "data-testid": "nr-legend" },
    ctx.guessers.map((pid) =>
      api.el(
        "li",
        { class: checked.has(pid) ? "done" : "busy", "data-player": pid },
        api.el("span", { class: "nr-legend-mark", style: { "--nr-colour": ctx.colour(pid) }, "aria-hidden": "true" }, ctx.mark(pid)),
        api.el("span", { class: ["nr-who", ctx.left.has(pid) ? "gone" : null] }, api.name(pid)),
        api.el("span", { class: "nr-muted" }, checked.has(pid) ? api.t("notarobot.screen.has_checked") : api.t("notarobot.screen.is_checking")),
      ),
    ),
  );
}
