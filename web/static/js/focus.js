// A text field keeps its focus, its text and its caret while a screen is rendered again.
//
// Every render of a game's screen (a new state, api.refresh(), a variant's extend) goes through
// keepingFocus(root, render): the field being typed in is noted before, and given back its focus,
// text and selection after, whether the screen kept the node or built a new one with the same key.
// A field's key is its data-keep attribute, else its id, else its name (docs/screens.md).
// A phone's keyboard closes as soon as its field loses the focus, so this is what keeps it open.

const TEXT_TYPES = new Set(["text", "search", "email", "url", "tel", "password", "number"]);

/** The stable key of a field: data-keep, else id, else name; null when it has none. */
export function fieldKey(node) {
  if (!node || node.nodeType !== Node.ELEMENT_NODE) return null;
  return node.dataset.keep || node.id || node.getAttribute("name") || null;
}

/** True for the fields a keyboard types into (text inputs and text areas). */
export function typable(node) {
  if (!node) return false;
  if (node.tagName === "TEXTAREA") return true;
  return node.tagName === "INPUT" && TEXT_TYPES.has(node.type);
}

/** The field with ``key`` inside ``root`` (the first, if a screen gave two the same key), or null. */
export function findField(root, key) {
  if (!root || !key) return null;
  for (const node of root.querySelectorAll("input, textarea")) {
    if (fieldKey(node) === key && typable(node)) return node;
  }
  return null;
}

function selectionOf(node) {
  try {
    return { start: node.selectionStart, end: node.selectionEnd, direction: node.selectionDirection };
  } catch {
    return null; // number fields have no selection
  }
}

/** What is being typed inside ``root`` right now: {key, node, value, selection, scroll}, or null. */
export function captureFocus(root) {
  const node = document.activeElement;
  if (!root || !typable(node) || !root.contains(node)) return null;
  const key = fieldKey(node);
  if (!key) return null;
  return { key, node, value: node.value, selection: selectionOf(node), scroll: [node.scrollLeft, node.scrollTop] };
}

function shown(node) {
  return node.isConnected && !node.disabled && node.getClientRects().length > 0;
}

/**
 * Give the field noted by captureFocus() back its focus, text and selection. Nothing happens when it
 * never lost the focus, when the screen no longer has a field with that key (the phase moved on), or
 * when the field is hidden or disabled. A new node with the same key receives the text being typed.
 */
export function restoreFocus(root, noted) {
  if (!noted || !root) return;
  const node = noted.node.isConnected && root.contains(noted.node) ? noted.node : findField(root, noted.key);
  if (!node || node === document.activeElement || !shown(node)) return;
  // Something else took the focus on purpose (the screen focused a button or another field): leave it there.
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return;
  if (node !== noted.node && node.value !== noted.value) node.value = noted.value;
  node.focus({ preventScroll: true });
  const selection = noted.selection;
  if (selection && selection.start !== null && node.value === noted.value) {
    try {
      node.setSelectionRange(selection.start, selection.end, selection.direction || "none");
    } catch {
      // a field type without a selection
    }
  }
  [node.scrollLeft, node.scrollTop] = noted.scroll;
}

/** Run ``render()`` (which rebuilds part or all of ``root``), keeping the field being typed in. */
export function keepingFocus(root, render) {
  const noted = captureFocus(root);
  try {
    return render();
  } finally {
    restoreFocus(root, noted);
  }
}
