// Runs the variant's screen.js extend() under Node with a tiny stand-in for the DOM and the shell's api.
// Input (stdin, JSON): {"screen": path to screen.js, "strings": {key: text}, "lang": "en",
//                        "views": {label: a recipient's whole view}}.
// Output (stdout, JSON): {label: {"text": the banner's text, "banners": how many, "order": root's children
//                         by class, "styles": the ids asked for with useStyles}}, after two calls each.

import { readFileSync } from "node:fs";

class Node_ {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.childNodes = [];
    this.attributes = {};
    this.dataset = {};
    this.className = "";
    this.parentNode = null;
  }
  get textContent() {
    return this.childNodes.map((c) => (typeof c === "string" ? c : c.textContent)).join(" ");
  }
  append(...children) {
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      if (typeof child === "object") child.parentNode = this;
      this.childNodes.push(typeof child === "object" ? child : String(child));
    }
  }
  prepend(child) {
    child.parentNode = this;
    this.childNodes.unshift(child);
  }
  replaceChildren(...children) {
    this.childNodes = [];
    this.append(...children);
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  querySelector(selector) {
    const match = /^:scope > \.([\w-]+)$/.exec(selector);
    if (!match) throw new Error(`the stand-in DOM only knows ":scope > .class", not ${selector}`);
    return this.childNodes.find((c) => typeof c === "object" && c.className.split(" ").includes(match[1])) || null;
  }
}

function el(tag, attrs, ...children) {
  const node = new Node_(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : String(value);
    else node.setAttribute(key, value);
  }
  node.append(...children.flat());
  return node;
}

const input = JSON.parse(readFileSync(0, "utf8"));
const source = readFileSync(input.screen, "utf8");
const screen = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);

const out = {};
for (const [label, view] of Object.entries(input.views)) {
  const styles = [];
  const api = {
    lang: input.lang,
    table: view.you === null,
    el,
    t: (key, params = {}) => {
      const text = input.strings[key];
      if (typeof text !== "string") throw new Error(`no string ${key}`);
      return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
    },
    name: (pid) => view.match.names[pid] ?? pid,
    useStyles: (id) => styles.push(id),
  };
  const root = new Node_("div");
  root.append(el("div", { class: "game-own" }, "the game's screen"));
  screen.extend(view, root, api);
  screen.extend(view, root, api); // idempotent: one banner, rebuilt only when its text changes
  const banners = root.childNodes.filter((c) => typeof c === "object" && c.className === "dh-banner");
  out[label] = {
    text: banners[0]?.textContent ?? null,
    banners: banners.length,
    order: root.childNodes.map((c) => c.className),
    styles,
  };
}
process.stdout.write(JSON.stringify(out));
