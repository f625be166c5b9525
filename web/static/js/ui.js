// What every page shares: the language switch, toasts, the connection banner.

import { el } from "./dom.js";
import { initialLang, lang, onLangChange, setLang, t } from "./i18n.js";
import { nameCounters } from "./name_counter.js";

function paintSwitch() {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang()));
  }
}

/** Load the strings, wire the language switch, show the page. ``render`` runs again on every switch. */
export async function initPage(render) {
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => {
      setLang(button.dataset.lang).catch((error) => {
        console.error(error);
        toast(t("error.strings_unavailable"), "error");
      });
    });
  }
  onLangChange(() => {
    paintSwitch();
    nameCounters();
    if (render) render();
  });
  try {
    await setLang(initialLang(), { persist: false });
  } catch (error) {
    console.error(error);
  } finally {
    document.documentElement.classList.remove("pending");
  }
}

/** A short message at the bottom of the screen. */
export function toast(text, kind = "info", seconds = 5) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = el("div", { class: ["toast", kind], role: kind === "error" ? "alert" : "status", "data-testid": "toast" }, text);
  const close = () => item.remove();
  item.addEventListener("click", close);
  box.appendChild(item);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(close, seconds * 1000);
}

let bannerTimer = null;

/** The "reconnecting" banner: shown a moment after the connection drops, hidden when it is back. */
export function connectionBanner(online) {
  const banner = document.getElementById("conn");
  if (!banner) return;
  clearTimeout(bannerTimer);
  if (online) {
    banner.hidden = true;
    delete document.documentElement.dataset.link;
  } else {
    bannerTimer = setTimeout(() => {
      banner.hidden = false;
      // Whoever seemed online may not be any more: presence is unknown until the server is back (app.css).
      document.documentElement.dataset.link = "down";
    }, 1200);
  }
}
