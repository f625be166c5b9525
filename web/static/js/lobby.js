// The player's page (/l/<CODE>): join or re-take the seat, then the lobby and the match on the phone.

import { byId, el, fill } from "./dom.js";
import { confirmButton } from "./buttons.js";
import { ready, t } from "./i18n.js";
import { badge, gameName, heading, joinNames } from "./common.js";
import { findGame, loadCatalogue } from "./catalogue.js";
import { syncClock } from "./clock.js";
import { initDevice, paintDevice } from "./device.js";
import { MatchPanel } from "./match.js";
import { closeNightButton, renderPhoneRecap } from "./recap.js";
import { Moments } from "./moments.js";
import { Announcer } from "./announce.js";
import { scoreboardSection } from "./scoreboard.js";
import { seatList } from "./seats.js";
import { SetupPanel } from "./setup.js";
import { connect, request } from "./socket.js";
import { forgetSeat, getSeat, rememberName, rememberedName, setSeat } from "./store.js";
import { initPage, toast } from "./ui.js";
import { lookChooser, takenLooks } from "./looks.js";
import { askOffer, seatAsksCard } from "./seat_asks.js";
import { noticeCard } from "./lobby_notice.js";
import { doorArgs } from "./device_id.js";
import { doorSwitch, knocksCard } from "./knock.js";
import { keptOutCard } from "./kept_out.js";
import { itemsPanel, namesToReport, reportsCard } from "./reports.js";
import { streamerTools } from "./streamer.js";
import { approvalQueue, familyFilterSetting } from "./family_filter.js";
import { claimsCard, renderCrewSection } from "./crew.js";
import { audienceOffer } from "./audience_parts/offer.js";
import { audienceDoorCard, audienceSettings } from "./audience_parts/host.js";

const app = byId("app");
const code = app.dataset.code;
const joinForm = byId("join");

// connecting | join | asking (for a seat, from a new phone) | knocking (the host lets new players in) | room |
// replaced | removed | missing
let mode = "connecting";
let view = null;
let shownVersion = -1;
let leaving = false;
let catalogue = null;
let retry = null;
// The join form watches the lobby (its public view) to offer the colours and signs still free.
let joinView = null;
const joinLook = { look: null, chosen: false, open: false };
const myLook = { open: false };
// The name typed when the join form was told it is a seat's already: this phone may ask for that seat.
let offerName = null;

const socket = connect({
  connect: attach,
  state: onState,
  replaced: onReplaced,
  removed: onRemoved,
  seat_given: onSeatGiven,
  seat_refused: onSeatRefused,
  knock_admitted: onKnockAdmitted,
  knock_refused: onKnockRefused,
  view: () => view,
});
const command = (kind, args = {}, options = {}) => request(socket, "command", { kind, args }, options);
const match = new MatchPanel(byId("match"), { command });
const setup = new SetupPanel(byId("setup"), { command, refused: () => render() });
const moments = new Moments({ table: false });
const announcer = new Announcer();

function setMode(next) {
  mode = next;
  render();
}

/** Take this browser's seat (on the first connection and on every reconnection). */
async function attach() {
  clearTimeout(retry);
  if (["replaced", "removed", "missing"].includes(mode)) return;
  const seat = getSeat(code);
  if (!seat) {
    setMode("join");
    watchForJoin();
    return;
  }
  const answer = await request(socket, "attach", { code, token: seat.token }, { quiet: Boolean(seat.pending || seat.knock) });
  if (!answer.ok && seat.knock && answer.error?.code === "bad_token") {
    knock(seat.name, seat.look || {}); // not answered yet (or this phone was away when it was): knock again
    return;
  }
  if (!answer.ok && seat.pending && answer.error?.code === "bad_token") {
    askForSeat(seat.name); // not answered yet (or this phone was away when it was): ask again
    return;
  }
  if (answer.ok) {
    setSeat(code, { token: seat.token, player: answer.player });
    if (mode !== "room" && view) setMode("room");
    return;
  }
  const failure = answer.error?.code;
  if (failure === "bad_token") {
    forgetSeat(code);
    setMode("join");
    watchForJoin();
  } else if (failure === "unknown_lobby") {
    forgetSeat(code);
    setMode("missing");
  } else {
    retry = setTimeout(() => socket.connected && attach(), 3000);
  }
}

/** While the join form shows: the lobby's public view, for the looks still free (nothing is shown if refused). */
function watchForJoin() {
  if (socket.connected) request(socket, "watch", { code }, { quiet: true });
}

function onState(next) {
  if (!next?.lobby || next.lobby.code !== code) return;
  if (!next.you) {
    if (mode === "join") {
      joinView = next; // the public view the join form watches: not this seat's
      render();
    }
    return;
  }
  if (["replaced", "removed", "missing"].includes(mode)) return;
  if (next.lobby.version < shownVersion) return; // an older delivery that crossed a newer one
  shownVersion = next.lobby.version;
  view = next;
  syncClock(next.now);
  moments.observe(next);
  announcer.observe(next);
  mode = "room";
  render();
}

/** Ask for the seat of the player called ``name`` (the join form found it taken); the host or that seat answers. */
async function askForSeat(name) {
  const answer = await request(socket, "request_seat", { code, name, ...doorArgs() });
  if (answer.ok) {
    setSeat(code, { token: answer.token, player: answer.player, pending: true, name });
    offerName = null;
    setMode("asking");
  } else {
    forgetSeat(code);
    setMode("join");
    watchForJoin();
  }
  return answer;
}

/** Join; when the host lets new players in, the answer is a knock, and this phone waits for the host. */
async function knock(name, look) {
  const answer = await request(socket, "join_lobby", { code, name, ...look, ...doorArgs() });
  if (answer.ok && answer.knock) {
    setSeat(code, { token: answer.token, knock: answer.knock, name, look });
    rememberName(name.trim());
    setMode("knocking");
  } else if (answer.ok) {
    setSeat(code, { token: answer.token, player: answer.player });
    rememberName(name.trim());
    leaving = false;
    if (view) setMode("room");
  } else if (getSeat(code)?.knock) {
    forgetSeat(code);
    setMode("join");
    watchForJoin();
  }
  return answer;
}

function onKnockAdmitted(payload) {
  if (payload?.code !== code) return;
  const seat = getSeat(code);
  if (seat?.knock) setSeat(code, { token: seat.token, player: payload.player });
  leaving = false;
  mode = "connecting"; // the seat's first view follows
  render();
}

function onKnockRefused(payload) {
  if (payload?.code !== code || mode !== "knocking") return;
  forgetSeat(code);
  toast(t("door.refused"), "error");
  setMode("join");
  watchForJoin();
}

function onSeatGiven(payload) {
  if (payload?.code !== code) return;
  const seat = getSeat(code);
  if (seat?.pending) setSeat(code, { token: seat.token, player: payload.player });
  mode = "connecting"; // the seat's first view follows
  render();
}

function onSeatRefused(payload) {
  if (payload?.code !== code || mode !== "asking") return;
  forgetSeat(code);
  toast(t("reclaim.refused"), "error");
  setMode("join");
  watchForJoin();
}

function cancelAsking() {
  forgetSeat(code);
  setMode("join");
  watchForJoin();
}

function onReplaced(payload) {
  if (payload?.code && payload.code !== code) return;
  setMode("replaced");
}

function onRemoved(payload) {
  if (payload?.code && payload.code !== code) return;
  forgetSeat(code);
  view = null;
  shownVersion = -1;
  setMode("removed");
}

joinForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = joinForm.querySelector("button[type=submit]");
  const name = joinForm.elements.name.value;
  button.disabled = true;
  try {
    const look = joinLook.chosen ? { look: joinLook.look } : {};
    const answer = await knock(name, look);
    if (answer.ok) {
      // seated (its view follows), or knocking
    } else if (answer.error?.code === "unknown_lobby") {
      setMode("missing");
    } else if (answer.error?.code === "name_taken") {
      offerName = name.trim();
      render();
    } else if (answer.error?.code === "look_taken") {
      joinLook.chosen = false; // someone took it meanwhile: the first free one is offered again
      render();
    }
  } finally {
    button.disabled = false;
  }
});
joinForm.elements.name.value = rememberedName();

function takeBack() {
  mode = "connecting";
  render();
  attach();
}

function joinAgain() {
  leaving = false;
  setMode("join");
  watchForJoin();
}

async function leave() {
  leaving = true;
  const answer = await command("leave");
  if (!answer.ok) leaving = false;
}

async function start() {
  const chosen = setup.collect();
  if (chosen) {
    const answer = await setup.choose(chosen);
    if (!answer.ok) return;
  }
  await command("start");
}

function renderNotice() {
  const notice = byId("notice");
  const card = noticeCard(mode, {
    code,
    leaving,
    askedFor: getSeat(code)?.name || "",
    takeBack,
    joinAgain,
    cancelAsking,
    cancelKnocking: cancelAsking,
  });
  notice.hidden = !card;
  fill(notice, card);
}

function startRow(host, live) {
  const lobby = view.lobby;
  if (live) return null;
  if (!host) {
    return lobby.setup ? el("p", { class: "muted", "data-testid": "host-starts" }, t("lobby.host_starts")) : null;
  }
  const game = lobby.setup ? findGame(catalogue, lobby.setup.game) : null;
  const seating = lobby.next_seating || { players: lobby.seats.map((s) => s.id), asked: [], chosen: [] };
  const count = seating.players.length;
  let problem = null;
  if (!lobby.setup) problem = "";
  else if (game && count < game.players[0]) problem = t("lobby.need_players", { min: game.players[0], count: game.players[0] });
  const out = [...seating.asked, ...seating.chosen];
  const again = view.match?.over && view.match.game === lobby.setup?.game;
  return [
    problem ? el("p", { class: "muted actions-note" }, problem) : null,
    lobby.setup && out.length
      ? el("p", { class: "muted actions-note", "data-testid": "sitting-out-next" }, t("lobby.sitting_out_next", { names: joinNames(view, out), count: out.length }))
      : null,
    el(
      "button",
      {
        type: "button",
        class: "btn primary big",
        // a moment after an option changed, a tap landing here is not taken as Start (setup.js)
        disabled: problem !== null || setup.settling(render),
        "data-testid": again ? "play-again" : "start",
        onclick: start,
      },
      again ? t("lobby.play_again") : t("lobby.start"),
    ),
  ];
}

function renderRoom() {
  const lobby = view.lobby;
  const you = view.you;
  const host = lobby.host === you;
  const current = view.match;
  const live = Boolean(current && !current.over);

  const asks = seatAsksCard(view, { you, host, command });
  const approvals = approvalQueue(view, { host, command });
  const claims = claimsCard(view, { command });
  byId("seat-asks").hidden = !asks && !approvals && !claims;
  fill(byId("seat-asks"), asks, approvals, claims);
  renderModeration(host);

  byId("match").hidden = !current;
  if (current) match.update(view, { host });
  byId("room").classList.toggle("host-next", host && Boolean(current?.over));

  const closed = renderPhoneRecap(byId("room"), view, { host, command }); // the night's recap, on top
  byId("setup-card").hidden = live || closed;
  if (live) setup.hide();
  else setup.update(view, catalogue, { host });
  fill(byId("start-row"), startRow(host, live));

  fill(
    byId("seats-head"),
    heading(
      t("lobby.seats", { count: lobby.seats.length }),
      lobby.locked ? badge(t("lobby.locked"), "warn", "locked-badge") : null,
    ),
  );
  fill(byId("seats"), seatList(view, { you, host, command }));
  fill(byId("my-look"), myLookChooser(live));
  fill(
    byId("lobby-tools"),
    host
      ? el(
          "button",
          {
            type: "button",
            class: "btn",
            "data-testid": lobby.locked ? "unlock" : "lock",
            onclick: () => command("lock", { locked: !lobby.locked }),
          },
          lobby.locked ? t("lobby.unlock") : t("lobby.lock"),
        )
      : null,
    host ? el("p", { class: "muted small" }, lobby.locked ? t("lobby.locked_hint") : t("lobby.lock_hint")) : null,
    closeNightButton(view, { host, command }),
    familyFilterSetting(view, { host, command }),
    host ? doorSwitch(view, { command }) : null,
    host ? streamerTools(view, { command, code, joinUrl: app.dataset.joinUrl }) : null,
    host ? audienceSettings(view, { command }) : null,
    namesToReport(view, { you, host, command }),
    itemsPanel(view, { host, command }),
  );

  const board = scoreboardSection(view);
  byId("scoreboard").hidden = !board || closed;
  fill(byId("scoreboard"), board);
  renderCrewSection(byId("crew"), view, { host, code, command, render, live });

  fill(byId("join-link"), app.dataset.joinUrl);
  app.querySelector(".invite .qr").alt = t("table.qr_alt", { code });
  fill(
    byId("leave-row"),
    confirmButton({
      id: "leave",
      label: t("lobby.leave"),
      confirmLabel: t("lobby.leave_confirm"),
      onConfirm: leave,
      attrs: { class: "btn ghost danger", "data-testid": "leave" },
    }),
  );
  document.title = current
    ? `${gameName(current.game)} · ${code} · gamenight`
    : `${t("title.lobby")} ${code} · gamenight`;
}

/** The host's door, kept-out and reports, on top while anything waits for an answer. */
function renderModeration(host) {
  const parts = host
    ? [knocksCard(view, { command }), audienceDoorCard(view, { command }), reportsCard(view, { command }), keptOutCard(view, { command })]
    : [];
  const shown = parts.filter(Boolean);
  byId("moderation").hidden = shown.length === 0;
  fill(byId("moderation"), shown);
}

/** Between matches, a seat may change its colour and sign (those other seats hold cannot be chosen). */
function myLookChooser(live) {
  const seat = view.lobby.seats.find((s) => s.id === view.you);
  if (live || !seat?.look) return null;
  const state = { look: seat.look, chosen: true, open: myLook.open };
  const chooser = lookChooser({
    state,
    taken: takenLooks(view, view.you),
    title: t("look.change"),
    testid: "my-look",
    onChange: async () => {
      myLook.open = true;
      await command("look", state.look);
      render();
    },
  });
  chooser.addEventListener("toggle", () => {
    myLook.open = chooser.open;
  });
  return chooser;
}

function render() {
  if (!ready()) return; // the strings arrive first: initPage() renders again then
  paintDevice();
  byId("loading").hidden = mode !== "connecting";
  renderNotice();
  joinForm.hidden = mode !== "join";
  const offer = mode === "join" ? audienceOffer(joinView, code) : null;
  byId("audience-offer").hidden = !offer;
  fill(byId("audience-offer"), offer);
  if (mode === "join") {
    fill(byId("join-title"), t("lobby.join.title", { code }));
    fill(byId("join-reclaim"), offerName ? askOffer(offerName, () => askForSeat(offerName)) : null);
    const taken = takenLooks(joinView);
    fill(byId("join-look"), joinView ? lookChooser({ state: joinLook, taken, onChange: render }) : null);
  }
  byId("room").hidden = !(mode === "room" && view);
  if (mode === "room" && view) renderRoom();
  else document.title = `${t("title.lobby")} ${code} · gamenight`;
}

loadCatalogue().then((games) => {
  catalogue = games;
  setup.invalidate();
  render();
});

initDevice("phone");
initPage(render);
