// The host's match controls, the same for every game: pause or resume, move on, end scored, abort.

import { el } from "./dom.js";
import { confirmButton } from "./buttons.js";
import { t } from "./i18n.js";

/** Something the host can move on without the missing players: an open ballot, or a phase's clock. */
export function waiting(match) {
  if (match.over) return false;
  if (Object.values(match.ballots || {}).some((ballot) => !ballot.closed)) return true;
  return Object.entries(match.timers || {}).some(
    ([name, timer]) => !name.startsWith("ballot:") && (timer.running || timer.paused),
  );
}

/**
 * The host's bar: ``act(move)`` sends a core move, ``command(kind)`` a lobby command, ``extend`` are the
 * buttons that add time to each clock. One compact bar of small buttons, shown below the game's screen.
 */
export function hostControls(match, { act, command, extend = [] }) {
  return [
    el("div", { class: "host-bar-title" }, t("match.host_bar")),
    el(
      "div",
      { class: "control-row" },
      extend,
      match.paused
        ? el("button", { type: "button", class: "btn small", "data-testid": "resume", onclick: () => act("resume") }, t("match.resume"))
        : el("button", { type: "button", class: "btn small", "data-testid": "pause", onclick: () => act("pause") }, t("match.pause")),
      waiting(match)
        ? confirmButton({
            id: `skip:${match.id}:${match.round}:${match.phase}`,
            label: t("match.skip"),
            confirmLabel: t("match.skip_confirm"),
            onConfirm: () => act("skip"),
            attrs: { class: "btn small", "data-testid": "skip", title: t("match.skip_hint") },
          })
        : null,
    ),
    el(
      "div",
      { class: "control-row end-row" },
      confirmButton({
        id: `end:${match.id}`,
        label: t("match.end"),
        confirmLabel: t("match.end_confirm"),
        onConfirm: () => command("end", {}),
        attrs: { class: "btn small", "data-testid": "end", title: t("match.end_hint") },
      }),
      confirmButton({
        id: `abort:${match.id}`,
        label: t("match.abort"),
        confirmLabel: t("match.abort_confirm"),
        onConfirm: () => command("abort", {}),
        attrs: { class: "btn small danger", "data-testid": "abort", title: t("match.abort_hint") },
      }),
    ),
  ];
}
