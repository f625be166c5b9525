// The seats of the lobby, in order, with connection status; the host's seat controls.

import { el } from "./dom.js";
import { confirmButton } from "./buttons.js";
import { t } from "./i18n.js";
import { badge } from "./common.js";
import { who } from "./looks.js";

/**
 * options: {you, host: bool (the viewer is the host), table: bool,
 *           command(kind, args) -> Promise} (only needed for the host's controls)
 */
export function seatList(view, { you = null, host = false, table = false, command = null } = {}) {
  const seats = view.lobby.seats;
  // During a match, a seat that is not in it (a late arrival, or back after leaving) watches it.
  const match = view.match && !view.match.over ? view.match : null;
  const inMatch = match ? new Set(match.present || match.players) : null;
  const sitting = new Set(match ? view.lobby.sitting_out || [] : []);
  const watches = (pid) => Boolean(inMatch && !inMatch.has(pid) && !sitting.has(pid));
  const next = view.lobby.next_seating || { asked: [], chosen: [] };
  const noRoom = new Set(next.chosen || []);
  const order = seats.map((s) => s.id);
  const move = (index, step) => {
    const next = order.slice();
    const [moved] = next.splice(index, 1);
    next.splice(index + step, 0, moved);
    command("reorder", { order: next });
  };
  return el(
    "ol",
    { class: ["seats", table ? "seats-table" : null], "data-testid": "seats" },
    seats.map((seat, index) => {
      const status = seat.connected ? t("seat.online") : t("seat.offline");
      const row = el(
        "li",
        {
          class: ["seat", seat.connected ? "online" : "offline", seat.id === you ? "me" : null],
          "data-testid": "seat",
          "data-player": seat.id,
          "data-connected": seat.connected ? "true" : "false",
          "data-watching": watches(seat.id) ? "true" : null,
        },
        el(
          "div",
          { class: "seat-main" },
          el("span", { class: "seat-index" }, index + 1),
          el("span", { class: "dot", role: "img", "aria-label": status, title: status }),
          seatWho(view, seat),
          seat.host ? badge(t("seat.host"), "host", "host-badge") : null,
          seat.id === you ? badge(t("seat.you"), "you", "you-badge") : null,
          watches(seat.id) ? badge(t("seat.watching"), "muted", "watching-badge") : null,
          sitting.has(seat.id) ? badge(t("seat.sitting_out"), "muted", "sitting-out-badge") : null,
          seat.sits_out ? badge(t("seat.sits_out_next"), "muted", "sits-out-next-badge") : null,
          noRoom.has(seat.id) ? badge(t("seat.no_room_next"), "muted", "no-room-badge") : null,
          seat.connected ? null : badge(t("seat.offline"), "muted", "offline-badge"),
        ),
      );
      if ((host || seat.id === you) && command && !table) {
        row.appendChild(el("div", { class: "seat-actions seat-sit" }, sitOutButton(seat, seat.id === you, command)));
      }
      if (host && command && !table) {
        row.firstChild.appendChild(
          el(
            "span",
            { class: "seat-move" },
            el(
              "button",
              {
                type: "button",
                class: "btn small icon",
                disabled: index === 0,
                "aria-label": t("seat.move_up", { name: seat.name }),
                title: t("seat.move_up", { name: seat.name }),
                "data-testid": "seat-up",
                onclick: () => move(index, -1),
              },
              "▲",
            ),
            el(
              "button",
              {
                type: "button",
                class: "btn small icon",
                disabled: index === seats.length - 1,
                "aria-label": t("seat.move_down", { name: seat.name }),
                title: t("seat.move_down", { name: seat.name }),
                "data-testid": "seat-down",
                onclick: () => move(index, 1),
              },
              "▼",
            ),
          ),
        );
        if (seat.id !== you) {
          row.appendChild(
            el(
              "div",
              { class: "seat-actions" },
              confirmButton({
                id: `handover:${seat.id}`,
                label: t("seat.make_host"),
                confirmLabel: t("seat.make_host_confirm"),
                onConfirm: () => command("handover", { player: seat.id }),
                attrs: { class: "btn small", "data-testid": "seat-handover" },
              }),
              confirmButton({
                id: `kick:${seat.id}`,
                label: t("seat.kick"),
                confirmLabel: t("seat.kick_confirm"),
                onConfirm: () => command("kick", { player: seat.id }),
                attrs: { class: "btn small danger", "data-testid": "seat-kick" },
              }),
            ),
          );
        }
      }
      return row;
    }),
  );
}

/** Sit the next match out, or take that back: the seat itself, or the host for anyone. */
function sitOutButton(seat, own, command) {
  const label = seat.sits_out ? t("seat.play_next") : t("seat.sit_out");
  const named = seat.sits_out ? t("seat.play_next_for", { name: seat.name }) : t("seat.sit_out_for", { name: seat.name });
  return el(
    "button",
    {
      type: "button",
      class: "btn small ghost",
      "aria-pressed": seat.sits_out ? "true" : "false",
      "aria-label": own ? null : named,
      title: own ? null : named,
      "data-testid": "seat-sit-out",
      onclick: () => command("sit_out", { player: seat.id, out: !seat.sits_out }),
    },
    label,
  );
}

/** A seat's avatar and name (looks.js): the name element keeps its test id, its text is the name alone. */
function seatWho(view, seat) {
  const node = who(view, seat.id, { name: seat.name, look: seat.look || null, testid: "seat-name" });
  node.classList.add("seat-name");
  return node;
}
