// A crew member's own tools on their phone (their crew code, their history to download or delete), the host's
// (keep the lobby as a crew, a new season, the whole crew's export, delete its story, answer claims), and a
// fresh seat's "I have played here before".

import { el } from "../dom.js";
import { confirmButton } from "../buttons.js";
import { t } from "../i18n.js";
import { getSeat } from "../store.js";
import { toLobbyNode } from "../socket.js";
import { toast } from "../ui.js";
import { dateText, memberName } from "./names.js";

/** Fetch an export (``what``: me or crew, ``format``: json or csv) as this seat and save it as a file. */
async function download(code, what, format) {
  const seat = getSeat(code);
  try {
    const response = await fetch(toLobbyNode(`/l/${code}/crew/export?what=${what}&format=${format}`), {
      headers: { "X-Seat-Token": seat?.token || "" },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    const link = el("a", { href: URL.createObjectURL(blob), download: `gamenight-${code}-${what}.${format}`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  } catch (error) {
    console.error(error);
    toast(t("crew.download_failed"), "error");
  }
}

function downloads(code, what) {
  return el(
    "div",
    { class: "actions crew-downloads" },
    ["json", "csv"].map((format) =>
      el(
        "button",
        {
          type: "button",
          class: "btn",
          "data-testid": `crew-download-${what}-${format}`,
          "data-keep": `crew-download-${what}-${format}`,
          onclick: () => download(code, what, format),
        },
        t(`crew.download_${format}`),
      ),
    ),
  );
}

/** The host's "Keep this lobby as our crew", with what it does. */
export function keepCrewCard({ command }) {
  return el(
    "div",
    { class: "crew-keep", "data-testid": "crew-keep-card" },
    el(
      "button",
      { type: "button", class: "btn", "data-testid": "keep-crew", onclick: () => command("keep_crew") },
      t("crew.keep"),
    ),
    el("p", { class: "muted small" }, t("crew.keep_hint")),
  );
}

/** The member's own: their crew code on request, their history to download, or to delete (their seat goes). */
export function ownTools(view, crew, { code, command, state, render }) {
  const mine = view.crew_you;
  if (!mine) return null;
  return el(
    "div",
    { class: "crew-own", "data-testid": "crew-own" },
    el("h3", {}, t("crew.yours")),
    state.showCode
      ? el(
          "p",
          { class: "crew-code-line" },
          t("crew.your_code"),
          " ",
          el("strong", { class: "crew-code", "data-testid": "crew-code" }, mine.code),
        )
      : el(
          "button",
          {
            type: "button",
            class: "btn",
            "data-testid": "crew-show-code",
            onclick: () => {
              state.showCode = true;
              render();
            },
          },
          t("crew.show_code"),
        ),
    el("p", { class: "muted small" }, t("crew.code_hint")),
    el("h4", {}, t("crew.my_history")),
    downloads(code, "me"),
    el("p", { class: "muted small" }, t("crew.forget_hint")),
    confirmButton({
      id: "crew-forget-me",
      label: t("crew.forget_me"),
      confirmLabel: t("crew.forget_me_confirm"),
      onConfirm: () => command("crew_forget_me"),
      attrs: { class: "btn ghost danger", "data-testid": "crew-forget-me" },
    }),
  );
}

/** The host's: a new season, the whole crew's export, delete the crew's story, and how long it is kept. */
export function hostTools(crew, { code, command }) {
  return el(
    "div",
    { class: "crew-host", "data-testid": "crew-host" },
    el("h3", {}, t("crew.host_tools")),
    crew.kept_until
      ? el("p", { class: "muted small", "data-testid": "crew-kept-until" }, t("crew.kept_until", { date: dateText(crew.kept_until) }))
      : null,
    confirmButton({
      id: "crew-new-season",
      label: t("crew.new_season"),
      confirmLabel: t("crew.new_season_confirm"),
      onConfirm: () => command("new_season"),
      attrs: { class: "btn", "data-testid": "crew-new-season" },
    }),
    el("h4", {}, t("crew.whole_crew")),
    downloads(code, "crew"),
    confirmButton({
      id: "crew-delete",
      label: t("crew.delete"),
      confirmLabel: t("crew.delete_confirm"),
      onConfirm: () => command("crew_delete"),
      attrs: { class: "btn ghost danger", "data-testid": "crew-delete" },
    }),
    el("p", { class: "muted small" }, t("crew.delete_hint")),
  );
}

/** The host's answers to claims: "<seat> says they are <member>": yes or no. Null when none waits. */
export function claimsCard(view, { command }) {
  const crew = view.lobby.crew;
  if (!crew?.claims?.length || view.lobby.host !== view.you) return null;
  const seatName = (pid) => view.lobby.seats.find((s) => s.id === pid)?.name || t("player.unknown");
  return el(
    "div",
    { class: "seat-asks-list", "data-testid": "crew-claims" },
    crew.claims.map((claim) =>
      el(
        "div",
        { class: "seat-ask", "data-testid": "crew-claim", "data-claim": claim.id },
        el("p", {}, t("crew.claim_says", { seat: seatName(claim.player), member: memberName(crew, claim.member) })),
        el(
          "div",
          { class: "actions" },
          answerButton(claim, true, command),
          answerButton(claim, false, command),
        ),
      ),
    ),
  );
}

function answerButton(claim, give, command) {
  return el(
    "button",
    {
      type: "button",
      class: ["btn", give ? "primary" : null],
      "data-testid": give ? "crew-claim-yes" : "crew-claim-no",
      onclick: () => command("answer_crew_claim", { claim: claim.id, give }),
    },
    t(give ? "crew.claim_yes" : "crew.claim_no"),
  );
}

/** Whether the viewer's seat has a story of its own: played tonight (then it cannot claim a past self) or on
 * an earlier night (a member already). */
function hasPlayed(view, crew) {
  const row = (view.lobby.scoreboard || []).find((r) => r.player === view.you);
  const inMatch = view.match && !view.match.over && view.match.players?.includes(view.you);
  const before = crew.nights.some((night) => night.standings.some((r) => r.member === view.you));
  return Boolean((row && row.played > 0) || inMatch || before);
}

/** A fresh seat's "I have played here before": pick the member, then their crew code or ask the host. */
export function claimPanel(view, crew, { command, state, render }) {
  const seated = new Set(view.lobby.seats.map((s) => s.id));
  const free = crew.members.filter((m) => m.name !== null && !seated.has(m.id));
  if (!free.length || hasPlayed(view, crew)) return null;
  const waiting = crew.claims.find((c) => c.player === view.you);
  const chosen = free.find((m) => m.id === state.claimMember) || null;
  const send = async (args) => {
    const answer = await command("crew_claim", { member: chosen.id, ...args });
    if (answer?.ok) state.claimMember = null;
    render();
    return answer;
  };
  const input = el("input", {
    name: "crew-code",
    autocomplete: "off",
    autocapitalize: "characters",
    maxlength: "12",
    spellcheck: "false",
    value: state.claimCode || "",
    "data-testid": "crew-claim-code",
    oninput: (event) => (state.claimCode = event.target.value),
  });
  return el(
    "details",
    {
      class: "crew-claim",
      "data-testid": "crew-claim-panel",
      open: Boolean(state.claimOpen || waiting),
      ontoggle: (event) => (state.claimOpen = event.target.open),
    },
    el("summary", { "data-testid": "crew-claim-open" }, t("crew.played_before")),
    waiting
      ? el(
          "p",
          { class: "muted", "data-testid": "crew-claim-waiting" },
          t("crew.claim_waiting", { member: memberName(crew, waiting.member) }),
        )
      : null,
    el("p", { class: "muted small" }, t("crew.claim_hint")),
    el(
      "fieldset",
      { class: "crew-claim-members" },
      el("legend", {}, t("crew.claim_who")),
      free.map((member) =>
        el(
          "label",
          { class: "crew-claim-member" },
          el("input", {
            type: "radio",
            name: "crew-claim-member",
            value: member.id,
            checked: member.id === state.claimMember,
            "data-testid": "crew-claim-member",
            "data-keep": `crew-claim-${member.id}`,
            onchange: () => {
              state.claimMember = member.id;
              render();
            },
          }),
          el("span", {}, member.name),
        ),
      ),
    ),
    chosen
      ? el(
          "div",
          { class: "crew-claim-how" },
          el("label", { class: "field" }, el("span", { class: "field-label" }, t("crew.claim_code_label")), input),
          el(
            "div",
            { class: "actions" },
            el(
              "button",
              {
                type: "button",
                class: "btn primary",
                "data-testid": "crew-claim-with-code",
                onclick: () => send({ code: input.value }),
              },
              t("crew.claim_with_code"),
            ),
            el(
              "button",
              { type: "button", class: "btn", "data-testid": "crew-claim-ask-host", onclick: () => send({}) },
              t("crew.claim_ask_host"),
            ),
          ),
        )
      : null,
  );
}
