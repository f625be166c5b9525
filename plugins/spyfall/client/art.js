// A location's picture, for the secret card and the location list: served at /plugins/spyfall/art.js.
//
// The built-in locations have drawings, art/<location id>.svg, composed from OpenMoji (CC BY-SA 4.0,
// art/ATTRIBUTION.md) by tools/build_locations.py, which also writes the list of them (art/pictures.js).
// Any other location (a custom pack's, a sticker's) gets the neutral card: a drawn pin on a street map
// (art/neutral.svg) with the location's initial on it. The spy's card has a picture of its own (art/spy.svg).
// Styles: art.css (classes sf-art*), imported by screen.css.

import { PICTURED } from "./art/pictures.js";
import { locationName } from "./kit/words.js";

const ART = new URL("./art/", import.meta.url);
const PIXELS = { card: 176, thumb: 36 }; // the drawn size before the styles arrive (art.css sets it)

/** True when ``location`` is a built-in one with a drawing. */
export function hasPicture(location) {
  return Boolean(location && PICTURED.has(location.id));
}

/** The first letter or digit of a name, as a capital in the viewer's language ("" when it has none). */
export function initialOf(name, lang) {
  const first = String(name || "").match(/[\p{L}\p{N}]/u);
  return first ? first[0].toLocaleUpperCase(lang) : "";
}

function picture(api, file, alt, size, kind) {
  return api.el("img", {
    class: ["sf-art", size],
    src: new URL(file, ART).href,
    alt,
    width: PIXELS[size],
    height: PIXELS[size],
    draggable: "false",
    "data-testid": "sf-art",
    "data-art": kind,
  });
}

/**
 * ``location``'s picture as the viewer sees it: its drawing (alt text: its name in the viewer's language),
 * or the neutral card with its initial (role img, labelled with its name). size: "card" or "thumb".
 */
export function locationPicture(api, location, { size = "card" } = {}) {
  const name = locationName(api, location);
  if (hasPicture(location)) return picture(api, `${encodeURIComponent(location.id)}.svg`, name, size, "picture");
  // The initial is drawn by art.css from data-initial, so the item's text stays the location's name alone.
  return api.el("span", {
    class: ["sf-art", size, "neutral"],
    role: "img",
    "aria-label": name,
    "data-initial": initialOf(name, api.lang),
    "data-testid": "sf-art",
    "data-art": "neutral",
  });
}

/** The spy's picture, the same size as a location's on the card, so a spy's card looks like everyone's. */
export function spyPicture(api, { size = "card" } = {}) {
  return picture(api, "spy.svg", api.t("spyfall.kit.you_are_spy"), size, "spy");
}
