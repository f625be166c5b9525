// Strings in the viewer's language: loaded from /api/strings/<lang>, switched without a reload.

export const LANGS = ["en", "ru"];
const STORE_KEY = "gamenight.lang";
const catalogs = {};
const listeners = new Set();
let current = "en";

export function lang() {
  return current;
}

export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORE_KEY);
  } catch {
    saved = null;
  }
  if (LANGS.includes(saved)) return saved;
  const page = document.documentElement.lang;
  return LANGS.includes(page) ? page : "en";
}

async function load(code) {
  if (!catalogs[code]) {
    const response = await fetch(`/api/strings/${code}`, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`strings ${code}: HTTP ${response.status}`);
    catalogs[code] = await response.json();
  }
  return catalogs[code];
}

/** Switch the language: load its strings, translate the static page, tell every listener to re-render. */
export async function setLang(code, { persist = true } = {}) {
  if (!LANGS.includes(code)) code = "en";
  await load(code);
  current = code;
  if (persist) {
    try {
      localStorage.setItem(STORE_KEY, code);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }
  document.documentElement.lang = code;
  applyStatic(document);
  for (const listener of listeners) {
    try {
      listener(code);
    } catch (error) {
      console.error(error);
    }
  }
}

export function onLangChange(listener) {
  listeners.add(listener);
}

/** True once the current language's strings are loaded (render nothing before). */
export function ready() {
  return Boolean(catalogs[current]);
}

export function has(key) {
  const catalog = catalogs[current];
  return Boolean(catalog) && Object.hasOwn(catalog, key);
}

function formatParam(value) {
  if (typeof value === "number") return value.toLocaleString(current);
  if (value === null || value === undefined) return "";
  return String(value);
}

/** The text of ``key`` in the current language, with {param} placeholders filled and plurals chosen. */
export function t(key, params = {}) {
  const catalog = catalogs[current] || {};
  let value = catalog[key];
  if (value === undefined) {
    console.warn(`missing string: ${key} (${current})`);
    return key;
  }
  if (value && typeof value === "object") {
    const by = value._by || "count";
    const n = Number(params[by]);
    const form = Number.isFinite(n) ? new Intl.PluralRules(current).select(n) : "other";
    value = value[form] ?? value.other ?? "";
  }
  return String(value).replace(/\{(\w+)\}/g, (match, name) =>
    Object.hasOwn(params, name) ? formatParam(params[name]) : match,
  );
}

/** Translate ``key`` if it exists, else return ``fallback``. */
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

/** A list of names joined the way the language does it ("Ann, Boris and Chen"). */
export function list(items) {
  try {
    return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

const ATTRIBUTES = ["placeholder", "aria-label", "title", "alt"];

/** Fill the page's static text: data-i18n="key" (text) and data-i18n-<attribute>="key". */
export function applyStatic(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.dataset.i18n);
  }
  for (const attribute of ATTRIBUTES) {
    for (const node of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, t(node.getAttribute(`data-i18n-${attribute}`)));
    }
  }
}
