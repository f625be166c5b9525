// The focus stays where it was while a screen is rendered again: a text field keeps its focus, its text and its
// caret, a button (or any control) its focus.
//
// Every render of a game's screen (a new state, api.refresh(), a variant's extend) goes through
// keepingFocus(root, render): the focused control is noted before, and given back its focus (a field its text
// and selection too) after, whether the screen kept the node or built a new one with the same key. A control's
// key is its data-keep attribute, else its id, else its name (docs/screens.md). A phone's keyboard closes as
// soon as its field loses the focus, and a screen reader or a keyboard would start again from the top of the
// page: this is what keeps them where they were.

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

const CONTROLS = "input, textarea, select, button, a[href], summary, [tabindex]";

/** The control with ``key`` inside ``root`` (the first, if a screen gave two the same key; a text field only
 * when ``field``), or null. */
export function findControl(root, key, { field = false } = {}) {
  if (!root || !key) return null;
  for (const node of root.querySelectorAll(field ? "input, textarea" : CONTROLS)) {
    if (fieldKey(node) === key && (!field || typable(node))) return node;
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

/** The focused control inside ``root`` right now: {key, node, field, and a field's value, selection, scroll},
 * or null. */
export function captureFocus(root) {
  const node = document.activeElement;
  if (!root || !node || node === root || !root.contains(node)) return null;
  const key = fieldKey(node);
  if (!key) return null;
  if (!typable(node)) return { key, node, field: false };
  const scroll = [node.scrollLeft, node.scrollTop];
  return { key, node, field: true, value: node.value, selection: selectionOf(node), scroll };
}

function shown(node) {
  return node.isConnected && !node.disabled && node.getClientRects().length > 0;
}

/**
 * Give the control noted by captureFocus() back its focus (a field its text and selection too). Nothing
 * happens when it never lost the focus, when the screen no longer has a control with that key (the phase
 * moved on), or when it is hidden or disabled. A new field with the same key receives the text being typed.
 */
export function restoreFocus(root, noted) {
  if (!noted || !root) return;
  const kept = noted.node.isConnected && root.contains(noted.node);
  const node = kept ? noted.node : findControl(root, noted.key, { field: noted.field });
  if (!node || node === document.activeElement || !shown(node)) return;
  // Something else took the focus on purpose (the screen focused a button or another field): leave it there.
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return;
  if (!noted.field) {
    node.focus({ preventScroll: true });
    return;
  }
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

/** Run ``render()`` (which rebuilds part or all of ``root``), keeping the focused control. */
export function keepingFocus(root, render) {
  const noted = captureFocus(root);
  try {
    return render();
  } finally {
    restoreFocus(root, noted);
  }
}
