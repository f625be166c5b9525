// The parts both Spyfall screens share (Spyfall 2 and Team Spyfall): served at /plugins/spyfall/kit.js.
//
// The secret card behind a press-and-hold, the location list with one's own cross-off marks, the asking
// tracker, the players' chips, the custom packs editor (shelf "spyfall.packs") and the eight-locations
// board (shelf "spyfall.board"), and renderSetupEditors(): the lobby's setup card of both games.
// Text only through api.el / api.t; the kit's own strings are spyfall.kit.* (in Spyfall's strings).
// Styles: Spyfall's screen.css (classes sf-*), which the kit makes sure is loaded.
// A field being typed in keeps its focus across renders by its data-keep key: the shell sees to it.

const MAX_IMPORT_BYTES = 60 * 1024; // an inbound Socket.IO packet may be 64 KiB at most
const ARM_SECONDS = 4; // an armed button disarms itself after this
export const PACKS = "spyfall.packs";
export const BOARD = "spyfall.board";
export const BOARD_SIZE = 8;

/** The kit's styles are Spyfall's: load them for any screen that uses the kit. */
export function ensureKitStyles(api) {
  api.useStyles("spyfall");
}

// -- small helpers ---------------------------------------------------------------------------------------

/** A location's name in the viewer's language, else in any language it has (custom ones may have one). */
export function locationName(api, location) {
  if (!location) return "";
  const names = location.names || {};
  return names[api.lang] || names.en || names.ru || Object.values(names).find(Boolean) || location.id;
}

/** A role ({en, ru}, maybe one language only) in the viewer's language; null when there is none. */
export function roleName(api, role) {
  if (!role) return null;
  if (typeof role === "string") return role;
  return role[api.lang] || role.en || role.ru || Object.values(role).find(Boolean) || null;
}

export function packName(api, pack) {
  const names = pack.names || {};
  return names[api.lang] || names.en || names.ru || Object.values(names).find(Boolean) || pack.id;
}

/** Names joined the way the viewer's language does it ("Ann, Boris and Chen"). */
export function names(api, pids) {
  return joined(
    api,
    pids.map((pid) => api.name(pid)),
  );
}

/** The players still in the match (a view without ``present`` predates presence: everyone is). */
export function present(match) {
  return match.present || match.players.filter((pid) => !(match.left || []).includes(pid));
}

/** True when ``pid`` left the match or was kicked: shown as gone, never asked, accused or pointed at. */
export function gone(match, pid) {
  return (match.left || []).includes(pid);
}

/** True when the viewer plays this match (seated and still in it); the table and watchers see it as a table. */
export function playing(api, view) {
  if (typeof api.playing === "boolean") return api.playing;
  const me = api.table ? null : view.you;
  return Boolean(me && present(view.match).includes(me));
}

/** "Round void: Boris left": a round that ended because the holder of its secret left. */
export function voidNote(api, outcome, testid = "sf-void") {
  return api.el(
    "p",
    { class: "sf-warn sf-void", "data-testid": testid },
    outcome.left ? api.t("match.round_void", { name: api.name(outcome.left) }) : api.t("match.round_void_nobody"),
  );
}

export function joined(api, items) {
  try {
    return new Intl.ListFormat(api.lang, { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

export function sortedLocations(api, locations) {
  return locations.slice().sort((a, b) => locationName(api, a).localeCompare(locationName(api, b), api.lang));
}

export function section(api, cls, testid, ...children) {
  return api.el("section", { class: ["sf-box", cls], "data-testid": testid }, ...children);
}

/** A button that stays disabled while its move is on the way (the next state re-renders it). */
export function actionButton(api, attrs, label, onPress) {
  const button = api.el("button", { type: "button", ...attrs }, label);
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    button.disabled = true;
    try {
      const answer = await onPress();
      if (!answer || !answer.ok) button.disabled = false;
    } catch (error) {
      console.error(error);
      button.disabled = false;
    }
  });
  return button;
}

/**
 * A button that acts on the second tap: the first arms it (``ui.armed = id``, kept between renders);
 * for moves that cannot be taken back (end the round, remove a pack, peel a sticker).
 */
export function armedButton(api, ui, rerender, { id, attrs, label, confirmLabel, onConfirm }) {
  const armed = ui.armed === id;
  const button = api.el(
    "button",
    { type: "button", ...attrs, class: [attrs.class, armed ? "armed" : null].flat().filter(Boolean).join(" ") },
    armed ? confirmLabel : label,
  );
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    if (ui.armed !== id) {
      ui.armed = id;
      rerender();
      setTimeout(() => {
        if (ui.armed !== id) return;
        ui.armed = null;
        rerender();
      }, ARM_SECONDS * 1000);
      return;
    }
    ui.armed = null;
    button.disabled = true;
    try {
      const answer = await onConfirm();
      if (!answer || !answer.ok) button.disabled = false;
    } catch (error) {
      console.error(error);
      button.disabled = false;
    }
  });
  return button;
}

// -- a screen's memory: a shell whose card slot is never rebuilt, and the state of its pickers -----------

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

// -- the secret card: shown only while pressed and held ----------------------------------------------------

/**
 * The held card. Its node is built once and never replaced, so that a state arriving while it is held
 * does not let it go. ``paint(api, secret, texts)``: secret is {spy: true, partners?} or
 * {spy: false, location, role}; texts.agentGoal / texts.spyGoal are the game's own lines.
 */
export class HeldCard {
  constructor() {
    this.held = false;
    this.secret = null;
    this.api = null;
    this.texts = {};
    this.node = null;
  }

  build(api) {
    const { el } = api;
    this.back = el("span", { class: "sf-card-back" });
    this.face = el("span", { class: "sf-card-face", "data-testid": "sf-card-face", "aria-live": "polite", hidden: true });
    this.node = el("button", { type: "button", class: "sf-card", "data-testid": "sf-card" }, this.back, this.face);
    api.holdToReveal(this.node, (on) => {
      this.held = on;
      this.repaint();
    });
  }

  /** Show ``secret`` in ``wrap`` (or hide the slot when there is none). */
  paint(wrap, api, secret, { compact = false, ...texts } = {}) {
    this.api = api;
    wrap.hidden = !secret;
    if (!secret) {
      this.held = false;
      this.secret = null;
      if (this.node) this.repaint();
      return;
    }
    if (!this.node) {
      this.build(api);
      wrap.replaceChildren(this.node);
    }
    this.secret = secret;
    this.texts = texts;
    this.node.classList.toggle("compact", compact);
    this.repaint();
  }

  repaint() {
    const api = this.api;
    const { el, t } = api;
    const { node: card, back, face } = this;
    const secret = this.secret;
    card.classList.toggle("held", this.held);
    card.setAttribute("aria-label", this.held ? t("spyfall.kit.card_label") : t("spyfall.kit.card_hold"));
    back.replaceChildren(
      el("span", { class: "sf-card-emblem", "aria-hidden": "true" }, "?"),
      el("span", { class: "sf-card-hint" }, t("spyfall.kit.card_hold")),
      el("span", { class: "sf-card-sub" }, t("spyfall.kit.card_release")),
    );
    back.hidden = this.held;
    face.hidden = !this.held;
    if (!this.held || !secret) {
      face.replaceChildren();
      return;
    }
    face.classList.toggle("spy", Boolean(secret.spy));
    const put = (...children) => face.replaceChildren(...children.filter(Boolean)); // (null would become "null")
    if (secret.spy) {
      const partners = secret.partners || [];
      put(
        el("span", { class: "sf-card-kicker" }, t("spyfall.kit.card_title")),
        el("strong", { class: "sf-card-spy", "data-testid": "sf-card-spy" }, t("spyfall.kit.you_are_spy")),
        this.texts.spyGoal ? el("span", { class: "sf-card-note" }, this.texts.spyGoal) : null,
        partners.length
          ? el(
              "span",
              { class: "sf-card-partners", "data-testid": "sf-card-partners" },
              t("spyfall.kit.partners", { names: names(api, partners), count: partners.length }),
            )
          : null,
      );
      return;
    }
    const role = roleName(api, secret.role);
    put(
      el("span", { class: "sf-card-kicker" }, t("spyfall.kit.location")),
      el("strong", { class: "sf-card-location", "data-testid": "sf-card-location" }, locationName(api, secret.location)),
      role ? el("span", { class: "sf-card-kicker" }, t("spyfall.kit.role")) : null,
      role ? el("span", { class: "sf-card-role", "data-testid": "sf-card-role" }, role) : null,
      this.texts.agentGoal ? el("span", { class: "sf-card-note" }, this.texts.agentGoal) : null,
    );
  }
}

// -- who is at the table ------------------------------------------------------------------------------------

/** A small label next to a player's name. */
export function tag(api, text, cls, attrs = {}) {
  return api.el("span", { class: ["sf-tag", cls], ...attrs }, text);
}

/**
 * The players as chips: ``asking`` is highlighted, ``tags(pid)`` adds labels. Those in ``left`` (they left
 * the match or were kicked) are struck through with a "left" label and get no other tag.
 */
export function playerChips(
  api,
  players,
  { me = null, asking = null, tags = () => [], testid = "sf-players", left = [] } = {},
) {
  const { el } = api;
  const departed = new Set(left);
  return el(
    "ul",
    { class: "sf-players", "data-testid": testid },
    players.map((pid) =>
      el(
        "li",
        {
          class: ["sf-player", pid === asking ? "asking" : null, pid === me ? "me" : null, departed.has(pid) ? "left" : null],
          "data-player": pid,
          "data-left": departed.has(pid) ? "true" : null,
        },
        el("span", { class: "sf-player-name" }, api.name(pid)),
        departed.has(pid)
          ? tag(api, api.t("match.left_badge"), "gone", { "data-testid": "sf-left" })
          : [pid === asking ? tag(api, api.t("spyfall.kit.asking_tag"), "asking") : null, tags(pid)],
      ),
    ),
  );
}

// -- the asking tracker: who asks now; the asker taps whom they asked (no asking back) ----------------------

/** ``players``: those who may be asked (the players still in the match). */
export function askingTracker(api, { players, me, playing, asker, askedBy, firstNote }) {
  const { el, t } = api;
  const mine = playing && !api.table && asker === me;
  const lines = [
    el(
      "p",
      { class: "sf-asker", "data-testid": "sf-asker" },
      mine ? t("spyfall.kit.you_ask") : t("spyfall.kit.asks_now", { name: api.name(asker) }),
    ),
    el(
      "p",
      { class: "sf-muted", "data-testid": "sf-asked-by" },
      askedBy ? t("spyfall.kit.asked_by", { name: api.name(asker), by: api.name(askedBy) }) : firstNote,
    ),
  ];
  if (mine) {
    lines.push(
      el("p", { class: "sf-prompt" }, t("spyfall.kit.whom_asked")),
      el(
        "div",
        { class: "sf-choices", "data-testid": "sf-ask-targets" },
        players
          .filter((pid) => pid !== me)
          .map((pid) => {
            const back = pid === askedBy;
            return actionButton(
              api,
              {
                class: ["btn", "sf-choice"],
                disabled: back,
                "data-player": pid,
                "data-testid": "sf-asked",
                title: back ? t("spyfall.kit.no_asking_back") : null,
              },
              [
                el("span", {}, t("spyfall.kit.i_asked", { name: api.name(pid) })),
                back ? el("small", { class: "sf-choice-note" }, t("spyfall.kit.no_asking_back")) : null,
              ],
              () => api.send("asked", { player: pid }),
            );
          }),
      ),
    );
  }
  return section(api, "sf-asking", "sf-asking", ...lines);
}

// -- the location list ----------------------------------------------------------------------------------------

/**
 * Every location of the round, sorted by name. mode: "cross" (my own marks, kept by the server: the move
 * "cross"), "pick" (choose: ``chosen`` ids, ``onChoose(id)``), "show" (read only: the table, a result).
 * ``answers``: ids to highlight (the location once it is known). ``ui.pending`` keeps marks on their way.
 */
export function locationList(
  api,
  ui,
  { locations, mode, marks = [], answers = [], chosen = [], onChoose = null, rerender = () => {}, title = null },
) {
  const { el, t } = api;
  const marked = new Set(marks);
  const pending = ui.pending || (ui.pending = new Map()); // my marks on their way to the server
  const answer = new Set(answers);
  const picked = new Set(chosen);
  const items = sortedLocations(api, locations || []);
  const head =
    mode === "pick"
      ? null
      : el(
          "div",
          { class: "sf-head" },
          el("h3", {}, title || t("spyfall.kit.locations", { count: items.length })),
          mode === "cross" ? el("small", { class: "sf-muted" }, t("spyfall.kit.cross_hint")) : null,
        );
  const list = el(
    mode === "show" ? "ul" : "div",
    { class: ["sf-locations", mode], "data-testid": mode === "pick" ? "sf-pick-list" : "sf-locations" },
    items.map((location) => {
      const crossed = pending.has(location.id) ? pending.get(location.id) : marked.has(location.id);
      const cls = [
        "sf-location",
        crossed && mode !== "show" ? "crossed" : null,
        answer.has(location.id) ? "answer" : null,
        mode === "pick" && picked.has(location.id) ? "chosen" : null,
      ];
      const label = el("span", { class: "sf-location-name" }, locationName(api, location));
      if (mode === "show") {
        return el("li", { class: cls, "data-location": location.id, "data-testid": "sf-location" }, label);
      }
      if (mode === "pick") {
        return el(
          "button",
          {
            type: "button",
            class: cls,
            "data-location": location.id,
            "data-testid": "sf-pick",
            "aria-pressed": picked.has(location.id) ? "true" : "false",
            onclick: () => onChoose?.(location.id),
          },
          label,
        );
      }
      return el(
        "button",
        {
          type: "button",
          class: cls,
          "data-location": location.id,
          "data-testid": "sf-location",
          "data-pending": pending.has(location.id) ? "1" : null,
          "aria-pressed": crossed ? "true" : "false",
          title: crossed ? t("spyfall.kit.uncross") : t("spyfall.kit.cross"),
          onclick: () => {
            // Show the mark at once; the server keeps it (so it survives a refresh) and the next state has it.
            const now = !crossed;
            pending.set(location.id, now);
            rerender();
            api.send("cross", { location: location.id, crossed: now }).finally(() => {
              if (pending.get(location.id) === now) pending.delete(location.id);
              rerender();
            });
          },
        },
        label,
      );
    }),
  );
  if (mode === "pick") return el("div", { class: "sf-pick-box", "data-testid": "sf-pick-box" }, list);
  return section(api, "sf-list", "sf-list", head, list);
}

// -- custom location packs (the lobby's shelf "spyfall.packs") -----------------------------------------------

function exportPack(api, pack) {
  const data = {
    names: pack.names,
    locations: (pack.locations || []).map((location) => ({ names: location.names, roles: location.roles || [] })),
  };
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const file = `${packName(api, pack).replace(/[\\/:*?"<>|\s]+/g, "-") || "pack"}.json`;
  const link = api.el("a", { href: url, download: file, hidden: true });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A pack file's content as the args of `add_pack` (only the fields the server takes), or null. */
export function packFromFile(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  if (!data.names || typeof data.names !== "object" || !Array.isArray(data.locations)) return null;
  const pick = (names) => {
    const out = {};
    for (const lang of ["en", "ru"]) if (typeof names?.[lang] === "string" && names[lang].trim()) out[lang] = names[lang];
    return out;
  };
  return {
    names: pick(data.names),
    locations: data.locations.map((location) => ({
      names: pick(location?.names),
      roles: Array.isArray(location?.roles) ? location.roles.map((role) => pick(role)).filter((r) => Object.keys(r).length) : [],
    })),
  };
}

/**
 * The lobby's custom packs: everyone may save one as a file; ``manage`` (the host, where shelf moves can be
 * sent) adds one from a file and removes one. ``note``: a line on whether the packs are in play.
 */
export function packsEditor(api, view, ui, { manage, note, rerender, testid = "sf-packs-box" }) {
  const { el, t } = api;
  const packs = view.lobby?.shelves?.[PACKS]?.packs || [];
  const canChange = Boolean(manage) && typeof api.shelf === "function";
  const problem = el("p", { class: "sf-warn", "data-testid": "sf-pack-problem", hidden: true });
  const parts = [el("h3", {}, t("spyfall.kit.packs_title")), note ? el("p", { class: "sf-muted" }, note) : null];
  parts.push(
    packs.length
      ? el(
          "ul",
          { class: "sf-packs", "data-testid": "sf-packs" },
          packs.map((pack) =>
            el(
              "li",
              { "data-pack": pack.id },
              el(
                "span",
                { class: "sf-pack-name" },
                packName(api, pack),
                " ",
                el("small", { class: "sf-muted" }, t("spyfall.kit.pack_size", { count: (pack.locations || []).length })),
              ),
              el(
                "span",
                { class: "sf-row" },
                el(
                  "button",
                  { type: "button", class: "btn small", "data-testid": "sf-pack-export", onclick: () => exportPack(api, pack) },
                  t("spyfall.kit.pack_export"),
                ),
                canChange
                  ? armedButton(api, ui, rerender, {
                      id: `pack:${pack.id}`,
                      attrs: { class: "btn small danger", "data-testid": "sf-pack-remove" },
                      label: t("spyfall.kit.pack_remove"),
                      confirmLabel: t("spyfall.kit.pack_remove_confirm"),
                      onConfirm: () => api.shelf(PACKS, "remove_pack", { pack: pack.id }),
                    })
                  : null,
              ),
            ),
          ),
        )
      : el("p", { class: "sf-muted" }, t("spyfall.kit.no_packs")),
  );
  if (canChange) {
    const input = el("input", {
      type: "file",
      accept: "application/json,.json",
      class: "sf-file",
      "data-testid": "sf-pack-import",
      "aria-label": t("spyfall.kit.pack_import"),
    });
    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      input.value = "";
      if (!file) return;
      problem.hidden = true;
      if (file.size > MAX_IMPORT_BYTES) {
        problem.textContent = t("spyfall.kit.pack_too_big");
        problem.hidden = false;
        return;
      }
      let pack = null;
      try {
        pack = packFromFile(JSON.parse(await file.text()));
      } catch {
        pack = null;
      }
      if (!pack) {
        problem.textContent = t("spyfall.kit.pack_bad_file");
        problem.hidden = false;
        return;
      }
      await api.shelf(PACKS, "add_pack", { pack });
    });
    parts.push(
      el("label", { class: "btn sf-import" }, t("spyfall.kit.pack_import"), input),
      el("p", { class: "sf-muted" }, t("spyfall.kit.pack_import_hint")),
    );
  }
  parts.push(problem);
  return section(api, "sf-packs-box", testid, ...parts);
}

// -- the eight-locations board (the lobby's shelf "spyfall.board") -------------------------------------------

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
    { type: "submit", class: "btn primary", "data-testid": "sf-board-propose", disabled: Boolean(ui.proposing) },
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
        if (!name || ui.proposing) return;
        // Emptied at once (the player may type the next one); given back if the server refuses it.
        ui.proposing = true;
        ui.proposal = "";
        input.value = "";
        button.disabled = true;
        try {
          const answer = await api.shelf(BOARD, "propose", { name });
          if (!answer?.ok && !ui.proposal) {
            ui.proposal = name;
            const live = api.field("sf-board-name");
            if (live && !live.value) live.value = name;
          }
        } finally {
          ui.proposing = false;
          const live = api.field("sf-board-name")?.closest("form")?.querySelector("button[type=submit]");
          if (live) live.disabled = false;
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
          el("span", { class: "sf-sticker-name" }, sticker ? sticker.name : t("spyfall.kit.board_empty")),
          sticker && sticker.by && !table
            ? el("small", { class: "sf-sticker-by" }, t("spyfall.kit.board_by", { name: api.name(sticker.by) }))
            : null,
          sticker && host
            ? armedButton(api, ui, rerender, {
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
                      actionButton(
                        api,
                        { class: "btn small primary", disabled: !gaps, "data-testid": "sf-board-confirm" },
                        t("spyfall.kit.board_confirm"),
                        () => api.shelf(BOARD, "confirm", { proposal: proposal.id }),
                      ),
                      actionButton(
                        api,
                        { class: "btn small", "data-testid": "sf-board-reject" },
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

// -- the lobby's setup card: both games' renderSetup ------------------------------------------------------------

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
              : t("spyfall.kit.packs_not_chosen"),
          rerender,
          testid: "sf-setup-packs",
        }),
  ];
  mem.box.replaceChildren(...parts.filter(Boolean));
}

/**
 * Between rounds of a match: the board for everyone to refill (sticker mode), or else the host's
 * packs editor. ``boardVariant`` is the game's eight-locations variant id.
 */
export function betweenRounds(api, view, ui, { boardVariant, playing, host, rerender }) {
  const match = view.match;
  if (match.phase !== "round_over" || match.over) return [];
  if ((match.variants || []).includes(boardVariant)) {
    return [boardEditor(api, view, ui, { table: api.table, canPropose: playing, manage: host, rerender })];
  }
  if (!host) return [];
  const inPlay = (match.options?.packs || []).includes("custom");
  const note = inPlay ? api.t("spyfall.kit.packs_in_play") : api.t("spyfall.kit.packs_not_in_play");
  return [packsEditor(api, view, ui, { manage: true, note, rerender })];
}
