// The table screen (/l/<CODE>/table): the public view for a TV, one scene at a time (scenes.js) that fits
// the screen without scrolling: the lobby with the join code and QR, a match's stage, its results, the game's
// look back at it (a finale), the night's scoreboard. It sounds the table's cues (cues.js, moments.js).

import { byId, el, fill } from "./dom.js";
import { ready, t } from "./i18n.js";
import { badge, gameName, heading } from "./common.js";
import { loadCatalogue } from "./catalogue.js";
import { syncClock } from "./clock.js";
import { initDevice, paintDevice } from "./device.js";
import { trimToFit } from "./fit.js";
import { MatchPanel } from "./match.js";
import { renderTableRecap } from "./recap.js";
import { renderCrewScene } from "./crew_scenes.js";
import { Moments } from "./moments.js";
import { SceneDirector } from "./scenes.js";
import { scoreboardSection } from "./scoreboard.js";
import { seatList } from "./seats.js";
import { SetupPanel } from "./setup.js";
import { connect, request } from "./socket.js";
import { initPage } from "./ui.js";
import { audienceLinkLine, watchingChip } from "./audience_parts/table.js";

const table = byId("table");
const code = table.dataset.code;
let view = null;
let shownVersion = -1;
let missing = false;
let catalogue = null;
let retry = null;

const socket = connect({ connect: watch, state: onState });
const match = new MatchPanel(byId("match"), { table: true });
const waiting = new SetupPanel(byId("waiting-setup"), { command: null, table: true });
// ?rotate=0 keeps each scene until the moment changes or a tab is picked (a kiosk, the browser tests)
const rotate = new URLSearchParams(window.location.search).get("rotate") !== "0";
const director = new SceneDirector(byId("scene-tabs"), () => render(), { rotate });
const moments = new Moments({ table: true });
new ResizeObserver(() => trimToFit(byId("scoreboard"))).observe(byId("scoreboard"));

async function watch() {
  clearTimeout(retry);
  const answer = await request(socket, "watch", { code });
  if (answer.ok) return;
  if (answer.error?.code === "unknown_lobby") {
    missing = true;
    render();
  } else {
    retry = setTimeout(() => socket.connected && watch(), 3000);
  }
}

function onState(next) {
  if (!next?.lobby || next.lobby.code !== code) return;
  if (next.lobby.version < shownVersion) return;
  shownVersion = next.lobby.version;
  view = next;
  syncClock(next.now);
  moments.observe(next);
  render();
}

function renderMissing() {
  const notice = byId("notice");
  notice.hidden = !missing;
  fill(
    notice,
    missing
      ? el(
          "div",
          { "data-testid": "missing" },
          el("h2", {}, t("notice.missing.title")),
          el("p", {}, t("notice.missing.text", { code })),
        )
      : null,
  );
}

/** The lobby scene: the join code and QR while seats are open, the seats, the chosen game. */
function renderLobby(shown) {
  const lobby = view.lobby;
  const live = Boolean(view.match && !view.match.over);
  const joining = shown && !lobby.locked && !lobby.streamer; // streamer mode: no code or QR on the TV
  table.querySelector(".join-box").hidden = !joining;
  // the corner code in the top bar stands in for the big one whenever the big one is not shown
  document.body.dataset.joinOpen = joining ? "true" : "false";
  fill(
    byId("seats-head"),
    heading(
      t("lobby.seats", { count: lobby.seats.length }),
      [
        lobby.locked ? badge(t("lobby.locked"), "warn", "locked-badge") : null,
        lobby.streamer && !lobby.locked ? badge(t("streamer.badge"), "", "streamer-badge") : null,
      ],
    ),
  );
  fill(byId("seats"), seatList(view, { table: true }));
  fill(byId("audience-link"), joining ? audienceLinkLine(view, table.dataset.joinUrl) : null);
  if (!live) waiting.update(view, catalogue, { host: false });
  byId("waiting").querySelector(".waiting-note").hidden = !lobby.setup;
}

function render() {
  if (!ready()) return; // the strings arrive first: initPage() renders again then
  paintDevice();
  fill(byId("join-link"), table.dataset.joinUrl);
  table.querySelector(".qr").alt = t("table.qr_alt", { code });
  byId("loading").hidden = Boolean(view) || missing;
  renderMissing();
  if (!view || missing) {
    for (const scene of table.querySelectorAll(".scene")) scene.hidden = true;
    return;
  }
  if (view.lobby.recap) byId("crew-scene").hidden = true;
  document.body.dataset.streamer = view.lobby.streamer ? "true" : "false";
  fill(byId("audience-watching"), watchingChip(view));
  if (renderTableRecap(view)) return; // the night's recap is the only scene while the night is closed
  const scene = director.update(view);
  table.dataset.scene = scene;
  byId("scene-lobby").hidden = scene !== "lobby";
  renderLobby(scene === "lobby");

  const current = view.match;
  const matchNode = byId("match");
  matchNode.hidden = !(scene === "match" || scene === "results");
  matchNode.classList.toggle("scene-live", scene === "match");
  matchNode.classList.toggle("scene-results", scene === "results");
  if (current) match.update(view, { host: false });
  const finale = byId("finale");
  finale.hidden = scene !== "finale";
  if (scene === "finale") match.renderFinale(finale, view);
  else finale.replaceChildren();
  renderCrewScene(byId("crew-scene"), scene, view, { changed: render });

  const board = scoreboardSection(view);
  const night = byId("scoreboard");
  night.hidden = scene !== "night" || !board;
  fill(night, board);
  if (!night.hidden) trimToFit(night);
  const live = current && !current.over;
  if (view.lobby.streamer) document.title = live ? gameName(current.game) : t("title.table"); // nor in a shared window's title
  else document.title = live ? `${gameName(current.game)} · ${code}` : `${t("title.table")} ${code}`;
}

loadCatalogue().then((games) => {
  catalogue = games;
  waiting.invalidate();
  render();
});

initDevice("table");
initPage(render);
