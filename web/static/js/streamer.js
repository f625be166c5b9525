// Streamer mode on the host's phone: the switch, the private link (and its QR) that players join by, and
// renewing it; the TV then shows neither the code nor the QR (docs/protocol.md, "Moderation").

import { el } from "./dom.js";
import { actionButton } from "./buttons.js";
import { t } from "./i18n.js";

export function inviteLink(joinUrl, invite) {
  return `${joinUrl}?invite=${encodeURIComponent(invite)}`;
}

/** The host's streamer tools: the switch, and while it is on, the private link, its QR and "new link". */
export function streamerTools(view, { command, code, joinUrl }) {
  const on = Boolean(view.lobby.streamer);
  const invite = view.moderation?.invite;
  return el(
    "div",
    { class: "stack", "data-testid": "streamer" },
    el(
      "label",
      { class: "check" },
      el("input", {
        type: "checkbox",
        checked: on,
        "data-testid": "streamer-switch",
        onchange: (event) => command("streamer", { on: event.target.checked }),
      }),
      el("span", {}, t("streamer.switch")),
    ),
    el("p", { class: "muted small" }, on ? t("streamer.on_hint") : t("streamer.off_hint")),
    on && invite
      ? el(
          "div",
          { class: "invite-body" },
          el("img", {
            class: "qr",
            src: `/l/${encodeURIComponent(code)}/qr.svg?invite=${encodeURIComponent(invite)}`,
            width: 160,
            height: 160,
            alt: t("streamer.qr_alt"),
            "data-testid": "streamer-qr",
          }),
          el(
            "div",
            {},
            el("p", { class: "join-link", "data-testid": "streamer-link" }, inviteLink(joinUrl, invite)),
            el("p", { class: "muted small" }, t("streamer.code", { code })),
            actionButton({ class: "btn small ghost", "data-testid": "streamer-renew" }, t("streamer.renew"), () =>
              command("renew_invite"),
            ),
          ),
        )
      : null,
  );
}
