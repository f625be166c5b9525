// I'm Not a Human (Hobby World's "Я не человек"): a phone is a secret hand, the TV is the table.
// The shell calls render(root, view, api) on every state. The role card is kept between renders (it may be
// held right now), the association form keeps the player's draft and its warnings, and every other part is
// rebuilt only when what it shows has changed. The field being typed in keeps its focus by its data-keep
// key: the shell sees to that for every game. Text goes through api.el / api.t only: player words are
// never HTML. Players who left the match are struck through and never waited for or voted for.
// The modules, one part of the screen each:
//   common.js   constants, the render's context, small builders (put, paint, token, who)
//   status.js   the status line;  card.js the role card;  action.js what this viewer can do now
//   form.js     the association form;  ballot.js the secret vote;  list.js the association list
//   board.js    the nine pictures;  zoom.js a picture enlarged (and the Human's guess)
//   result.js   the round's result;  sheet.js the record sheet;  setup.js the lobby's picture packs
//   pictures.js a picture in words (alt text from the scenes' tags);  cues.js the moments' sounds
//   order.js    a phone's parts in the order of play
// Styles: screen.css (the parts, the phone), table.css (the table screen's layout on a TV).

import { context } from "./common.js";
import { renderStatus } from "./status.js";
import { renderCard } from "./card.js";
import { renderAction } from "./action.js";
import { renderBallot } from "./ballot.js";
import { renderBoard } from "./board.js";
import { renderZoom } from "./zoom.js";
import { renderList } from "./list.js";
import { renderResult } from "./result.js";
import { renderSheet } from "./sheet.js";
import { cueMoments } from "./cues.js";
import { loadTags } from "./pictures.js";
import { arrangePhone } from "./order.js";

export { renderSetup } from "./setup.js";

const screens = new WeakMap();

function screenOf(root, api) {
  let screen = screens.get(root);
  if (screen && screen.box.parentNode === root) return screen;
  const { el } = api;
  screen = { keys: {}, round: null, zoom: null, warning: null, problem: null, busy: false, held: false, form: null, myVote: null };
  // no live region of its own: the shell's log says each phase, turn and vote once (web/static/js/announce.js)
  screen.status = el("div", { class: "nah-status", "data-testid": "nah-status" });
  screen.cardSlot = el("div", { class: "nah-card-slot" });
  screen.top = el("div", { class: "nah-top" }, screen.cardSlot, screen.status);
  screen.action = el("div", { class: "nah-action", "data-testid": "nah-action" });
  screen.result = el("section", { class: "nah-result", "data-testid": "nah-result" });
  // a region named by its title ("Who is the Human?"), for a reader to find the vote by
  screen.ballot = el("section", { class: "nah-ballot", "data-testid": "nah-ballot", "aria-labelledby": "nah-ballot-title" });
  screen.board = el("section", { class: "nah-board", "data-testid": "nah-board" });
  screen.list = el("section", { class: "nah-list", "data-testid": "nah-associations" });
  screen.sheet = el("section", { class: "nah-sheet", "data-testid": "nah-sheet" });
  screen.zoomBox = el("div", { class: "nah-zoom", hidden: true, "data-testid": "nah-zoom" });
  if (api.table) {
    // the table lays its parts out side by side: the pictures beside the words
    const side = el("div", { class: "nah-side" }, screen.action, screen.result, screen.ballot, screen.list);
    const main = el("div", { class: "nah-main" }, screen.board, side);
    screen.box = el("div", { class: "nah-root" }, screen.top, main, screen.sheet, screen.zoomBox);
  } else {
    // a phone is one column, in the order of play (order.js keeps it)
    const parts = [screen.action, screen.result, screen.ballot, screen.top, screen.board, screen.list, screen.sheet, screen.zoomBox];
    screen.box = el("div", { class: "nah-root" }, parts);
  }
  root.replaceChildren(screen.box);
  screens.set(root, screen);
  return screen;
}

export function render(root, view, api) {
  const screen = screenOf(root, api);
  const ctx = context(view, api);
  screen.ctx = ctx;
  loadTags(api);
  const round = `${ctx.match.id}:${ctx.match.round}`;
  if (screen.round !== round) {
    screen.round = round;
    screen.zoom = null;
    screen.warning = null;
    screen.problem = null;
    screen.busy = false;
    screen.form = null;
    screen.revealAnswer = null;
    screen.listSeen = ctx.associations.length; // words already said when this screen opened do not fly in
  }
  if (ctx.stage !== api.phases.associations || ctx.gameView.my_word) {
    screen.warning = null;
    screen.problem = null;
  }
  screen.box.className = ["nah-root", api.table ? "nah-table" : "nah-phone", `nah-phase-${ctx.stage}`].join(" ");
  screen.box.dataset.phase = ctx.stage;
  renderStatus(screen, ctx);
  renderCard(screen, ctx);
  renderAction(screen, ctx);
  renderResult(screen, ctx);
  renderBallot(screen, ctx);
  renderBoard(screen, ctx);
  renderList(screen, ctx);
  renderSheet(screen, ctx);
  renderZoom(screen);
  if (!api.table) arrangePhone(screen, ctx);
  cueMoments(ctx);
}
