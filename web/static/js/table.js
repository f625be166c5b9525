// The table screen (/l/<CODE>/table): the public view for a TV — join code, QR, seats, the match, scores.

import { byId, el, fill } from "./dom.js";
import { ready, t } from "./i18n.js";
import { badge, gameName, heading, scoreboardSection } from "./common.js";
import { loadCatalogue } from "./catalogue.js";
import { syncClock } from "./clock.js";
import { MatchPanel } from "./match.js";
import { renderTableRecap } from "./recap.js";
import { seatList } from "./seats.js";
import { SetupPanel } from "./setup.js";
import { connect, request } from "./socket.js";
import { initPage } from "./ui.js";

const code = byId("table").dataset.code;
let view = null;
let shownVersion = -1;
let missing = false;
let catalogue = null;
let retry = null;

const socket = connect({ connect: watch, state: onState });
const match = new MatchPanel(byId("match"), { table: true });
const waiting = new SetupPanel(byId("waiting-setup"), { command: null, table: true });

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
  render();
}

function render() {
  if (!ready()) return; // the strings arrive first: initPage() renders again then
  fill(byId("join-link"), byId("table").dataset.joinUrl);
  byId("loading").hidden = Boolean(view) || missing;
  document.querySelector(".join-box").hidden = missing;
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
  if (!view) return;
  if (renderTableRecap(view)) return; // the night's recap is the only scene while the night is closed
  const lobby = view.lobby;
  fill(
    byId("seats-head"),
    heading(
      t("lobby.seats", { count: lobby.seats.length }),
      lobby.locked ? badge(t("lobby.locked"), "warn", "locked-badge") : null,
    ),
  );
  fill(byId("seats"), seatList(view, { table: true }));

  const current = view.match;
  byId("match").hidden = !current;
  if (current) match.update(view, { host: false });

  const live = Boolean(current && !current.over);
  byId("waiting").hidden = live;
  if (!live) waiting.update(view, catalogue, { host: false });

  const board = scoreboardSection(view);
  byId("scoreboard").hidden = !board;
  fill(byId("scoreboard"), board);
  document.title = current ? `${gameName(current.game)} · ${code}` : `${t("title.table")} ${code}`;
}

loadCatalogue().then((games) => {
  catalogue = games;
  waiting.invalidate();
  render();
});

initPage(render);
