// The lobby's setup card of both games, and what shows between rounds (the board, or the host's packs).

import { boardEditor, boardGaps } from "./board.js";
import { packsEditor } from "./packs.js";
import { ensureKitStyles } from "./styles.js";

const setupMemory = new WeakMap();

/**
 * The game's part of the lobby's setup card: the board when the setup has ``boardVariant``, and the custom
 * packs. On the table screen (no viewer) the board is big and read only, and the packs are left out.
 * Their own test ids (sf-setup-*): the setup card stays in the page, hidden, while a match is on.
 */
export function renderSetupEditors(root, view, api, { boardVariant }) {
  ensureKitStyles(api);
  let mem = setupMemory.get(root);
  if (!mem || mem.box.parentNode !== root) {
    mem = { box: api.el("div", { class: "sf sf-setup" }), ui: {} };
    root.replaceChildren(mem.box);
    setupMemory.set(root, mem);
  }
  mem.view = view;
  mem.api = api;
  const rerender = () => {
    if (mem.box.parentNode === root) api.refresh();
  };
  const { t } = api;
  const setup = view.lobby?.setup;
  const table = Boolean(api.table) || !view.you;
  const seated = !table && (view.lobby?.seats || []).some((seat) => seat.id === view.you);
  const board = Boolean(setup?.variants?.includes(boardVariant));
  mem.box.classList.toggle("sf-on-table", table);
  const chosen = (setup?.options?.packs || []).includes("custom");
  const parts = [
    board
      ? boardEditor(api, view, mem.ui, {
          table,
          canPropose: seated,
          manage: api.host,
          note: t("spyfall.kit.board_lobby_note"),
          lobby: true,
          rerender,
          testid: "sf-setup-board",
        })
      : null,
    table
      ? null
      : packsEditor(api, view, mem.ui, {
          manage: api.host,
          note: board
            ? t("spyfall.kit.packs_board_mode")
            : chosen
              ? t("spyfall.kit.packs_chosen")
              : api.host
                ? t("spyfall.kit.packs_not_chosen")
                : t("spyfall.kit.packs_not_chosen_guest"),
          rerender,
          testid: "sf-setup-packs",
        }),
  ].filter(Boolean);
  if (!parts.length) {
    // nothing of the game's own (the table without the board): the setup card's options take its whole width
    root.replaceChildren();
    return;
  }
  mem.box.replaceChildren(...parts);
}

/** True between rounds: the break, or the wait for the board that may follow it. ``phases``: api.phases. */
export function isBreak(match, phases) {
  return !match.over && (match.phase === phases.round_over || match.phase === phases.board_wait);
}

/**
 * Between rounds of a match: the board for everyone to refill (sticker mode), or else the host's
 * packs editor. ``boardVariant`` is the game's eight-locations variant id. After the last round nothing:
 * no round is coming to fill the board for.
 */
export function betweenRounds(api, view, ui, { boardVariant, playing, host, rerender }) {
  const match = view.match;
  if (!isBreak(match, api.phases) || api.lastRound) return [];
  if ((match.variants || []).includes(boardVariant)) {
    return [boardEditor(api, view, ui, { table: api.table, canPropose: playing, manage: host, rerender })];
  }
  if (!host) return [];
  const inPlay = (match.options?.packs || []).includes("custom");
  const note = inPlay ? api.t("spyfall.kit.packs_in_play") : api.t("spyfall.kit.packs_not_in_play");
  return [packsEditor(api, view, ui, { manage: true, note, rerender })];
}

/**
 * What the break says of the next round under the round's result, one consistent thing: the host's
 * button (held while the board has gaps), and everyone else's line of when it comes. ``testid`` prefix.
 */
export function breakNext(api, view, { boardVariant, host, prefix, keys }) {
  const { el, t } = api;
  const match = view.match;
  if (api.table || !isBreak(match, api.phases)) return [];
  const last = api.lastRound;
  const gaps = !last && (match.variants || []).includes(boardVariant) ? boardGaps(view) : 0;
  if (host) {
    return [
      el(
        "div",
        { class: "sf-row" },
        api.actionButton(
          { class: "btn primary big", disabled: gaps > 0, "data-testid": `${prefix}-next` },
          last ? t(keys.finish) : t(keys.next),
          () => api.send("next"),
        ),
      ),
      gaps ? el("p", { class: "sf-warn", "data-testid": `${prefix}-next-held` }, t("spyfall.kit.board_holds_next", { count: gaps })) : null,
    ].filter(Boolean);
  }
  const waiting = last ? "spyfall.kit.break_results" : gaps ? "spyfall.kit.break_board" : "spyfall.kit.break_next";
  return [el("p", { class: "sf-muted", "data-testid": `${prefix}-waiting-host` }, t(waiting, { count: gaps }))];
}
