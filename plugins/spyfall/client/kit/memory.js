// A screen's memory: a shell whose card slot is never rebuilt, and the state of its pickers.

import { HeldCard } from "./card.js";
import { ensureKitStyles } from "./styles.js";

const memory = new WeakMap();

/**
 * What a screen remembers between renders of ``root``: ``shell`` (the card slot, then ``body``),
 * ``card`` (the held card), ``ui`` (pickers, pending marks; emptied when the round changes).
 */
export function screenMemory(root, view, api, rootClass) {
  let mem = memory.get(root);
  if (!mem || mem.shell.parentNode !== root) {
    const card = new HeldCard();
    mem = {
      shell: api.el("div", { class: "sf-shell" }),
      cardWrap: api.el("div", { class: "sf-card-wrap", hidden: true }),
      body: api.el("div", { class: "sf-body" }),
      card,
      key: null,
      ui: {},
    };
    mem.shell.replaceChildren(mem.cardWrap, mem.body);
    root.replaceChildren(mem.shell);
    memory.set(root, mem);
  }
  ensureKitStyles(api);
  // The classes go on the screen's own shell, not on root (the shell's, shared by every game's screen).
  mem.shell.classList.add("sf", rootClass);
  mem.shell.classList.toggle("sf-on-table", Boolean(api.table));
  const match = view.match;
  const key = `${match.id}:${match.round}`;
  if (mem.key !== key) {
    mem.key = key;
    mem.ui = {}; // a new round: close every picker
  }
  mem.api = api;
  mem.view = view;
  return mem;
}

/** True while ``mem`` still owns ``root`` (the shell may have given it to another screen). */
export function stillMine(root, mem) {
  return mem.shell.parentNode === root && memory.get(root) === mem;
}
