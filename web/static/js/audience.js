// The audience's page (/l/<CODE>/audience): a phone-sized table for someone without a seat. Join by name
// (the token is kept per lobby and used on every connection), wait at the door while the host lets people in
// one by one, then: the member's standing, the prompts to pick from, and the scene of the moment (the match
// as a watching seat sees it, the seats and next game between matches, the recap once the night is closed).

import { byId, el, fill } from "./dom.js";
import { confirmButton } from "./buttons.js";
import { ready, t } from "./i18n.js";
import { gameName, heading } from "./common.js";
import { syncClock } from "./clock.js";
import { initDevice, paintDevice } from "./device.js";
import { MatchPanel } from "./match.js";
import { renderPhoneRecap } from "./recap.js";
import { seatList } from "./seats.js";
import { connect, request } from "./socket.js";
import { rememberName, rememberedName } from "./store.js";
import { initPage } from "./ui.js";
import { forgetMembership, getMembership, keepMembership } from "./audience_parts/keep.js";
import { promptCards } from "./audience_parts/prompts.js";
import { standingParts } from "./audience_parts/standing.js";
import { AudienceNews } from "./audience_parts/news.js";

const app = byId("app");
const code = app.dataset.code;
const joinForm = byId("join");
// the refusals of a join the form shows as its own message (any other: the error's own words)
const DOOR_PROBLEMS = { audience_closed: "audience.closed", audience_full: "audience.full", audience_door_busy: "audience.door_busy" };

// connecting | join | waiting (at the door) | refused | left | in | missing
let mode = "connecting";
let view = null; // the public view (the lobby's, while the join form watches it)
let shownVersion = -1;
let me = { picks: {} }; // the latest audience_you, with picks made since
let problem = null; // the join form's message: {code, text}
let retry = null;

const socket = connect({ connect: attach, state: onState, view: () => view });
socket.on("audience_you", onYou);
const match = new MatchPanel(byId("match"), { command: null, follow: false });
const news = new AudienceNews(byId("news"));

function setMode(next) {
  mode = next;
  render();
}

/** Come back as the member this browser keeps (every connection), or offer the join form. */
async function attach() {
  clearTimeout(retry);
  if (["refused", "left", "missing"].includes(mode)) return;
  const kept = getMembership(code);
  if (!kept) {
    showJoin();
    return;
  }
  const answer = await request(socket, "attach_audience", { code, token: kept.token }, { quiet: true });
  if (answer.ok) {
    me = { ...me, member: answer.member, name: kept.name, door: answer.door };
    setMode(answer.door === "waiting" ? "waiting" : view ? "in" : "connecting");
    return;
  }
  const failure = answer.error?.code;
  if (failure === "bad_token") {
    forgetMembership(code);
    showJoin();
  } else if (failure === "audience_refused") {
    forgetMembership(code);
    setMode("refused");
  } else if (failure === "unknown_lobby") {
    forgetMembership(code);
    setMode("missing");
  } else {
    retry = setTimeout(() => socket.connected && attach(), 3000);
  }
}

/** The join form, watching the lobby (its public view says whether the audience is open). */
function showJoin() {
  view = null;
  shownVersion = -1;
  setMode("join");
  if (socket.connected) {
    request(socket, "watch", { code }, { quiet: true }).then((answer) => {
      if (answer.error?.code === "unknown_lobby") setMode("missing");
    });
  }
}

function onState(next) {
  if (!next?.lobby || next.lobby.code !== code) return;
  if (next.lobby.version < shownVersion && mode === "in") return; // an older delivery that crossed a newer one
  shownVersion = next.lobby.version;
  view = next;
  syncClock(next.now);
  if (mode === "connecting") mode = "in";
  if (problem?.code === "audience_closed" && next.lobby.audience?.open) problem = null; // the host opened it
  if (mode === "in") news.observe(next, me.picks || {});
  render();
}

function onYou(payload) {
  if (payload?.code !== code) return;
  me = { ...me, ...payload, picks: payload.picks ?? me.picks ?? {} };
  const kept = getMembership(code);
  if (kept && payload.name) keepMembership(code, { ...kept, name: payload.name });
  if (payload.door === "refused") {
    forgetMembership(code);
    setMode("refused");
  } else if (payload.door === "waiting") {
    setMode("waiting");
  } else if (mode === "waiting" || mode === "connecting") {
    setMode(view ? "in" : "connecting"); // else the member's first view follows
  } else {
    render();
  }
}

joinForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = joinForm.querySelector("button[type=submit]");
  const name = joinForm.elements.name.value;
  button.disabled = true;
  try {
    const answer = await request(socket, "join_audience", { code, name }, { quiet: true });
    if (answer.ok) {
      keepMembership(code, { token: answer.token, member: answer.member, name: name.trim() });
      rememberName(name.trim());
      problem = null;
      // the view watched so far is the public view a member gets: it stays until the next state
      me = { ...me, member: answer.member, name: name.trim(), door: answer.door };
      setMode(answer.door === "waiting" ? "waiting" : view ? "in" : "connecting");
    } else if (answer.error?.code === "unknown_lobby") {
      setMode("missing");
    } else {
      const error = answer.error || { key: "error.timeout", params: {} };
      const key = DOOR_PROBLEMS[error.code];
      problem = { code: error.code, text: key ? t(key, error.params || {}) : t(error.key || "error.timeout", error.params || {}) };
      render();
    }
  } finally {
    button.disabled = false;
  }
});
joinForm.elements.name.value = rememberedName();

async function pick(prompt, choice) {
  const answer = await request(socket, "predict", { prompt: prompt.id, choice: choice.id });
  if (answer.ok) {
    me.picks = { ...(me.picks || {}), [answer.prompt]: answer.choice };
    render();
  }
}

async function leave() {
  const answer = await request(socket, "leave_audience", {});
  if (!answer.ok) return;
  forgetMembership(code);
  me = { picks: {} };
  setMode("left");
}

function again() {
  problem = null;
  showJoin();
}

/** The page's own notices: waiting at the door, turned away, left, no such lobby. */
function renderNotice() {
  const notice = byId("notice");
  const parts = {
    waiting: [el("h2", {}, t("audience.waiting.title")), el("p", {}, t("audience.waiting.text"))],
    refused: [
      el("h2", {}, t("audience.refused.title")),
      el("p", {}, t("audience.refused.text")),
      el("button", { type: "button", class: "btn primary", "data-testid": "audience-again", onclick: again }, t("audience.try_again")),
    ],
    left: [
      el("h2", {}, t("audience.left.title")),
      el("button", { type: "button", class: "btn primary", "data-testid": "audience-again", onclick: again }, t("audience.join_again")),
    ],
    missing: [el("h2", {}, t("notice.missing.title")), el("p", {}, t("notice.missing.text", { code }))],
  }[mode];
  notice.hidden = !parts;
  notice.dataset.mode = parts ? mode : "";
  fill(notice, parts ? el("div", { role: "status", "data-testid": `audience-${mode}` }, parts) : null);
}

function renderJoin() {
  fill(byId("join-title"), t("audience.join.title", { code }));
  const closed = view?.lobby?.audience && !view.lobby.audience.open;
  const shown = problem?.text || (closed ? t("audience.closed") : null);
  const line = byId("join-problem");
  line.hidden = !shown;
  fill(line, shown);
}

/** Between matches: the seats and the game chosen next. */
function betweenParts() {
  const setup = view.lobby.setup;
  return [
    heading(t("lobby.seats", { count: view.lobby.seats.length })),
    seatList(view, { table: true }),
    el("p", { class: "muted", "data-testid": "audience-next-game" }, setup ? t("audience.next_game", { game: gameName(setup.game) }) : t("audience.no_game")),
  ];
}

function renderIn() {
  fill(byId("standing"), standingParts(view, me));
  const cards = promptCards(view, { picks: me.picks || {}, pick });
  const live = Boolean(view.match && !view.match.over);
  fill(byId("prompts"), cards || (live ? el("p", { class: "muted" }, t("audience.nothing_to_guess")) : null));
  byId("prompts").hidden = !cards && !live;
  const closed = renderPhoneRecap(byId("stand"), view);
  byId("match").hidden = closed || !view.match;
  if (view.match && !closed) match.update(view);
  byId("between").hidden = closed || live;
  if (!closed && !live) fill(byId("between"), betweenParts());
  fill(
    byId("leave-row"),
    confirmButton({
      id: "leave-audience",
      label: t("audience.leave"),
      confirmLabel: t("audience.leave_confirm"),
      onConfirm: leave,
      attrs: { class: "btn ghost danger", "data-testid": "audience-leave" },
    }),
  );
}

function render() {
  if (!ready()) return; // the strings arrive first: initPage() renders again then
  paintDevice();
  byId("loading").hidden = mode !== "connecting";
  renderNotice();
  joinForm.hidden = mode !== "join";
  if (mode === "join") renderJoin();
  const inside = mode === "in" && Boolean(view);
  byId("stand").hidden = !inside;
  if (inside) renderIn();
  document.title = `${t("title.audience")} ${code} · gamenight`;
}

initDevice("phone");
initPage(render);
