// I'm Not a Robot on a player's phone: the secret hand. Drawing (pick a word, draw the figure and the
// decorations, see the inside, submit), then each turn: the artist uncovers a tile of their own pad,
// the guessers race to check a tile on the covered pad, and the reveal with its votes.
// The drawing is phone_draw.js; the parts both share, phone_parts.js.

import {
  anyVoteOpen,
  artistsAfter,
  record,
  revealSummary,
  statusBlock,
  statusLines,
  tokenTable,
  wordList,
} from "./common.js";
import { fitPhone } from "./fit.js";
import { phoneGallery } from "./gallery.js";
import { padView, tileName } from "./pad.js";
import { drawingPhase } from "./phone_draw.js";
import { problemLine, refusal, secretWord } from "./phone_parts.js";
import { votes, votesKey } from "./votes.js";

export function renderPhone(s, ctx) {
  const { api } = ctx;
  const P = api.phases;
  s.paint("status", [api.lang, statusLines(ctx), ctx.match.round, ctx.g.rounds, ctx.match.phase], () => statusBlock(ctx));
  const gallery = ctx.match.over ? ctx.g.gallery || [] : [];
  if (ctx.stage === P.drawing) drawingPhase(s, ctx);
  else if ([P.uncover, P.guessing, P.reveal].includes(ctx.stage)) turnPhase(s, ctx);
  else {
    for (const name of ["words", "controls", "info", "votes"]) s.paint(name, null, () => null);
    s.paint("stage", [api.lang, gallery.length, s.ui.galleryIndex ?? 0, s.ui.galleryStep ?? null], () => (gallery.length ? phoneGallery(s, api, gallery) : null));
  }
  s.paint("tokens", [api.lang, ctx.g.tokens, ctx.artist, [...ctx.left], ctx.match.players], () => tokenTable(ctx));
  s.paint("record", [api.lang, ctx.g.turns, [...ctx.left]], () => record(ctx));
  fitPhone(s, moment(ctx), [P.drawing, P.uncover, P.guessing].includes(ctx.stage));
}

/** The moment the phone shows: a new one (a phase, a turn, a vote of theirs opening, a language) is scrolled to. */
function moment(ctx) {
  const mine = Object.entries(ctx.match.ballots || {}).filter(([, b]) => !b.closed && (b.voters || []).includes(ctx.me));
  return [ctx.api.lang, ctx.match.id, ctx.match.round, ctx.stage, ctx.artist, mine.map(([id]) => id)].join("|");
}

// -- a turn: uncover, guessing, reveal --------------------------------------------------------------------

function turnPhase(s, ctx) {
  const { api, g, stage } = ctx;
  const { t } = api;
  const P = api.phases;
  const mine = g.drawing;
  const checks = g.checks || [];
  const myCheck = checks.find((c) => c.player === ctx.me) || null;
  const shared = { colour: ctx.colour, mark: ctx.mark, me: ctx.me, checks };
  let pad;
  let padKey;
  if (stage === P.reveal && g.reveal) {
    const r = g.reveal;
    const turn = `${ctx.match.id}:${ctx.match.round}:${r.artist}`;
    padKey = ["reveal", r, checks, api.lang];
    pad = () => {
      const still = s.peeled === turn; // the tiles come off once per turn, not on every repaint
      s.peeled = turn;
      return padView(api, { ...shared, figure: r.figure, decorations: r.decorations, inside: r.inside, right: r.right, peel: true, still, covered: true, testid: "nr-reveal-pad" });
    };
  } else if (ctx.isArtist && mine) {
    const uncovering = stage === P.uncover;
    padKey = [stage, mine, checks, g.uncovered, s.ui.pending, api.lang];
    pad = () =>
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
    const guessing = stage === P.guessing && ctx.isGuesser;
    const taken = new Set(checks.map((c) => c.tile));
    padKey = [stage, checks, g.uncovered, s.ui.pending, guessing, Boolean(myCheck), api.lang];
    pad = () =>
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
  s.paint("stage", padKey, pad);
  // The artist's word stays behind the hold until the reveal makes it public.
  const ownWord = stage !== P.reveal && ctx.isArtist && mine ? mine.word : null;
  s.paint("words", [api.lang, g.words, stage === P.reveal ? g.reveal?.word : null, ownWord], () => [
    ownWord === null ? null : secretWord(s, ctx, ownWord),
    wordList(ctx, { chosen: stage === P.reveal ? g.reveal?.word : null }),
  ]);
  s.paint("controls", [api.lang, stage, myCheck, s.ui.message, s.ui.pending, ctx.isArtist, ctx.isGuesser, ctx.host, ctx.match.ballots, artistsAfter(ctx), s.ui.next], () =>
    turnControls(s, ctx, myCheck),
  );
  s.paint("info", [api.lang, stage, g.reveal, checks, [...ctx.left], Boolean(ctx.match.ballots?.full_pad)], () => (stage === P.reveal ? revealSummary(ctx) : null));
  s.paint("votes", votesKey(ctx, s), () => votes(ctx, s));
}

function turnControls(s, ctx, myCheck) {
  const { api, stage, g } = ctx;
  const { el, t } = api;
  const P = api.phases;
  const parts = [];
  if (stage === P.uncover && ctx.isArtist) parts.push(el("p", { class: "nr-callout", "data-testid": "nr-uncover-hint", "data-now": "uncover" }, t("notarobot.screen.uncover_hint")));
  if (stage === P.guessing && ctx.isGuesser) {
    if (myCheck) parts.push(el("p", { class: "nr-ok", "data-testid": "nr-my-check", "data-now": "check" }, t("notarobot.screen.checked", { tile: tileName(api, myCheck.tile) })));
    else parts.push(el("p", { class: "nr-callout", "data-testid": "nr-check-hint", "data-now": "check" }, t("notarobot.screen.check_hint")));
  }
  if (stage === P.guessing && ctx.isArtist) parts.push(el("p", { class: "nr-note" }, t("notarobot.screen.artist_watches")));
  if (stage !== P.reveal && !ctx.isArtist && g.uncovered) {
    parts.push(el("p", { class: "nr-note" }, t("notarobot.screen.uncovered_tile", { tile: tileName(api, g.uncovered.tile) })));
  }
  if (s.ui.message) parts.push(problemLine(api, s.ui.message, "nr-message"));
  if (stage === P.reveal && ctx.host) {
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
          "data-now": "next",
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
