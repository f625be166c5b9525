// The night's recap (lobby.recap, docs/protocol.md): once the host closes the night, the table screen shows a
// scene of its own (the standings and the awards, fitted to the screen without scrolling) and each phone its
// player's own line first; the host gets "New night" and "Back to this night". Before that, the host's
// "Close the night" button (two taps) lives in the lobby's tools.

import { el, fill } from "./dom.js";
import { confirmButton } from "./buttons.js";
import { list, t } from "./i18n.js";
import { gameName } from "./common.js";
import { awardList, ownLine, recapStandings } from "./recap_parts.js";
import { fameVote, nightRecords } from "./crew_recap.js";
import { audiencePodium } from "./audience_parts/podium.js";

const STYLES = "/static/css/recap.css";
const SMALLEST = 0.45; // the table's recap shrinks its text down to this much of its size to fit

let tableScene = null;
let shownOnTable = null; // null until the first state: a table opened on a closed night sounds nothing
const lastShown = { table: null, phone: null }; // which recap each surface last showed (its awards appear once)

/** Whether ``recap`` is new on ``surface`` since its last render (then its awards appear one by one). */
function fresh(surface, recap) {
  const key = JSON.stringify([recap.matches, recap.standings, recap.awards]);
  const isNew = lastShown[surface] !== key;
  lastShown[surface] = key;
  return isNew;
}

/** The recap's styles, loaded once per page; ``loaded()`` runs when they arrive (to fit the table again). */
function useStyles(loaded) {
  let link = document.head.querySelector(`link[href="${STYLES}"]`);
  if (!link) {
    link = el("link", { rel: "stylesheet", href: STYLES, "data-recap": "" });
    document.head.appendChild(link);
  }
  if (loaded && !link.sheet) link.addEventListener("load", loaded, { once: true });
}
useStyles();

/** The table's "reveal" cue (cues.js) as the recap comes on; a page without the shell's cues stays silent. */
function cueReveal() {
  import("./cues.js").then((cues) => cues.cue("reveal")).catch(() => {});
}

function summary(recap) {
  if (!recap.matches) return t("recap.no_matches");
  return t("recap.summary", { count: recap.matches, games: list(recap.games.map(gameName)) });
}

// -- the table screen -----------------------------------------------------------------------------------

/**
 * Show the recap as the table's only scene while the night is closed (every other part of the page is
 * hidden: recap.css), or put it away. Returns true while it is shown. Call with every new state.
 */
export function renderTableRecap(view) {
  const recap = view?.lobby?.recap || null;
  if (shownOnTable === false && recap) cueReveal();
  shownOnTable = Boolean(recap);
  document.documentElement.toggleAttribute("data-recap", Boolean(recap));
  if (!recap) {
    if (tableScene) tableScene.hidden = true;
    lastShown.table = null;
    return false;
  }
  if (!tableScene) {
    tableScene = el("section", { id: "recap-scene", class: "recap-scene", "data-testid": "recap" });
    (document.getElementById("main") || document.body).appendChild(tableScene);
  }
  tableScene.hidden = false;
  fill(
    tableScene,
    el(
      "header",
      { class: "recap-head" },
      el("h1", { class: "recap-title" }, t("recap.title")),
      el("p", { class: "recap-summary", "data-testid": "recap-summary" }, summary(recap)),
    ),
    el(
      "div",
      { class: "recap-body" },
      el(
        "section",
        { class: "card recap-board" },
        el("h2", {}, t("recap.standings")),
        recap.standings.length ? recapStandings(recap, { view }) : el("p", { class: "muted" }, t("recap.nobody")),
      ),
      el(
        "section",
        { class: "recap-awards" },
        audiencePodium(recap),
        el("h2", {}, t("recap.awards")),
        nightRecords(view),
        awardList(recap, { fresh: fresh("table", recap), view }),
      ),
    ),
    el("p", { class: "recap-foot" }, t("recap.table_hint")),
  );
  placeScene();
  useStyles(() => placeScene());
  return true;
}

/** Put the scene under the top bar and shrink its text until everything in it fits the screen. */
function placeScene() {
  if (!tableScene || tableScene.hidden) return;
  const bar = document.querySelector(".topbar");
  tableScene.style.setProperty("--recap-top", `${Math.ceil(bar ? bar.getBoundingClientRect().bottom : 0)}px`);
  let scale = 1;
  tableScene.style.setProperty("--recap-scale", "1");
  while (scale > SMALLEST && overflows(tableScene)) {
    scale = Math.round((scale - 0.05) * 100) / 100;
    tableScene.style.setProperty("--recap-scale", String(scale));
  }
}

function overflows(scene) {
  if (scene.scrollHeight > scene.clientHeight + 1 || scene.scrollWidth > scene.clientWidth + 1) return true;
  return [...scene.querySelectorAll(".recap-board, .recap-awards")].some(
    (box) => box.scrollHeight > box.clientHeight + 1,
  );
}

window.addEventListener("resize", () => placeScene());

// -- a phone --------------------------------------------------------------------------------------------

/**
 * The recap card at the top of ``room`` while the night is closed: the viewer's own line (place, matches,
 * wins, points, their awards), the standings, every award, and the host's way on. Returns true while shown.
 */
export function renderPhoneRecap(room, view, { host = false, command = null } = {}) {
  const recap = view.lobby.recap;
  let card = room.querySelector(":scope > .recap-card");
  if (!recap) {
    if (card) card.hidden = true;
    lastShown.phone = null;
    return false;
  }
  if (!card) {
    card = el("section", { class: "card recap-card", "data-testid": "recap" });
    room.prepend(card);
  }
  card.hidden = false;
  fill(
    card,
    el("h2", { class: "recap-title" }, t("recap.title")),
    el("p", { class: "muted recap-summary", "data-testid": "recap-summary" }, summary(recap)),
    view.you ? ownLine(recap, view.you, { fresh: fresh("phone", recap) }) : null, // an audience phone has no line
    host ? hostActions(command) : el("p", { class: "muted small" }, t("recap.wait_host")),
    nightRecords(view),
    audiencePodium(recap),
    fameVote(view, { command }),
    recap.standings.length ? [el("h3", {}, t("recap.standings")), recapStandings(recap, { you: view.you, view })] : null,
    recap.awards.length ? [el("h3", {}, t("recap.all_awards")), awardList(recap, { you: view.you, view })] : null,
  );
  return true;
}

function hostActions(command) {
  return el(
    "div",
    { class: "actions recap-actions" },
    confirmButton({
      id: "new-night",
      label: t("recap.new_night"),
      confirmLabel: t("recap.new_night_confirm"),
      onConfirm: () => command("new_night"),
      attrs: { class: "btn primary big", "data-testid": "new-night" },
    }),
    el(
      "button",
      { type: "button", class: "btn", "data-testid": "reopen-night", onclick: () => command("reopen_night") },
      t("recap.reopen"),
    ),
  );
}

/** The host's "Close the night" (two taps), between matches while the night is open; otherwise null. */
export function closeNightButton(view, { host = false, command = null } = {}) {
  const live = Boolean(view.match && !view.match.over);
  if (!host || live || view.lobby.recap) return null;
  return [
    confirmButton({
      id: "close-night",
      label: t("recap.close"),
      confirmLabel: t("recap.close_confirm"),
      onConfirm: () => command("close_night"),
      attrs: { class: "btn", "data-testid": "close-night" },
    }),
    el("p", { class: "muted small" }, t("recap.close_hint")),
  ];
}
