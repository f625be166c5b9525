// Static pages (rules, about): the language switch, and the rules in the chosen language.

import { lang } from "./i18n.js";
import { initPage } from "./ui.js";

function render() {
  for (const section of document.querySelectorAll("[data-rules-lang]")) {
    section.hidden = section.dataset.rulesLang !== lang();
  }
}

initPage(render);
