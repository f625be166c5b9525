// Names in the viewer's language: locations, roles, packs, players, lists.

/** A location's name in the viewer's language, else in any language it has (custom ones may have one). */
export function locationName(api, location) {
  if (!location) return "";
  const names = location.names || {};
  return names[api.lang] || names.en || names.ru || Object.values(names).find(Boolean) || location.id;
}

/** How wide the longest word of ``text`` is, in ems of a bold font (a space, a hyphen or a slash is where a line
 * may break; a Cyrillic letter is wider than a Latin one): the styles make a name whose longest word would
 * not fit its box smaller (--sf-word) instead of breaking the word. */
export function longestWord(text) {
  const words = String(text).split(/[\s\-‐–—/]+/u);
  const width = (word) => [...word].reduce((sum, letter) => sum + (/[\u0400-\u04ff]/u.test(letter) ? 0.8 : 0.62), 0);
  return Math.max(1, ...words.map(width)).toFixed(2);
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
