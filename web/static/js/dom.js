// Building DOM safely: every string becomes a text node, never HTML.

const PROPERTIES = new Set(["value", "checked", "disabled", "hidden", "selected", "open", "indeterminate"]);

/**
 * el("button", {class: "btn", onclick: fn, "data-testid": "x"}, "label", otherNode, [more, children])
 * Attributes: "class", "on<event>" (functions), DOM properties (value, checked, disabled, hidden, ...),
 * "style" (an object of CSS properties, applied through the CSSOM), anything else as an attribute.
 * null, undefined and false are skipped, both as attribute values and as children.
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class" || key === "className") {
      node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : String(value);
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, String(v));
    } else if (PROPERTIES.has(key)) {
      node[key] = value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace every child of ``node`` (same child rules as el()). */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export function byId(id) {
  return document.getElementById(id);
}
