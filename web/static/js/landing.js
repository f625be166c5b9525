// The landing page: create a lobby, or join one by its code.

import { byId, el, fill } from "./dom.js";
import { ready, t } from "./i18n.js";
import { getSeat, rememberName, rememberedName, seatCodes, setSeat } from "./store.js";
import { connect, request } from "./socket.js";
import { initPage, toast } from "./ui.js";
import { lookChooser, takenLooks } from "./looks.js";
import { deviceId } from "./device_id.js";

const socket = connect();
const createForm = byId("create-form");
const joinForm = byId("join-form");

function normalizeCode(raw) {
  return raw.replace(/\s+/g, "").toUpperCase();
}

// The creator's colour and sign: the first of each is pre-chosen (a new lobby has every look free).
const createLook = { look: null, chosen: false, open: false };

function renderLook() {
  fill(byId("create-look"), lookChooser({ state: createLook, taken: takenLooks(null), onChange: renderLook }));
}

function renderMine() {
  if (!ready()) return;
  renderLook();
  const seats = seatCodes();
  byId("mine").hidden = seats.length === 0;
  fill(
    byId("mine-list"),
    seats.map((seat) =>
      el(
        "li",
        {},
        el(
          "a",
          { href: `/l/${encodeURIComponent(seat.code)}`, class: "btn ghost", "data-testid": "my-lobby" },
          t("landing.mine.open", { code: seat.code }),
        ),
      ),
    ),
  );
}

async function busy(form, work) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    await work();
  } finally {
    button.disabled = false;
  }
}

createForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = createForm.elements.name.value;
  busy(createForm, async () => {
    const look = createLook.chosen ? { look: createLook.look } : {};
    const answer = await request(socket, "create_lobby", { name, ...look, device: deviceId() });
    if (!answer.ok) return;
    setSeat(answer.code, { token: answer.token, player: answer.player });
    rememberName(name.trim());
    window.location.assign(`/l/${encodeURIComponent(answer.code)}`);
  });
});

joinForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const code = normalizeCode(joinForm.elements.code.value);
  const name = joinForm.elements.name.value;
  if (!code) {
    toast(t("landing.join.code_needed"), "error");
    joinForm.elements.code.focus();
    return;
  }
  if (getSeat(code)) {
    window.location.assign(`/l/${encodeURIComponent(code)}`);
    return;
  }
  busy(joinForm, async () => {
    const answer = await request(socket, "join_lobby", { code, name, device: deviceId() });
    if (!answer.ok) return;
    if (answer.knock) {
      // the host lets new players in: the lobby's page waits at the door
      setSeat(answer.code, { token: answer.token, knock: answer.knock, name: name.trim(), look: {} });
      window.location.assign(`/l/${encodeURIComponent(answer.code)}`);
      return;
    }
    setSeat(answer.code, { token: answer.token, player: answer.player });
    rememberName(name.trim());
    window.location.assign(`/l/${encodeURIComponent(answer.code)}`);
  });
});

// A TV opens the table screen of a lobby by its code (no name, no seat).
byId("watch-button").addEventListener("click", () => {
  const code = normalizeCode(joinForm.elements.code.value);
  if (!code) {
    toast(t("landing.join.code_needed"), "error");
    joinForm.elements.code.focus();
    return;
  }
  window.location.assign(`/l/${encodeURIComponent(code)}/table`);
});

joinForm.elements.code.addEventListener("input", () => {
  const input = joinForm.elements.code;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) input.value = upper;
});

const name = rememberedName();
createForm.elements.name.value = name;
joinForm.elements.name.value = name;

initPage(renderMine);
