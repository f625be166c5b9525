// The host's setup form, one field per option, generated from the option schemas (/api/games).

import { el } from "./dom.js";
import { has, t } from "./i18n.js";
import { choiceLabel } from "./common.js";

export function label(option) {
  return has(option.label) ? t(option.label) : option.name;
}

function rangeHint(option) {
  const hasMin = typeof option.min === "number";
  const hasMax = typeof option.max === "number";
  if (hasMin && hasMax) return t("setup.range", { min: option.min, max: option.max });
  if (hasMin) return t("setup.at_least", { min: option.min });
  if (hasMax) return t("setup.at_most", { max: option.max });
  return null;
}

export function optionField(option, value, scope) {
  const id = `opt-${scope}-${option.name}`;
  const common = { "data-option": option.name, "data-type": option.type, "data-testid": `option-${option.name}` };
  const help = option.help && has(option.help) ? el("small", { class: "hint" }, t(option.help)) : null;
  switch (option.type) {
    case "boolean":
      return el(
        "label",
        { class: "check", for: id },
        el("input", { id, type: "checkbox", checked: Boolean(value), ...common }),
        el("span", {}, label(option)),
        help,
      );
    case "integer":
    case "number":
      return el(
        "label",
        { class: "field", for: id },
        el("span", { class: "field-label" }, label(option)),
        el(
          "div",
          { class: "field-row" },
          el("input", {
            id,
            type: "number",
            inputmode: option.type === "integer" ? "numeric" : "decimal",
            step: option.type === "integer" ? "1" : "any",
            min: typeof option.min === "number" ? option.min : null,
            max: typeof option.max === "number" ? option.max : null,
            value: value === null || value === undefined ? "" : String(value),
            ...common,
          }),
          rangeHint(option) ? el("small", { class: "hint" }, rangeHint(option)) : null,
        ),
        help,
      );
    case "choice":
      return el(
        "label",
        { class: "field", for: id },
        el("span", { class: "field-label" }, label(option)),
        el(
          "select",
          { id, ...common },
          (option.choices || []).map((choice) =>
            el("option", { value: String(choice), selected: choice === value }, choiceLabel(option, choice)),
          ),
        ),
        help,
      );
    case "choices": {
      const chosen = new Set(Array.isArray(value) ? value : []);
      return el(
        "fieldset",
        { class: "choices", ...common },
        el("legend", {}, label(option)),
        (option.choices || []).map((choice) =>
          el(
            "label",
            { class: "check" },
            el("input", { type: "checkbox", value: String(choice), checked: chosen.has(choice), "data-choice": "1" }),
            el("span", {}, choiceLabel(option, choice)),
          ),
        ),
        help,
      );
    }
    default:
      return el(
        "label",
        { class: "field", for: id },
        el("span", { class: "field-label" }, label(option)),
        el("input", { id, type: "text", value: value === null || value === undefined ? "" : String(value), ...common }),
        help,
      );
  }
}

export function readOption(node) {
  const type = node.dataset.type;
  if (type === "boolean") return node.checked;
  if (type === "choices") {
    const choices = [...node.querySelectorAll("input[data-choice]")].filter((box) => box.checked).map((box) => box.value);
    return choices;
  }
  if (type === "integer" || type === "number") {
    if (node.value.trim() === "") return undefined;
    const number = Number(node.value);
    return Number.isFinite(number) ? number : undefined;
  }
  return node.value;
}
