// A player's look: a colour and an avatar (a shape drawn here in SVG, never an emoji), shown with the name.
// The ids are the server's (core/looks.py): a seat's look is `view.lobby.seats[i].look`, {colour, avatar}.

import { el } from "./dom.js";
import { has, t } from "./i18n.js";

/** Each colour's value: bright enough for a dark shape on it, and to read on the dark theme. */
export const COLOURS = {
  hue01: "#ff5a5f",
  hue02: "#ff9f1c",
  hue03: "#ffd60a",
  hue04: "#8ac926",
  hue05: "#2ec27e",
  hue06: "#2dd4bf",
  hue07: "#38bdf8",
  hue08: "#5b8cff",
  hue09: "#8b7bff",
  hue10: "#c77dff",
  hue11: "#f472b6",
  hue12: "#ffb4a2",
  hue13: "#c8955a",
  hue14: "#ece5d3",
  hue15: "#9ca3af",
  hue16: "#c5f27a",
  hue17: "#00c2e0",
  hue18: "#ffc8dd",
  hue19: "#d4a017",
  hue20: "#7fe0b8",
  hue21: "#e76f51",
  hue22: "#aab8ff",
  hue23: "#f15bb5",
  hue24: "#b59fb0",
};

const STROKE = { fill: "none", stroke: "currentColor", "stroke-width": "2.4", "stroke-linecap": "round" };

/** Each avatar: the SVG shapes of a 24 × 24 drawing, filled with the ink colour. */
export const AVATARS = {
  circle: [["circle", { cx: 12, cy: 12, r: 6.5 }]],
  square: [["rect", { x: 6, y: 6, width: 12, height: 12, rx: 1.5 }]],
  triangle: [["path", { d: "M12 4.5 20 18.5H4Z" }]],
  diamond: [["path", { d: "M12 3.5 20.5 12 12 20.5 3.5 12Z" }]],
  star: [["path", { d: "M12 3.2l2.7 5.6 6.1.8-4.5 4.2 1.2 6.1L12 17l-5.5 2.9 1.2-6.1-4.5-4.2 6.1-.8Z" }]],
  heart: [["path", { d: "M12 20C5 15.2 3.5 11.8 3.5 9.2a4.3 4.3 0 0 1 8.5-1.6 4.3 4.3 0 0 1 8.5 1.6c0 2.6-1.5 6-8.5 10.8Z" }]],
  moon: [["path", { d: "M14.5 3.8a8.5 8.5 0 1 0 5.9 12.6A7 7 0 0 1 14.5 3.8Z" }]],
  plus: [["path", { d: "M9.8 4.5h4.4v5.3h5.3v4.4h-5.3v5.3H9.8v-5.3H4.5V9.8h5.3Z" }]],
  hexagon: [["path", { d: "M12 3.5 19.5 7.8v8.4L12 20.5 4.5 16.2V7.8Z" }]],
  drop: [["path", { d: "M12 3s6.5 7.2 6.5 11.6a6.5 6.5 0 0 1-13 0C5.5 10.2 12 3 12 3Z" }]],
  bolt: [["path", { d: "M13.8 2.5 5.5 13.5h5.3L9.8 21.5l8.7-11.3h-5.3Z" }]],
  leaf: [["path", { d: "M4.5 19.5C4.5 10 10 4.5 19.5 4.5 19.5 14 14 19.5 4.5 19.5Z" }]],
  cloud: [["path", { d: "M7.5 18.5a4 4 0 0 1-.6-8 5.5 5.5 0 0 1 10.4-1 4.5 4.5 0 0 1 .2 9Z" }]],
  crown: [["path", { d: "M4 18 5 7l4.5 4.3L12 5l2.5 6.3L19 7l1 11Z" }]],
  flag: [["path", { d: "M5.5 3.5h2.2v17H5.5ZM8.5 4.5h11l-3 4.2 3 4.3h-11Z" }]],
  bell: [["path", { d: "M12 3.5a5.8 5.8 0 0 1 5.8 5.8v4.4l2 3.3H4.2l2-3.3V9.3A5.8 5.8 0 0 1 12 3.5ZM9.6 18.5h4.8a2.4 2.4 0 0 1-4.8 0Z" }]],
  key: [
    [
      "path",
      {
        d: "M7.5 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 3.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4ZM12 10.3h8.5v3.4h-1.8v2.1h-2.4v-2.1H12Z",
        "fill-rule": "evenodd",
      },
    ],
  ],
  ring: [["path", { d: "M12 4.5a7.5 7.5 0 1 1 0 15 7.5 7.5 0 0 1 0-15Zm0 3.7a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6Z", "fill-rule": "evenodd" }]],
  arrow: [["path", { d: "M3.5 9.8h9V5l8 7-8 7v-4.8h-9Z" }]],
  cross: [["path", { d: "M6.3 3.8 12 9.5l5.7-5.7 2.5 2.5-5.7 5.7 5.7 5.7-2.5 2.5-5.7-5.7-5.7 5.7-2.5-2.5 5.7-5.7-5.7-5.7Z" }]],
  sun: [
    ["circle", { cx: 12, cy: 12, r: 4.3 }],
    ["path", { d: "M12 2.5v2.6M12 18.9v2.6M2.5 12h2.6M18.9 12h2.6M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8", ...STROKE }],
  ],
  eye: [
    [
      "path",
      {
        d: "M2 12c3.5-6.3 16.5-6.3 20 0-3.5 6.3-16.5 6.3-20 0Zm10-3.8a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6Zm0 2.1a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4Z",
        "fill-rule": "evenodd",
      },
    ],
  ],
  note: [["path", { d: "M9 5.5 19.5 3v12.3a2.8 2.8 0 1 1-2.2-2.7V7.1L11.2 8.6v9.2A2.8 2.8 0 1 1 9 15.1Z" }]],
  tree: [["path", { d: "M12 2.5l6 8h-3l4.5 6H13.6v5h-3.2v-5H4.5l4.5-6H6Z" }]],
};

const NONE = [["circle", { cx: 12, cy: 12, r: 2.5 }]];
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** A seat's look ({colour, avatar}) from the view's seats, or null (a player who has left the lobby). */
export function lookOf(view, pid) {
  const seat = view?.lobby?.seats?.find((s) => s.id === pid);
  return seat?.look || null;
}

/** "red star": the look in words (a picker's labels, a title). */
export function lookName(look) {
  if (!look) return "";
  return t("look.named", { colour: colourName(look.colour), avatar: avatarName(look.avatar) });
}

export function colourName(id) {
  return has(`look.colour.${id}`) ? t(`look.colour.${id}`) : id;
}

export function avatarName(id) {
  return has(`look.avatar.${id}`) ? t(`look.avatar.${id}`) : id;
}

/**
 * An avatar: the look's shape drawn dark on a disc of its colour (a grey disc for a player without a look).
 * ``label``: the look in words for assistive technology; otherwise the avatar is decoration beside a name.
 */
export function avatar(look, { size = "m", label = false } = {}) {
  const shapes = (look && AVATARS[look.avatar]) || NONE;
  const colour = (look && COLOURS[look.colour]) || null;
  const drawing = svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  for (const [tag, attrs] of shapes) drawing.appendChild(svg(tag, attrs));
  return el(
    "span",
    {
      class: ["avatar", `avatar-${size}`, look ? null : "avatar-none"],
      style: colour ? { "--look": colour } : null,
      "data-testid": "avatar",
      "data-colour": look?.colour,
      "data-avatar": look?.avatar,
      role: label ? "img" : null,
      "aria-label": label && look ? lookName(look) : null,
      "aria-hidden": label ? null : "true",
    },
    drawing,
  );
}

/**
 * A player as the shell shows one: their avatar and their name, cut with an ellipsis when space runs
 * short (the whole name is then in the name's title). Inside a button the name is never cut: it goes onto
 * a second line at a space, and a word too long for the button wraps inside it (looks.css). ``name``
 * overrides the name read from the view (a recap keeps the names of those who left); ``size``: "s", "m"
 * (default) or "l".
 */
export function who(view, pid, { size = "m", name = null, look = undefined, testid = "who" } = {}) {
  const shown = name ?? nameIn(view, pid);
  return el(
    "span",
    { class: ["who-tag", `who-${size}`], "data-testid": testid, "data-who": pid },
    avatar(look === undefined ? lookOf(view, pid) : look, { size }),
    el("span", { class: "who-name", title: shown }, shown),
  );
}

function nameIn(view, pid) {
  const fromMatch = view?.match?.names?.[pid];
  if (fromMatch) return fromMatch;
  const seat = view?.lobby?.seats?.find((s) => s.id === pid);
  return seat ? seat.name : t("player.unknown");
}

/**
 * A message that names players (a toast): the avatars of the players its ``params`` name (player ids, or
 * lists of them) before its ``text``, or the text alone when it names nobody.
 */
export function withAvatars(view, params, text) {
  const known = (value) =>
    typeof value === "string" && Boolean(view?.match?.names?.[value] || view?.lobby?.seats?.some((s) => s.id === value));
  const pids = [];
  for (const value of Object.values(params || {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (known(item) && !pids.includes(item)) pids.push(item);
  }
  if (!pids.length) return text;
  return [el("span", { class: "toast-avatars" }, pids.map((pid) => avatar(lookOf(view, pid), { size: "s" }))), text];
}

/** The colours and avatars other seats hold (they cannot be chosen), leaving out ``you``. */
export function takenLooks(view, you = null) {
  const colours = new Set();
  const avatars = new Set();
  for (const seat of view?.lobby?.seats || []) {
    if (seat.id === you || !seat.look) continue;
    colours.add(seat.look.colour);
    avatars.add(seat.look.avatar);
  }
  return { colours, avatars };
}

/** The first free colour and avatar, in the server's order (what a seat gets without a choice). */
export function firstFree(taken) {
  const colour = Object.keys(COLOURS).find((id) => !taken.colours.has(id)) || Object.keys(COLOURS)[0];
  const avatarId = Object.keys(AVATARS).find((id) => !taken.avatars.has(id)) || Object.keys(AVATARS)[0];
  return { colour, avatar: avatarId };
}

/**
 * A picker of colour and avatar: two groups of toggle buttons; those another seat holds are disabled.
 * ``onPick(look)`` is called with the new look on each choice.
 */
export function lookPicker({ look, taken, onPick, testid = "look-picker" }) {
  const option = (kind, id, shown, chosen, off) =>
    el(
      "button",
      {
        type: "button",
        class: ["look-option", chosen ? "chosen" : null, off ? "taken" : null],
        "aria-pressed": chosen ? "true" : "false",
        disabled: off,
        title: off ? t("look.taken_by_other", { what: kind === "colour" ? colourName(id) : avatarName(id) }) : null,
        "aria-label": kind === "colour" ? colourName(id) : avatarName(id),
        "data-testid": `look-${kind}`,
        [`data-${kind}`]: id,
        onclick: () => onPick(kind === "colour" ? { ...look, colour: id } : { ...look, avatar: id }),
      },
      avatar(shown, { size: "m" }),
    );
  return el(
    "div",
    { class: "look-picker", "data-testid": testid },
    el(
      "div",
      { class: "look-group", role: "group", "aria-label": t("look.colours") },
      el("span", { class: "field-label" }, t("look.colours")),
      el(
        "div",
        { class: "look-options" },
        Object.keys(COLOURS).map((id) =>
          option("colour", id, { colour: id, avatar: look.avatar }, id === look.colour, taken.colours.has(id)),
        ),
      ),
    ),
    el(
      "div",
      { class: "look-group", role: "group", "aria-label": t("look.avatars") },
      el("span", { class: "field-label" }, t("look.avatars")),
      el(
        "div",
        { class: "look-options" },
        Object.keys(AVATARS).map((id) =>
          option("avatar", id, { colour: look.colour, avatar: id }, id === look.avatar, taken.avatars.has(id)),
        ),
      ),
    ),
  );
}

/**
 * A folded "colour and sign" chooser for a form: its summary shows the look that will be sent.
 * ``state`` is {look, chosen}: ``chosen`` turns true once the player picks (until then the server's
 * first free look is what the seat gets, and the form sends none). ``open`` keeps it unfolded.
 */
export function lookChooser({ state, taken, onChange, testid = "look-chooser", title = null }) {
  if (!state.chosen || taken.colours.has(state.look.colour) || taken.avatars.has(state.look.avatar)) {
    if (state.chosen && (taken.colours.has(state.look.colour) || taken.avatars.has(state.look.avatar))) {
      state.chosen = false; // someone took it meanwhile: back to the first free one
    }
    if (!state.chosen) state.look = firstFree(taken);
  }
  const details = el(
    "details",
    { class: "look-chooser", "data-testid": testid, open: Boolean(state.open) },
    el(
      "summary",
      { "data-testid": "look-summary" },
      avatar(state.look, { size: "m" }),
      el("span", {}, title ?? t("look.title")),
      el("span", { class: "muted small", "data-testid": "look-name" }, lookName(state.look)),
    ),
    lookPicker({
      look: state.look,
      taken,
      onPick: (next) => {
        state.look = next;
        state.chosen = true;
        onChange();
      },
    }),
  );
  details.addEventListener("toggle", () => {
    state.open = details.open;
  });
  return details;
}
