// The eight-locations board (the lobby's shelf "spyfall.board"): eight stickers, proposals, the host's say.

import { section } from "./controls.js";
import { joined, longestWord } from "./words.js";

export const BOARD = "spyfall.board";
export const BOARD_SIZE = 8;

/**
 * The field to propose a sticker. It is built on every render like everything else: the draft is kept in
 * ``ui.proposal``, and the shell keeps the field's focus and caret by its key (data-keep).
 */
function proposeForm(api, ui) {
  const { el, t } = api;
  const input = el("input", {
    type: "text",
    maxlength: 40,
    class: "sf-propose-input",
    "data-keep": "sf-board-name",
    "data-testid": "sf-board-name",
    placeholder: t("spyfall.kit.board_placeholder"),
    "aria-label": t("spyfall.kit.board_placeholder"),
    enterkeyhint: "send",
    autocomplete: "off",
    value: ui.proposal || "",
    oninput: (event) => {
      ui.proposal = event.target.value;
    },
  });
  const button = el(
    "button",
    { type: "submit", class: "btn primary", "data-testid": "sf-board-propose" },
    t("spyfall.kit.board_propose"),
  );
  return el(
    "form",
    {
      class: "sf-propose",
      novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        const name = (ui.proposal || "").trim();
        if (!name) return;
        // Emptied at once, so the player may send the next name before this one's answer is back (and a
        // second tap sends nothing); given back if the server refuses it and the field is still empty.
        ui.proposal = "";
        input.value = "";
        const answer = await api.shelf(BOARD, "propose", { name });
        if (!answer?.ok && !ui.proposal) {
          ui.proposal = name;
          const live = api.field("sf-board-name");
          if (live && !live.value) live.value = name;
        }
      },
    },
    input,
    button,
  );
}

/** How many stickers of the board are empty (8 when it was never touched). */
export function boardGaps(view) {
  const stickers = view.lobby?.shelves?.[BOARD]?.stickers || Array(BOARD_SIZE).fill(null);
  return stickers.filter((sticker) => !sticker).length;
}

/**
 * The board as eight sticky notes. ``table``: big and read only. ``canPropose``: anyone at the table may
 * propose a name (any language); ``manage``: the host confirms or rejects proposals and peels stickers off.
 * ``note``: a line under the title; ``lobby``: before a match (the texts say "start", not "next round").
 */
export function boardEditor(
  api,
  view,
  ui,
  { table = false, canPropose = false, manage = false, note = null, lobby = false, rerender, testid = "sf-board" },
) {
  const { el, t } = api;
  const data = view.lobby?.shelves?.[BOARD] || {};
  const stickers = data.stickers || Array(BOARD_SIZE).fill(null);
  const proposals = data.proposals || [];
  const retired = data.retired || [];
  const gaps = stickers.filter((sticker) => !sticker).length;
  const shelf = typeof api.shelf === "function" && !table;
  const host = shelf && manage;
  return section(
    api,
    ["sf-board", table ? "big" : null],
    testid,
    el("h3", {}, t("spyfall.kit.board_title", { filled: stickers.length - gaps, size: stickers.length })),
    note ? el("p", { class: "sf-muted" }, note) : null,
    el(
      "ol",
      { class: "sf-stickers", "data-testid": "sf-stickers" },
      stickers.map((sticker, slot) =>
        el(
          "li",
          {
            class: ["sf-sticker", sticker ? `tint-${slot % 4}` : "empty"],
            "data-slot": slot,
            "data-testid": "sf-sticker",
            "data-empty": sticker ? null : "1",
          },
          el("span", { class: "sf-sticker-number", "aria-hidden": "true" }, String(slot + 1)),
          el(
            "span",
            { class: "sf-sticker-name", style: sticker ? { "--sf-word": longestWord(sticker.name) } : null },
            sticker ? sticker.name : t("spyfall.kit.board_empty"),
          ),
          sticker && sticker.by && !table
            ? el("small", { class: "sf-sticker-by" }, t("spyfall.kit.board_by", { name: api.name(sticker.by) }))
            : null,
          sticker && host
            ? api.confirmButton({
                id: `peel:${slot}:${sticker.id}`,
                attrs: {
                  class: "sf-peel",
                  "data-testid": "sf-board-peel",
                  title: t("spyfall.kit.board_peel"),
                  "aria-label": t("spyfall.kit.board_peel"),
                },
                label: "×",
                confirmLabel: t("spyfall.kit.board_peel_confirm"),
                onConfirm: () => api.shelf(BOARD, "peel", { slot }),
              })
            : null,
        ),
      ),
    ),
    el(
      "p",
      { class: gaps ? "sf-warn" : "sf-ok", "data-testid": "sf-board-missing" },
      gaps
        ? t(lobby ? "spyfall.kit.board_missing_start" : "spyfall.kit.board_missing", { count: gaps })
        : t(lobby ? "spyfall.kit.board_ready_start" : "spyfall.kit.board_ready"),
    ),
    // who fills the gaps, said on every screen (the TV too: the room reads it there)
    gaps && !lobby ? el("p", { class: "sf-board-who", "data-testid": "sf-board-who" }, t("spyfall.kit.board_who")) : null,
    proposals.length
      ? el(
          "div",
          { class: "sf-proposals-box" },
          el("h4", {}, t("spyfall.kit.board_proposals", { count: proposals.length })),
          el(
            "ul",
            { class: "sf-proposals", "data-testid": "sf-proposals" },
            proposals.map((proposal) =>
              el(
                "li",
                { "data-proposal": proposal.id, "data-testid": "sf-proposal" },
                el(
                  "span",
                  {},
                  el("strong", { class: "sf-proposal-name" }, proposal.name),
                  " ",
                  el("small", { class: "sf-muted" }, t("spyfall.kit.board_by", { name: api.name(proposal.by) })),
                ),
                host
                  ? el(
                      "span",
                      { class: "sf-row" },
                      api.actionButton({ class: "btn small primary", disabled: !gaps, "data-testid": "sf-board-confirm" },
                        t("spyfall.kit.board_confirm"),
                        () => api.shelf(BOARD, "confirm", { proposal: proposal.id }),
                      ),
                      api.actionButton({ class: "btn small", "data-testid": "sf-board-reject" },
                        t("spyfall.kit.board_reject"),
                        () => api.shelf(BOARD, "reject", { proposal: proposal.id }),
                      ),
                    )
                  : null,
              ),
            ),
          ),
          host || table ? null : el("p", { class: "sf-muted" }, t("spyfall.kit.board_host_decides")),
        )
      : null,
    shelf && canPropose && gaps ? proposeForm(api, ui) : null,
    shelf && canPropose && gaps ? el("p", { class: "sf-muted" }, t("spyfall.kit.board_propose_hint")) : null,
    retired.length
      ? el(
          "p",
          { class: "sf-muted sf-retired", "data-testid": "sf-board-retired" },
          t("spyfall.kit.board_retired", { names: joined(api, retired.slice(-8)) }),
        )
      : null,
  );
}
